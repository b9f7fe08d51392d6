#!/bin/sh
# convert_duplicates.sh - emogi-convert's --stats counts each dropped input
# edge once: self_loops_dropped and duplicates_dropped on inputs with 0, 1
# and 3 duplicates and with self-loops, worked by hand; for el, wel, mtx
# (general and symmetric) and METIS, directed, --undirected and
# --transpose (whose in-edges are the same edges), --compress and
# --relabel, in memory and through runs of two edges (out of core).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 72
mkdir runs

# dropped FILE: "out_of_core self_loops_dropped duplicates_dropped" of a
# --stats-file record.
dropped() {
    for k in out_of_core self_loops_dropped duplicates_dropped; do
        sed -n "s/.*\"$k\": *\([a-z0-9]*\).*/\1/p" "$1"
    done | tr '\n' ' ' | sed 's/ $//'
}

# count DESCRIPTION "LOOPS DUPLICATES" FORMAT INPUT [OPTIONS]: the counts,
# in memory and out of core.
count() {
    d=$1; want=$2; shift 2
    f=$1 in=$2; shift 2
    emogi-convert "$f" "$in" g.csr -q --json --stats-file mem.json "$@" 2>mem.err
    is "$(dropped mem.json)" "false $want" "$d: in memory"
    EMOGI_CONVERT_RUN_EDGES=2 emogi-convert "$f" "$in" o.csr -q --tmpdir runs --json \
        --stats-file ooc.json "$@" 2>ooc.err
    is "$(dropped ooc.json)" "true $want" "$d: out of core"
    sed 's/^/# /' mem.err ooc.err | head -4
    rm -f mem.json ooc.json
}

# Edge lists: 0, 1 and 3 duplicates (0 1 three times: 2; 2 3 twice: 1).
printf '0 1\n1 2\n2 3\n' >d0.el
printf '0 1\n1 2\n0 1\n2 3\n' >d1.el
printf '0 1\n1 2\n0 1\n2 3\n0 1\n2 3\n' >d3.el
count "el, no duplicate" "0 0" el d0.el
count "el, one duplicate" "0 1" el d1.el
count "el, one duplicate, --transpose" "0 1" el d1.el --transpose
count "el, three duplicates" "0 3" el d3.el
count "el, three duplicates, --transpose" "0 3" el d3.el --transpose
count "el, three duplicates, --keep-duplicates" "0 0" el d3.el --keep-duplicates

# Undirected, 1 0 is the edge 0 1: here 0-1 three times and 2-3 twice.
printf '0 1\n1 0\n0 1\n2 3\n3 2\n1 2\n' >u3.el
count "el, one edge both ways" "0 1" el u3.el
count "el --undirected, three duplicates, one of them reversed" "0 3" el u3.el --undirected
count "el --undirected, no duplicate" "0 0" el d0.el --undirected
count "el --undirected, one duplicate" "0 1" el d1.el --undirected

# Self-loops: 1 1 twice and 2 2 once; 0 1 twice, once reversed.
printf '0 1\n1 1\n1 0\n1 1\n2 2\n' >l.el
count "el with self-loops" "3 0" el l.el
count "el with self-loops, --keep-self-loops: 1 1 once again" "0 1" el l.el --keep-self-loops
count "el with self-loops, --keep-self-loops --transpose" "0 1" el l.el --keep-self-loops \
    --transpose
count "el --undirected with self-loops" "3 1" el l.el --undirected
count "el --undirected --keep-self-loops" "0 2" el l.el --undirected --keep-self-loops
count "el --keep-self-loops --compress" "0 1" el l.el --keep-self-loops --compress
count "el --undirected --keep-self-loops --relabel" "0 2" el l.el --undirected \
    --keep-self-loops --relabel

