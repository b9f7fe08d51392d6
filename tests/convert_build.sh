#!/bin/sh
# convert_build.sh - emogi-convert's builder on graphs small enough that the
# expected CSR is written below by hand: directions, self-loops, duplicates,
# transpose, relabel, id widths, weights.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 45
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
nl='
'
lines() { printf '%s\n' "$@"; }
conv() { emogi-convert "$@" -q 2>"$T/conv.err"; }

# convert_small.el: 0>1 0>2 1>2 2>0 2>2 0>1 3>1
conv el "$DATA/convert_small.el" d.csr
is "$(dump --edges d.csr)" "$(lines '0 1' '0 2' '1 2' '2 0' '3 1')" \
    "el is directed by default; self-loop and duplicate dropped"
is "$(dump d.csr | grep -E '^(nv|ne|directed|id_width|weighted)')" \
    "$(lines 'nv 4' 'ne 5' 'directed 1' 'weighted 0' 'id_width 4')" "header of the directed graph"

conv el "$DATA/convert_small.el" u.csr --undirected
is "$(dump --edges u.csr)" \
    "$(lines '0 1' '0 2' '1 0' '1 2' '1 3' '2 0' '2 1' '3 1')" "--undirected stores both directions"
is "$(dump u.csr | grep -E '^(ne|directed)')" "$(lines 'ne 8' 'directed 0')" "undirected header"

conv el "$DATA/convert_small.el" k.csr --keep-self-loops --keep-duplicates
is "$(dump --edges k.csr)" "$(lines '0 1' '0 1' '0 2' '1 2' '2 0' '2 2' '3 1')" \
    "--keep-self-loops --keep-duplicates keep everything, sorted"
conv el "$DATA/convert_small.el" l.csr --keep-self-loops
is "$(dump --edges l.csr)" "$(lines '0 1' '0 2' '1 2' '2 0' '2 2' '3 1')" "--keep-self-loops alone"
conv el "$DATA/convert_small.el" ul.csr --keep-self-loops --undirected
is "$(dump --edges ul.csr | grep -c '^2 2$')" 1 "an undirected self-loop is stored once"

conv el "$DATA/convert_small.el" t.csr --transpose
is "$(dump --transpose t.csr)" "$(lines '0 2' '1 0' '1 3' '2 0' '2 1')" \
    "--transpose stores exactly the in-edges"
is "$(dump --edges t.csr)" "$(dump --edges d.csr)" "--transpose leaves the out-edges alone"
is "$(dump t.csr | grep '^transpose')" "transpose 1" "transpose flag set"
emogi-convert el "$DATA/convert_small.el" ut.csr --undirected --transpose 2>ut.err
is "$(dump ut.csr | grep '^transpose')" "transpose 0" "--transpose on an undirected graph is ignored"
grep -q 'transpose ignored' ut.err
ok $? "... with a note on stderr"

conv el "$DATA/convert_small.el" w8.csr --id-width 8
is "$(dump w8.csr | grep '^id_width')" "id_width 8" "--id-width 8 stores 8-byte ids"
is "$(dump --edges w8.csr)" "$(dump --edges d.csr)" "... with the same edges"

# convert_sparse.el: 100>5000000000 7>100 5000000000>7
conv el "$DATA/convert_sparse.el" r.csr --relabel
is "$(dump --idmap r.csr)" "$(lines '0 7' '1 100' '2 5000000000')" \
    "--relabel maps compact ids to input ids in increasing order"
is "$(dump --edges r.csr)" "$(lines '0 1' '1 2' '2 0')" "... and renames the edges"
is "$(dump r.csr | grep -E '^(nv|idmap|id_width)')" "$(lines 'nv 3' 'idmap 1' 'id_width 4')" \
    "... 3 vertices, 4-byte ids"
fails "--id-width 4 with ids past 2^32 is refused" 1 \
    'id-width 4 holds at most 4294967295 vertices \(ids 0 to 4294967294\), not 5000000001;' \
    emogi-convert el "$DATA/convert_sparse.el" bad.csr --id-width 4
no_files_like 'bad.csr*' "... leaving no file"

# convert_small.wel: 0>1 5, 0>1 3, 1>0 9, 1>2 4, 2>2 1
conv wel "$DATA/convert_small.wel" w.csr
is "$(dump --edges w.csr)" "$(lines '0 1 3' '1 0 9' '1 2 4')" \
    "wel: a duplicate keeps its smallest weight"
is "$(dump w.csr | grep -E '^weight')" "$(lines 'weighted 1' 'weight_type 1')" "integer weights are uint32"
conv wel "$DATA/convert_small.wel" wu.csr --undirected
is "$(dump --edges wu.csr)" "$(lines '0 1 3' '1 0 3' '1 2 4' '2 1 4')" \
    "undirected: the smallest weight over both directions, the same both ways"
conv wel "$DATA/convert_small.wel" wk.csr --keep-duplicates
is "$(dump --edges wk.csr)" "$(lines '0 1 3' '0 1 5' '1 0 9' '1 2 4')" \
    "--keep-duplicates keeps every weight, ascending"
conv wel "$DATA/convert_small.wel" wn.csr --weights none
is "$(dump --edges wn.csr)" "$(lines '0 1' '1 0' '1 2')" "--weights none drops input weights"

