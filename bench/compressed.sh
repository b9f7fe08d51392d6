#!/bin/sh
# compressed.sh - what compressed neighbour lists (emogi-csr(5)) buy over
# the link: Kronecker and uniform random graphs (scale 25, 4-byte ids by
# default), each plain, compressed (`emogi-convert --compress`), and
# compressed after `--reorder degree` (the better of the two orders for
# bits per link,
# bench/journal/2026-11-23-compressed-neighbour-lists-size-conversion-cpu-bfs.md);
# BFS top-down and direction-optimizing, CC, SSSP (unit weights) and
# PageRank with the edges in pinned host memory (zerocopy), half in device
# memory (hybrid, the heads rule), and all in device memory.  Rows give
# time, link and device bytes, and the rate of ids read (for compressed
# files, decoded by the warps), beside the pinned host->device memcpy rate
# of the same call: decoding is not the bottleneck over the link while the
# device-memory rows decode faster than the link carries.  Prints markdown
# and writes $OUT/compressed.md.
#
#   EMOGI_BIN=/path/to/build sh bench/compressed.sh
#   EMOGI_BIN=. SCALE=12 DEVICE=cpu sh bench/compressed.sh   # dry run, no GPU
#
# Environment: SCALE (25), RUNS (8 BFS searches per row, -n RUNS --seed 1),
# GRAPHS ("kron urand"), FILES ("plain compressed degree"; plain-degree:
# the plain file after --reorder degree, to tell the order's part from the
# compression's), JOBS ("push
# auto auto-off cc sssp pagerank"; auto-off: direction-optimizing with
# --first-ids off, every bottom-up vertex reading its list; gap:
# direction-optimizing by GAP's rule alone, --direction gap), PLACES
# ("zerocopy hybrid device"), DEVICE (gpu;
# cpu runs each row on the CPU backend), ARCH (sm_90), WORK
# (/tmp/emogi-compressed), DEADLINE (epoch seconds after which rows are
# skipped), BW (GB/s: skips measuring the memcpy rate).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
SCALE=${SCALE:-25}
RUNS=${RUNS:-8}
GRAPHS=${GRAPHS:-"kron urand"}
FILES=${FILES:-"plain compressed degree"}
JOBS=${JOBS:-"push auto auto-off cc sssp pagerank"}
PLACES=${PLACES:-"zerocopy hybrid device"}
DEVICE=${DEVICE:-gpu}
ARCH=${ARCH:-sm_90}
WORK=${WORK:-/tmp/emogi-compressed}
DEADLINE=${DEADLINE:-$(($(date +%s) + 540))}
mkdir -p "$WORK/logs" || exit 1
res=$WORK/compressed.md
logs=$WORK/logs
left() { echo $((DEADLINE - $(date +%s))); }

. "$here/link.sh"
measure_bw "$here"
{
    echo "# Compressed neighbour lists over the link, scale $SCALE, 4-byte ids"
    echo
    echo "- device: $(gpu_line) (rows run with --device $DEVICE)"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "- pinned host->device cudaMemcpy: $bw GB/s"
    echo "- BFS: \`-n $RUNS --seed 1\` per row; SSSP: \`-n 2 --seed 1 --unit-weights\`; CC and PageRank: one run each; times exclude loading; link GB and device GB per search or run: bytes the kernels requested (whole 128-byte lines); ids GB/s: entries read or decoded x 4 bytes over the kernel time"
    echo "- hybrid: \`--mem hybrid --gpu-memory\` sized to hold half the plain file's id bytes beside offsets and state, the same GPU for every file (a compressed file fits a larger share of its lists), heads rule"
    echo
} >"$res"

# A line of the results on the file converted WHEN.
note_file() { # KIND ENCODING FILE WHEN
    bits=$(emogi-info "$3" | sed -n 's/^bits per link: cneighbors \([0-9.]*\).*/\1/p')
    echo "- $1 $SCALE $2: converted $4, $(du -h "$3" | cut -f1), ${bits:-32} bits per link" >>"$res"
}

# The file for graph KIND in ENCODING, converted once; echo its path.
graph() { # KIND ENCODING
    g=$WORK/$1$SCALE-$2.csr gk=$1 ge=$2
    if [ -s "$g" ]; then # converted by an earlier call on this machine
        note_file "$gk" "$ge" "$g" "earlier"
        echo "$g"
        return 0
    fi
    case $ge in
    plain) set -- "$1" ;;
    compressed) set -- "$1" --compress ;;
    degree) set -- "$1" --compress --reorder degree ;;
    plain-degree) set -- "$1" --reorder degree ;;
    esac
    t0=$(date +%s)
    emogi-convert "$@" -s "$SCALE" --id-width 4 -q "$g" 2>"$logs/convert-$gk-$ge.log" || return 1
    note_file "$gk" "$ge" "$g" "in $(($(date +%s) - t0)) s"
    echo "$g"
}

rows=$WORK/rows.md
: >"$rows"
for kind in $GRAPHS; do
    for enc in $FILES; do
        g=$(graph "$kind" "$enc") ||
            { echo "| $kind | $enc | conversion failed | | | | | | | | | | |" >>"$rows"; continue; }
        for job in $JOBS; do
            for p in $PLACES; do
                h="| $kind | $enc | $job | $p" name=$kind-$enc-$job-$p
                # the first ids are kept where lists cross the link, and
                # for compressed lists in every placement
                case $job:$p:$enc in auto-off:hybrid:plain* | auto-off:device:plain*) continue ;; esac
                set -- --device "$DEVICE"
                if [ "$DEVICE" = gpu ]; then
                    set -- "$@" --mem "$p"
                    case $job in
                    push | auto | gap) tool=emogi-bfs ;;
                    auto-off) tool="emogi-bfs --first-ids off" ;;
                    sssp) tool="emogi-sssp --unit-weights -s 0" ;;
                    *) tool=emogi-$job ;;
                    esac
                    # shellcheck disable=SC2086 # tool is a command and its options
                    [ "$p" = hybrid ] && set -- "$@" --gpu-memory "$(budget "$g" 1/2 $tool)"
                elif [ "$p" != zerocopy ]; then
                    continue # one CPU row a job
                fi
                case $job in
                push | auto | gap)
                    row "$h" "$name" emogi-bfs source "$g" -n "$RUNS" --seed 1 --direction "$job" "$@" ;;
                auto-off)
                    row "$h" "$name" emogi-bfs source "$g" -n "$RUNS" --seed 1 --direction auto \
                        --first-ids off "$@" ;;
                cc) row "$h" "$name" emogi-cc algorithm "$g" -o "$WORK/out.bin" "$@" ;;
                sssp) row "$h" "$name" emogi-sssp source "$g" -n 2 --seed 1 --unit-weights "$@" ;;
                pagerank) row "$h" "$name" emogi-pagerank iterations "$g" -o "$WORK/out.bin" "$@" ;;
                esac | tee -a "$rows"
            done
        done
    done
done
rm -f "$WORK/out.bin" "$WORK/budget.bin"

{
    echo
    echo "| graph | file | job | placement | runs | mean ms | link GB | device GB | link GB/s | % memcpy | edges examined | ids GB/s | edges in device |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    cat "$rows"
} >>"$res"
echo
cat "$res"
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT" && cp "$res" "$OUT/compressed.md" &&
        tar -czf "$OUT/compressed-logs.tar.gz" -C "$WORK" logs 2>/dev/null
fi
exit 0
