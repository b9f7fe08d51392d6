#!/bin/sh
# original_ids.sh - --original-ids and -S: sources given as input ids and
# --text in input ids, through the id map of --relabel and --reorder.
# The sparse graph's map is known by hand (--relabel numbers input ids in
# increasing order); the Kronecker graph's answers come from the same
# graph converted without --reorder, which keeps the input ids.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 34
lines() { printf '%s\n' "$@"; }
cpu="--device cpu"

# Undirected, ids sparse: a path 42-3000-100-205-7777 (with 42-7777) and
# an edge 8000-9000.  --relabel: 42 100 205 3000 7777 8000 9000 -> 0..6.
printf '3000 42 5\n3000 100 1\n100 205 2\n205 7777 3\n42 7777 1\n9000 8000 4\n' >s.wel
emogi-convert wel s.wel s.csr -q --undirected --relabel
is "$("$EMOGI_BIN/tests/lib/csrdump" --idmap s.csr | tr '\n' ' ')" \
    "0 42 1 100 2 205 3 3000 4 7777 5 8000 6 9000 " "the --relabel map, by hand"

# BFS from input id 3000 (compact 3): 42 and 100 at 1, 205 and 7777 at 2.
bfs_hand=$(lines "0 1" "1 1" "2 2" "3 0" "4 2" "5 -1" "6 -1")
is "$(emogi-bfs s.csr -S 3000 --text $cpu)" "$bfs_hand" "bfs -S 3000: depths by compact vertex"
is "$(emogi-bfs s.csr -s 3 --text $cpu)" "$bfs_hand" "... the same as -s 3, its compact id"
is "$(emogi-bfs s.csr -s 3000 --original-ids --text $cpu)" \
    "$(lines "42 1" "100 1" "205 2" "3000 0" "7777 2" "8000 -1" "9000 -1")" \
    "bfs -s 3000 --original-ids --text: input ids in the vertex column"
emogi-bfs s.csr -S 3000 --original-ids --text --parents par.txt $cpu >/dev/null
is "$(cat par.txt)" "$(lines "42 3000" "100 3000" "205 100" "3000 3000" "7777 42" "8000 -1" \
    "9000 -1")" "--parents --text --original-ids: parents as input ids"
emogi-bfs s.csr -S 3000 -o d.bin --parents p.bin $cpu
emogi-bfs s.csr -s 3 -o d3.bin --parents p3.bin $cpu
same_file d.bin d3.bin "binary depths stay indexed by compact id"
same_file p.bin p3.bin "binary parents stay compact ids"

fails "an input id not in the map (-S)" 1 \
    "^emogi-bfs: s\.csr: source 3 \(an input id, -S\) is not in the graph's id map$" \
    emogi-bfs s.csr -S 3 $cpu -o x.bin
fails "an input id not in the map (--original-ids)" 1 \
    "^emogi-bfs: s\.csr: source 12345 \(an input id, --original-ids\) is not in the graph's id map$" \
    emogi-bfs s.csr -s 12345 --original-ids $cpu -o x.bin
no_files_like 'x.bin*' "... and no output"
fails "a compact id out of range names its numbering" 1 \
    "^emogi-bfs: s\.csr: source 3000 out of range \(compact ids 0\.\.6\)$" \
    emogi-bfs s.csr -s 3000 $cpu -o x.bin
fails "-S with -n is a usage error" 2 'exclude each other' emogi-bfs s.csr -S 42 -n 2 $cpu
fails "-S does not apply to cc" 2 'Try' emogi-cc s.csr -S 42 $cpu

# SSSP from 3000: 100 at 1, 205 at 3, 42 at 5, 7777 at 6 (both ways).
is "$(emogi-sssp s.csr -S 3000 --original-ids --text $cpu)" \
    "$(lines "42 5" "100 1" "205 3" "3000 0" "7777 6" "8000 -1" "9000 -1")" \
    "sssp -S 3000 --original-ids --text"
fails "sssp: an input id not in the map" 1 "source 7 \(an input id, -S\) is not in the graph's id map" \
    emogi-sssp s.csr -S 7 $cpu -o x.bin
emogi-sssp s.csr -S 3000 -o dist.bin $cpu
runs "emogi-verify sssp -S takes the input id" emogi-verify sssp s.csr -S 3000 dist.bin
runs "emogi-verify bfs -S takes the input id" emogi-verify bfs s.csr -S 3000 d.bin
runs "emogi-verify bfs -s --original-ids too" emogi-verify bfs s.csr -s 3000 --original-ids d.bin
fails "emogi-verify bfs -S of another vertex finds the source off depth 0" 1 \
    'source 0 is at depth 1, not 0' emogi-verify bfs s.csr -S 42 d.bin
