#!/bin/sh
# scc_gpu.sh - emogi-cc --strong on a GPU gives the CPU backend's labels,
# byte for byte, and passes emogi-verify scc, under every kernel and the
# device, zero-copy, UVM and hybrid placements (a directed graph's
# transpose split alike), on directed graphs of every shape tests/scc.sh
# checks against networkx: cycles, a DAG, a giant with tails, self-loops,
# kron with 4- and 8-byte ids and compressed lists, and an undirected
# graph.  Each run's --stats link figures must suit its placement.
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/link_stats.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

kernels="naive merged aligned"
places="device zerocopy uvm:read-mostly hybrid:1/4 hybrid:3/4"

check_graph() { # NAME GRAPH
    name=$1 g=$2
    if ! emogi-cc "$g" --strong --device cpu -o "$T/cpu.bin" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    w=$(info_num "$g" "id width")
    eb=$(list_bytes "$g" in)
    hybrid_budgets emogi-cc "$g" "$eb" --strong
    for k in $kernels; do
        for p in $places; do
            mem=${p%%:*}
            place_options "$p"
            d="$name, $k, $p"
            rm -f "$T/gpu.bin"
            # shellcheck disable=SC2086 # $place_opts is options and their values
            if ! emogi-cc "$g" --strong --device gpu --kernel "$k" --mem "$mem" $place_opts \
                --stats -o "$T/gpu.bin" 2>"$T/gpu.err"; then
                ok 1 "$d"; sed 's/^/# /' "$T/gpu.err" | head -5; continue
            fi
            if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
                ok 1 "$d"; diag "labels differ from --device cpu:"
                cmp "$T/cpu.bin" "$T/gpu.bin" 2>&1 | head -3 | sed 's/^/# /'; continue
            fi
            if ! hybrid_split_ok "$T/gpu.err"; then
                ok 1 "$d"; diag "not split at $hybrid_want of $hybrid_ne edges:"
                grep ' mem=' "$T/gpu.err" | sed 's/^/# /'; continue
            fi
            if ! emogi-verify scc "$g" "$T/gpu.bin" >"$T/.out" 2>"$T/.err"; then
                ok 1 "$d"; diag "emogi-verify scc:"; sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            line=$(grep '^emogi-cc: algorithm=' "$T/gpu.err" | tail -n 1)
            if ! why=$(link_check "$mem" "$w" "$line"); then
                ok 1 "$d"; diag "--stats: $why"; diag "$line"; continue
            fi
            ok 0 "$d"
        done
    done
}

ngraphs=7
plan $((ngraphs * 3 * 5 + ngraphs))

# 300 disjoint cycles of 2 to 40 vertices, ids interleaved
awk 'BEGIN { v = 0; for (c = 0; c < 300; c++) { n = 2 + c % 39; for (i = 0; i < n; i++) print v + i, v + (i + 1) % n; v += n } }' \
    >cycles.el
runs "cycles: convert" emogi-convert el cycles.el cycles.csr --directed --transpose -q
# edges only from lower to higher ids: every vertex its own component
awk 'BEGIN { srand(4); n = 6000; for (i = 0; i < 5 * n; i++) { u = int(rand() * n); v = int(rand() * n); if (u < v) print u, v; else if (v < u) print v, u } }' \
    >dag.el
runs "dag: convert" emogi-convert el dag.el dag.csr --directed --transpose -q
# a core cycle of 3000 with chords, and chains hanging in and out of it
awk 'BEGIN { srand(6); for (i = 0; i < 3000; i++) print i, (i + 1) % 3000
    for (i = 0; i < 9000; i++) print int(rand() * 3000), int(rand() * 3000)
    for (v = 3000; v < 8000; v++) { p = (v % 50) ? v - 1 : int(rand() * 3000); if (v % 2) print p, v; else print v, p } }' \
    >giant.el
runs "giant: convert" emogi-convert el giant.el giant.csr --directed --transpose -q
awk 'BEGIN { srand(9); n = 5000; for (v = 0; v < n; v += 3) print v, v; for (i = 0; i < 4000; i++) print int(rand() * n), int(rand() * n) }' \
    >loops.el
runs "self-loops: convert" emogi-convert el loops.el loops.csr --directed --transpose --keep-self-loops -q
runs "kron 14 directed: convert" emogi-convert kron -s 14 --directed --transpose k4.csr -q
runs "kron 12 directed, 8-byte compressed: convert" \
    emogi-convert kron -s 12 --directed --transpose --id-width 8 --compress k8.csr -q
runs "kron 12 undirected: convert" emogi-convert kron -s 12 u.csr -q

check_graph "cycles" cycles.csr
check_graph "dag" dag.csr
check_graph "giant" giant.csr
check_graph "self-loops" loops.csr
check_graph "kron 14 directed" k4.csr
check_graph "kron 12 directed, 8-byte compressed" k8.csr
check_graph "kron 12 undirected" u.csr
finish
