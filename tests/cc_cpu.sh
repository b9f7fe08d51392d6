#!/bin/sh
# emogi-cc on the CPU: labels written here by hand for small graphs (every
# storage variant: undirected, directed with transpose; 4- and 8-byte ids),
# then random graphs against a union-find written in awk, and the refusals.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 48

UND="--undirected,--id-width,4 --undirected,--id-width,8"
DIRT="--directed,--transpose,--id-width,4 --directed,--transpose,--id-width,8"

# expect NAME FILE.el "VARIANTS" "LABELS": one test per variant; a variant
# is emogi-convert options with ',' for spaces.
expect() {
    name=$1 el=$2 variants=$3
    echo "$4" | tr ' ' '\n' | awk '{ print NR - 1, $1 }' >want.txt
    for v in $variants; do
        opts=$(echo "$v" | tr ',' ' ')
        # shellcheck disable=SC2086
        if emogi-convert el "$el" g.csr -q $opts 2>conv.err &&
            emogi-cc g.csr --text --device cpu >got.txt 2>cc.err; then
            same_file got.txt want.txt "$name ($opts)"
        else
            ok 1 "$name ($opts)"; sed 's/^/# /' conv.err cc.err
        fi
    done
}

# vertices 2 and 3 have no edges: each is a component of its own
printf '0 1\n4 5\n' >isolated.el
expect "isolated vertices" isolated.el "$UND $DIRT" "0 0 2 3 4 4"
# the path runs from high ids down; vertex 0 is alone
printf '4 3\n3 2\n2 1\n' >path.el
expect "a path labelled by its smallest id" path.el "$UND $DIRT" "0 1 1 1 1"
printf '5 0\n5 1\n5 2\n5 3\n5 4\n5 6\n' >star.el
expect "a star around vertex 5" star.el "$UND $DIRT" "0 0 0 0 0 0 0"
printf '0 2\n2 4\n4 0\n1 3\n3 5\n5 1\n' >triangles.el
expect "two interleaved triangles" triangles.el "$UND $DIRT" "0 1 0 1 0 1"
# directed: 0 and 1 have no out-edges, 3 and 2 do; weak components join them
printf '3 0\n3 1\n2 5\n5 4\n' >weak.el
expect "weak components of a directed graph" weak.el "$DIRT" "0 0 2 0 2 2"

# ---- raw output: the id width decides the label width ----
emogi-convert el triangles.el t4.csr -q --undirected --id-width 4
emogi-convert el triangles.el t8.csr -q --undirected --id-width 8
emogi-cc t4.csr --device cpu -o t4.bin
emogi-cc t8.csr --device cpu -o t8.bin
is "$(od -An -tu4 -v t4.bin | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')" "0 1 0 1 0 1" \
    "4-byte ids: uint32 labels, little-endian"
is "$(od -An -tu8 -v t8.bin | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')" "0 1 0 1 0 1" \
    "8-byte ids: uint64 labels, little-endian"
is "$(wc -c <t8.bin | tr -d ' ')" 48 "8-byte labels: 8 bytes per vertex"
runs "labels to standard output, through a pipe" \
    sh -c 'emogi-cc t4.csr --device cpu | cmp - t4.bin'

# ---- random graphs against a union-find in awk ----
NV=6000
awk -v nv=$NV 'BEGIN {
    srand(7)
    for (i = 0; i < nv * 0.45; i++) print int(rand() * nv), int(rand() * nv)
    for (i = 0; i < 300; i++) print int(rand() * 50), int(rand() * 50)  # one dense corner
    print nv - 1, nv - 2
}' >sparse.el
awk -v nv=$NV 'BEGIN {
    srand(8)
    for (i = 0; i < 4 * nv; i++) { u = int(rand() * nv); if (i % 2) u = int(u / 16); print u, int(rand() * nv) }
    print nv - 1, nv - 1
}' >dense.el

