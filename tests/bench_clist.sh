#!/bin/sh
# bench_clist.sh - bench/clist-compare, which weighs emogi's compressed lists
# against mode-0 bit packing and Elias-Fano per block: sizes worked out by
# hand on five lists, every codec round-tripping every list of cnr-2000
# (out- and in-lists, plain and compressed files) and of a Kronecker graph
# with 8-byte ids, and a damaged codec caught at the vertex damaged.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
CMP="$EMOGI_BIN/bench/clist-compare"
[ -x "$CMP" ] || skip_all "bench/clist-compare is not built"
plan 13
# the bytes column of each row: 1-emogi/lib 1-emogi 2-pack 2-pack/lib 3-ef
sizes() { awk '$1 ~ /^[0-9]/ {printf "%s ", $2}' "$@"; }

# Five lists (bytes worked out by hand: emogi / pack / Elias-Fano), every
# block two header bytes, then f bits of zigzag(x0 - u), then the rest:
#  0 -> 1..32: f=2; gaps all 1: mode 0 at b=1 (33 bits, 5 bytes, a tie
#     with mode 1) 7 / 7; EF l=floor(log2(31/31))=0, high bits 61+1 -> 8 B: 10
#  1 -> 0 2 .. 62: f=1 (zz(-1)=1); gaps 2 at b=2: 63 bits -> 10 / 10; EF
#     l=1: 31 low bits, highs i at bit 2i-1 (62 bits): 1+31+62=94 -> 14
#  2 -> 3 40..70: f=2; gaps 37 and 30 ones: mode 1 is 2+31+6=39 bits -> 7;
#     pack 2+31*6=188 -> 26; EF top 67, l=1: 2+31+(33+30+1)=97 -> 15
#  3 -> 4 6 .. 64 1064: f=2; 30 gaps of 2, one of 1000 (10 bits): 2+310
#     bits -> 41 / 41; EF top 1060, l=5: 2+155+(33+30+1)=221 -> 30
#  4 -> 4: a self-loop, f=0, no other bits: 2 / 2 / 2
{
    for i in $(seq 1 32); do echo "0 $i"; done
    for i in $(seq 0 2 62); do echo "1 $i"; done
    echo "2 3"; for i in $(seq 40 70); do echo "2 $i"; done
    for i in $(seq 4 2 64); do echo "3 $i"; done; echo "3 1064"
    echo "4 4"
} >hand.el
emogi-convert el hand.el hand.csr --directed --keep-self-loops -q
emogi-convert el hand.el handz.csr --directed --keep-self-loops --compress -q
"$CMP" --check hand.csr >out
is "$(sizes out)" "67 67 86 86 71 " "five hand-worked lists: 67, 86 and 71 bytes"
"$CMP" --check handz.csr >outz
is "$(sizes outz)" "67 67 86 86 71 " "the same from the compressed file (codec 1 is the file's)"
runs "timed runs decode every codec" "$CMP" --reps 1 hand.csr
is "$(awk '$1 ~ /^[0-9]/ && NF == 7' "$T/.out" | wc -l | tr -d ' ')" 5 \
    "a timed run reports 5 rows with their speeds"

# The damage flips the lowest bit of vertex 2's first id (zz(3-2) = 2 ->
# 3, which reads as 2 - 2 = 0): each codec's check must name vertex 2.
fails "a damaged codec 1 is caught at vertex 2" 1 \
    "codec 1-emogi/lib: vertex 2: entry 0 decodes to 0, not 3" "$CMP" --check --damage 1:2 hand.csr
fails "a damaged codec 2 is caught at vertex 2" 1 \
    "codec 2-pack: vertex 2: entry 0 decodes to 0, not 3" "$CMP" --check --damage 2:2 hand.csr
fails "a damaged codec 3 is caught at vertex 2" 1 \
    "codec 3-ef: vertex 2: entry 0 decodes to 0, not 3" "$CMP" --check --damage 3:2 hand.csr

# cnr-2000: lists up to 18234 long (skip indexes), runs and web locality
emogi-convert webgraph "$DATA/webgraph/cnr-2000" cnr.csr --transpose -q
emogi-convert webgraph "$DATA/webgraph/cnr-2000" cnrz.csr --transpose --compress -q
runs "cnr-2000 out-lists round-trip through every codec" "$CMP" --check cnr.csr
runs "cnr-2000 in-lists round-trip through every codec" "$CMP" --check --transpose cnr.csr
runs "the compressed cnr-2000 file's lists are codec 1's" "$CMP" --check cnrz.csr
emogi-convert kron -s 12 k.csr --id-width 8 -q
runs "Kronecker scale 12, 8-byte ids, round-trips" "$CMP" --check k.csr

fails "no stored in-lists is an error" 1 "hand\.csr: --transpose: the file stores no in-lists" \
    "$CMP" --check --transpose hand.csr
fails "a usage error exits 2" 2 "usage: clist-compare" "$CMP" --damage 4:2 hand.csr
finish
