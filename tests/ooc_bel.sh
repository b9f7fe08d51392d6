#!/bin/sh
# ooc_bel.sh - binary edge lists (bel32, bel64): the bytes are written here
# by awk + printf from text edge lists, so the expected graph is the text
# one; large ids, truncated files, the reserved id, compressed input and
# standard input, and runs on disk.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 18
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH

# bel WIDTH < "src dst" lines > binary: little-endian, byte by byte as octal escapes
bel() {
    printf "$(awk -v w="$1" '
        function le(x,   i, b) { for (i = 0; i < w; i++) { b = x % 256; x = (x - b) / 256;
                                  printf "\\%03o", b } }
        !/^[#%]/ && NF >= 2 { le($1); le($2) }')"
}

S="$DATA/convert_small.el"
bel 4 <"$S" >small.bel32
bel 8 <"$S" >small.bel64
is "$(wc -c <small.bel32 | tr -d ' ')" 56 "the test's bel32 file has 7 pairs of 4 bytes"
emogi-convert el "$S" ref.csr -q
emogi-convert bel32 small.bel32 b32.csr -q
is "$(emogi-info --edges b32.csr)" "$(emogi-info --edges ref.csr)" "bel32 gives the el graph"
emogi-convert bel64 small.bel64 b64.csr -q
is "$(emogi-info --edges b64.csr)" "$(emogi-info --edges ref.csr)" "bel64 gives the el graph"
emogi-convert bel32 small.bel32 b32u.csr -q --undirected
emogi-convert el "$S" refu.csr -q --undirected
is "$(emogi-info --edges b32u.csr)" "$(emogi-info --edges refu.csr)" "bel32 --undirected"

# ids past 2^31 and 2^32 (unsigned, not sign-extended)
printf '4000000000 7\n7 4000000000\n' | bel 4 >big.bel32
emogi-convert bel32 big.bel32 big32.csr -q --relabel
is "$(emogi-info --edges --original-ids big32.csr | tr '\n' ' ')" "7 4000000000 4000000000 7 " \
    "bel32 ids are unsigned 32-bit"
printf '5000000000 7\n7 5000000000\n' | bel 8 >big.bel64
emogi-convert bel64 big.bel64 big64.csr -q --relabel
is "$(emogi-info --edges --original-ids big64.csr | tr '\n' ' ')" "7 5000000000 5000000000 7 " \
    "bel64 holds ids past 2^32"

# truncated input: the offset of the partial pair
cp small.bel32 trunc.bel32
printf 'abc' >>trunc.bel32
fails "a trailing partial pair is an error" 1 'trunc.bel32: byte offset 56: 3 trailing bytes' \
    emogi-convert bel32 trunc.bel32 t.csr
no_files_like 't.csr*' "... leaving no output"
printf '\377\377\377\377\377\377\377\377\0\0\0\0\0\0\0\0' >>small.bel64
fails "bel64's reserved id is an error naming its offset" 1 'byte offset 112: id 18446744073709551615 is reserved' \
    emogi-convert bel64 small.bel64 r.csr
# both faults: the first in the file is reported, whatever the block size
printf 'xyz' >>small.bel64
fails "a reserved id before a partial pair is the error reported" 1 \
    'byte offset 112: id 18446744073709551615 is reserved' emogi-convert bel64 small.bel64 r.csr
bel 8 <"$S" >small.bel64

# compressed, standard input, both
gzip -c small.bel32 >small.bel32.gz
emogi-convert bel32 small.bel32.gz gz.csr -q
is "$(emogi-info --edges gz.csr)" "$(emogi-info --edges ref.csr)" "gzip-compressed bel32"
if command -v lz4 >/dev/null 2>&1; then
    lz4 -q -c small.bel64 >small.bel64.lz4
    emogi-convert bel64 small.bel64.lz4 lz.csr -q
    is "$(emogi-info --edges lz.csr)" "$(emogi-info --edges ref.csr)" "lz4-compressed bel64"
else
    skip "lz4 not installed"
fi
emogi-convert bel64 - in.csr -q <small.bel64
is "$(emogi-info --edges in.csr)" "$(emogi-info --edges ref.csr)" "bel64 on standard input"
gzip -c small.bel32 | emogi-convert bel32 - ingz.csr -q
is "$(emogi-info --edges ingz.csr)" "$(emogi-info --edges ref.csr)" "gzip bel32 on standard input"
printf 'ab' | emogi-convert bel32 - x.csr 2>x.err
is "$?" 1 "a partial pair on standard input fails"
grep -q '<stdin>: byte offset 0: 2 trailing bytes' x.err
ok $? "... naming standard input and the offset"

# through runs on disk, from standard input
emogi-convert kron -s 9 --directed --keep-duplicates --keep-self-loops k.csr -q
emogi-info --edges k.csr | bel 4 >k.bel32
emogi-convert bel32 - km.csr -q --undirected <k.bel32
cat k.bel32 | EMOGI_CONVERT_RUN_EDGES=1000 emogi-convert bel32 - ko.csr -q --undirected --tmpdir . \
    --stats 2>ko.err
same_file km.csr ko.csr "bel32 from a pipe through runs: the in-memory file"
grep -q 'out of core: [0-9]* runs' ko.err
ok $? "... and it did go through runs"
finish
