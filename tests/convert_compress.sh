#!/bin/sh
# convert_compress.sh - compressed neighbour lists through the tools:
# every test graph converted with --compress and decoded back by
# emogi-convert csr --no-compress gives, byte for byte, the file the plain
# conversion writes (and compressing a plain file gives the --compress
# file); emogi-convert csr's other changes against the same graphs built
# directly; emogi-info's bits per link; and the tools that cannot read
# compressed lists yet refuse them (emogi-bfs reads them: bfs_compressed.sh).
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 38
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
conv() { emogi-convert "$@" -q; }
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }

# both_ways NAME CONVERT-ARGS... : plain P, compressed C, then the re-encodings
both_ways() {
    name=$1; shift
    conv "$@" "$name.csr" && conv "$@" "$name.c.csr" --compress &&
        conv csr "$name.c.csr" "$name.d.csr" --no-compress &&
        conv csr "$name.csr" "$name.e.csr" --compress
    st=$?
    if [ $st -eq 0 ] && cmp -s "$name.csr" "$name.d.csr" && cmp -s "$name.c.csr" "$name.e.csr"; then
        ok 0 "$name: --compress, then csr --no-compress, gives the plain file; csr --compress the compressed one"
    else
        ok 1 "$name: --compress and back"; diag "status $st"
    fi
}

both_ways el el "$DATA/convert_small.el"
both_ways wel wel "$DATA/convert_small.wel" --transpose
both_ways mtx mtx "$DATA/convert_general.mtx"
both_ways sym mtx "$DATA/convert_sym.mtx"
both_ways gr gr "$DATA/karate.gr"
both_ways sparse el "$DATA/convert_sparse.el" --relabel
both_ways cnr webgraph "$DATA/webgraph/cnr-2000"
both_ways cnrt webgraph "$DATA/webgraph/cnr-2000" --transpose --id-width 8
both_ways kron kron -s 12
both_ways urand urand -s 12 --weights random:1:100 --transpose --directed

is "$(emogi-info kron.c.csr | sed -n 's/^format version: //p')" 2 "a compressed file is format version 2"
is "$(emogi-info kron.csr | sed -n 's/^format version: //p')" 1 "a plain file stays version 1"
# cnr-2000: 3 of 4 gaps are 1, so the run masks take it far below 4-byte ids
cn=$(emogi-info cnr.c.csr | awk '$1 == "cneighbors" {print $3}')
ne=$(emogi-info cnr.c.csr | sed -n 's/^edges: //p')
awk -v b="$cn" -v e="$ne" 'BEGIN {exit !(8 * b / e < 8)}'
ok $? "cnr-2000 compressed: under 8 bits per link ($cn bytes for $ne links)"
want=$(awk -v b="$cn" -v e="$ne" 'BEGIN {x = 8 * b / e; printf "bits per link: cneighbors %.2f (%.3f of 4-byte ids)", x, x / 32}')
is "$(emogi-info cnr.c.csr | grep '^bits per link')" "$want" "emogi-info: bits per link of cneighbors"
is "$(emogi-info cnrt.csr | grep '^bits per link' | tr '\n' '/')" \
    "bits per link: neighbors 64.00 (2.000 of 4-byte ids)/bits per link: t_neighbors 64.00 (2.000 of 4-byte ids)/" \
    "emogi-info: bits per link of plain 8-byte ids, both directions"
emogi-info -j cnr.c.csr | grep -q '"bits_per_link":{"cneighbors":'
ok $? "emogi-info --json: bits_per_link"
is "$(emogi-info --edges cnr.c.csr | md5sum)" "$(emogi-info --edges cnr.csr | md5sum)" \
    "emogi-info --edges decodes compressed lists"

# csr's other changes, against the same graph built directly
conv csr urand.c.csr nw.csr --drop-weights --no-compress && conv urand -s 12 --transpose --directed ref.csr
is "$(dump --edges nw.csr | md5sum)" "$(dump --edges ref.csr | md5sum)" "csr --drop-weights: the unweighted graph"
is "$(dump nw.csr | grep -c weight)" "$(dump ref.csr | grep -c weight)" "csr --drop-weights: no weights left"
conv csr wel.csr w8.csr --id-width 8 --compress && conv csr w8.csr w4.csr --id-width 4 --no-compress
is "$(dump --edges w4.csr; dump --transpose w4.csr)" "$(dump --edges wel.csr; dump --transpose wel.csr)" \
    "csr --id-width 8 then 4: the same lists and weights"
