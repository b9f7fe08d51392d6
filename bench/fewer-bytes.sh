#!/bin/sh
# fewer-bytes.sh - how many bytes each BFS moves over the link, and what
# that costs: Kronecker and uniform random graphs (scale 25 by default),
# 4- and 8-byte ids, top-down only (--direction push, every list read
# whole) against direction-optimizing (auto), with the edges in pinned
# host memory (zerocopy), split between device and host memory (hybrid at
# a GPU-memory budget that holds 1/4, 1/2 and 3/4 of the edge array), and
# all in device memory; the CPU backend on every core and the pinned
# host->device memcpy rate in the same call, so ratios compare like with
# like.  SWEEP runs the direction switch's thresholds on the 4-byte graphs
# in zerocopy, to choose their defaults.  With TRAVERSALS set, SSSP, CC
# and PageRank in zerocopy and hybrid at 1/2 too.  Prints a markdown table
# and writes $OUT/fewer-bytes.md.
#
#   EMOGI_BIN=/path/to/build sh bench/fewer-bytes.sh
#   EMOGI_BIN=. SCALE=12 RUNS=2 DEVICE=cpu sh bench/fewer-bytes.sh  # dry run, no GPU
#
# Environment: SCALE (25), RUNS (8 searches per row, from -n RUNS --seed 1),
# GRAPHS ("kron urand"), WIDTHS ("4 8"), SHARES ("1/4 1/2 3/4"), SWEEP
# (alpha:beta pairs, "5:18 30:18 60:18 15:6 15:54"; empty: none), TRAVERSALS
# (empty: BFS only), DEVICE (gpu; cpu runs every row on the CPU backend, to
# try the script where there is no GPU), ARCH (sm_90), WORK
# (/tmp/emogi-fewer), DEADLINE (epoch seconds after which rows are skipped).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
SCALE=${SCALE:-25}
RUNS=${RUNS:-8}
GRAPHS=${GRAPHS:-"kron urand"}
WIDTHS=${WIDTHS:-"4 8"}
SHARES=${SHARES:-"1/4 1/2 3/4"}
TRAVERSALS=${TRAVERSALS:-}
SWEEP=${SWEEP-"5:18 30:18 60:18 15:6 15:54"}
DEVICE=${DEVICE:-gpu}
ARCH=${ARCH:-sm_90}
WORK=${WORK:-/tmp/emogi-fewer}
DEADLINE=${DEADLINE:-$(($(date +%s) + 540))}
mkdir -p "$WORK/logs" || exit 1
res=$WORK/fewer-bytes.md
logs=$WORK/logs
left() { echo $((DEADLINE - $(date +%s))); }

. "$here/link.sh"
measure_bw "$here"

{
    echo "# Fewer bytes over the link: BFS directions and placements, scale $SCALE"
    echo
    echo "- device: $(gpu_line) (rows run with --device $DEVICE)"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- pinned host->device cudaMemcpy: $bw GB/s"
    echo "- searches: \`-n $RUNS --seed 1\` per row, times exclude loading; link GB and device GB: edge-array bytes per search that the kernels requested over the link and from device memory (whole 128-byte lines); edge array: ne x id width"
    echo "- hybrid 1/4 etc.: \`--mem hybrid --gpu-memory\` sized so that that share of the edge array fits beside the offsets and the search's state; heads: each list's first line first (\`--hybrid heads\`, the default), prefix: the array's first lines"
    echo
} >"$res"

