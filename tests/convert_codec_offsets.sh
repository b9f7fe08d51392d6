#!/bin/sh
# convert_codec_offsets.sh - a corrupt or truncated compressed input is
# refused naming the byte offset in the compressed file where decoding
# stopped: zlib, liblzma and libbz2 say how much input they consumed;
# libzstd and LZ4F are fed one block at a time, so a failed call starts
# at the damaged block (a failed content checksum: its own offset).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 13
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

# zstd and lz4 (with their content checksums, as the commands write by
# default), on an input of several blocks
awk 'BEGIN { for (i = 0; i < 300000; i++) print i, (i * 7919) % 300000 }' >big.el
for c in zstd:zst:stream lz4:lz4:frame; do
    name=${c%%:*} ext=${c#*:} ext=${ext%%:*} unit=${c##*:}
    if ! command -v "$name" >/dev/null || ! "$name" -q -c big.el >"w.el.$ext" ||
        ! emogi-convert el "w.el.$ext" ok.csr -q 2>/dev/null; then
        for k in 1 2 3 4 5; do skip "$name: no $name command, or this build does not decode it"; done
        continue
    fi
    size=$(wc -c <"w.el.$ext")
    # the last byte is the content checksum's: the checksum's first byte is named
    cp "w.el.$ext" "sum.el.$ext"
    printf '\377' | dd of="sum.el.$ext" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
    cmp -s "w.el.$ext" "sum.el.$ext" ||
        printf '\000' | dd of="sum.el.$ext" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
    fails "$name: a failed content checksum names its offset" 1 \
        "^emogi-convert: sum\\.el\\.$ext: corrupt $name $unit at byte $((size - 4)) of the compressed input: " \
        emogi-convert el "sum.el.$ext" bad.csr -q
    # damage in the middle: the block it lies in (or the checksum, where the
    # block decodes regardless) is named, at or before the damage
    cp "w.el.$ext" "mid.el.$ext"
    printf '\377\377\377\377\377\377\377\377' |
        dd of="mid.el.$ext" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
    emogi-convert el "mid.el.$ext" bad.csr -q 2>.err
    st=$?
    at=$(sed -n "s/^emogi-convert: mid\\.el\\.$ext: corrupt $name $unit at byte \\([0-9]*\\) of the compressed input: .*/\\1/p" .err)
    test "$st" -eq 1 && test -n "$at" && { test "$at" -le $((size / 2 + 7)) || test "$at" -eq $((size - 4)); } &&
        test "$at" -gt 0 && ! test -e bad.csr
    ok $? "$name: damage at byte $((size / 2)) is named where decoding stopped, at or before it (exit $st)"
    diag "$(cat .err)"
    # cut in the middle: the end of the input is named
    head -c $((size / 2)) "w.el.$ext" >"cut.el.$ext"
    fails "$name: a truncated $unit names where the input ends" 1 \
        "^emogi-convert: cut\\.el\\.$ext: truncated $name $unit: the input ends at byte $((size / 2))$" \
        emogi-convert el "cut.el.$ext" bad.csr -q
    no_files_like 'bad.csr*' "$name: no output or temporary file left"
    # a file the decoder's first read takes whole: an empty text, two edges
    : >e.el
    printf '0 1\n1 2\n' >t.el
    "$name" -q -c <e.el >"e.el.$ext" && "$name" -q -c <t.el >"t.el.$ext" &&
        emogi-convert el "e.el.$ext" e.csr -q && emogi-convert el "t.el.$ext" t.csr -q &&
        emogi-convert el t.el tp.csr -q && test "$(emogi-info --edges t.csr)" = "$(emogi-info --edges tp.csr)"
    ok $? "$name: an empty and a two-edge input, each read whole at once, convert"
done
finish
