#!/bin/sh
# ooc_reorder.sh - --reorder degree|bfs: the orders of small graphs worked
# out by hand below, and on larger graphs the properties that define a
# renumbering: the edges through the id map are exactly the input's
# (isomorphic, weights included), degree order is non-increasing.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 15
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
lines() { printf '%s\n' "$@"; }

# convert_small.el undirected: 0:{1,2} 1:{0,2,3} 2:{0,1} 3:{1}
# degree order 1 0 2 3 (ties by id): new 0 is old 1, new 1 is old 0
emogi-convert el "$DATA/convert_small.el" d.csr -q --undirected --reorder degree
is "$(dump --idmap d.csr | tr '\n' ' ')" "0 1 1 0 2 2 3 3 " "degree order by hand, as the id map"
is "$(emogi-info --edges d.csr | tr '\n' ' ')" "0 1 0 2 0 3 1 0 1 2 2 0 2 1 3 0 " \
    "... and the renamed, re-sorted lists"

# a path 0-1-2-3-4 with 3-5, and a separate edge 6-7:
# degrees 1 2 2 3 1 1 1 1; by degree: 3 1 2 0 4 5 6 7;
# BFS from the hub 3 (lists ascending): 3, 2 4 5, 1, 0, then 6 7
printf '0 1\n1 2\n2 3\n3 4\n3 5\n6 7\n' >p.el
emogi-convert el p.el pd.csr -q --undirected --reorder degree
is "$(dump --idmap pd.csr | awk '{printf "%s ", $2}')" "3 1 2 0 4 5 6 7 " "degree order of the path"
emogi-convert el p.el pb.csr -q --undirected --reorder bfs
is "$(dump --idmap pb.csr | awk '{printf "%s ", $2}')" "3 2 4 5 1 0 6 7 " \
    "bfs order: the hub's levels, then the next component from its smallest id"
emogi-convert el p.el plain.csr -q --undirected
for g in pd pb; do
    is "$(emogi-info --edges --original-ids $g.csr | sort)" "$(emogi-info --edges plain.csr | sort)" \
        "$g: the edges through the map are the input's"
done

# isomorphism on a Kronecker graph, with weights, and with --relabel's map composed
emogi-convert kron -s 10 -e 8 k.csr -q --weights random:1:1000
emogi-info --edges k.csr | sort >k.txt
for how in degree bfs; do
    emogi-convert kron -s 10 -e 8 k$how.csr -q --weights random:1:1000 --reorder $how
    emogi-info --edges --original-ids k$how.csr | sort >k$how.txt
    same_file k.txt k$how.txt "kron --reorder $how: the same weighted edges through the map"
done
emogi-info --edges kdegree.csr | awk '{n[$1]++} END {for (v in n) print v, n[v]}' | sort -n |
    awk 'NR > 1 && $2 > last {bad++} {last = $2} END {print bad + 0}' >mono.txt
is "$(cat mono.txt)" 0 "degree order: degrees never increase with the new id"
emogi-info --verify kbfs.csr >/dev/null
ok $? "the reordered file verifies"

emogi-convert el "$DATA/convert_sparse.el" rs.csr -q --relabel --reorder degree --directed
is "$(emogi-info --edges --original-ids rs.csr | sort | tr '\n' ' ')" \
    "$(grep -v '^#' "$DATA/convert_sparse.el" | sort | tr '\n' ' ')" \
    "--relabel --reorder: the map goes back to the input's own ids"

emogi-convert wel "$DATA/convert_small.wel" w.csr -q --transpose
emogi-convert wel "$DATA/convert_small.wel" wb.csr -q --transpose --reorder bfs
is "$(emogi-info --edges --original-ids wb.csr | sort)" "$(emogi-info --edges w.csr | sort)" \
    "weights travel with their edges"
emogi-info --verify wb.csr >/dev/null
ok $? "... and the reordered transpose verifies"
fails "--reorder with a graph built out of core is refused" 1 'reorder needs the graph in memory' \
    env EMOGI_CONVERT_RUN_EDGES=1000 emogi-convert kron -s 8 x.csr --reorder bfs
no_files_like 'x.csr*' "... leaving no output"
finish