fails "emogi-verify bfs: an input id not in the map" 1 \
    "^emogi-verify: s\.csr: source 3 \(an input id, -S\) is not in the graph's id map$" \
    emogi-verify bfs s.csr -S 3 d.bin
fails "emogi-verify bfs: a compact id out of range" 1 \
    "^emogi-verify: s\.csr: source 7 out of range \(compact ids 0\.\.6\)$" \
    emogi-verify bfs s.csr -s 7 d.bin

# The search records name the source both ways when given as an input id.
emogi-bfs s.csr -S 3000 -o d.bin --stats $cpu 2>st.txt
is "$(grep -o 'source=[0-9]* source_id=[0-9]* seconds' st.txt)" "source=3 source_id=3000 seconds" \
    "bfs -S 3000 --stats: source=3 (compact) source_id=3000 (input)"
emogi-sssp s.csr -s 3000 --original-ids -o d8.bin --json $cpu 2>st.json
is "$(grep -c '"event":"search","source":3,"source_id":3000,' st.json)" 1 \
    "sssp -s 3000 --original-ids --json: source 3, source_id 3000"
emogi-bfs s.csr -s 3 -o d.bin --stats $cpu 2>st3.txt
is "$(grep -c source_id st3.txt)" 0 "bfs -s 3 (a compact id): no source_id"

# CC labels are vertex ids: the smallest compact id of each component,
# printed through the map.
is "$(emogi-cc s.csr --text --original-ids $cpu)" \
    "$(lines "42 42" "100 42" "205 42" "3000 42" "7777 42" "8000 8000" "9000 8000")" \
    "cc --text --original-ids: vertices and labels as input ids"
emogi-pagerank s.csr --text $cpu | awk '{print $2}' >r.txt
emogi-pagerank s.csr --text --original-ids $cpu >ro.txt
is "$(awk '{printf "%s ", $1}' ro.txt)" "42 100 205 3000 7777 8000 9000 " \
    "pagerank --text --original-ids: input ids in the vertex column"
is "$(awk '{print $2}' ro.txt)" "$(cat r.txt)" "... beside the same ranks"

# No id map: the graph's ids are the input ids.
printf '0 1\n1 2\n' >p.el
emogi-convert el p.el p.csr -q --undirected
is "$(emogi-bfs p.csr -S 2 --original-ids --text $cpu)" "$(lines "0 2" "1 1" "2 0")" \
    "without an id map, input ids are the graph's own"
fails "... and one past them says so" 1 \
    "source 3 \(an input id, -S\) out of range 0\.\.2: the graph has no id map" \
    emogi-bfs p.csr -S 3 $cpu -o x.bin
is "$(emogi-bfs p.csr -S 2 -o d.bin --stats $cpu 2>&1 | grep -c source_id)" 0 \
    "-S on a graph without an id map: no source_id (the ids are the same)"

# Kronecker, --reorder degree: every answer in input ids is the plain graph's.
emogi-convert kron -s 9 -e 8 k.csr -q --weights random:1:100
emogi-convert kron -s 9 -e 8 kd.csr -q --weights random:1:100 --reorder degree
"$EMOGI_BIN/tests/lib/csrdump" --idmap kd.csr >map.txt
# the input id of compact vertex 5 (a high-degree one) and back
x=$(awk '$1 == 5 {print $2}' map.txt)
c=$(awk -v x="$x" '$2 == x {print $1}' map.txt)
emogi-bfs kd.csr -S "$x" -o kx.bin $cpu
emogi-bfs kd.csr -s "$c" -o kc.bin $cpu
same_file kx.bin kc.bin "kron --reorder: -S input id = -s its compact id from the map"
emogi-bfs kd.csr -S "$x" --original-ids --text $cpu | sort -n >kdt.txt
emogi-bfs k.csr -s "$x" --text $cpu | sort -n >kt.txt
same_file kdt.txt kt.txt "kron --reorder bfs in input ids = bfs of the unreordered graph"
emogi-sssp kd.csr -S "$x" --original-ids --text $cpu | sort -n >kds.txt
emogi-sssp k.csr -s "$x" --text $cpu | sort -n >ks.txt
same_file kds.txt ks.txt "kron --reorder sssp in input ids = sssp of the unreordered graph"
runs "emogi-verify bfs -S on the reordered graph" emogi-verify bfs kd.csr -S "$x" kx.bin
finish
