#!/bin/sh
# info.sh - emogi-info on small hand-made graphs: every reported field is
# compared with a value worked out by hand below, edges with the input
# itself (sorted), checksums with gzip's crc32 of the section bytes.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
MK="$EMOGI_BIN/tests/lib/csr_from_edges"
[ -x "$MK" ] || skip_all "tests/lib/csr_from_edges not built"

# 7 vertices, 8 directed weighted edges, given out of order.
# out-degrees 4 1 1 1 0 1 0: min 0, max 4, mean 8/7, two without out-edges,
# one isolated (6; vertex 4 has in-edges); log2 buckets 0:2 1:4 2-3:0 4-7:1.
cat >g.el <<'E'
5 4 6
0 3 1
2 0 4
0 1 5
3 3 9
1 2 7
0 4 2
0 2 3
E
printf '%s\n' 100 7 42 1000000000000 5 9 11 >ids
printf 'tool: csr_from_edges\ninput: "g.el" C:\\x\ttab\n' >prov
sort -n -k1,1 -k2,2 g.el >want.el
awk 'NR == FNR { id[NR - 1] = $1; next } { print id[$1], id[$2], $3 }' ids want.el >want_orig.el

runs "write a directed weighted graph with transpose, idmap, provenance" \
    "$MK" -u -t -m ids -p "$(cat prov)" 7 g.csr <g.el
runs "emogi-info prints a report" emogi-info g.csr
cp "$T/.out" info.txt
field() { sed -n "s/^$1: //p" info.txt; }
is "$(field vertices) $(field edges)" "7 8" "vertex and edge counts"
is "$(field directed) $(field 'id width') $(field weights) $(field transpose) $(field idmap)" \
    "yes 4 uint32 yes yes" "directedness, id width, weight type, transpose, idmap"
awk '/^sections:/ { s = 1; getline; next } /^out-degree min/ { s = 0 } s { print $1, $3, $4 }' \
    info.txt >sections.txt
provlen=$(printf '%s' "$(cat prov)" | wc -c)
printf '%s\n' "offsets 64 yes" "neighbors 32 yes" "weights 32 yes" "t_offsets 64 yes" \
    "t_neighbors 32 yes" "t_weights 32 yes" "idmap 56 yes" "provenance $provlen yes" >want_sections.txt
same_file sections.txt want_sections.txt "section names, sizes (8(nv+1), 4ne, 8nv) and alignment"
odd=$(awk '/^sections:/ { s = 1; getline; next } /^out-degree min/ { s = 0 } s && $2 % 4096 { print $1 }' info.txt)
is "$odd" "" "every section offset is a multiple of 4096"
is "$(field 'out-degree min') $(field 'out-degree max') $(field 'out-degree mean')" "0 4 1.143" \
    "degree min, max, mean"
is "$(field 'no out-edges') $(field isolated)" "2 1" "vertices without out-edges, isolated vertices"
is "$(sed -n 's/^  degree \([0-9-]*\): /\1=/p' info.txt | tr '\n' ' ')" "0=2 1=4 2-3=0 4-7=1 " \
    "log2 out-degree histogram"
is "$(sed -n '/^provenance:/,$p' info.txt | sed 1d)" "$(sed 's/^/  /' prov)" "provenance lines"

# crc32 of the neighbors section, independently: gzip's trailer holds the crc32 of its input.
nb=$(awk '$1 == "neighbors" { print $2, $3, $5 }' info.txt)
set -- $nb
crc=$(tail -c +$(($1 + 1)) g.csr | head -c "$2" | gzip -c | tail -c 8 | head -c 4 | od -An -tx4 | tr -d ' ')
is "0x$crc" "$3" "neighbors crc32 equals gzip's crc32 of those bytes"
runs "--verify passes on an intact file" emogi-info --verify g.csr
is "$(sed -n 's/^checksums: //p' "$T/.out")" "ok" "--verify reports the checksums ok"

runs "--edges dumps the edges" emogi-info --edges g.csr
cp "$T/.out" got.el
same_file got.el want.el "--edges gives the input edges, sorted, with weights"
emogi-info --edges --original-ids g.csr >got_orig.el
same_file got_orig.el want_orig.el "--edges --original-ids maps through the idmap"

runs "--json prints a report" emogi-info --json --verify g.csr
cp "$T/.out" info.json
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["vertices"], d["edges"], d["out_degree"]["isolated"], d["checksums"], len(d["sections"]), d["provenance"] == open(sys.argv[2]).read().rstrip("\n"))' \
        info.json prov >json.txt 2>&1
    is "$(cat json.txt)" "7 8 1 ok 8 True" "--json is valid JSON with the same facts and the provenance intact"
else
    skip "python3 not installed: JSON not parsed"
fi
is "$(grep -c '"vertices":7,"edges":8,' info.json)" "1" "--json counts"
is "$(grep -cF '"tool: csr_from_edges\ninput: \"g.el\" C:\\x\ttab"' info.json)" "1" \
    "--json escapes newlines, quotes, backslashes and tabs in provenance"

