#!/bin/sh
# bench_grid.sh - bench/grid.sh writes the N x N grid: N^2 vertices, each
# undirected edge stored both ways, and a BFS from the corner reaches all
# of them in 2N - 1 levels with depth i + j at row i, column j.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 5
sh "$top_srcdir/bench/grid.sh" 20 g.csr
ok $? "grid.sh 20: exit 0"
info=$(emogi-info g.csr 2>&1)
echo "$info" | grep -qx "vertices: 400" && echo "$info" | grep -qx "edges: 1520"
ok $? "400 vertices and 2 x 760 edges ($(echo "$info" | grep -E '^(vertices|edges):' | tr '\n' ' '))"
emogi-bfs g.csr -s 0 --device cpu -o d.bin 2>err
ok $? "BFS from the corner"
# depth(i, j) = i + j, as 4-byte little-endian words
awk 'BEGIN { for (i = 0; i < 20; i++) for (j = 0; j < 20; j++) printf "%08x\n", i + j }' >want
od -An -v -tx4 -w4 d.bin | tr -d ' ' >got
same_file want got "every depth is row + column"
sh "$top_srcdir/bench/grid.sh" 1 x.csr 2>err
is "$?:$(test -e x.csr; echo $?)" "2:1" "N of 1 refused, nothing written"
finish
