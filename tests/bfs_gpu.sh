#!/bin/sh
# bfs_gpu.sh - every GPU kernel, in every direction (push, pull, auto;
# naive: push), under every placement (hybrid split at a quarter and three
# quarters of the edges) gives the CPU backend's depths, byte for byte,
# passes emogi-verify, and counts its link bytes on the right side of the
# placement (tests/lib/bfs_gpu.sh), on graphs chosen to stress the
# kernels: a star (one list of 100 000 entries, many 128-byte lines), a
# path with a leaf on every vertex (many degree-1 lists), and a directed
# graph read bottom-up through its transpose; 4- and 8-byte ids.
# Kronecker graphs and late parents: tests/bfs_gpu_kron.sh.  Skipped, with
# the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/bfs_gpu.sh" # skips all where no GPU is usable

ngraphs=5 nsetup=6 nother=7
plan $((ngraphs * per_graph + nsetup + nother))

# A star with 100 000 leaves, from the hub and from a leaf.
awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i }' >star.el
runs "star: convert, 4-byte ids" emogi-convert el star.el star4.csr --undirected -q
runs "star: convert, 8-byte ids" emogi-convert el star.el star8.csr --undirected --id-width 8 -q
# Vertex 1000 + i hangs off path vertex i: 1000 leaves of degree 1.
awk 'BEGIN { for (i = 0; i < 999; i++) print i, i + 1; for (i = 0; i < 1000; i++) print i, 1000 + i }' \
    >comb.el
runs "comb: convert" emogi-convert el comb.el comb.csr --undirected -q
# Directed: each vertex points at two others, multiplicatively scattered.
awk 'BEGIN { n = 5003; for (i = 0; i < n; i++) { print i, (i * 7 + 3) % n; print i, (i * 13 + 1) % n } }' \
    >dir.el
runs "directed: convert with its transpose" emogi-convert el dir.el dir4.csr --directed --transpose -q
runs "directed: convert without" emogi-convert el dir.el dirnt.csr --directed -q
ok "$(test -s star4.csr && test -s star8.csr && test -s comb.csr && test -s dir4.csr; echo $?)" \
    "graphs written"

check_graph "star from hub, 4-byte" star4.csr 0
check_graph "star from a leaf, 8-byte" star8.csr 77777
check_graph "comb, 4-byte" comb.csr 500
check_graph "directed, 4-byte" dir4.csr 0
check_graph "star from hub, 8-byte" star8.csr 0

fails "a directed graph without its transpose cannot go bottom-up" 1 "transpose" \
    emogi-bfs dirnt.csr -s 0 --device gpu --direction pull -o "$T/x.bin"
runs "... but auto goes top-down there" emogi-bfs dirnt.csr -s 0 --device gpu -o "$T/x.bin"

# The in-lists' first ids (--first-ids, on by default): from a leaf, the
# second bottom-up level finds the other 99 999 leaves, whose first (and
# only) in-neighbour is the hub, in device memory, with no line of their
# lists read; off, each reads its line (32 lists to a line)
link_of() { sed -n 's/^emogi-bfs: source=.* link_bytes=\([0-9]*\) .*/\1/p' "$1"; }
emogi-bfs star4.csr -s 77777 --device gpu --mem zerocopy --direction pull --stats \
    -o "$T/on.bin" 2>"$T/on.err"
emogi-bfs star4.csr -s 77777 --device gpu --mem zerocopy --direction pull --first-ids off \
    --stats -o "$T/off.bin" 2>"$T/off.err"
same_file "$T/on.bin" "$T/off.bin" "--first-ids off: the same depths"
on=$(link_of "$T/on.err") off=$(link_of "$T/off.err")
[ "${on:-0}" -gt 0 ] && [ "$on" -lt "${off:-0}" ]
ok $? "--first-ids: the leaves settled without reading their lines ($on < $off link bytes)"

# --stats: the component's edges, counted on the GPU from the depths
# there: the comb's 999 + 1000 and the star's 100 000 whichever the
# start, the directed graph's as the CPU counts them
comp_of() { sed -n 's/^emogi-bfs: source=.* component_edges=\([0-9]*\) .*/\1/p' "$1"; }
emogi-bfs comb.csr -s 1500 --device gpu --stats -o "$T/c.bin" 2>"$T/c.err"
is "$(comp_of "$T/c.err")" 1999 "--stats on the GPU: the comb's component edges"
emogi-bfs star8.csr -s 77777 --device gpu --mem zerocopy --stats -o "$T/c.bin" 2>"$T/c.err"
is "$(comp_of "$T/c.err")" 100000 "--stats on the GPU: the star's component edges, 8-byte ids"
emogi-bfs dir4.csr -s 9 --device gpu --stats -o "$T/c.bin" 2>"$T/c.err"
emogi-bfs dir4.csr -s 9 --device cpu --stats -o "$T/c.bin" 2>"$T/cpu.err"
cpu=$(comp_of "$T/cpu.err")
[ "${cpu:-0}" -gt 0 ] && [ "$(comp_of "$T/c.err")" = "$cpu" ]
ok $? "--stats on the GPU: a directed graph's component edges, as the CPU's ($cpu)"
finish
