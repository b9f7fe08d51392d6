#!/bin/sh
# pagerank_gpu.sh - every GPU kernel under every placement gives ranks
# within the tolerance (L1) of the CPU backend's Jacobi iteration (the one
# the GPU runs) and passes emogi-verify, on graphs chosen to stress the
# kernels: a star whose hub list of 100 000 entries is cut into pieces,
# Kronecker graphs (skewed degrees), a directed graph without a stored
# transpose (in-edges built in memory, so zero-copy falls back to a pinned
# copy) and a directed Kronecker graph with one; 4- and 8-byte ids.  Each
# run's --stats link figures must suit its placement (device and uvm: no
# byte over the link; zerocopy: every byte over it) and cover every
# in-edge id once per iteration, worked out from the graph
# (tests/lib/link_stats.sh): a graph's in-edges are as many as its edges.
# --weighted likewise, on uint32 and float32 weights (a star cut into
# pieces, in-edges built, a stored transpose, compressed lists), under the
# placements that do not split the arrays; its traffic covers the weights
# too (4 bytes per in-edge and iteration).
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/link_stats.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

kernels="naive merged aligned"
# hybrid:F: --mem hybrid under a --gpu-memory that splits the in-edges at F
places="device zerocopy uvm:read-mostly uvm:accessed-by uvm:prefetch auto hybrid:1/4 hybrid:3/4"
tol=1e-6

check_graph() { # NAME GRAPH [--weighted]
    name=$1 g=$2 w=${3:-}
    # shellcheck disable=SC2086 # $w is an option or nothing
    if ! emogi-pagerank "$g" --device cpu --method jacobi $w --tolerance $tol --max-iterations 300 -o "$T/cpu.bin" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    ne=$(info_field edges "$g")
    # the in-edges' ids, as wide as the graph's (its edge count too), and
    # weighted their weights (compressed ids: the weights alone, a bound)
    if [ -z "$w" ]; then
        per_iteration=$((ne * $(info_field 'id width' "$g")))
    elif emogi-info "$g" | grep -q '^format version: 2'; then
        per_iteration=$((ne * 4))
    else
        per_iteration=$((ne * ($(info_field 'id width' "$g") + 4)))
    fi
    hybrid_budgets emogi-pagerank "$g" "$(info_num "$g" "id width")"
    for k in $kernels; do
        pl=$places
        [ -n "$w" ] && pl=$wplaces
        for p in $pl; do
            mem=${p%%:*}
            place_options "$p"
            d="$name, $k, $p"
            rm -f "$T/gpu.bin"
            # shellcheck disable=SC2086 # $place_opts is options and their values
            if ! emogi-pagerank "$g" --device gpu --kernel "$k" --mem "$mem" $place_opts $w \
                --tolerance $tol --max-iterations 300 --stats -o "$T/gpu.bin" 2>"$T/gpu.err"; then
                ok 1 "$d"; sed 's/^/# /' "$T/gpu.err" | head -5; continue
            fi
            if ! hybrid_split_ok "$T/gpu.err"; then
                ok 1 "$d"; diag "not split at $hybrid_want of $hybrid_ne edges:"
                grep ' mem=' "$T/gpu.err" | sed 's/^/# /'; continue
            fi
            # shellcheck disable=SC2086
            if ! emogi-verify pagerank "$g" "$T/gpu.bin" $w --tolerance $tol --compare "$T/cpu.bin" \
                >"$T/.out" 2>"$T/.err"; then
                ok 1 "$d"; diag "emogi-verify pagerank --compare cpu:"
                sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            line=$(grep '^emogi-pagerank: iterations=' "$T/gpu.err" | tail -n 1)
            iterations=$(stat_value iterations "$line")
            if [ "${iterations:-0}" -eq 0 ]; then
                ok 1 "$d"; diag "--stats: no iterations: $line"; continue
            fi
            if ! why=$(link_check "$mem" "$((iterations * per_iteration))" "$line"); then
                ok 1 "$d"; diag "--stats: $why"; diag "$line"; continue
            fi
            ok 0 "$d"
        done
    done
}

