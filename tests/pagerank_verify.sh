#!/bin/sh
# pagerank_verify.sh - emogi-verify pagerank accepts fixed points and
# rejects what is not one: ranks moved between vertices, a negative rank,
# uniform ranks on a star, ranks that do not sum to 1, a tolerance or
# damping factor other than the ones used, and files of the wrong size;
# --compare measures the L1 distance between two results.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

plan 18

awk 'BEGIN { for (i = 1; i <= 6; i++) print 0, i }' >star.el
awk 'BEGIN { for (i = 0; i < 7; i++) print i, (i + 1) % 7 }' >cycle7.el
awk 'BEGIN { for (i = 0; i < 14; i++) print i, (i + 1) % 14 }' >cycle14.el
emogi-convert el star.el star.csr --undirected -q
emogi-convert el cycle7.el cycle7.csr --directed -q
emogi-convert el cycle14.el cycle14.csr --directed -q
emogi-pagerank --device cpu star.csr -o star.bin
emogi-pagerank --device cpu cycle7.csr -o uniform7.bin

# The overview's synopsis and the subcommand's usage both list every option.
is "$(emogi-verify --help | grep -c 'emogi-verify pagerank .*--weighted')" 1 \
    "emogi-verify --help: the pagerank synopsis lists --weighted"
is "$(emogi-verify pagerank --help | grep -c -e '--weighted')" 1 \
    "emogi-verify pagerank --help lists --weighted"

runs "the program's star ranks pass" emogi-verify pagerank star.csr star.bin
runs "the same from standard input" sh -c 'emogi-verify pagerank star.csr - <star.bin'

# Swap the hub's rank (vertex 0) with leaf 3's: same sum, not a fixed point.
dd if=star.bin of=hub.part bs=8 count=1 2>/dev/null
dd if=star.bin of=leaf.part bs=8 skip=3 count=1 2>/dev/null
cp star.bin swapped.bin
dd if=leaf.part of=swapped.bin bs=8 seek=0 conv=notrunc 2>/dev/null
dd if=hub.part of=swapped.bin bs=8 seek=3 conv=notrunc 2>/dev/null
fails "hub and leaf ranks swapped: rejected" 1 'not a fixed point' emogi-verify pagerank star.csr swapped.bin

# -1.0 as a little-endian float64 over vertex 2.
cp star.bin negative.bin
printf '\000\000\000\000\000\000\360\277' | dd of=negative.bin bs=8 seek=2 conv=notrunc 2>/dev/null
fails "a negative rank: rejected" 1 'vertex 2 has rank -1' emogi-verify pagerank star.csr negative.bin

# 1/7 everywhere is right for the 7-cycle and wrong for the 7-vertex star.
runs "uniform ranks on a cycle pass" emogi-verify pagerank cycle7.csr uniform7.bin
fails "uniform ranks on a star: rejected" 1 'not a fixed point' emogi-verify pagerank star.csr uniform7.bin
# 1/7 on 14 vertices: a fixed point's shape, but sums to 2.
cat uniform7.bin uniform7.bin >double.bin
fails "ranks summing to 2: rejected" 1 'sum to 2' emogi-verify pagerank cycle14.csr double.bin

fails "a tighter tolerance than was used: rejected" 1 'not a fixed point' \
    emogi-verify pagerank star.csr star.bin --tolerance 1e-12
fails "another damping factor: rejected" 1 'not a fixed point' \
    emogi-verify pagerank star.csr star.bin --damping 0.5

head -c 48 star.bin >short.bin
fails "a file too short: rejected, naming the sizes" 1 '48 bytes, expected 56' \
    emogi-verify pagerank star.csr short.bin
emogi-pagerank --device cpu star.csr --precision float32 -o star32.bin
fails "float32 ranks read as float64: wrong size" 1 '28 bytes, expected 56' \
    emogi-verify pagerank star.csr star32.bin
runs "float32 ranks with --precision float32 pass" emogi-verify pagerank star.csr star32.bin --precision float32

emogi-pagerank --device cpu star.csr --tolerance 1e-12 --max-iterations 1000 -o tight.bin
runs "--compare: two results at their tolerance agree" \
    emogi-verify pagerank star.csr star.bin --compare tight.bin
fails "--compare: the uniform ranks are too far from the star's" 1 'differs from .* by' \
    emogi-verify pagerank cycle7.csr uniform7.bin --compare star.bin
fails "--tolerance abc: usage error" 2 'bad tolerance' emogi-verify pagerank star.csr star.bin --tolerance abc
fails "no ranks given: usage error" 2 'usage' emogi-verify pagerank star.csr
finish