rows=$WORK/rows.md
: >"$rows"
for kind in $GRAPHS; do
    for w in $WIDTHS; do
        g=$WORK/$kind$SCALE-$w.csr
        if [ ! -s "$g" ]; then
            t0=$(date +%s)
            emogi-convert "$kind" -s "$SCALE" --id-width "$w" -q "$g" 2>"$logs/convert-$kind-$w.log" ||
                { echo "| $kind | $w | conversion failed | | | | | | | | | | |" >>"$rows"; continue; }
            echo "- $kind $SCALE, $w-byte ids: generated and converted in $(($(date +%s) - t0)) s ($(du -h "$g" | cut -f1))" >>"$res"
        fi
        h="| $kind | $w | bfs"
        for dir in push auto; do
            if [ "$DEVICE" = cpu ]; then
                row "$h | $dir | cpu" "bfs-$kind-$w-$dir-cpu" emogi-bfs source \
                    "$g" -n "$RUNS" --seed 1 --device cpu --direction "$dir" | tee -a "$rows"
                continue
            fi
            row "$h | $dir | zerocopy" "bfs-$kind-$w-$dir-zc" emogi-bfs source \
                "$g" -n "$RUNS" --seed 1 --device gpu --mem zerocopy --direction "$dir" | tee -a "$rows"
            for share in $SHARES prefix:1/2; do
                rule=heads
                case $share in prefix:*) rule=prefix share=${share#*:} ;; esac
                row "$h | $dir | hybrid $share $rule" \
                    "bfs-$kind-$w-$dir-hy$(echo "$share" | tr / _)-$rule" \
                    emogi-bfs source "$g" -n "$RUNS" --seed 1 --device gpu --mem hybrid \
                    --hybrid "$rule" \
                    --gpu-memory "$(budget "$g" "$share" emogi-bfs -s 0 --direction "$dir")" \
                    --direction "$dir" | tee -a "$rows"
            done
            row "$h | $dir | device" "bfs-$kind-$w-$dir-dev" emogi-bfs source \
                "$g" -n "$RUNS" --seed 1 --device gpu --mem device --direction "$dir" | tee -a "$rows"
        done
        [ "$DEVICE" = cpu ] ||
            row "$h | auto | cpu, $(nproc) cores" "bfs-$kind-$w-cpu" emogi-bfs source \
                "$g" -n "$RUNS" --seed 1 --device cpu | tee -a "$rows"
        if [ "$w" = 4 ] && [ "$DEVICE" = gpu ]; then
            for ab in $SWEEP; do
                row "$h | auto, alpha ${ab%:*} beta ${ab#*:} | zerocopy" "bfs-$kind-sweep-$ab" \
                    emogi-bfs source "$g" -n "$RUNS" --seed 1 --device gpu --mem zerocopy \
                    --alpha "${ab%:*}" --beta "${ab#*:}" | tee -a "$rows"
            done
        fi
        if [ -z "$TRAVERSALS" ] || [ "$DEVICE" != gpu ]; then continue; fi
        for p in zerocopy "hybrid 1/2"; do
            mem=${p%% *} extra=
            [ "$mem" = hybrid ] && extra=1/2
            tag=$kind-$w-$mem
            # cap gives an option and its value, or nothing
            cap() { [ -n "$extra" ] && echo "--gpu-memory $(budget "$g" 1/2 "$@")"; }
            {
                # shellcheck disable=SC2046
                row "| $kind | $w | sssp | — | $p" "sssp-$tag" emogi-sssp source \
                    "$g" -n 2 --seed 1 --device gpu --mem "$mem" --unit-weights \
                    $(cap emogi-sssp -s 0 --unit-weights)
                # shellcheck disable=SC2046
                row "| $kind | $w | cc | — | $p" "cc-$tag" emogi-cc algorithm \
                    "$g" --device gpu --mem "$mem" $(cap emogi-cc) -o "$WORK/cc.bin"
                # shellcheck disable=SC2046
                row "| $kind | $w | pagerank | — | $p" "pr-$tag" emogi-pagerank iterations \
                    "$g" --device gpu --mem "$mem" $(cap emogi-pagerank) -o "$WORK/pr.bin"
            } | tee -a "$rows"
        done
    done
done
rm -f "$WORK/cc.bin" "$WORK/pr.bin" "$WORK/budget.bin"

{
    echo
    echo "| graph | ids | job | direction | placement | searches | mean ms | link GB | device GB | link GB/s | % memcpy | edges examined | ids GB/s | edges in device |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    cat "$rows"
} >>"$res"
echo
cat "$res"
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT" && cp "$res" "$OUT/fewer-bytes.md" &&
        tar -czf "$OUT/fewer-bytes-logs.tar.gz" -C "$WORK" logs 2>/dev/null
fi
exit 0
