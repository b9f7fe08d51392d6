#!/bin/sh
# emogi-verify sssp: accepts right distance files, and rejects each kind of
# wrong one with the violation named.  Files are written byte by byte here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 21

# dist FILE D0 D1 ...: little-endian uint64 per vertex, -1 for unreached
dist() {
    f=$1; shift
    : >"$f"
    for d in "$@"; do
        # shellcheck disable=SC2059
        printf "$(printf '\\%03o\\%03o\\%03o\\%03o\\%03o\\%03o\\%03o\\%03o' \
            $((d & 255)) $((d >> 8 & 255)) $((d >> 16 & 255)) $((d >> 24 & 255)) \
            $((d >> 32 & 255)) $((d >> 40 & 255)) $((d >> 48 & 255)) $((d >> 56 & 255)))" >>"$f"
    done
}

# fdist FILE HEX0 HEX1 ...: float32 per vertex, given as its bit pattern
fdist() {
    f=$1; shift
    : >"$f"
    for h in "$@"; do
        d=$((0x$h))
        # shellcheck disable=SC2059
        printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((d & 255)) $((d >> 8 & 255)) \
            $((d >> 16 & 255)) $((d >> 24 & 255)))" >>"$f"
    done
}

# 0 -1-> 2 -2-> 1 -5-> 3 -0-> 4, and 0 -4-> 1, 2 -8-> 3; 5 -3-> 6 apart
printf '0 1 4\n0 2 1\n2 1 2\n1 3 5\n2 3 8\n3 4 0\n5 6 3\n' >g.wel
emogi-convert wel g.wel g.csr -q --directed || skip_all "emogi-convert cannot build graphs"
dist ok.bin 0 3 1 8 8 -1 -1
is "$(wc -c <ok.bin | tr -d ' ')" 56 "the test writes 8 bytes per distance"

# ---- right files ----
runs "hand-written distances" emogi-verify sssp g.csr -s 0 ok.bin
is "$(cat .err)" "emogi-verify: ok.bin: ok: sssp from 0 reaches 5 of 7 vertices, farthest at 8" \
    "the ok line summarises"
dist from5.bin -1 -1 -1 -1 -1 0 3
runs "from the other part" emogi-verify sssp g.csr -s 5 from5.bin
runs "distances on standard input" sh -c 'emogi-verify sssp g.csr -s 0 - <ok.bin'
runs "emogi-sssp output, through a pipe" \
    sh -c 'emogi-sssp g.csr -s 0 --device cpu | emogi-verify sssp g.csr -s 0 -'
dist unit.bin 0 1 1 2 3 -1 -1
runs "unit weights" emogi-verify sssp g.csr -s 0 --unit-weights unit.bin

# ---- wrong files, one per rule ----
dist bad.bin 1 3 1 8 8 -1 -1
fails "source not at 0" 1 '^emogi-verify: bad\.bin: source 0 is at distance 1, not 0$' \
    emogi-verify sssp g.csr -s 0 bad.bin
dist bad.bin 0 3 1 9 9 -1 -1
fails "an edge that can still be relaxed" 1 \
    '^emogi-verify: bad\.bin: edge 1 -> 3 of weight 5 can still be relaxed: 3 \+ 5 < 9$' \
    emogi-verify sssp g.csr -s 0 bad.bin
dist bad.bin 0 3 1 8 -1 -1 -1
fails "unreached vertex with a reached in-neighbour" 1 \
    'vertex 4 is unreached but its in-neighbour 3 at distance 8 has an edge of weight 0 to it$' \
    emogi-verify sssp g.csr -s 0 bad.bin
dist bad.bin 0 3 1 7 7 -1 -1
fails "a distance no in-edge achieves" 1 \
    '^emogi-verify: bad\.bin: vertex 3 at distance 7 has no in-edge that achieves it$' \
    emogi-verify sssp g.csr -s 0 bad.bin
dist bad.bin 0 3 1 8 8 100 103
fails "an unreachable vertex given a distance" 1 \
    'vertex 5 at distance 100 has no in-edge that achieves it$' \
    emogi-verify sssp g.csr -s 0 bad.bin
fails "BFS depths are not weighted distances" 1 'can still be relaxed|no in-edge' \
    emogi-verify sssp g.csr -s 0 unit.bin

# 2 and 3 hold each other up through zero-weight edges, unreachable from 0
printf '0 1 1\n2 3 0\n3 2 0\n' >zc.wel
emogi-convert wel zc.wel zc.csr -q --directed
dist zc.bin 0 1 5 5
fails "a zero-weight cycle cut off from the source" 1 \
    'vertex 2 at distance 5 is not reached from the source along edges that achieve' \
    emogi-verify sssp zc.csr -s 0 zc.bin
dist zc.bin 0 1 -1 -1
runs "... and the right answer for it" emogi-verify sssp zc.csr -s 0 zc.bin

# float distances: 0 0.375 0.25 5.375 from 0
printf '0 1 0.5\n0 2 0.25\n2 1 0.125\n1 3 5\n' >f.wel
emogi-convert wel f.wel f.csr -q --directed
fdist f.bin 0 3ec00000 3e800000 40ac0000
runs "float distances" emogi-verify sssp f.csr -s 0 f.bin
fdist bad.bin 0 3f000000 3e800000 40ac0000
fails "float: 0.5 where 0.375 is possible" 1 'edge 2 -> 1 of weight 0.125 can still be relaxed' \
    emogi-verify sssp f.csr -s 0 bad.bin
fdist bad.bin 0 3ec00000 7fc00000 40ac0000
fails "float: NaN" 1 'vertex 2 has distance nan' emogi-verify sssp f.csr -s 0 bad.bin
fdist bad.bin 0 3ec00000 3e800000 7f800000
fails "float: +infinity (unreached) for a reachable vertex" 1 'vertex 3 is unreached' \
    emogi-verify sssp f.csr -s 0 bad.bin

# ---- usage ----
fails "wrong size" 1 'expected 56' emogi-verify sssp g.csr -s 0 f.bin
fails "no source" 2 'usage: emogi-verify sssp' emogi-verify sssp g.csr ok.bin
finish
