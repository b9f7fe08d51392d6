#!/bin/sh
# webgraph.sh - emogi-convert webgraph on a hand-made graph (6 nodes: an
# interval, a copied list, copy blocks, an empty list, a self-loop) and on
# cnr-2000 from the LAW collection, whose transpose cnr-2000-t must convert
# to exactly the reversed arcs (checked with sort, independently of emogi).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
if ! emogi-convert --help 2>&1 | grep -q webgraph; then
    skip_all "emogi-convert has no webgraph input"
fi
plan 12
W="$DATA/webgraph"
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
conv() { emogi-convert webgraph "$@" --directed --keep-self-loops --keep-duplicates -q; }
nsort() { sort -k1,1n -k2,2n; }

# tiny: 0 -> 1..5 (one interval), 1 -> the same (a reference), 2 -> 0 5,
# 3 -> nothing, 4 -> 0 1 5 (copy blocks from 2), 5 -> 5 (a self-loop)
printf '%s\n' "0 1" "0 2" "0 3" "0 4" "0 5" "1 1" "1 2" "1 3" "1 4" "1 5" \
    "2 0" "2 5" "4 0" "4 1" "4 5" "5 5" >want
conv "$W/tiny" tiny.csr && dump --edges tiny.csr >got
same_file got want "tiny: every arc, in order"
is "$(dump tiny.csr | awk '$1 == "nv" {print $2}')" 6 "tiny: 6 vertices"

# the same without the offsets file: decoded in one pass
cp "$W/tiny.graph" "$W/tiny.properties" .
conv tiny nooff.csr && dump --edges nooff.csr >got
same_file got want "tiny without .offsets: the same arcs"

# nodes=325557 and arcs=3216152 are what cnr-2000.properties records
runs "cnr-2000 converts" conv "$W/cnr-2000" cnr.csr
is "$(dump cnr.csr | awk '$1 == "nv" || $1 == "ne" {printf "%s ", $2}')" "325557 3216152 " \
    "cnr-2000: 325557 nodes, 3216152 arcs"
conv "$W/cnr-2000-t" cnrt.csr
dump --edges cnr.csr >g
dump --edges cnrt.csr | awk '{print $2, $1}' | nsort >t
same_file t g "cnr-2000-t converts to exactly the reversed arcs"

# Where the two must agree: stored symmetric, a graph and its transpose are
# the same undirected graph, so components and BFS depths are identical;
# directed, BFS from s on the transpose is BFS to s on the graph, checked
# which emogi-verify checks against the transpose's own arcs.
emogi-convert webgraph "$W/cnr-2000" u.csr --undirected -q
emogi-convert webgraph "$W/cnr-2000-t" ut.csr --undirected -q
emogi-cc u.csr --device cpu -o cc.bin && emogi-cc ut.csr --device cpu -o cct.bin
same_file cc.bin cct.bin "cnr-2000 and its transpose: identical weak components"
emogi-bfs u.csr -s 7 --device cpu -o d.bin && emogi-bfs ut.csr -s 7 --device cpu -o dt.bin
same_file d.bin dt.bin "cnr-2000 and its transpose, undirected: identical BFS depths"
emogi-bfs cnrt.csr -s 7 --device cpu -o in.bin
runs "BFS on the transpose passes emogi-verify on the transpose" emogi-verify bfs cnrt.csr -s 7 in.bin

fails "a missing graph is named" 1 "nothere\.properties" conv nothere out.csr
head -c 1000 "$W/cnr-2000.graph" >cut.graph
cp "$W/cnr-2000.properties" cut.properties
fails "a truncated .graph is reported at its node" 1 "cut\.graph: truncated at node [0-9]+" \
    conv cut out.csr
no_files_like "out.csr*" "no output left behind after a failure"
finish