conv csr urand.c.csr u8.csr --id-width 8
is "$(emogi-info u8.csr | sed -n 's/^id width: //p') $(emogi-info u8.csr | sed -n 's/^format version: //p')" "8 2" \
    "csr --id-width 8 keeps a compressed input compressed"
conv wel "$DATA/convert_small.wel" nt.csr && conv csr nt.csr tt.csr --transpose --compress &&
    conv csr tt.csr tp.csr --no-compress
is "$(dump --transpose tp.csr)" "$(dump --transpose wel.csr)" "csr --transpose: the in-edges with their weights"
dump --provenance tp.csr | grep -q '^recoded: emogi-convert .* csr --transpose$'
ok $? "csr --transpose: the provenance says so"

# refusals
fails "csr over its own input" 2 "same file as the input" emogi-convert csr kron.csr ./kron.csr
fails "csr refuses --relabel" 2 "--relabel does not apply" emogi-convert csr kron.csr x.csr --relabel
head -c 8192 /dev/zero >zero.csr
fails "csr of a file that is not a .csr" 1 "zero\.csr: byte 0: not a \.csr file \(bad magic\)$" emogi-convert csr zero.csr x.csr
# out of core, the merge encodes the lists itself
mkdir runs
EMOGI_CONVERT_RUN_EDGES=2 emogi-convert el "$DATA/convert_small.el" ooc.csr -q --compress \
    --tmpdir runs 2>ooc.err
is "$?" 0 "--compress when the graph goes out of core: converted"
same_file el.c.csr ooc.csr "... to the in-memory build's file (more in ooc.sh)"
# the CPU backends read compressed lists: the same results as the plain file's
emogi-sssp kron.csr -s 0 --unit-weights --device cpu -o sssp.p 2>/dev/null
emogi-sssp kron.c.csr -s 0 --unit-weights --device cpu -o sssp.c 2>/dev/null
same_file sssp.p sssp.c "emogi-sssp on the compressed file: the plain file's distances"
# weighted, past the CPU's threshold for threads (2^18 edges)
conv kron -s 14 --weights random:1:255 --seed 3 kw.csr && conv csr kw.csr kw.c.csr --compress
emogi-sssp kw.csr -s 1 --device cpu -o wsssp.p 2>/dev/null
emogi-sssp kw.c.csr -s 1 --device cpu -o wsssp.c 2>/dev/null
same_file wsssp.p wsssp.c "emogi-sssp, weights 1..255, compressed: the plain file's distances"
runs "... which emogi-verify accepts" emogi-verify sssp kw.c.csr -s 1 wsssp.c
for t in cc pagerank; do
    emogi-$t kron.csr --device cpu -o $t.p 2>/dev/null
    emogi-$t kron.c.csr --device cpu -o $t.c 2>/dev/null
    same_file $t.p $t.c "emogi-$t on the compressed file: the plain file's result"
done
# every bit of the compressed lists flipped in turn: emogi-info --edges
# (which decodes every list) lists the edges or refuses naming the file,
# never dies; most flips must be caught on open
sec() { emogi-info wel.c.csr | awk -v s="$1" '$1 == s {print $2, $3}'; }
flips=0 refused=0 bad=0
for s in cneighbors t_cneighbors; do
    set -- $(sec $s)
    i=$1
    while [ "$i" -lt $(($1 + $2)) ]; do
        b=$(od -An -tu1 -j "$i" -N1 wel.c.csr | tr -d ' ')
        for m in 1 2 4 8 16 32 64 128; do
            cp wel.c.csr m.csr
            printf "$(printf '\\%03o' $((b ^ m)))" | dd of=m.csr bs=1 seek="$i" conv=notrunc 2>/dev/null
            emogi-info --edges m.csr >/dev/null 2>m.err
            st=$?
            flips=$((flips + 1))
            if [ $st -eq 1 ] && grep -q '^emogi-info: m.csr: c*[a-z_]*neighbors' m.err; then
                refused=$((refused + 1))
            elif [ $st -ne 0 ]; then
                bad=$((bad + 1)); diag "byte $i ^ $m: status $st: $(head -1 m.err)"
            fi
        done
        i=$((i + 1))
    done
done
ok $bad "$flips bit flips in cneighbors and t_cneighbors: listed or refused naming the section, never a crash"
[ "$refused" -gt $((flips / 2)) ]
ok $? "most of them ($refused) refused on open"

runs "emogi-verify sssp reads a compressed file" \
    emogi-verify sssp kron.c.csr -s 0 --unit-weights sssp.p
runs "emogi-verify cc reads a compressed file" emogi-verify cc kron.c.csr cc.p
runs "emogi-verify pagerank reads a compressed file" emogi-verify pagerank kron.c.csr pagerank.p
finish
