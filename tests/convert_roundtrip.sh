#!/bin/sh
# convert_roundtrip.sh - text -> .csr -> text on a random graph, against
# what sort and awk compute from the same text independently of emogi.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 13
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
conv() { emogi-convert "$@" -q; }
# numeric order of (u, v, w), which is the CSR order
nsort() { sort -k1,1n -k2,2n -k3,3n; }
# first line per (u, v): after nsort, the smallest weight
first() { awk '!(($1 " " $2) in s) {s[$1 " " $2] = 1; print}'; }

# 30000 weighted edges on 2000 vertices: many duplicates and self-loops, and
# a hub (vertex 7, a tenth of the sources) whose list takes the radix sort
awk 'BEGIN {srand(11); for (i = 0; i < 30000; i++)
    printf "%d %d %d\n", i % 10 ? int(rand() * 2000) : 7, int(rand() * 2000), 1 + int(rand() * 50)}' >g.wel
awk '{print $1, $2}' g.wel >g.el

conv el g.el d.csr && dump --edges d.csr >got
awk '$1 != $2' g.el | sort -u | nsort >want
same_file got want "el, directed: sorted, self-loops and duplicates dropped"

conv el g.el u.csr --undirected && dump --edges u.csr >got
awk '$1 != $2 {print $1, $2; print $2, $1}' g.el | sort -u | nsort >want
same_file got want "el, undirected"

conv el g.el k.csr --keep-self-loops --keep-duplicates && dump --edges k.csr >got
nsort <g.el >want
same_file got want "el, everything kept"

conv el g.el t.csr --transpose && dump --transpose t.csr | awk '{print $2, $1}' | nsort >got
dump --edges t.csr >want
same_file got want "the transpose holds exactly the out-edges reversed"

conv wel g.wel w.csr && dump --edges w.csr >got
awk '$1 != $2' g.wel | nsort | first >want
same_file got want "wel, directed: duplicates keep their smallest weight"

conv wel g.wel wu.csr --undirected && dump --edges wu.csr >got
awk '$1 != $2 {print; print $2, $1, $3}' g.wel | nsort | first >want
same_file got want "wel, undirected"

conv el g.el d8.csr --id-width 8 && dump --edges d8.csr >got
awk '$1 != $2' g.el | sort -u | nsort >want
same_file got want "el with 8-byte ids"

conv wel g.wel w8.csr --id-width 8 && dump --edges w8.csr >got
awk '$1 != $2' g.wel | nsort | first >want
same_file got want "wel with 8-byte ids"

# ids shifted and spread out: --relabel must give them back through the map
awk '{printf "%.0f %.0f\n", $1 * 1000003 + 5, $2 * 1000003 + 5}' g.el >sparse.el
conv el sparse.el r.csr --relabel && dump --idmap r.csr >map &&
    dump --edges r.csr | awk 'NR == FNR {m[$1] = $2; next} {print m[$1], m[$2]}' map - >got
awk '$1 != $2' sparse.el | sort -u | nsort >want
same_file got want "relabel: edges through the id map are the input edges"
is "$(dump r.csr | awk '/^nv/ {print $2}')" \
    "$(awk '{print $1; print $2}' sparse.el | sort -u | wc -l | tr -d ' ')" \
    "relabel: one vertex per distinct input id"

# a pipeline: compressed text on standard input
gzip -c g.el | emogi-convert el - z.csr -q && dump --edges z.csr >got
dump --edges d.csr >want
same_file got want "gzip on standard input gives the same graph"

# Matrix Market general file, 1-based, written from the same edges
{ echo '%%MatrixMarket matrix coordinate integer general'
  echo "2000 2000 $(wc -l <g.wel | tr -d ' ')"
  awk '{print $1 + 1, $2 + 1, $3}' g.wel; } >g.mtx
conv mtx g.mtx m.csr && dump --edges m.csr >got
dump --edges w.csr >want
same_file got want "mtx general gives the same graph as wel"

conv wel g.wel w1.csr --threads 1 --undirected && conv wel g.wel w2.csr --threads 2 --undirected
same_file w1.csr w2.csr "--threads 1 and --threads 2 write identical files"
finish