# --weighted: placements that keep each array whole
wplaces="device zerocopy uvm:read-mostly auto"
ngraphs=6 nweighted=4 nsetup=14
plan $((ngraphs * 3 * 8 + nweighted * 3 * 4 + nsetup))

awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i }' >star.el
runs "star: convert, 4-byte ids" emogi-convert el star.el star4.csr --undirected -q
runs "star: convert, 8-byte ids" emogi-convert el star.el star8.csr --undirected --id-width 8 -q
# Each vertex points at two others; every 10th points nowhere (dangling).
awk 'BEGIN { n = 5003; for (i = 0; i < n; i++) if (i % 10) { print i, (i * 7 + 3) % n; print i, (i * 13 + 1) % n } }' \
    >dir.el
runs "directed: convert, no transpose" emogi-convert el dir.el dir4.csr --directed -q
runs "directed kron: convert, transpose, 8-byte ids" \
    emogi-convert kron -s 12 --directed --transpose --id-width 8 dirk8.csr -q
runs "kron 14: convert, 4-byte ids" emogi-convert kron -s 14 --id-width 4 kron4.csr -q
runs "kron 14: convert, 8-byte ids" emogi-convert kron -s 14 --id-width 8 kron8.csr -q
ok "$(test -s star4.csr && test -s kron8.csr; echo $?)" "graphs written"
awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i, 1 + i % 97 }' >starw.wel
runs "weighted star: convert" emogi-convert wel starw.wel starw.csr --undirected -q
awk '{ printf "%s %s %.2f\n", $1, $2, ($1 * 31 + $2) % 17 / 4 }' dir.el >dirf.wel
runs "directed, float weights (some 0): convert, no transpose" \
    emogi-convert wel dirf.wel dirf.csr --directed -q --vertices 5003
runs "weighted directed kron: convert, transpose, 8-byte ids" \
    emogi-convert kron -s 12 --directed --transpose --id-width 8 --weights random:1:100 dirkw.csr -q
runs "weighted kron 14: convert, compressed" \
    emogi-convert kron -s 14 --weights random:1:255 --compress kronwz.csr -q
emogi-pagerank kron4.csr --device gpu --stats -o discard.bin 2>stats.err
grep -q 'load device=gpu' stats.err && grep -q 'iterations=[0-9]* converged=1' stats.err
ok $? "--device gpu --stats: the load and the iterations"
# Each vertex's sum has a fixed order on the GPU too, whichever warp takes it.
emogi-pagerank kron4.csr --device gpu --kernel aligned -o run1.bin 2>/dev/null
emogi-pagerank kron4.csr --device gpu --kernel aligned -o run2.bin 2>/dev/null
ok "$(cmp -s run1.bin run2.bin && test -s run1.bin; echo $?)" "GPU ranks are the same bytes in two runs"
emogi-pagerank starw.csr --weighted --device gpu -o run1.bin 2>/dev/null
emogi-pagerank starw.csr --weighted --device gpu -o run2.bin 2>/dev/null
ok "$(cmp -s run1.bin run2.bin && test -s run1.bin; echo $?)" "--weighted: GPU ranks are the same bytes in two runs"

check_graph "star, 4-byte" star4.csr
check_graph "star, 8-byte" star8.csr
check_graph "directed, in-edges built" dir4.csr
check_graph "directed kron, transpose, 8-byte" dirk8.csr
check_graph "kron 14, 4-byte" kron4.csr
check_graph "kron 14, 8-byte" kron8.csr
check_graph "weighted star" starw.csr --weighted
check_graph "directed, float weights, in-edges built" dirf.csr --weighted
check_graph "weighted directed kron, transpose, 8-byte" dirkw.csr --weighted
check_graph "weighted kron 14, compressed" kronwz.csr --weighted
finish
