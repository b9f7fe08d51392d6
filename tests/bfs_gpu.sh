#!/bin/sh
# bfs_gpu.sh - every GPU kernel, in every direction (push, pull, auto;
# naive: push), under every placement (hybrid split at a quarter and three
# quarters of the edges) gives the CPU backend's depths, byte for byte,
# passes emogi-verify, and counts its link bytes on the right side of the
# placement, on graphs chosen to stress the kernels: a star (one list of
# 100 000 entries, many 128-byte lines), Kronecker graphs (skewed
# degrees), a path with a leaf on every vertex (many degree-1 lists),
# directed graphs read bottom-up through their transpose, and a graph
# whose parents sit past the first line of every list; 4- and 8-byte ids.
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/hybrid.sh"
. "$top_srcdir/tests/lib/bfs_source.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"


kernels="naive merged aligned"
# hybrid:F: --mem hybrid under a --gpu-memory that splits the edges (and a
# directed graph's in-edges, at the same entry) at F
places="device zerocopy uvm:read-mostly uvm:accessed-by uvm:prefetch auto hybrid:1/4 hybrid:3/4"


# One GPU run against the CPU's depths; DIR is a --direction, empty for
# none.  With --stats on, the link figures are checked against the
# placement: nothing over the link from device memory, nothing from device
# memory in zero-copy.
check_run() { # DESCRIPTION GRAPH SOURCE KERNEL PLACE DIR
    d=$1 g=$2 s=$3 k=$4 p=$5 dir=$6
    mem=${p%%:*}
    place_options "$p"
    rm -f "$T/gpu.bin"
    # shellcheck disable=SC2086 # $place_opts is options and their values
    if ! emogi-bfs "$g" -s "$s" --device gpu --kernel "$k" --mem "$mem" $place_opts \
        ${dir:+--direction "$dir"} --stats -o "$T/gpu.bin" 2>"$T/stats.err"; then
        ok 1 "$d"; sed 's/^/# /' "$T/stats.err" | head -5; return
    fi
    if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
        ok 1 "$d"; diag "depths differ from --device cpu:"
        cmp "$T/cpu.bin" "$T/gpu.bin" 2>&1 | head -3 | sed 's/^/# /'; return
    fi
    if ! hybrid_split_ok "$T/stats.err"; then
        ok 1 "$d"; diag "not split at $hybrid_want of $hybrid_ne edges:"
        grep ' mem=' "$T/stats.err" | sed 's/^/# /'; return
    fi
    if ! emogi-verify bfs "$g" -s "$s" "$T/gpu.bin" >"$T/.out" 2>"$T/.err"; then
        ok 1 "$d"; diag "emogi-verify bfs:"; sed 's/^/# /' "$T/.err" | head -5; return
    fi
    link=$(sed -n 's/^emogi-bfs: source=.* link_bytes=\([0-9]*\) devmem_bytes=\([0-9]*\) .*/\1 \2/p' \
        "$T/stats.err")
    case "$mem:$link" in
    *:) ok 1 "$d"; diag "no link_bytes/devmem_bytes in --stats" ;;
    device:0\ 0 | zerocopy:0\ 0) ok 0 "$d" ;; # an isolated source reads nothing
    device:0\ * | zerocopy:*\ 0 | uvm:0\ * | auto:0\ * | hybrid:*) ok 0 "$d" ;;
    *) ok 1 "$d"; diag "$mem placement, but link_bytes devmem_bytes = $link" ;;
    esac
}

check_graph() { # NAME GRAPH SOURCE
    name=$1 g=$2 s=$3
    if ! emogi-bfs "$g" -s "$s" --device cpu -o "$T/cpu.bin" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err" | head -5; return
    fi
    for k in $kernels; do
        dirs="push pull auto"
        [ "$k" = naive ] && dirs=push
        for dir in $dirs; do
            # ids, twice for a directed graph read both ways (its transpose
            # is split alike)
            eb=$(info_num "$g" "id width")
            [ "$dir" != push ] && emogi-info "$g" | grep -q '^directed: yes$' && eb=$((eb * 2))
            hybrid_budgets emogi-bfs "$g" "$eb" -s "$s" --direction "$dir"
            for p in $places; do
                check_run "$name, $k, $dir, $p" "$g" "$s" "$k" "$p" "$dir"
            done
        done
    done
}

# kernels x directions (naive: push only) x placements
per_graph=$(( (1 + 3 + 3) * 8 ))
ngraphs=10 nsetup=11 nother=4
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
runs "directed kron: convert, 8-byte ids" \
    emogi-convert kron -s 12 --directed --transpose --id-width 8 dirk8.csr -q
runs "kron 14: convert, 4-byte ids" emogi-convert kron -s 14 --id-width 4 kron4.csr -q
runs "kron 14: convert, 8-byte ids" emogi-convert kron -s 14 --id-width 8 kron8.csr -q
# Bottom-up must read past the first line: 0 -- 20000+i -- 10000+i, and
# each 10000+i also meets the 40 decoys 100..139, which sort before its
# parent, so the parent sits at entry 40 of its list, past the first
# 128-byte line for either id width.
awk 'BEGIN { for (i = 0; i < 100; i++) { print 0, 20000 + i; print 20000 + i, 10000 + i;
             for (d = 100; d < 140; d++) print 10000 + i, d } }' >late.el
runs "late parents: convert, 4-byte ids" emogi-convert el late.el late4.csr --undirected -q
runs "late parents: convert, 8-byte ids" \
    emogi-convert el late.el late8.csr --undirected --id-width 8 -q
ok "$(test -s star4.csr && test -s kron8.csr && test -s late8.csr; echo $?)" "graphs written"

check_graph "star from hub, 4-byte" star4.csr 0
check_graph "star from a leaf, 8-byte" star8.csr 77777
check_graph "comb, 4-byte" comb.csr 500
check_graph "directed, 4-byte" dir4.csr 0
check_graph "directed kron, 8-byte" dirk8.csr "$(pick_source dirk8.csr)"
check_graph "kron 14, 4-byte" kron4.csr "$(pick_source kron4.csr)"
check_graph "kron 14, 8-byte" kron8.csr "$(pick_source kron8.csr)"
check_graph "star from hub, 8-byte" star8.csr 0
check_graph "late parents, 4-byte" late4.csr 0
check_graph "late parents, 8-byte" late8.csr 0

# The direction really switches, and bottom-up reads less than top-down.
emogi-bfs kron4.csr -s "$(pick_source kron4.csr)" --device gpu --direction push --stats \
    -o "$T/push.bin" 2>push.err
emogi-bfs kron4.csr -s "$(pick_source kron4.csr)" --device gpu --direction auto --stats \
    -o "$T/auto.bin" 2>auto.err
field() { sed -n "s/^emogi-bfs: source=.* $1=\([0-9]*\).*/\1/p" "$2"; }
ok "$(test "$(field pull_levels push.err)" = 0 && test "$(field pull_levels auto.err)" -gt 0
      echo $?)" "kron 14: auto runs bottom-up levels, push none"
ok "$(test "$(field edges_examined auto.err)" -lt "$(field edges_examined push.err)"; echo $?)" \
    "kron 14: direction-optimizing examines fewer edges than top-down"
fails "a directed graph without its transpose cannot go bottom-up" 1 "transpose" \
    emogi-bfs dirnt.csr -s 0 --device gpu --direction pull -o "$T/x.bin"
runs "... but auto goes top-down there" emogi-bfs dirnt.csr -s 0 --device gpu -o "$T/x.bin"
finish
