#!/bin/sh
# convert_partitions.sh - emogi-convert csr --partitions N: the ranges of
# a small directed graph worked out by hand; for directed and undirected
# graphs with isolated vertices at both ends and a hub, weights, a
# transpose, 8-byte ids, compressed lists and an id map, in 1, 2, 3 and 5
# parts: the parts placed one after another are the input's lists
# (tests/lib/partcheck, and emogi-info --edges), their ranges cover the
# vertices in order, none empty, none over its share plus the largest
# degree; names by pattern; errors (0 parts, more parts than vertices,
# options that re-encode, a part as input, --memory, a missing folder
# midway) leave no part and existing files as they were; the tools
# refuse a part file.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 72
conv() { emogi-convert "$@" -q; }
check() { "$EMOGI_BIN/tests/lib/partcheck" "$@"; }
parts() { # parts BASE N: BASE.0 .. BASE.N-1
    i=0
    while [ "$i" -lt "$2" ]; do printf '%s.%d ' "$1" "$i"; i=$((i + 1)); done
}
ranges() { check "$@" 2>&1 | tr '\n' ' '; }

# 12 vertices; 0 and 11 isolated, hub 5 -> 1..10 (not 5), path 1->2->3->4:
# out-degrees 0 1 1 1 0 9 0 0 0 0 0 0, offsets 0 0 1 2 3 3 12 12 ... 12,
# W(v) = v + offsets[v] = 0 1 3 5 7 8 18 19 20 21 22 23 24.
# 2 parts: first W >= 12 is v=6.  3 parts: W >= 8 at 5, W >= 16 at 6.
# 5 parts: W >= 4, 9, 14, 19 at 3, 6, 6, 7, moved on to 3, 6, 7, 8.
{
    for v in 1 2 3 4 6 7 8 9 10; do echo "5 $v $((v * 10))"; done
    printf '1 2 7\n2 3 8\n3 4 9\n'
} >g.wel
conv wel g.wel d.csr --directed --transpose --vertices 12
conv csr d.csr d2 --partitions 2
is "$(ranges d.csr $(parts d2 2))" "0 6 6 12 " "2 parts by hand: 0..5, 6..11"
conv csr d.csr d3 --partitions 3
is "$(ranges d.csr $(parts d3 3))" "0 5 5 6 6 12 " "3 parts by hand: the hub alone"
conv csr d.csr d5 --partitions 5
is "$(ranges d.csr $(parts d5 5))" "0 3 3 6 6 7 7 8 8 12 " "5 parts by hand: none empty"
is "$(for f in $(parts d3 3); do emogi-info --edges "$f"; done)" "$(emogi-info --edges d.csr)" \
    "emogi-info --edges of the parts, one after another, is the whole graph's"
is "$(emogi-info d3.1 | grep '^part')" "part: 1 of 3 (numbered from 0)
part vertices: [5, 6) of 12
part edges: [3, 12) of 12
part in-edges: [7, 7) of 12" "emogi-info shows the part section: the hub's 9 edges, no in-edge"
is "$(emogi-info --json d3.1 | grep -o '"part":{[^}]*}')" \
    '"part":{"index":1,"count":3,"first":5,"end":6,"vertices":12,"edges":12,"edge_first":3,"in_edges":0,"in_edge_first":7}' \
    "... and in JSON"
is "$(emogi-info --json d.csr | grep -c '"part":null')" 1 "a whole graph's JSON part is null"

# every kind of graph, every count
conv wel g.wel u.csr --undirected --vertices 12
conv csr d.csr d8.csr --id-width 8
conv csr d.csr dc.csr --compress
conv csr u.csr uc.csr --compress
printf '100 7\n7 300\n300 100\n5000000000 7\n42 100\n' >sparse.el
conv el sparse.el m.csr --relabel --directed --transpose
conv kron -s 9 kt.csr --directed --transpose --weights random:1:9
conv csr kt.csr ktc.csr --compress --id-width 8
for g in d u d8 dc uc m kt ktc; do
    for n in 1 2 3 5; do
        conv csr $g.csr p$g$n --partitions $n
        check $g.csr $(parts p$g$n $n) >/dev/null 2>err.txt
        ok $? "$g in $n parts: the lists, in-lists, weights and id map of the whole, in order"
        [ -s err.txt ] && sed 's/^/# /' err.txt
    done
done
is "$(for f in $(parts pktc5 5); do emogi-info --edges "$f"; done | md5sum)" \
    "$(emogi-info --edges ktc.csr | md5sum)" "compressed 8-byte kron: emogi-info reads the parts' lists"

# re-encoded, then split: the parts of the re-encoded whole
conv wel g.wel dn.csr --directed --vertices 12
conv csr dn.csr dnt.csr --transpose --compress --id-width 8
conv csr dn.csr pdnt --partitions 3 --transpose --compress --id-width 8
check dnt.csr $(parts pdnt 3) >/dev/null
ok $? "--partitions --transpose --compress --id-width 8: the parts of the re-encoded graph"
is "$(emogi-info pdnt.1 | grep '^part in-edges')" "part in-edges: [7, 7) of 12" \
    "... with the in-lists of their vertices"
