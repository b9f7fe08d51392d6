#!/bin/sh
# cc_gpu.sh - every GPU algorithm x kernel x placement gives the CPU
# backend's labels, byte for byte, and passes emogi-verify cc, on graphs
# chosen to stress the kernels: a star (one list of 100 000 entries, read
# in pieces by every warp), a comb of degree-1 leaves, many small
# components, Kronecker graphs (skewed degrees, many isolated vertices),
# and directed graphs whose weak components need the placed transpose;
# 4- and 8-byte ids.  Each run's --stats link figures must suit its
# placement (device and uvm: no byte over the link; zerocopy: every byte
# over it) and cover what the algorithm must read, worked out from the
# graph (tests/lib/link_stats.sh): label propagation's first pass reads
# every list, in-lists too; Afforest samples the first two entries of
# every list and may skip the rest.
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/link_stats.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

algorithms="uf lp"
kernels="naive merged aligned"
# hybrid:F: --mem hybrid under a --gpu-memory that splits the edges (and a
# directed graph's in-edges, at the same entry) at F
all_places="device zerocopy uvm:read-mostly uvm:accessed-by uvm:prefetch auto hybrid:1/4 hybrid:3/4"
# The other UVM advice and auto change only the loader's calls, which the
# BFS tests cover; three graphs get them all, to keep this test short.
main_places="device zerocopy uvm:read-mostly hybrid:1/4 hybrid:3/4"

check_graph() { # NAME GRAPH PLACES
    name=$1 g=$2 places=$3
    if ! emogi-cc "$g" --device cpu -o "$T/cpu.bin" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    w=$(info_field 'id width' "$g")
    sides=1
    [ "$(info_field directed "$g")" = yes ] && sides=2
    min_lp=$(($(info_field edges "$g") * sides * w))
    min_uf=$(($(sampled_entries "$g" 2) * w))
    if [ "$min_uf" -eq 0 ]; then
        ok 1 "$name: no edges to read"; return
    fi
    eb=$(list_bytes "$g" in)
    hybrid_budgets emogi-cc "$g" "$eb"
    for a in $algorithms; do
        min=$min_uf
        [ "$a" = lp ] && min=$min_lp
        for k in $kernels; do
            for p in $places; do
                mem=${p%%:*}
                place_options "$p"
                d="$name, $a, $k, $p"
                rm -f "$T/gpu.bin"
                # shellcheck disable=SC2086 # $place_opts is options and their values
                if ! emogi-cc "$g" --device gpu --algorithm "$a" --kernel "$k" --mem "$mem" $place_opts \
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
                if ! emogi-verify cc "$g" "$T/gpu.bin" >"$T/.out" 2>"$T/.err"; then
                    ok 1 "$d"; diag "emogi-verify cc:"; sed 's/^/# /' "$T/.err" | head -5; continue
                fi
                line=$(grep '^emogi-cc: algorithm=' "$T/gpu.err" | tail -n 1)
                if ! why=$(link_check "$mem" "$min" "$line"); then
                    ok 1 "$d"; diag "--stats: $why"; diag "$line"; continue
                fi
                ok 0 "$d"
            done
        done
    done
}

nsetup=8
plan $(((3 * 8 + 4 * 5) * 2 * 3 + nsetup))

# A star with 100 000 leaves, its hub the largest id.
awk 'BEGIN { for (i = 0; i < 100000; i++) print 100000, i }' >star.el
runs "star: convert, 4-byte ids" emogi-convert el star.el star4.csr --undirected -q
# Vertex 1000 + i hangs off path vertex i; the path runs downwards.
awk 'BEGIN { for (i = 999; i > 0; i--) print i, i - 1; for (i = 0; i < 1000; i++) print 1000 + i, i }' \
    >comb.el
runs "comb: convert, 8-byte ids" emogi-convert el comb.el comb8.csr --undirected --id-width 8 -q
# 20 000 vertices, 9 000 random edges: thousands of small components.
awk 'BEGIN { srand(3); n = 20000; for (i = 0; i < 9000; i++) print int(rand() * n), int(rand() * n); print n - 1, 0 }' \
    >sparse.el
runs "sparse: convert" emogi-convert el sparse.el sparse4.csr --undirected -q
# Directed, weak components only: edges point from high ids to low.
awk 'BEGIN { srand(5); n = 5003; for (i = 0; i < 4000; i++) { u = int(rand() * n); v = int(rand() * n); if (u < v) { t = u; u = v; v = t } print u, v } print n - 1, 0 }' \
    >dir.el
runs "directed: convert with transpose" emogi-convert el dir.el dir4.csr --directed --transpose -q
runs "directed kron: convert with transpose, 8-byte ids" \
    emogi-convert kron -s 12 --directed --transpose --id-width 8 dirk8.csr -q
runs "kron 14: convert, 4-byte ids" emogi-convert kron -s 14 --id-width 4 kron4.csr -q
runs "kron 14: convert, 8-byte ids" emogi-convert kron -s 14 --id-width 8 kron8.csr -q
ok "$(test -s star4.csr && test -s kron8.csr; echo $?)" "graphs written"

check_graph "star, 4-byte" star4.csr "$all_places"
check_graph "directed, 4-byte" dir4.csr "$all_places"
check_graph "kron 14, 8-byte" kron8.csr "$all_places"
check_graph "comb, 8-byte" comb8.csr "$main_places"
check_graph "sparse, 4-byte" sparse4.csr "$main_places"
check_graph "directed kron, 8-byte" dirk8.csr "$main_places"
check_graph "kron 14, 4-byte" kron4.csr "$main_places"
finish
