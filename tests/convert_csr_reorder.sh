#!/bin/sh
# convert_csr_reorder.sh - emogi-convert csr --reorder degree|bfs: the
# orders of a small graph worked out by hand; the same graph, transpose
# and id map as a build with --reorder; compressed inputs and outputs;
# weights and a transpose carried (BFS depths through the id map are the
# original's); an existing id map composed; --memory refused up front,
# leaving no output and an existing one as it was; the peak within what
# the refusal names.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 30
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
conv() { emogi-convert "$@" -q; }
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
map() { dump --idmap "$1" | awk '{printf "%s ", $2}'; }
version() { emogi-info "$1" | sed -n 's/^format version: //p'; }

# A star 0 1 2 3 around 5, and a path 0-4-6: degrees 2 1 1 1 2 4 1.
# By degree (ties by id): 5 0 4 1 2 3 6.  By BFS from the hub 5 (lists
# ascending): 5, then 0 1 2 3, then 4 (from 0), then 6 (from 4).
printf '0 5\n1 5\n2 5\n3 5\n0 4\n4 6\n' >s.el
conv el s.el s.csr --undirected
conv csr s.csr sd.csr --reorder degree
is "$(map sd.csr)" "5 0 4 1 2 3 6 " "degree order by hand: the hub is vertex 0, as the id map says"
# renamed: 5->0 0->1 4->2 1->3 2->4 3->5 6->6
is "$(emogi-info --edges sd.csr | tr '\n' ' ')" \
    "0 1 0 3 0 4 0 5 1 0 1 2 2 1 2 6 3 0 4 0 5 0 6 2 " "... and the renamed, re-sorted lists"
conv csr s.csr sb.csr --reorder bfs
is "$(map sb.csr)" "5 0 1 2 3 4 6 " "bfs order by hand"
is "$(emogi-info --edges --original-ids sb.csr | sort)" "$(emogi-info --edges s.csr | sort)" \
    "... the edges through the map are the input's"
dump --provenance sd.csr | grep -q '^recoded: emogi-convert .* csr --reorder degree$'
ok $? "the provenance says the file was reordered"

# the same as reordering at the build, where both are defined
conv kron -s 12 k.csr
for how in degree bfs; do
    conv kron -s 12 kb$how.csr --reorder $how && conv csr k.csr kr$how.csr --reorder $how
    for part in "" --edges --idmap; do
        dump $part kb$how.csr >b.txt && dump $part kr$how.csr >r.txt
        same_file b.txt r.txt "kron csr --reorder $how: ${part:-the header} as kron --reorder $how"
    done
done

# compressed in and out (the output is encoded like the input unless told)
conv kron -s 12 kc.csr --compress
conv kron -s 12 kcb.csr --compress --reorder bfs
conv csr kc.csr kcr.csr --reorder bfs
is "$(version kcr.csr)" 2 "a compressed input gives a compressed output"
emogi-info --edges kcr.csr >r.txt && emogi-info --edges kcb.csr >b.txt
same_file b.txt r.txt "... with the lists of kron --compress --reorder bfs"
is "$(map kcr.csr)" "$(map kcb.csr)" "... and its id map"
conv csr kc.csr kcp.csr --reorder bfs --no-compress
is "$(version kcp.csr)" 1 "--no-compress: a plain output"
dump --edges kcp.csr >r.txt && dump --edges kbbfs.csr >b.txt
same_file b.txt r.txt "... with the lists of kron --reorder bfs"
conv csr k.csr kpc.csr --reorder degree --compress
emogi-info --edges kpc.csr >r.txt && emogi-info --edges kbdegree.csr >b.txt
is "$(version kpc.csr)" 2 "a plain input with --compress is compressed"
same_file b.txt r.txt "... to kron --reorder degree's lists"

