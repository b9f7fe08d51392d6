#!/bin/sh
# sssp.sh - GPU SSSP on the weighted Kronecker graphs the caller built
# (scale 25, weights random 8..72 as EMOGI) for every kernel x placement,
# printed as markdown table rows on standard output:
#
# | sssp | ids | placement | kernel | runs | mean ms | GTEPS or iterations | edge GB/s | % link | reference ms |
#
# Environment: EMOGI_BIN (build folder), GRAPH8 and GRAPH4 (8- and 4-byte
# ids), DEADLINE (epoch seconds: no run starts after it), BW (pinned
# memcpy GB/s, for % link).  Optional: RUNS (3 searches a combination),
# KERNELS, PLACES, DEVICE (gpu; cpu tests this script's logic on small
# graphs), CAP (20: seconds one combination may take), LOGS (a folder for
# the raw --stats lines), UVM_NAIVE (1 to run naive under UVM, which takes
# many seconds a search: skipped by default).  Messages go to stderr.
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
: "${GRAPH8:?set GRAPH8 to the 8-byte-id weighted graph}"
: "${GRAPH4:?set GRAPH4 to the 4-byte-id weighted graph}"
PATH=$EMOGI_BIN:$PATH
bench_dir=$(cd "$(dirname "$0")" && pwd)
DEADLINE=${DEADLINE:-$(($(date +%s) + 100))}
BW=${BW:-0}
RUNS=${RUNS:-3}
KERNELS=${KERNELS:-"aligned merged naive"}
PLACES=${PLACES:-"zerocopy device uvm"}
DEVICE=${DEVICE:-gpu}
CAP=${CAP:-20}
UVM_NAIVE=${UVM_NAIVE:-0}
LOGS=${LOGS:-$(mktemp -d "${TMPDIR:-/tmp}/sssp-bench.XXXXXX")}
mkdir -p "$LOGS" || exit 1

. "$bench_dir/lib.sh"

# The row's tail from the per-search key=value lines of emogi-sssp --stats.
summarise() { # LOG REFERENCE
    awk -v bw="$BW" -v ref="$2" "$STATS_KV"'
    /^emogi-sssp: source=.* seconds=/ {
        kv(2)
        n++; s += f["seconds"]; e += f["edges_relaxed"]; it += f["iterations"]
        b += f["edge_gbps"] * f["seconds"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        link = bw > 0 ? sprintf("%.0f%%", 100 * b / s / bw) : "?"
        printf "%d | %.1f | %.2f (%.0f it) | %.1f | %s | %s |\n", n, 1e3 * s / n, e / s / 1e9,
               it / n, b / s, link, ref
    }' "$1"
}
blank_tail() { echo "| | | | | $1 |"; }

sssp_combo() { # GRAPH WIDTH PLACE KERNEL
    g=$1 w=$2 p=$3 k=$4
    ref=$(reference sssp "$w" "$p" "$k")
    head="| sssp | $w | $p | $k"
    if [ "$p" = uvm ] && [ "$k" = naive ] && [ "$UVM_NAIVE" != 1 ]; then
        skip_row "$head" "skipped: naive UVM takes many seconds a search (UVM_NAIVE=1 runs it)" "$ref"
        return
    fi
    t=$(left)
    if [ "$t" -lt 10 ]; then
        skip_row "$head" "skipped: out of time" "$ref"
        return
    fi
    [ "$t" -gt "$CAP" ] && t=$CAP
    log=$LOGS/sssp-$w-$p-$k.log
    # shellcheck disable=SC2046 # uvm_advice gives an option and its value
    run_combo "$head" "$ref" "$log" "$t" "timed out after $t s" "see $log" source \
        emogi-sssp "$g" -n "$RUNS" --seed 1 --stats --device "$DEVICE" --kernel "$k" \
        --mem "$p" $(uvm_advice "$p")
}

# One GPU result against the CPU's, byte for byte (on stderr).
same_as_cpu() { # GRAPH
    [ "$(left)" -gt 40 ] || { echo "sssp.sh: no time left for the CPU check" >&2; return; }
    s=$(sed -n 's/^emogi-sssp: source=\([0-9]*\) .*/\1/p' "$LOGS"/sssp-8-zerocopy-aligned.log 2>/dev/null | head -n 1)
    [ -n "$s" ] || s=0
    if timeout 30 emogi-sssp "$1" -s "$s" --device cpu -o "$LOGS/cpu.bin" 2>"$LOGS/check-cpu.log" &&
        timeout 30 emogi-sssp "$1" -s "$s" --device "$DEVICE" --mem zerocopy --kernel aligned \
            -o "$LOGS/gpu.bin" 2>"$LOGS/check-gpu.log" && cmp -s "$LOGS/cpu.bin" "$LOGS/gpu.bin"; then
        echo "sssp.sh: check: GPU (zerocopy, aligned) distances from $s identical to the CPU's" >&2
    else
        echo "sssp.sh: check: GPU distances from $s DIFFER from the CPU's, or a run failed" >&2
    fi
    rm -f "$LOGS/cpu.bin" "$LOGS/gpu.bin"
}

for w in 8 4; do
    [ "$w" = 8 ] && g=$GRAPH8 || g=$GRAPH4
    for p in $PLACES; do
        for k in $KERNELS; do
            sssp_combo "$g" "$w" "$p" "$k"
        done
    done
done
same_as_cpu "$GRAPH8"
echo "sssp.sh: logs in $LOGS" >&2
exit 0
