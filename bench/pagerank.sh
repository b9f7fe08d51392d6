#!/bin/sh
# pagerank.sh - GPU PageRank on the Kronecker scale-25 graph for every
# placement (zerocopy, device, uvm read-mostly) x kernel, with 8- and
# 4-byte ids, to tolerance 1e-3 as the reference in bench/REFERENCE.md (EMOGI:
# 66 iterations, 8.32 s zero-copy).  EMOGI's pagerank.cu is delta-PageRank:
# vertices push residuals until each is below 1e-3 on ranks that sum to n,
# so later iterations touch few edges, and what it leaves undone is at most
# about 1e-3 on our scale (ranks summing to 1, L1 change below 1e-3): the
# totals compare, the iteration counts do not.  Prints markdown table rows
# on stdout:
#
# | pagerank | ids | placement | kernel | runs | mean ms | GTEPS or iterations | edge GB/s | % link | reference ms |
#
# Environment: EMOGI_BIN (the build folder), GRAPH8 and GRAPH4 (the graph
# with 8- and 4-byte ids), DEADLINE (epoch seconds: no run starts after
# it), BW (the link's pinned memcpy GB/s, for % link); RUNS (1 run per
# combination: each is tens of iterations over the whole edge array),
# TOLERANCE (1e-3), PLACES, KERNELS (KERNELS4, aligned, for 4-byte ids),
# DEVICE (gpu; cpu tests this script's logic on a small graph), UVM_NAIVE
# (0: naive reads fault page by page under UVM and take minutes on kron
# 25, so they are skipped and said so; 1 runs them).  Logs go to $WORK
# (default /tmp/emogi-bench-pagerank).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
: "${GRAPH8:?set GRAPH8 to the 8-byte-id graph}"
: "${GRAPH4:?set GRAPH4 to the 4-byte-id graph}"
PATH=$EMOGI_BIN:$PATH
bench_dir=$(cd "$(dirname "$0")" && pwd)
DEADLINE=${DEADLINE:-$(($(date +%s) + 100))}
BW=${BW:-0}
RUNS=${RUNS:-1}
TOLERANCE=${TOLERANCE:-1e-3}
PLACES=${PLACES:-"zerocopy device uvm"}
KERNELS=${KERNELS:-"aligned merged naive"}
KERNELS4=${KERNELS4:-aligned}
DEVICE=${DEVICE:-gpu}
UVM_NAIVE=${UVM_NAIVE:-0}
WORK=${WORK:-/tmp/emogi-bench-pagerank}
mkdir -p "$WORK" || exit 1

. "$bench_dir/lib.sh"

# Mean over the --stats result lines of the runs; the row's tail.
summarise() { # REFERENCE LOG...
    ref=$1
    shift
    awk -v bw="$BW" -v ref="$ref" "$STATS_KV"'
    /^emogi-pagerank: iterations=/ {
        kv(2)
        n++; s += f["seconds"]; e += f["edges_read"]; b += f["edge_gbps"] * f["seconds"]
        it = f["iterations"]; conv = f["converged"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        gbps = b / s
        link = bw > 0 ? sprintf("%.0f%%", 100 * gbps / bw) : "—"
        printf "%d | %.1f | %d it.%s, %.1f ms/it., %.2f GTEPS | %.1f | %s | %s |\n", n, 1e3 * s / n,
               it, conv == 1 ? "" : " (cap)", 1e3 * s / n / it, e / s / 1e9, gbps, link, ref
    }' "$@"
}
blank_tail() { echo "| | | | | $1 |"; }

# RUNS separate calls (one iteration loop each), summarised together.
pagerank_combo() { # WIDTH GRAPH PLACE KERNEL
    w=$1 g=$2 p=$3 k=$4
    ref=$(reference pagerank "$w" "$p" "$k")
    head="| pagerank | $w | $p | $k"
    if [ "$p" = uvm ] && [ "$k" = naive ] && [ "$UVM_NAIVE" != 1 ]; then
        skip_row "$head" "skipped: naive reads fault page by page under UVM (UVM_NAIVE=1 runs it)" "$ref"
        return
    fi
    logs='' st=0 r=0
    while [ "$r" -lt "$RUNS" ]; do
        r=$((r + 1))
        t=$(left)
        if [ "$t" -lt 5 ]; then
            [ -z "$logs" ] && { skip_row "$head" "skipped: out of time" "$ref"; return; }
            break
        fi
        log=$WORK/pagerank-$w-$p-$k-$r.log
        # shellcheck disable=SC2046 # uvm_advice gives an option and its value
        timeout "$t" emogi-pagerank "$g" --device "$DEVICE" --mem "$p" $(uvm_advice "$p") \
            --kernel "$k" --tolerance "$TOLERANCE" --precision float32 --stats >/dev/null 2>"$log"
        st=$?
        [ "$st" -eq 0 ] || break
        logs="$logs $log"
    done
    # shellcheck disable=SC2086 # $logs is a list of file names without blanks
    if [ "$st" -eq 0 ] && row=$(summarise "$ref" $logs); then
        echo "$head | $row"
    else
        failed_row "$head" "$st" "$log" "$ref" "timed out" "see $log" emogi-pagerank iterations
    fi
}

for w in 8 4; do
    g=$GRAPH8 ks=$KERNELS
    [ "$w" = 4 ] && g=$GRAPH4 ks=$KERNELS4
    if [ ! -s "$g" ]; then
        echo "| pagerank | $w | — | — | no graph: $g | | | | | |"
        continue
    fi
    for p in $PLACES; do
        for k in $ks; do
            pagerank_combo "$w" "$g" "$p" "$k"
        done
    done
done
exit 0