# Weighted: the same counts, whichever weight --combine keeps.
printf '0 1 5\n1 2 1\n0 1 3\n2 3 1\n0 1 4\n2 3 9\n' >d3.wel
count "wel, three duplicates" "0 3" wel d3.wel
count "wel, three duplicates, --combine first" "0 3" wel d3.wel --combine first
count "wel --undirected --combine first, three duplicates" "0 3" wel d3.wel \
    --undirected --combine first

# Matrix Market: general lists each arc; symmetric one triangle, the
# other implied.
printf '%%%%MatrixMarket matrix coordinate pattern general\n4 4 6\n1 2\n2 3\n1 2\n3 4\n1 2\n3 4\n' \
    >d3.mtx
count "mtx general, three duplicates" "0 3" mtx d3.mtx
count "mtx general, three duplicates, --transpose" "0 3" mtx d3.mtx --transpose
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n' >s0.mtx
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n4 4 4\n2 1\n3 2\n2 1\n4 3\n' >s1.mtx
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n4 4 7\n%b' \
    '2 1\n3 2\n2 1\n4 3\n2 2\n2 2\n2 1\n' >s3.mtx
count "mtx symmetric, no duplicate" "0 0" mtx s0.mtx
count "mtx symmetric, one duplicate" "0 1" mtx s1.mtx
count "mtx symmetric with a diagonal entry twice" "2 2" mtx s3.mtx
count "mtx symmetric, --keep-self-loops: the diagonal entry once again" "0 3" mtx s3.mtx \
    --keep-self-loops
count "mtx symmetric --directed (both triangles stored), one duplicate" "0 1" mtx s1.mtx \
    --directed

# METIS lists every edge at both of its ends: a path of 4 has 6 entries
# and no duplicate; listing 1-2 once more at both ends is one duplicate;
# 1-2 three times and 2-3 twice, three.
printf '4 3\n2\n1 3\n2 4\n3\n' >m0.metis
printf '4 4\n2 2\n1 1 3\n2 4\n3\n' >m1.metis
printf '4 6\n2 2 2\n1 1 1 3 3\n2 2 4\n3\n' >m3.metis
count "METIS, no duplicate" "0 0" metis m0.metis
count "METIS, one duplicated neighbour" "0 1" metis m1.metis
count "METIS, three duplicates" "0 3" metis m3.metis
# --directed stores each entry as an arc: both ends' extra entries drop
count "METIS --directed, one duplicated neighbour: an arc at each end" "0 2" metis m1.metis \
    --directed
# a self-loop listed at both of its ends, as every edge is: 1 1 is one loop
printf '3 2\n1 1 2\n1\n\n' >l.metis
count "METIS with a self-loop" "2 0" metis l.metis
count "METIS, --keep-self-loops: the loop is one edge" "0 0" metis l.metis --keep-self-loops

# An undirected sg lists every edge at both ends too: the path 0-1-2,
# 0-1 once more at both ends.  le N BYTES: N (below 256) little-endian.
le() { printf "\\$(printf %03o "$1")"; head -c $(($2 - 1)) /dev/zero; }
{ le 0 1; le 6 8; le 3 8; for o in 0 2 5 6; do le $o 8; done
  for v in 1 1 0 0 2 1; do le $v 4; done; } >u1.sg
count "an undirected sg, one duplicated neighbour" "0 1" sg u1.sg

# Out of core as --memory makes it: a path of 300000 edges, each listed
# twice, in runs of a few MB.
awk 'BEGIN { for (k = 0; k < 2; k++) for (i = 0; i < 300000; i++) print i, i + 1 }' >p.el
for o in --transpose --undirected; do
    emogi-convert el p.el g.csr -q --json --stats-file mem.json $o 2>mem.err
    is "$(dropped mem.json)" "false 0 300000" "a path listed twice, $o: in memory"
    emogi-convert el p.el o.csr -q --memory 8M --tmpdir runs --json --stats-file ooc.json $o \
        2>ooc.err
    is "$(dropped ooc.json)" "true 0 300000" "a path listed twice, $o: at --memory 8M"
    sed 's/^/# /' mem.err ooc.err | head -4
done
