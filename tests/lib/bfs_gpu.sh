# bfs_gpu.sh - what tests/bfs_gpu.sh and tests/bfs_gpu_kron.sh share:
# every GPU kernel, in every direction (push, pull, auto; naive: push),
# under every placement (hybrid split at a quarter and three quarters of
# the edges), against the CPU backend's depths byte for byte, emogi-verify
# and the placement's link figures.  Two scripts so that make -j runs
# them side by side: one took over nine minutes on a GPU machine, longer
# than a call there allows.  Source after tap.sh; where no GPU is usable
# the script is skipped, with the reason.
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

# TAP results per check_graph: kernels x directions (naive: push only)
# x placements
per_graph=$(( (1 + 3 + 3) * 8 ))
