#!/bin/sh
# bfs.sh - GPU BFS on a Kronecker graph (scale 25 by default: 33.5 M
# vertices, 1.07 G stored edges, undirected) for every kernel x placement,
# with 8- and 4-byte ids, against the host link's own copy bandwidth.
# Prints a markdown table and writes it to $OUT/bfs-results.md when OUT is
# set.  Needs the built tools: EMOGI_BIN=/path/to/build sh bench/bfs.sh
#
# Environment: SCALE (25), RUNS (8 searches per combination), UVM_RUNS (3:
# UVM naive runs for seconds a search), WIDTHS ("8 4"), KERNELS, PLACES,
# ARCH (sm_90), WORK (/tmp/emogi-bench), DEADLINE (epoch seconds after
# which remaining combinations are skipped, so the call ends in time).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
. "$here/link.sh" # gpu_line
bench_dir=$here
SCALE=${SCALE:-25}
RUNS=${RUNS:-8}
UVM_RUNS=${UVM_RUNS:-3}
WIDTHS=${WIDTHS:-"8 4"}
KERNELS=${KERNELS:-"aligned merged naive"}
PLACES=${PLACES:-"zerocopy device uvm"}
ARCH=${ARCH:-sm_90}
WORK=${WORK:-/tmp/emogi-bench}
DEADLINE=${DEADLINE:-$(($(date +%s) + 480))}
mkdir -p "$WORK" || exit 1
res=$WORK/bfs-results.md
logs=$WORK/logs
mkdir -p "$logs"

. "$here/lib.sh"

# The link's ceiling: pinned host->device cudaMemcpy (BW=GB/s skips measuring).
if [ -n "${BW:-}" ]; then
    bw=$BW gpu=given
else
    nvcc -O3 -arch="$ARCH" -o "$WORK/memcpy_bw" "$here/memcpy_bw.cu" 2>"$logs/nvcc.log" ||
        { cat "$logs/nvcc.log"; exit 1; }
    bwline=$("$WORK/memcpy_bw" 4 2>&1) || { echo "bfs.sh: memcpy_bw: $bwline" >&2; exit 1; }
    gpu=$(printf '%s\n' "$bwline" | cut -f1)
    bw=$(printf '%s\n' "$bwline" | cut -f2)
fi

{
    echo "# GPU BFS, Kronecker scale $SCALE"
    echo
    line=$(gpu_line) # the GPU the rows run on, not every GPU of the host
    echo "- device: $([ "$line" = none ] && echo "$gpu" || echo "$line")"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- pinned host->device cudaMemcpy: $bw GB/s (4 GiB, best of 4)"
    echo "- graph: \`emogi-convert kron -s $SCALE\` (edge factor 16, undirected), searches from \`-n $RUNS --seed 1\` random sources ($UVM_RUNS for UVM: naive UVM takes seconds a search); times exclude loading"
    echo "- GTEPS: neighbour entries read / time; edge GB/s: bytes of the edge array fetched (aligned: with the slack before each list) / time; % link: edge GB/s over the memcpy figure"
    echo
} >"$res"

table_header() {
    echo "| ids | placement | kernel | searches | mean ms | min ms | GTEPS | edge GB/s | % link | reference ms | place s |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
}

# Sum over the per-search key=value lines of emogi-bfs --stats; the row's tail.
summarise() { # LOG REFERENCE
    awk -v bw="$bw" -v ref="$2" "$STATS_KV"'
    /^emogi-bfs: load / { kv(3); for (key in f) l[key] = f[key]
                          place = sprintf("%.2f", l["file_seconds"] + l["pin_seconds"] + l["h2d_seconds"]) }
    /^emogi-bfs: source=.* seconds=/ {
        kv(2)
        n++; s += f["seconds"]; e += f["edges_examined"]; b += f["edge_gbps"] * f["seconds"]
        if (n == 1 || f["seconds"] < min) min = f["seconds"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        printf "%d | %.1f | %.1f | %.2f | %.1f | %.0f%% | %s | %s |\n", n, 1e3 * s / n, 1e3 * min,
               e / s / 1e9, b / s, 100 * b / s / bw, ref, place == "" ? "?" : place
    }' "$1"
}
blank_tail() { echo "| | | | | | $1 | |"; }

bfs_combo() { # GRAPH WIDTH PLACE KERNEL
    g=$1 w=$2 p=$3 k=$4
    n=$RUNS
    [ "$p" = uvm ] && n=$UVM_RUNS
    ref=$(reference bfs "$w" "$p" "$k")
    t=$(left)
    if [ "$t" -lt 20 ]; then
        skip_row "| $w | $p | $k" "skipped: out of time" "$ref"
        return
    fi
    # shellcheck disable=SC2046 # uvm_advice gives an option and its value
    run_combo "| $w | $p | $k" "$ref" "$logs/bfs-$w-$p-$k.log" "$t" "timed out" "see logs" source \
        emogi-bfs "$g" -n "$n" --seed 1 --stats --device gpu --kernel "$k" --mem "$p" $(uvm_advice "$p")
}

# The 8-byte graph's GPU depths must equal the CPU's, byte for byte.
same_as_cpu() { # GRAPH
    s=$(sed -n 's/^emogi-bfs: source=\([0-9]*\) .*/\1/p' "$logs"/bfs-8-zerocopy-aligned.log 2>/dev/null | head -n 1)
    [ -n "$s" ] || s=0
    emogi-bfs "$1" -s "$s" --device cpu -o "$WORK/cpu.bin" 2>"$logs/check-cpu.log" &&
        emogi-bfs "$1" -s "$s" --device gpu --mem zerocopy --kernel aligned -o "$WORK/gpu.bin" \
            2>"$logs/check-gpu.log" && cmp -s "$WORK/cpu.bin" "$WORK/gpu.bin" &&
        echo "- check: GPU (zerocopy, aligned) depths from source $s identical to the CPU's" ||
        echo "- check: **GPU depths from source $s differ from the CPU's, or a run failed** (logs/check-*.log)"
}

rows=$WORK/rows.md
: >"$rows"
for w in $WIDTHS; do
    g=$WORK/kron$SCALE-$w.csr
    if [ ! -s "$g" ]; then
        t0=$(date +%s)
        if ! emogi-convert kron -s "$SCALE" --id-width "$w" --stats -q "$g" 2>"$logs/convert-$w.log"; then
            tail -n 5 "$logs/convert-$w.log" >&2
            echo "| $w | — | — | conversion failed | | | | | | | |" >>"$rows"
            continue
        fi
        echo "- generated and converted kron $SCALE, $w-byte ids, in $(($(date +%s) - t0)) s ($(du -h "$g" | cut -f1))" >>"$res"
    fi
    for p in $PLACES; do
        for k in $KERNELS; do
            bfs_combo "$g" "$w" "$p" "$k" | tee -a "$rows"
        done
    done
    [ "$w" = 8 ] && [ "$(left)" -gt 30 ] && same_as_cpu "$g" >>"$res"
    rm -f "$WORK/cpu.bin" "$WORK/gpu.bin"
done

{
    echo
    table_header
    cat "$rows"
} >>"$res"
echo
cat "$res"
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT" && cp "$res" "$OUT/bfs-results.md" && mkdir -p "$OUT/bench-logs" &&
        cp "$logs"/*.log "$OUT/bench-logs/" 2>/dev/null
fi
exit 0
