#!/bin/sh
# cc.sh - GPU connected components on the Kronecker scale-25 graph for every
# algorithm (uf, lp) x placement (zerocopy, device, uvm read-mostly) x
# kernel, with 8- and 4-byte ids.  Prints markdown table rows on stdout:
#
# | ALG | ids | placement | kernel | runs | mean ms | GTEPS or iterations | edge GB/s | % link | reference ms |
#
# Environment: EMOGI_BIN (the build folder), GRAPH8 and GRAPH4 (the graph
# with 8- and 4-byte ids), DEADLINE (epoch seconds: no run starts after
# it), BW (the link's pinned memcpy GB/s, for % link); RUNS (3 runs on each
# placed graph; LP_RUNS, 2, for label propagation and 1 for naive kernels,
# which read the edge array many times), ALGORITHMS, PLACES, KERNELS
# (KERNELS4, aligned, for 4-byte ids, as the reference), DEVICE (gpu; cpu tests this
# script's logic on a small graph), UVM_NAIVE (0: naive reads under UVM
# fault page by page and take minutes on kron 25, so they are skipped and
# said so; 1 runs them).  Logs go to $WORK (default /tmp/emogi-bench-cc).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
: "${GRAPH8:?set GRAPH8 to the 8-byte-id graph}"
: "${GRAPH4:?set GRAPH4 to the 4-byte-id graph}"
PATH=$EMOGI_BIN:$PATH
bench_dir=$(cd "$(dirname "$0")" && pwd)
DEADLINE=${DEADLINE:-$(($(date +%s) + 100))}
BW=${BW:-0}
RUNS=${RUNS:-3}
LP_RUNS=${LP_RUNS:-2}
ALGORITHMS=${ALGORITHMS:-"uf lp"}
PLACES=${PLACES:-"zerocopy device uvm"}
KERNELS=${KERNELS:-"aligned merged naive"}
KERNELS4=${KERNELS4:-aligned}
DEVICE=${DEVICE:-gpu}
UVM_NAIVE=${UVM_NAIVE:-0}
WORK=${WORK:-/tmp/emogi-bench-cc}
mkdir -p "$WORK" || exit 1

. "$bench_dir/lib.sh"

# Mean over the --stats result lines of one call; the row's tail.
summarise() { # LOG REFERENCE
    awk -v bw="$BW" -v ref="$2" "$STATS_KV"'
    /^emogi-cc: algorithm=/ {
        kv(2)
        n++; s += f["seconds"]; e += f["edges_examined"]; b += f["edge_gbps"] * f["seconds"]
        p = f["passes"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        gbps = b / s
        link = bw > 0 ? sprintf("%.0f%%", 100 * gbps / bw) : "—"
        printf "%d | %.1f | %.2f GTEPS, %d passes | %.1f | %s | %s |\n", n, 1e3 * s / n,
               e / s / 1e9, p, gbps, link, ref
    }' "$1"
}
blank_tail() { echo "| | | | | $1 |"; }

# The reference (label propagation) stands beside both algorithms' rows.
cc_combo() { # ALG WIDTH GRAPH PLACE KERNEL
    a=$1 w=$2 g=$3 p=$4 k=$5
    ref=$(reference cc "$w" "$p" "$k")
    head="| cc $a | $w | $p | $k"
    if [ "$p" = uvm ] && [ "$k" = naive ] && [ "$UVM_NAIVE" != 1 ]; then
        skip_row "$head" "skipped: naive reads fault page by page under UVM (UVM_NAIVE=1 runs it)" "$ref"
        return
    fi
    t=$(left)
    if [ "$t" -lt 5 ]; then
        skip_row "$head" "skipped: out of time" "$ref"
        return
    fi
    log=$WORK/cc-$a-$w-$p-$k.log
    n=$RUNS
    [ "$a" = lp ] && n=$LP_RUNS
    [ "$k" = naive ] && n=1
    # shellcheck disable=SC2046 # uvm_advice gives an option and its value
    run_combo "$head" "$ref" "$log" "$t" "timed out" "see $log" algorithm \
        emogi-cc "$g" --device "$DEVICE" --algorithm "$a" --mem "$p" $(uvm_advice "$p") \
        --kernel "$k" --repeat "$n" --stats
}

for w in 8 4; do
    g=$GRAPH8 ks=$KERNELS
    [ "$w" = 4 ] && g=$GRAPH4 ks=$KERNELS4
    if [ ! -s "$g" ]; then
        echo "| cc | $w | — | — | no graph: $g | | | | | |"
        continue
    fi
    for a in $ALGORITHMS; do
        for p in $PLACES; do
            for k in $ks; do
                cc_combo "$a" "$w" "$g" "$p" "$k"
            done
        done
    done
done
exit 0