# weighted and directed, the transpose added: as the build gives it, and
# the BFS depths through the id map are the original's (the search reads
# the in-edges when it goes bottom-up)
conv kron -s 10 -e 8 w.csr --directed --weights random:1:100
conv kron -s 10 -e 8 wb.csr --directed --weights random:1:100 --transpose --reorder degree
conv csr w.csr wr.csr --reorder degree --transpose
for part in --edges --transpose --idmap; do
    dump $part wb.csr >b.txt && dump $part wr.csr >r.txt
    same_file b.txt r.txt "weighted directed csr --reorder degree --transpose: $part as the build's"
done
src=$(dump --idmap wr.csr | awk '$1 == 0 {print $2}') # the hub's original id
emogi-bfs w.csr -s "$src" --device cpu --text -o d.txt 2>/dev/null
emogi-bfs wr.csr -s 0 --device cpu --text -o dr.txt 2>/dev/null
dump --idmap wr.csr >m.txt
awk 'NR == FNR {orig[$1] = $2; next} {print orig[$1], $2}' m.txt dr.txt | sort -n >dm.txt
sort -n d.txt >do.txt
[ "$(wc -l <do.txt)" -eq 1024 ] && cmp -s do.txt dm.txt
ok $? "BFS depths from the reordered file, mapped back, are the original's (all 1024)"
is "$(awk '$2 >= 2 {n++} END {print (n > 0)}' do.txt)" 1 "... a search that goes past one level"

# an id map already there is composed: the star with ids 0, 1e9, ..., 6e9
# (--relabel keeps them), reordered twice, maps back to those ids
sed 's/[1-9]/&000000000/g' s.el >sparse.el
conv el sparse.el r.csr --undirected --relabel
conv csr r.csr rd.csr --reorder degree && conv csr rd.csr rdb.csr --reorder bfs
is "$(map rd.csr)" "5000000000 0 4000000000 1000000000 2000000000 3000000000 6000000000 " \
    "degree order of a relabelled graph: its map goes to the input's ids"
# BFS on rd.csr's lists (0:1 3 4 5, 1:0 2, 2:1 6): 0 1 3 4 5 2 6 = input 5 0 1 2 3 4 6
is "$(map rdb.csr)" "5000000000 0 1000000000 2000000000 3000000000 4000000000 6000000000 " \
    "reordered twice: still the input's ids"
is "$(emogi-info --edges --original-ids rdb.csr | sort)" \
    "$(emogi-info --edges --original-ids r.csr | sort)" "... and the same edges through it"

# --memory: refused before any work, no output, an existing output kept
cp s.csr keep.csr
fails "--memory too small for the graph is refused" 1 \
    "k.csr: --reorder needs the graph in memory: .*, over --memory 64 KiB; raise --memory" \
    emogi-convert csr k.csr small.csr --reorder bfs --memory 64K
no_files_like 'small.csr*' "... leaving no output"
emogi-convert csr k.csr keep.csr --reorder degree --memory 64K 2>/dev/null
st=$?
cmp -s s.csr keep.csr
is "$st $?" "1 0" "... and an existing output as it was"

# the peak, as the kernel measures it, within the need the refusal names
# plus the program's own (convert_memory.sh's OVERHEAD); a sanitizer's
# shadow memory is not the program's
if command -v ldd >/dev/null && ldd "$EMOGI_BIN/emogi-convert" 2>/dev/null |
    grep -q -e libasan -e libubsan -e libtsan; then
    skip "emogi-convert is built with sanitizers"
else
    conv kron -s 16 big.csr
    need=$(emogi-convert csr big.csr x.csr --reorder degree --memory 1K 2>&1 |
        sed -n 's/.*in memory: \([0-9.]*\) \([KMG]\)iB, .*/\1 \2/p' |
        awk '{print int($1 * ($2 == "K" ? 1 : $2 == "M" ? 1024 : 1048576)) + 1}')
    "$EMOGI_BIN/tests/lib/peakrss" rss.txt emogi-convert csr big.csr x.csr --reorder degree -q
    peak=$(cat rss.txt)
    [ -n "$need" ] && [ "$peak" -lt $((need + 8192)) ]
    ok $? "the peak stays within the need named (peak $peak KiB, need ${need:-?} KiB + 8192)"
fi
finish
