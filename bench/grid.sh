#!/bin/sh
# grid.sh - an N x N grid as an undirected .csr file: a graph of high
# diameter (2N - 2 levels from a corner, a few hundred to a few thousand
# vertices a level), where a search's cost per level shows, as on road
# networks.  Vertex i * N + j is row i, column j; from vertex 0 a BFS
# gives i + j.
#
#   sh bench/grid.sh 1500 grid1500.csr        # 2.25 million vertices
#   BASE=../base/build NEW=. ROWS="1:zerocopy:push" sh bench/ab.sh grid1500.csr
#
# EMOGI_BIN: the build folder holding emogi-convert (else PATH's).
set -u
[ $# -eq 2 ] || { echo "usage: sh bench/grid.sh N OUTPUT.csr" >&2; exit 2; }
n=$1 out=$2
case $n in '' | *[!0-9]*) echo "grid.sh: N must be a positive integer" >&2; exit 2 ;; esac
[ "$n" -ge 2 ] || { echo "grid.sh: N must be 2 at least" >&2; exit 2; }
convert=${EMOGI_BIN:+$EMOGI_BIN/}emogi-convert
awk -v n="$n" 'BEGIN {
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            v = i * n + j
            if (j + 1 < n) print v, v + 1
            if (i + 1 < n) print v, v + n
        }
}' | "$convert" el - "$out" --undirected --vertices $((n * n)) -q
