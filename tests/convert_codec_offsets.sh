#!/bin/sh
# convert_codec_offsets.sh - a corrupt gzip, xz or bzip2 input is refused
# naming the byte offset in the compressed file where the decoder stopped
# (zlib, liblzma and libbz2 say how much input they consumed; libzstd
# and LZ4F do not on an error, so their messages carry no offset).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 3
i=0
while [ "$i" -lt 3000 ]; do echo "$i $((i + 1))"; i=$((i + 1)); done >g.el
for c in gzip:gz xz:xz bzip2:bz2; do
    name=${c%%:*} ext=${c#*:}
    if ! command -v "$name" >/dev/null || ! "$name" -c g.el >"g.el.$ext" ||
        ! emogi-convert el "g.el.$ext" ok.csr -q 2>/dev/null; then
        skip "$name: no $name command, or this build does not decode it"
        continue
    fi
    size=$(wc -c <"g.el.$ext")
    printf '\377\377\377\377\377\377\377\377' |
        dd of="g.el.$ext" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
    fails "$name: a corrupt stream names its byte offset" 1 \
        "g\\.el\\.$ext: corrupt $name stream at byte [0-9]+ of the compressed input" \
        emogi-convert el "g.el.$ext" bad.csr -q
done
finish
