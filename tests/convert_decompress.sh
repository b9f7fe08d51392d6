#!/bin/sh
# convert_decompress.sh - zstd, xz and bzip2 inputs, compressed by the real
# tools: a file, concatenated streams, standard input and binary ids each
# give, byte for byte, the .csr of the plain input (converted under the same
# name, so the provenance agrees); a truncated or corrupt file is refused
# naming the file, exit 1, no output, an existing output kept.  In a build
# without one of the libraries its files are refused naming the library.
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
SOURCE_DATE_EPOCH=0
export SOURCE_DATE_EPOCH
conv() { emogi-convert "$@" -q; }

# 40000 edges (about 400 KB of text: several of the reader's blocks)
awk 'BEGIN { print "# a comment"; for (i = 0; i < 40000; i++) print (i * 7919) % 5003, (i * 104729) % 4999 }' >g.txt
cat g.txt g.txt >gg.txt
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "%c%c%c%c%c%c%c%c", i % 256, int(i / 256), 0, 0, (i * 3) % 256, 0, 0, 0 }' >g.bin
cp g.txt in.el && conv el in.el plain.csr
cp gg.txt in.el && conv el in.el plain2.csr
cp g.bin in.bel && conv bel32 in.bel plainb.csr
conv el - stdin.csr <g.txt

# decodes TOOL NAME LIB PACKAGE: the checks for one compression (10 results)
decodes() {
    c=$1 name=$2 lib=$3 pkg=$4
    if ! command -v "$c" >/dev/null; then
        for i in 1 2 3 4 5 6 7 8 9 10; do skip "$c not installed"; done
        return
    fi
    "$c" -c <g.txt >in.el
    if ! conv el in.el x.csr 2>x.err && grep -q "needs an emogi built with" x.err; then
        is "$(cat x.err)" "emogi-convert: in.el: $name input needs an emogi built with $lib (install $pkg and re-run configure)" \
            "$name without $lib: refused naming the library"
        for i in 2 3 4 5 6 7 8 9 10; do skip "emogi built without $lib"; done
        return
    fi
    same_file x.csr plain.csr "$name: the plain input's .csr"
    "$c" -c <g.txt >a.z
    cat a.z a.z >in.el
    conv el in.el x.csr 2>x.err
    same_file x.csr plain2.csr "$name: two concatenated streams, the text twice"
    "$c" -c <g.txt | conv el - x.csr 2>x.err
    same_file x.csr stdin.csr "$name: standard input"
    "$c" -c <g.bin >in.bel
    conv bel32 in.bel x.csr 2>x.err
    same_file x.csr plainb.csr "$name: binary ids (bel32)"
    # cut in the middle of the data, and at the last byte
    size=$(wc -c <a.z)
    head -c $((size / 2)) a.z >in.el
    echo keep >out.csr
    fails "$name cut in half: truncated" 1 "^emogi-convert: in\\.el: truncated $name stream: the input ends at byte $((size / 2))$" \
        emogi-convert el in.el out.csr -q
    is "$(cat out.csr)" keep "$name cut in half: the existing output kept"
    no_files_like 'out.csr.*' "$name cut in half: no temporary file left"
    rm -f out.csr
    head -c $((size - 1)) a.z >in.el
    fails "$name without its last byte: truncated" 1 "^emogi-convert: in\\.el: truncated $name stream: the input ends at byte $((size - 1))$" \
        emogi-convert el in.el out.csr -q
    # a byte in the middle changed: the stream's checks catch it
    { head -c $((size / 2)) a.z; printf 'Z'; tail -c +$((size / 2 + 2)) a.z; } >in.el
    fails "$name with a byte changed: corrupt" 1 "^emogi-convert: in\\.el: corrupt $name stream" \
        emogi-convert el in.el out.csr -q
    no_files_like 'out.csr*' "$name with a byte changed: no output"
}

decodes zstd zstd libzstd libzstd-dev
decodes xz xz liblzma liblzma-dev
decodes bzip2 bzip2 libbz2 libbz2-dev
plan $_n
finish
