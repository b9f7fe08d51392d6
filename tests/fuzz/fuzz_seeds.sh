#!/bin/sh
# fuzz_seeds.sh NAME SRCDIR DIR - write the seed corpus of fuzz target NAME
# into DIR: the small inputs of tests/data, or files packed the way the
# target reads them (see its comment); csr and sg seeds are made by
# emogi-convert (and emogi-export) from $EMOGI_BIN.
set -eu
name=$1 src=$2 dir=$3
data=$src/tests/data

# pack_csr FILE.csr SEED: switches 0x7, then the first 512 bytes of each page
pack_csr() {
    pages=$(($(wc -c <"$1") / 4096)) k=0
    { printf '\007'; while [ $k -lt $pages ]; do
        dd if="$1" bs=512 skip=$((k * 8)) count=1 2>/dev/null; k=$((k + 1)); done; } >"$2"
}

# pack_webgraph BASENAME SEED [no-offsets]: properties, NUL, graph length, graph, offsets
pack_webgraph() {
    n=$(wc -c <"$1.graph")
    { cat "$1.properties"; printf '\000'; printf "\\$(printf %o $((n % 256)))\\$(printf %o $((n / 256)))"
      cat "$1.graph"; [ $# -gt 2 ] || cat "$1.offsets"; } >"$2"
}

case $name in
el | wel | mtx | gr)
    for s in "$data"/*."$name"; do cp "$s" "$dir/"; done ;;
input)
    cp "$data"/tiny* "$dir/" ;;
csv) # byte 0: the options (fuzz_csv.c): delimiter, --header, --columns
    printf '\000# Nodes: 5 Edges: 3\n0,1\n"2" , 3,x\n"4","0"\r\n' >"$dir/quoted.csv"
    printf '\0001,2,"a ""b"" c"\n\n%% c\n3,4\n' >"$dir/doubled.csv"
    # a name longer than any number: leading zeros (a crash of the harness once)
    printf '\000"4",%080d\n7,0\n' 7 >"$dir/zeros.csv"
    # SNAP: tab, a header, '# Nodes:' after it
    printf '\005From\tTo\n# Nodes: 9\n0\t1\n2\t"3"\n' >"$dir/snap.tsv"
    # LDBC: '|', a header, columns by name s,d,w
    printf '\126s|x|d|w\n1|a|2|3.5\n"2"|b|0|7\n' >"$dir/ldbc.csv"
    # ';', no header, columns 1,2,3: weights
    printf '\0231;2;4\n3;1;0.25\n' >"$dir/semi.csv" ;;
bel) # byte 0: bel32 / bel64 and the block size; then pairs of ids
    printf '\004\000\000\000\000\001\000\000\000\001\000\000\000\002\000\000\000' >"$dir/pairs32"
    printf '\005\000\000\000\000\000\000\000\000\377\377\377\377\001\000\000\000' >"$dir/pairs64"
    # a banner after 19 blanks, read in 21-byte blocks (a disagreement once)
    printf '\013\013\013\013\013\013\013\011\011\011\011\013\013\013  \011\013\013%%%%MatrixMarket\013!' >"$dir/banner" ;;
adj)
    printf '4\n1 2\n2\n\n0 1 3\n' >"$dir/four.adj"
    printf '3\n  2 1\t0\n\n' >"$dir/blanks.adj" ;;
metis)
    cp "$data/karate.graph" "$dir/"
    printf '%% w\n3 2 011 2\n5 6 2 7\n1 4 1 7 3 9\n%% c\n0 0 2 9\n' >"$dir/w.graph" ;;
sg) # byte 0: sg / wsg and the block size; then the file, made by emogi-export
    t=$(mktemp -d "${TMPDIR:-/tmp}/emogi-seeds.XXXXXX")
    trap 'rm -rf "$t"' EXIT
    conv="$EMOGI_BIN/emogi-convert" ex="$EMOGI_BIN/emogi-export"
    "$conv" el "$data/tiny.el" "$t/d.csr" -q
    "$conv" wel "$data/convert_small.wel" "$t/u.csr" -q --undirected
    "$ex" sg "$t/d.csr" "$t/d.sg" -q && "$ex" wsg "$t/u.csr" "$t/u.wsg" -q
    { printf '\000'; cat "$t/d.sg"; } >"$dir/directed"
    { printf '\005'; cat "$t/u.wsg"; } >"$dir/undirected-weighted" ;;
webgraph)
    pack_webgraph "$data/webgraph/tiny" "$dir/tiny"
    pack_webgraph "$data/webgraph/tiny" "$dir/tiny-no-offsets" no-offsets ;;
csr)
    t=$(mktemp -d "${TMPDIR:-/tmp}/emogi-seeds.XXXXXX")
    trap 'rm -rf "$t"' EXIT
    conv="$EMOGI_BIN/emogi-convert"
    "$conv" el "$data/tiny.el" "$t/a.csr" -q --transpose
    "$conv" wel "$data/tiny.wel" "$t/b.csr" -q --transpose --id-width 8
    "$conv" wel "$data/tiny_real.wel" "$t/c.csr" -q --undirected --relabel
    "$conv" wel "$data/tiny.wel" "$t/d.csr" -q --transpose --compress
    "$conv" kron -s 6 "$t/e.csr" -q --compress --id-width 8
    # part files: a plain directed part with its in-lists, a compressed 8-byte one
    "$conv" csr "$t/a.csr" "$t/f" -q --partitions 2
    "$conv" csr "$t/e.csr" "$t/g" -q --partitions 3 --transpose
    cp "$t/f.1" "$t/f.csr" && cp "$t/g.1" "$t/g.csr"
    for g in a b c d e f g; do pack_csr "$t/$g.csr" "$dir/$g"; done ;;
*)
    echo "fuzz_seeds.sh: no fuzz target '$name'" >&2; exit 2 ;;
esac
