#!/bin/sh
# sssp_gpu.sh - every GPU kernel under every placement gives the CPU
# backend's distances, byte for byte, and passes emogi-verify: Kronecker
# graphs with uint32 weights (skewed degrees, 4- and 8-byte ids), a star
# whose hub list (100 000 entries) goes through the shared heavy-list
# launch, float weights that round (0.1 steps), and unit weights.  Each
# run's --stats link figures must suit its placement (device and uvm: no
# byte over the link; zerocopy: every byte over it) and cover at least
# the ids and weights of every reached vertex's out-list, worked out from
# the graph (tests/lib/link_stats.sh).
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/link_stats.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

kernels="naive merged aligned"
# hybrid:F: --mem hybrid under a --gpu-memory that splits the edges at F
places="device zerocopy uvm:read-mostly uvm:accessed-by uvm:prefetch auto hybrid:1/4 hybrid:3/4"

# A source with out-edges (Kronecker graphs leave many vertices isolated).
pick_source() { # GRAPH [SSSP OPTIONS]
    emogi-sssp "$@" -n 1 --seed 3 --device cpu --stats 2>&1 >/dev/null |
        sed -n 's/^emogi-sssp: source=\([0-9]*\) .*/\1/p' | head -n 1
}

check_graph() { # NAME GRAPH SOURCE [SSSP OPTIONS]
    name=$1 g=$2 s=$3
    shift 3
    if ! emogi-sssp "$g" -s "$s" --device cpu -o "$T/cpu.bin" "$@" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    # Bytes every search must read: each reached list's ids, and its
    # weights (4 bytes each) unless they are all 1.
    entry=$(info_field 'id width' "$g")
    case " $* " in *" --unit-weights "*) ;; *) entry=$((entry + 4)) ;; esac
    min=$(($(reached_entries "$g" "$s") * entry))
    if [ "$min" -eq 0 ]; then
        ok 1 "$name: no edges reached from $s"; return
    fi
    # ids, and the weights beside them unless --unit-weights
    eb=$(info_num "$g" "id width")
    case " $* " in *" --unit-weights "*) ;; *) eb=$((eb + 4)) ;; esac
    hybrid_budgets emogi-sssp "$g" "$eb" -s "$s" "$@"
    for k in $kernels; do
        for p in $places; do
            mem=${p%%:*}
            place_options "$p"
            d="$name, $k, $p"
            rm -f "$T/gpu.bin"
            # shellcheck disable=SC2086 # $place_opts is options and their values
            if ! emogi-sssp "$g" -s "$s" --device gpu --kernel "$k" --mem "$mem" $place_opts \
                --stats -o "$T/gpu.bin" "$@" 2>"$T/gpu.err"; then
                ok 1 "$d"; sed 's/^/# /' "$T/gpu.err" | head -5; continue
            fi
            if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
                ok 1 "$d"; diag "distances differ from --device cpu:"
                cmp "$T/cpu.bin" "$T/gpu.bin" 2>&1 | head -3 | sed 's/^/# /'; continue
            fi
            if ! hybrid_split_ok "$T/gpu.err"; then
                ok 1 "$d"; diag "not split at $hybrid_want of $hybrid_ne edges:"
                grep ' mem=' "$T/gpu.err" | sed 's/^/# /'; continue
            fi
            if ! emogi-verify sssp "$g" -s "$s" "$@" "$T/gpu.bin" >"$T/.out" 2>"$T/.err"; then
                ok 1 "$d"; diag "emogi-verify sssp:"; sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            line=$(grep '^emogi-sssp: source=' "$T/gpu.err" | tail -n 1)
            if ! why=$(link_check "$mem" "$min" "$line"); then
                ok 1 "$d"; diag "--stats: $why"; diag "$line"; continue
            fi
            ok 0 "$d"
        done
    done
}

ngraphs=6 nsetup=7
plan $((ngraphs * 3 * 8 + nsetup))

runs "kron 12: convert, 4-byte ids" \
    emogi-convert kron -s 12 --id-width 4 --weights random:8:72 kw4.csr -q
runs "kron 12: convert, 8-byte ids" \
    emogi-convert kron -s 12 --id-width 8 --weights random:8:72 kw8.csr -q
runs "kron 12 unweighted: convert" emogi-convert kron -s 12 k4.csr -q
# A star with 100 000 leaves, weights 1..50.
awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i, i % 50 + 1 }' >star.wel
runs "star: convert, 8-byte ids" emogi-convert wel star.wel star8.csr --undirected --id-width 8 -q
# Hubs at low ids, weights in 0.1 steps (inexact in binary: sums round).
awk 'BEGIN { srand(3); n = 6000
    for (i = 0; i < 8 * n; i++) {
        u = int(rand() * n); if (i % 2) u = int(u / 32); v = int(rand() * n)
        if (u != v) printf "%d %d %.1f\n", u, v, int(rand() * 90) / 10 + 0.1
    }
}' | sort -u -k1,1n -k2,2n >flt.wel
runs "float: convert, directed, 4-byte ids" emogi-convert wel flt.wel fd4.csr --directed -q
runs "float: convert, undirected, 8-byte ids" \
    emogi-convert wel flt.wel fu8.csr --undirected --id-width 8 -q
ok "$(test -s kw8.csr && test -s fu8.csr; echo $?)" "graphs written"

check_graph "kron 12, uint32 weights, 4-byte" kw4.csr "$(pick_source kw4.csr)"
check_graph "kron 12, uint32 weights, 8-byte" kw8.csr "$(pick_source kw8.csr)"
check_graph "star from a leaf, 8-byte" star8.csr 77777
check_graph "float weights, directed, 4-byte" fd4.csr 0
check_graph "float weights, undirected, 8-byte" fu8.csr 5
check_graph "kron 12, unit weights, 4-byte" k4.csr "$(pick_source k4.csr --unit-weights)" \
    --unit-weights
finish