# Corruption: vertex 0's list 1 2 3 4 becomes 0 2 3 4 (still valid: only the crc32 knows).
cp g.csr flip.csr
printf '\000' | dd of=flip.csr bs=1 seek=8192 conv=notrunc 2>/dev/null
runs "a flipped neighbor byte still opens" emogi-info flip.csr
fails "--verify names the damaged section" 1 "flip.csr: checksum mismatch in section neighbors" \
    emogi-info --verify flip.csr
cp g.csr range.csr
printf '\310' | dd of=range.csr bs=1 seek=$((8192 + 12)) conv=notrunc 2>/dev/null
fails "neighbor id out of range is refused on open" 1 \
    "^emogi-info: range.csr: neighbor 3 of vertex 0 is 200, not below 7$" emogi-info --edges range.csr
head -c 8192 g.csr >short.csr
fails "truncated file: the header's size field named" 1 \
    "^emogi-info: short\\.csr: byte 48: file is 8192 bytes but its header says [0-9]+ \\(truncated\\?\\)$" emogi-info short.csr
head -c 5000 /dev/zero >zero.csr
fails "not a .csr: byte 0 named" 1 "^emogi-info: zero\\.csr: byte 0: not a \\.csr file \\(bad magic\\)$" emogi-info zero.csr
cp g.csr ver.csr
printf '\003' | dd of=ver.csr bs=1 seek=8 conv=notrunc 2>/dev/null
fails "an unknown version: byte 8 named" 1 \
    "^emogi-info: ver\\.csr: byte 8: format version 3, this build reads versions 1 and 2$" emogi-info ver.csr
cp g.csr crc.csr
printf '\001' | dd of=crc.csr bs=1 seek=60 conv=notrunc 2>/dev/null
fails "a header checksum mismatch: the bytes it covers named" 1 \
    "^emogi-info: crc\\.csr: header checksum mismatch in bytes 0 to 4095 \\(stored 0x[0-9a-f]{8} at byte 12, computed 0x[0-9a-f]{8}\\)$" \
    emogi-info crc.csr
# a table entry's offset moved off the 4096-byte boundary, the header's
# checksum made to agree: the entry's offset field (entry 1: byte 96) named
cp g.csr table.csr
if python3 -c '
import struct, sys, zlib
f = open(sys.argv[1], "r+b"); page = bytearray(f.read(4096))
page[96:104] = struct.pack("<Q", struct.unpack("<Q", page[96:104])[0] + 512)
page[12:16] = b"\0\0\0\0"
page[12:16] = struct.pack("<I", zlib.crc32(bytes(page)) & 0xffffffff)
f.seek(0); f.write(page)' table.csr 2>/dev/null; then
    fails "a misaligned section: the table entry's byte named" 1 \
        "^emogi-info: table\\.csr: byte 96: section [a-z_]+ at offset [0-9]+ is not 4096-byte aligned$" \
        emogi-info table.csr
else
    skip "python3 is needed to rewrite the header's checksum"
fi
fails "missing file" 1 "nope.csr: No such file" emogi-info nope.csr
fails "no argument is a usage error" 2 "no graph given" emogi-info
fails "unknown option is a usage error" 2 "usage" emogi-info --frobnicate g.csr
fails "--original-ids alone is a usage error" 2 "only applies to --edges" emogi-info --original-ids g.csr

# Undirected, symmetric, float weights, 8-byte ids: 0-1, 1-2, a self loop on 2.
printf '%s\n' "0 1 0.5" "1 0 0.5" "1 2 -1.75" "2 1 -1.75" "2 2 1000000" >u.el
runs "write an undirected float32-weighted graph with 8-byte ids" "$MK" -U -f -8 3 u.csr <u.el
emogi-info u.csr >u.txt
is "$(sed -n 's/^\(directed\|id width\|weights\|isolated\): //p' u.txt | tr '\n' ' ')" "no 8 float32 0 " \
    "undirected, 8-byte ids, float32, nothing isolated"
emogi-info --edges u.csr >u_got.el
same_file u_got.el u.el "--edges round-trips float weights"

: >empty.el
runs "write a graph with no vertices" "$MK" 0 empty.csr <empty.el
emogi-info --json empty.csr >empty.json
is "$(grep -c '"vertices":0,"edges":0,.*"histogram":\[\].*"provenance":null' empty.json)" "1" \
    "no vertices: zero counts, empty histogram, null provenance"
is "$(emogi-info --edges empty.csr | wc -c)" "0" "no vertices: no edges dumped"
runs "write 3 vertices without edges" "$MK" 3 lonely.csr <empty.el
is "$(emogi-info lonely.csr | sed -n 's/^\(isolated\|  degree 0\): //p' | tr '\n' ' ')" "3 3 " \
    "3 vertices, no edges: all isolated, all in bucket 0"

# The real converter, once built: what goes in comes out.
if command -v emogi-convert >/dev/null 2>&1; then
    printf '%s\n' "100 7" "42 42" "7 42" "1000000000000 7" "42 100" >sparse.el
    emogi-convert el sparse.el conv.csr --directed --relabel --keep-self-loops -q 2>conv.err
    emogi-info --edges --original-ids conv.csr | sort >conv.el
    sort sparse.el >want_sparse.el
    same_file conv.el want_sparse.el "emogi-convert --relabel, then --edges --original-ids: input edges back"
else
    skip "emogi-convert not built"
fi

plan "$_n" # trailing plan: the count follows the cases above
finish
