#!/bin/sh
# emogi-verify cc: accepts right label files, and rejects each kind of
# wrong one with the violation named.  Files are written byte by byte here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 15

# labels WIDTH FILE L0 L1 ...: little-endian uint32 or uint64 per vertex (< 256)
labels() {
    w=$1 f=$2; shift 2
    : >"$f"
    for l in "$@"; do
        # shellcheck disable=SC2059
        printf "$(printf '\\%03o' "$l")" >>"$f"
        # shellcheck disable=SC2059
        [ "$w" = 8 ] && printf '\000\000\000\000\000\000\000' >>"$f" || printf '\000\000\000' >>"$f"
    done
}

# two triangles {0,2,4} and {1,3,5}
printf '0 2\n2 4\n4 0\n1 3\n3 5\n5 1\n' >tri.el
emogi-convert el tri.el tri.csr -q --undirected || skip_all "emogi-convert cannot build graphs"
emogi-convert el tri.el tri8.csr -q --undirected --id-width 8
labels 4 ok.bin 0 1 0 1 0 1
is "$(wc -c <ok.bin | tr -d ' ')" 24 "the test writes 4 bytes per label"

runs "hand-written labels" emogi-verify cc tri.csr ok.bin
is "$(cat .err)" "emogi-verify: ok.bin: ok: 2 components in 6 vertices" "the ok line summarises"
labels 8 ok8.bin 0 1 0 1 0 1
runs "8-byte labels for 8-byte ids" emogi-verify cc tri8.csr ok8.bin
runs "labels on standard input" sh -c 'emogi-verify cc tri.csr - <ok.bin'
printf '3 0\n3 1\n2 5\n5 4\n' >weak.el
emogi-convert el weak.el weak.csr -q --directed
labels 4 weak.bin 0 0 2 0 2 2
runs "weak components of a directed graph (no transpose needed)" emogi-verify cc weak.csr weak.bin

# ---- wrong files, one per rule ----
labels 4 bad.bin 0 1 0 1 4 1
fails "an edge between two labels" 1 '^emogi-verify: bad\.bin: edge 0 -> 4 joins labels 0 and 4$' \
    emogi-verify cc tri.csr bad.bin
labels 4 bad.bin 2 1 2 1 2 1
fails "a label larger than the vertex" 1 \
    '^emogi-verify: bad\.bin: vertex 0 has label 2, larger than its own id$' \
    emogi-verify cc tri.csr bad.bin
labels 4 bad.bin 0 1 0 1 2 1
fails "a label that is not its class's own" 1 \
    '^emogi-verify: bad\.bin: vertex 4 has label 2, but vertex 2 has label 0' \
    emogi-verify cc tri.csr bad.bin
labels 4 bad.bin 0 0 0 0 0 0
fails "two components merged" 1 \
    '^emogi-verify: bad\.bin: vertex 1 has label 0 but no path joins it to vertex 0' \
    emogi-verify cc tri.csr bad.bin
labels 4 bad.bin 0 0 0 0 0 0
fails "directed: weak components merged" 1 'vertex 2 has label 0 but no path joins it' \
    emogi-verify cc weak.csr bad.bin
fails "8-byte labels for 4-byte ids" 1 'ok8\.bin' emogi-verify cc tri.csr ok8.bin
labels 4 short.bin 0 1 0 1 0
fails "one label missing" 1 'short\.bin' emogi-verify cc tri.csr short.bin

fails "no label file" 2 'usage: emogi-verify cc GRAPH LABELS' emogi-verify cc tri.csr
fails "a bad option" 2 'bad option' emogi-verify cc tri.csr ok.bin -x
finish
