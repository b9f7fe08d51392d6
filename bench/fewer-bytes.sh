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

# The link's ceiling (BW=GB/s skips measuring; none without a GPU).
if [ -n "${BW:-}" ]; then
    bw=$BW
elif [ "$DEVICE" = gpu ]; then
    nvcc -O3 -arch="$ARCH" -o "$WORK/memcpy_bw" "$here/memcpy_bw.cu" 2>"$logs/nvcc.log" ||
        { cat "$logs/nvcc.log"; exit 1; }
    bw=$("$WORK/memcpy_bw" 4 | cut -f2) || exit 1
else
    bw=0
fi

{
    echo "# Fewer bytes over the link: BFS directions and placements, scale $SCALE"
    echo
    echo "- device: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null || echo none) (rows run with --device $DEVICE)"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- pinned host->device cudaMemcpy: $bw GB/s"
    echo "- searches: \`-n $RUNS --seed 1\` per row, times exclude loading; link GB and device GB: edge-array bytes per search that the kernels requested over the link and from device memory (whole 128-byte lines); edge array: ne x id width"
    echo "- hybrid 1/4 etc.: \`--mem hybrid --gpu-memory\` sized so that that share of the edge array fits beside the offsets and the search's state; heads: each list's first line first (\`--hybrid heads\`, the default), prefix: the array's first lines"
    echo
} >"$res"

# Sum of the --stats search lines of LOG (TOOL's "KEY=" lines) into a row's
# tail: searches, mean ms, link GB and device GB per search, link GB/s,
# % of memcpy, edges examined per search, and the load line's device share.
summarise() { # LOG TOOL KEY
    awk -v bw="$bw" -v tool="$2" -v key="$3" '
    function kv(   i, p) { split("", f); for (i = 2; i <= NF; i++) { split($i, p, "="); f[p[1]] = p[2] } }
    $1 == tool ":" && $2 == "load" && $3 ~ /^device=/ { kv(); frac = f["device_edge_fraction"] }
    $1 == tool ":" && index($2, key "=") == 1 && $0 ~ / seconds=/ {
        kv(); n++; s += f["seconds"]; l += f["link_bytes"]; d += f["devmem_bytes"]
        e += f["edges_examined"] + f["edges_relaxed"] + f["edges_read"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        share = frac != "" ? sprintf("%.0f%%", 100 * frac) : "—"
        printf "%d | %.1f | %.3f | %.3f | %.1f | %s | %.0f | %s |\n", n, 1e3 * s / n, l / n / 1e9,
               d / n / 1e9, l / s / 1e9, (bw > 0 ? sprintf("%.0f%%", 100 * l / s / 1e9 / bw) : "—"),
               e / n, share
    }' "$1"
}

# One row: HEAD, a log name, then the tool and its arguments.
row() { # HEAD NAME TOOL KEY ARG...
    head=$1 name=$2 tool=$3 key=$4
    shift 4
    t=$(left)
    if [ "$t" -lt 15 ]; then echo "$head | skipped: out of time | | | | | | | |"; return; fi
    timeout "$t" "$tool" "$@" --stats >/dev/null 2>"$logs/$name.log"
    st=$?
    if [ "$st" -eq 0 ] && r=$(summarise "$logs/$name.log" "$tool" "$key"); then
        echo "$head | $r"
    else
        echo "$head | failed (status $st): $(tail -n 1 "$logs/$name.log" | tr '|' '/') | | | | | | | |"
    fi
}

# --gpu-memory that holds SHARE (a/b) of the edge array (ids only: the
# graphs here are undirected and unweighted) beside what the tool needs
# for offsets and state, which it names when refusing a 1 KiB budget.
budget() { # GRAPH SHARE TOOL [ARG...]
    bg=$1 bs=$2 bt=$3
    shift 3
    fixed=$("$bt" "$bg" "$@" --device gpu --mem hybrid --gpu-memory 1K -o "$WORK/budget.bin" 2>&1 |
        sed -n 's/.* is below the \([0-9][0-9]*\) bytes that offsets and kernel state need.*/\1/p')
    emogi-info "$bg" 2>/dev/null | awk -v share="$bs" -v fixed="${fixed:-0}" '
        /^edges:/ { ne = $2 } /^id width:/ { w = $3 }
        END { split(share, q, "/"); printf "%.0f\n", fixed + ne * w * q[1] / q[2] }'
}

rows=$WORK/rows.md
: >"$rows"
for kind in $GRAPHS; do
    for w in $WIDTHS; do
        g=$WORK/$kind$SCALE-$w.csr
        if [ ! -s "$g" ]; then
            t0=$(date +%s)
            emogi-convert "$kind" -s "$SCALE" --id-width "$w" -q "$g" 2>"$logs/convert-$kind-$w.log" ||
                { echo "| $kind | $w | conversion failed | | | | | | | | | |" >>"$rows"; continue; }
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
    echo "| graph | ids | job | direction | placement | searches | mean ms | link GB | device GB | link GB/s | % memcpy | edges examined | edges in device |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    cat "$rows"
} >>"$res"
echo
cat "$res"
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT" && cp "$res" "$OUT/fewer-bytes.md" &&
        tar -czf "$OUT/fewer-bytes-logs.tar.gz" -C "$WORK" logs 2>/dev/null
fi
exit 0