# awk_uf < edges: "vertex label" lines, each label its component's smallest id
awk_uf() {
    awk -v nv=$NV '
    function find(x) { while (p[x] != x) x = p[x]; return x }
    BEGIN { for (i = 0; i < nv; i++) p[i] = i }
    { a = find($1); b = find($2); if (a < b) p[b] = a; else if (b < a) p[a] = b }
    END { for (i = 0; i < nv; i++) print i, find(i) }'
}
awk_uf <sparse.el >want_sparse.txt
awk_uf <dense.el >want_dense.txt
for el in sparse dense; do
    for v in $UND $DIRT; do
        opts=$(echo "$v" | tr ',' ' ')
        # shellcheck disable=SC2086
        emogi-convert el $el.el r.csr -q $opts &&
            emogi-cc r.csr --text --device cpu >got.txt
        same_file got.txt want_$el.txt "random $el graph ($opts) matches awk union-find"
    done
done
emogi-convert el sparse.el r.csr -q --undirected
for th in 1 2 3; do
    emogi-cc r.csr --text --device cpu --threads $th >got.txt
    same_file got.txt want_sparse.txt "sparse graph, $th threads"
done

# --stats: component count and largest size, counted here from awk's labels
emogi-cc r.csr --device cpu --stats -o discard.bin 2>stats.txt
want_n=$(awk '$1 == $2' want_sparse.txt | wc -l | tr -d ' ')
want_big=$(awk '{ n[$2]++ } END { m = 0; for (l in n) if (n[l] > m) m = n[l]; print m }' want_sparse.txt)
is "$(sed -n 's/.* components=\([0-9]*\).*/\1/p' stats.txt)" "$want_n" "--stats: components"
is "$(sed -n 's/.* largest=\([0-9]*\).*/\1/p' stats.txt)" "$want_big" "--stats: largest component"
ok "$(grep -Eq 'seconds=[0-9.]+ passes=[0-9]+ .*edges_examined=[0-9]+ .*edge_gbps=' stats.txt; echo $?)" \
    "--stats: time, passes, edges read, edge rate"
# Two stars, 0 - 1..10 and 11 - 12 13 14: Afforest's 2 sampling rounds read
# 15 + 2 entries, the final pass skips the big star and reads 1 of 11's
# list (unit_cc.c works it out).
awk 'BEGIN { for (i = 1; i <= 10; i++) print 0, i; for (i = 12; i <= 14; i++) print 11, i }' >stars.el
emogi-convert el stars.el stars.csr -q --undirected
emogi-cc stars.csr --device cpu --stats -o discard.bin 2>stars.txt
is "$(sed -n 's/.* edges_examined=\([0-9]*\) .*/\1/p' stars.txt)" 18 "--stats: edges_examined of two stars"
runs "--verify accepts the labels" emogi-cc r.csr --device cpu --verify -o discard.bin
ok "$(grep -q 'labels verified' .err; echo $?)" "--verify says so"

# a Kronecker graph (skewed, one giant component, many isolated vertices)
emogi-convert kron -s 13 k.csr -q
emogi-cc k.csr --device cpu -o k.bin
runs "kron 13: emogi-verify cc accepts the CPU labels" emogi-verify cc k.csr k.bin
emogi-convert kron -s 12 --id-width 8 k8.csr -q
runs "kron 12, 8-byte ids: emogi-verify cc accepts" sh -c 'emogi-cc k8.csr --device cpu | emogi-verify cc k8.csr -'

# ---- refusals ----
emogi-convert el weak.el d.csr -q --directed
fails "a directed graph without transpose is refused" 1 \
    '^emogi-cc: d\.csr: directed graph without in-edges: .*--transpose' emogi-cc d.csr --device cpu --text
fails "--source does not apply" 2 "^emogi-cc: -s and -n do not apply" emogi-cc t4.csr --source 0 --text
fails "a bad algorithm" 2 "^emogi-cc: bad algorithm 'bfs'" emogi-cc t4.csr --algorithm bfs --text
fails "no graph" 2 '^emogi-cc: no graph given' emogi-cc --text
fails "a missing graph file" 1 '^emogi-cc: nope\.csr: ' emogi-cc nope.csr --text
runs "--help" emogi-cc --help
ok "$(grep -q -- '--algorithm' .out; echo $?)" "--help names --algorithm"
finish