# random weights on the undirected graph of convert_small.el
conv el "$DATA/convert_small.el" rw.csr --undirected --weights random:10:20 --seed 5
dump --edges rw.csr >rw.txt
is "$(awk '$3 < 10 || $3 > 20' rw.txt | wc -l)" 0 "random weights lie in [LO,HI]"
is "$(awk '{k = $1 < $2 ? $1 " " $2 : $2 " " $1; if (k in w && w[k] != $3) bad++; w[k] = $3}
          END {print bad + 0}' rw.txt)" 0 "random weights are the same for u>v and v>u"
conv el "$DATA/convert_small.el" rw2.csr --undirected --weights random:10:20 --seed 5 --threads 1
same_file rw.csr rw2.csr "the same seed gives the same file (any thread count)"
conv el "$DATA/convert_small.el" one.csr --weights random:7:7
is "$(dump --edges one.csr | awk '{print $3}')" "$(lines 7 7 7 7 7)" "random:7:7 gives weight 7 everywhere"

# Matrix Market: symmetric files list one triangle and are undirected
conv mtx "$DATA/convert_sym.mtx" s.csr
is "$(dump --edges s.csr)" "$(lines '0 1 1.5' '1 0 1.5' '1 2 4' '2 1 4' '2 3 0.25' '3 2 0.25')" \
    "symmetric mtx: mirrored, diagonal dropped, real weights"
is "$(dump s.csr | grep -E '^(directed|weight_type)')" "$(lines 'directed 0' 'weight_type 2')" \
    "symmetric mtx is undirected with float32 weights"
conv mtx "$DATA/convert_sym.mtx" sd.csr --directed --keep-self-loops
is "$(dump --edges sd.csr | head -2)" "$(lines '0 0 2.5' '0 1 1.5')" \
    "symmetric mtx with --directed still mirrors; the diagonal kept once"
conv mtx "$DATA/convert_general.mtx" g.csr --transpose
is "$(dump --edges g.csr)" "$(lines '0 3' '1 0' '3 2')" "general mtx: 1-based, directed"
is "$(dump --transpose g.csr)" "$(lines '0 1' '2 3' '3 0')" "general mtx transpose"

# The buffer that gathers the edges keeps 32-bit ids while they fit
# (convert/build/edges.h); a block of text with an id past 2^32 after blocks
# without must widen it, not truncate.  --memory 16M reads 64 KiB blocks.
awk 'BEGIN { for (i = 0; i < 12000; i++) print i, i + 1 }' >chain.el
{ cat chain.el; echo '5000000000 7'; } >late.el
{ echo '5000000000 7'; cat chain.el; } >early.el
{ cat late.el; } | sort >want.txt
conv el late.el late.csr --relabel --memory 16M
emogi-info --edges --original-ids late.csr | sort >got.txt
ok "$(cmp -s got.txt want.txt; echo $?)" "a 64-bit id after 32-bit blocks: every edge kept, ids whole"
conv el early.el early.csr --relabel --memory 16M
emogi-info --edges --original-ids early.csr | sort >got2.txt
ok "$(cmp -s got2.txt want.txt; echo $?)" "a 64-bit id in the first block: the same edges"

# provenance
conv el "$DATA/convert_small.el" p.csr --undirected --relabel
dump --provenance p.csr >prov.txt
grep -q '^tool: emogi-convert ' prov.txt && grep -q '^format: el$' prov.txt &&
    grep -q "^input: .*convert_small.el\$" prov.txt
ok $? "provenance names tool, format and input"
grep -q '^options: --undirected --relabel$' prov.txt
ok $? "provenance records the options that shape the output"
is "$(grep '^date:' prov.txt)" "date: 2023-11-14T22:13:20Z" "SOURCE_DATE_EPOCH pins the date"

# --no-provenance: the file is the graph alone, so the same graph from
# another path, compression, date, thread count or build is the same bytes
has_prov() { emogi-info "$1" | grep -c '^  provenance '; }
conv el "$DATA/convert_small.el" np.csr --undirected --relabel --no-provenance
is "$(has_prov np.csr)$(has_prov p.csr)" "01" "--no-provenance: no provenance section"
gzip -c "$DATA/convert_small.el" >other.el.gz
SOURCE_DATE_EPOCH=1800000000 conv el other.el.gz np2.csr --undirected --relabel \
    --no-provenance --threads 1
same_file np.csr np2.csr "--no-provenance: another path, gzip, date and thread count: the same bytes"
SOURCE_DATE_EPOCH=1800000000 conv el other.el.gz p2.csr --undirected --relabel
ok "$(cmp -s p.csr p2.csr && echo 1 || echo 0)" "... which with the provenance they are not"
EMOGI_CONVERT_RUN_EDGES=3 conv el other.el.gz np3.csr --undirected --relabel --no-provenance \
    --memory 16M
same_file np.csr np3.csr "--no-provenance: the out-of-core build writes the same bytes"
conv csr p.csr np4.csr --no-provenance
same_file np.csr np4.csr "csr --no-provenance drops the input's provenance"
conv csr p.csr pp --partitions 2 --no-provenance && conv csr p.csr pk --partitions 2
is "$(has_prov pp.0)$(has_prov pp.1)$(has_prov pk.0)" "001" \
    "csr --partitions --no-provenance: parts without provenance"
conv csr np.csr pn --partitions 2
is "$(has_prov pn.0)$(has_prov pn.1)" "00" "... as are the parts of a file without one"
finish
