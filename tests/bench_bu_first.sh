#!/bin/sh
# bench_bu_first.sh - bench/bu-first, which counts the vertices of each
# bottom-up level that one kept in-neighbour (a list's head, its
# neighbour of most out-edges, or the loader's: of the first 32 entries,
# the one with the longest in-list) would settle: two graphs worked by hand
# (undirected with an unreached component and an isolated vertex;
# directed through its transpose), the same table from compressed lists,
# bounds that hold on a Kronecker graph, and refusals; --lines, the head
# lines of the vertices the kept neighbour leaves, and --reads, the
# entries each level tests, by hand and in bounds.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
BU="$EMOGI_BIN/bench/bu-first"
[ -x "$BU" ] || skip_all "bench/bu-first is not built"
plan 14
rows() { sed -n '2,$p' "$@" | tr '\t\n' ' ;'; }

# 0-1 0-2 1-3 2-3 3-4, 5-6 apart, 7 alone.  From 0: depths 0 1 1 2 3, 5
# and 6 unreached (visited at every level), 7 never (no in-edges).
# Visited at L: depth > L with in-edges, plus 5 and 6: 6, 4, 3.  Heads:
# 1 and 2 -> 0, 3 -> 1, 4 -> 3: each one level up, so first = found.
# Most out-edges: 1 and 2 -> 3 (3 edges, not in the frontier), 3 -> 1
# (the first of three with 2), 4 -> 3: top 0, 1, 1.  The loader's pick
# is the same here (every list is under 32 entries): kept 0, 1, 1.
printf '0 1\n0 2\n1 3\n2 3\n3 4\n5 6\n' >u.el
emogi-convert el u.el u.csr -q --undirected --vertices 8
emogi-convert csr u.csr uz.csr -q --compress
emogi-bfs u.csr -s 0 --device cpu -o u.bin
"$BU" u.csr u.bin >out.txt
is "$(rows out.txt)" "0 6 2 2 0 0;1 4 1 1 1 1;2 3 1 1 1 1;levels 4;" \
    "undirected by hand: visited, found, first, top, kept per level"
"$BU" uz.csr u.bin >outz.txt
is "$(rows outz.txt)" "$(rows out.txt)" "the same from compressed lists"

# 0->1 0->2 1->2 2->3 3->0, in-lists from the transpose: 0 <- 3, 1 <- 0,
# 2 <- 0 1, 3 <- 2.  From 0: depths 0 1 1 2; visited 3 then 1; every
# head and every neighbour of most out-edges (0 has 2) one level up; the
# loader keeps 2's head too (0 and 1 have one in-edge each).
printf '0 1\n0 2\n1 2\n2 3\n3 0\n' >d.el
emogi-convert el d.el d.csr -q --directed --transpose
emogi-bfs d.csr -s 0 --device cpu -o d.bin
"$BU" d.csr d.bin >outd.txt
is "$(rows outd.txt)" "0 3 2 2 2 2;1 1 1 1 1 1;levels 3;" "directed, in-lists from the transpose"

# --lines: the kept ids (1 -> 3, 2 -> 3, 3 -> 1, 4 -> 3, 5 -> 6, 6 -> 5)
# settle 3 at level 1 and 4 at level 2; every list lies in the file's
# first 128-byte line, so each vertex left asks 1 line and a warp 1
"$BU" --lines u.csr u.bin >lines.txt
is "$(rows lines.txt)" "0 6 6 1;1 3 3 1;2 2 2 1;" \
    "--lines by hand: left, lines, warp lines per level"

# --reads: at level 0 the six vertices with depth > 0 read 1 (1 and 2
# meet 0 first), 3 (3's list 1 2 4 holds no 0), 1 (4), 1 and 1 (5 and 6,
# unreached): 8, 3 the most; level 1: 3 meets 1 first, the others read
# their one entry: 4; level 2: 4, 5 and 6 read one each: 3
"$BU" --reads u.csr u.bin >reads.txt
is "$(rows reads.txt)" "0 6 8 3;1 4 4 1;2 3 3 1;" "--reads by hand: visited, read, most per level"
"$BU" --reads uz.csr u.bin >readsz.txt
same_file reads.txt readsz.txt "--reads: the same from compressed lists"

emogi-convert el d.el dn.csr -q --directed
fails "a directed graph without its transpose is refused" 1 "no in-lists" "$BU" dn.csr d.bin
head -c 12 u.bin >short.bin
fails "depths of another length are refused" 1 "not .* uint32 depths" "$BU" u.csr short.bin

# a Kronecker graph: first, top and kept never exceed found, found never
# exceeds visited; the compressed file gives the same table
emogi-convert kron -s 12 -e 8 --seed 4 k.csr -q --undirected
emogi-convert csr k.csr kz.csr -q --compress
emogi-bfs k.csr -n 1 --seed 2 --device cpu -o k.bin 2>/dev/null # from a vertex with edges
"$BU" k.csr k.bin >k.txt
"$BU" kz.csr k.bin >kz.txt
same_file k.txt kz.txt "kron 12: compressed lists give the same table"
awk 'NR > 1 && NF == 6 && ($4 > $3 || $5 > $3 || $6 > $3 || $3 > $2) { bad = 1 }
     NR > 1 && NF == 6 { rows++ } END { exit bad || rows < 3 }' k.txt
ok $? "kron 12: first, top, kept <= found <= visited on each of its levels"
awk 'NR > 1 && NF == 6 { f += $3; s += $4; k += $6 } END { exit !(s > 0 && s <= k && k <= f) }' k.txt
ok $? "kron 12: heads settle some of the finds, the loader's pick at least as many"
"$BU" --lines k.csr k.bin >kl.txt
"$BU" --lines kz.csr k.bin >kzl.txt
is "$(cut -f1,2 kzl.txt | rows)" "$(cut -f1,2 kl.txt | rows)" \
    "kron 12 --lines: compressed lists leave the same vertices"
# a visited vertex reads one entry at least, no more than its list
"$BU" --reads k.csr k.bin >kr.txt
awk 'NR > 1 && ($3 < $2 || $4 > $3 || $4 < 1) { bad = 1 } NR > 1 { n++ } END { exit bad || n < 3 }' kr.txt
ok $? "kron 12 --reads: at least an entry a vertex visited, the most within the sum"
awk 'FNR > 1 && ($3 < $2 || $4 > $3) { bad = 1 } FNR > 1 && $2 > 0 { n++ }
     END { exit bad || n < 3 }' kl.txt kzl.txt
ok $? "kron 12 --lines: a line a vertex left at least, a warp's lines at most theirs"
finish
