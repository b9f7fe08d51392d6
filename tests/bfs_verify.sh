#!/bin/sh
# emogi-verify bfs: accepts right depth files, and rejects each kind of
# wrong one with the violation named.  Files are written byte by byte here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 24

# depths FILE D0 D1 ...: little-endian uint32 per vertex, -1 for unreached
depths() {
    f=$1; shift
    : >"$f"
    for d in "$@"; do
        [ "$d" = -1 ] && d=4294967295
        # shellcheck disable=SC2059
        printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((d & 255)) $((d >> 8 & 255)) \
            $((d >> 16 & 255)) $((d >> 24 & 255)))" >>"$f"
    done
}

printf '0 1\n1 2\n2 3\n3 4\n' >path.el
emogi-convert el path.el path.csr -q --undirected || skip_all "emogi-convert cannot build graphs"
emogi-convert el path.el dpath.csr -q --directed
depths ok.bin 0 1 2 3 4
is "$(wc -c <ok.bin | tr -d ' ')" 20 "the test writes 4 bytes per depth"

# ---- right files ----
runs "hand-written depths of a path" emogi-verify bfs path.csr -s 0 ok.bin
is "$(cat .err)" "emogi-verify: ok.bin: ok: bfs from 0 reaches 5 of 5 vertices in 5 levels" \
    "the ok line summarises"
depths mid.bin 2 1 0 1 2
runs "depths from the middle" emogi-verify bfs path.csr -s 2 mid.bin
depths dmid.bin -1 -1 0 1 2
runs "a directed path: vertices before the source stay unreached" \
    emogi-verify bfs dpath.csr -s 2 dmid.bin
runs "depths on standard input" sh -c 'emogi-verify bfs path.csr -s 2 - <mid.bin'
for src in 0 3; do
    runs "emogi-bfs output from $src, through a pipe" \
        sh -c "emogi-bfs path.csr -s $src | emogi-verify bfs path.csr -s $src -"
done
printf '5 0\n0 1\n1 2\n2 3\n3 1\n3 4\n' >cycle.el
emogi-convert el cycle.el cycle.csr -q --directed
depths cyc.bin 1 2 3 4 5 0
runs "a directed cycle with a tail" emogi-verify bfs cycle.csr -s 5 cyc.bin

# ---- wrong files, one per rule ----
depths bad.bin 1 1 2 3 4
fails "source not at 0" 1 '^emogi-verify: bad\.bin: source 0 is at depth 1, not 0$' \
    emogi-verify bfs path.csr -s 0 bad.bin
depths bad.bin 0 1 2 3 -1
fails "unreached vertex with a reached in-neighbour" 1 \
    '^emogi-verify: bad\.bin: vertex 4 is unreached but its in-neighbour 3 is at depth 3$' \
    emogi-verify bfs path.csr -s 0 bad.bin
depths bad.bin 0 1 2 3 5
fails "an edge that skips a level" 1 \
    '^emogi-verify: bad\.bin: edge 3 -> 4 skips levels: depth 3 to depth 5$' \
    emogi-verify bfs path.csr -s 0 bad.bin
depths bad.bin 0 1 1 2 3
fails "a vertex without an in-neighbour one level up" 1 \
    '^emogi-verify: bad\.bin: vertex 2 at depth 1 has no in-neighbour at depth 0$' \
    emogi-verify bfs path.csr -s 0 bad.bin
printf '0 1\n1 2\n2 4\n' >lonely.el
emogi-convert el lonely.el lonely.csr -q --undirected
depths bad.bin 0 1 2 0 3
fails "a second vertex at depth 0" 1 '^emogi-verify: bad\.bin: vertex 3 is at depth 0 but is not the source$' \
    emogi-verify bfs lonely.csr -s 0 bad.bin
# directed: 2 -> 3 is an out-edge of a reached vertex, so 3 must be reached
depths bad.bin -1 -1 0 -1 -1
fails "directed: an out-neighbour left unreached" 1 \
    'vertex 3 is unreached but its in-neighbour 2 is at depth 0' \
    emogi-verify bfs dpath.csr -s 2 bad.bin
# directed: 4's only in-neighbour is 3, at depth 1, not 2
depths bad.bin -1 -1 0 1 3
fails "directed: a level skipped along an out-edge" 1 'edge 3 -> 4 skips levels' \
    emogi-verify bfs dpath.csr -s 2 bad.bin
depths bad.bin -1 -1 0 1 1
fails "directed: only an out-neighbour one level up is not a parent" 1 \
    'vertex 4 at depth 1 has no in-neighbour at depth 0' emogi-verify bfs dpath.csr -s 2 bad.bin

# ---- wrong sizes ----
head -c 16 ok.bin >short.bin
fails "a short file" 1 '^emogi-verify: short\.bin: 16 bytes, expected 20 \(4 bytes for each of 5 vertices\)$' \
    emogi-verify bfs path.csr -s 0 short.bin
cat ok.bin ok.bin >long.bin
fails "a long file" 1 'long\.bin: 40 bytes, expected 20' emogi-verify bfs path.csr -s 0 long.bin
fails "a long stream" 1 '^emogi-verify: standard input: more than 20 bytes, expected 20' \
    sh -c 'cat long.bin | emogi-verify bfs path.csr -s 0 -'

# ---- usage ----
fails "no source" 2 'usage: emogi-verify bfs' emogi-verify bfs path.csr ok.bin
fails "unknown algorithm" 2 "unknown algorithm 'dfs'" emogi-verify dfs path.csr -s 0 ok.bin
fails "source out of range" 1 'path\.csr: source 5 out of range \(compact ids 0\.\.4\)' \
    emogi-verify bfs path.csr -s 5 ok.bin
fails "missing depths file" 1 '^emogi-verify: none\.bin: ' emogi-verify bfs path.csr -s 0 none.bin
finish