conv csr kt.csr pkr --partitions 3 --reorder degree
conv csr kt.csr ktr.csr --reorder degree
check ktr.csr $(parts pkr 3) >/dev/null
ok $? "--partitions --reorder degree: the parts of the reordered graph, id map sliced"

# partcheck can fail: parts missing, parts of two splits, another graph's
if check u.csr pu3.0 pu3.1 >/dev/null 2>&1; then ok 1 "partcheck: 2 of 3 parts refused"; else
    ok 0 "partcheck: 2 of 3 parts refused"; fi
if check d.csr d2.0 d3.1 d3.2 >/dev/null 2>&1; then ok 1 "partcheck: parts of two splits refused"
else ok 0 "partcheck: parts of two splits refused"; fi
if check d.csr $(parts pu3 3) >/dev/null 2>&1; then ok 1 "partcheck: another graph's parts refused"
else ok 0 "partcheck: another graph's parts refused"; fi

# names by pattern
mkdir out
conv csr d.csr 'out/g-%d.csr' --partitions 3
is "$(ls out | tr '\n' ' ')" "g-0.csr g-1.csr g-2.csr " "OUTPUT with %d names the parts"
fails "another % in OUTPUT: usage error" 2 "may hold %d once" emogi-convert csr d.csr 'x%s' --partitions 2
fails "standard output: usage error" 2 "not standard output" emogi-convert csr d.csr - --partitions 2

# errors: exit status and nothing left
fails "0 parts: usage error" 2 "--partitions wants a number" emogi-convert csr d.csr nop --partitions 0
fails "2^32 parts: usage error" 2 "--partitions wants a number" \
    emogi-convert csr d.csr nop --partitions 4294967296
fails "more parts than vertices refused" 1 "d.csr: 13 parts for 12 vertices" \
    emogi-convert csr d.csr nop --partitions 13
no_files_like "nop*" "... leaving no part"
fails "not a csr input: usage error" 2 "el: --partitions splits a .csr" \
    emogi-convert el sparse.el nop --partitions 2
fails "a part file split again refused" 1 "d3.1 is part 2 of 3 of a graph: split the whole" \
    emogi-convert csr d3.1 nop --partitions 2
fails "a part file re-encoded refused" 1 "d3.1 is part 2 of 3 of a graph: re-encode the whole" \
    emogi-convert csr d3.1 nop.csr --compress
fails "--memory below the largest part's offsets refused" 1 "--partitions 1 needs .*over --memory" \
    emogi-convert csr kt.csr nop --partitions 1 --memory 1K
no_files_like "nop*" "... leaving no part"
fails "a missing folder" 1 "nosuch/p.0: cannot create a temporary file" \
    emogi-convert csr d.csr nosuch/p --partitions 2

# a failure midway (the folder of part 2 is missing) keeps the old parts
mkdir d0 d1
echo old >d0/p.csr
echo old >d1/p.csr
fails "part 2's folder missing: refused" 1 "d2/p.csr" emogi-convert csr d.csr 'd%d/p.csr' --partitions 3
is "$(cat d0/p.csr d1/p.csr | tr '\n' ' ')" "old old " "... parts 0 and 1, written first, did not replace the old files"
is "$(ls -A d0 d1 | tr '\n' ' ')" "d0: p.csr  d1: p.csr " "... and left no temporary"
conv csr d.csr 'd%d/p.csr' --partitions 2
check d.csr d0/p.csr d1/p.csr >/dev/null
ok $? "a run that succeeds replaces them"
cp d.csr 0.csr
fails "a part named as the input refused" 1 "0.csr: part 0 would overwrite the input 0.csr" \
    emogi-convert csr 0.csr '%d.csr' --partitions 2
same_file 0.csr d.csr "... the input is intact"
no_files_like "1.csr" "... and no part is left"

# the tools of one process refuse a part file
msg="d3.1 is part 2 of 3 of a graph; run the tools under mpirun with all parts \\(mpirun -np 3\\), or use the whole file"
fails "emogi-bfs refuses a part file" 1 "$msg" emogi-bfs d3.1 -s 0 -o out.bin
fails "emogi-sssp refuses a part file" 1 "$msg" emogi-sssp d3.1 -s 0 -o out.bin
fails "emogi-cc refuses a part file" 1 "$msg" emogi-cc d3.1 -o out.bin
fails "emogi-pagerank refuses a part file" 1 "$msg" emogi-pagerank d3.1 -o out.bin
no_files_like "out.bin" "... and write nothing"
emogi-bfs d.csr -s 5 -o depths.bin
fails "emogi-verify refuses a part file" 1 "d3.1 is part 2 of 3 of a graph; run the tools under mpirun with all parts, or use the whole file" \
    emogi-verify bfs d3.1 -s 0 depths.bin
finish
