#!/bin/sh
# at-scale.sh - a graph past 2^32 edges, converted in less memory than it
# takes (sorted runs on disk, merged), then searched on the GPU with its
# edges in pinned host memory (zero-copy).
#
#   EMOGI_BIN=/path/to/build sh bench/at-scale.sh
#
# Environment: SCALE (27), EF (edge factor, 17: Kronecker scale 27 with
# the usual 16 stores 4.1 G arcs after duplicates go, just under 2^32; 17
# stores about 4.4 G), MEM (--memory, 12G: below the 17.4 GB of the
# file it writes), RUNS (8 searches), WORK (/tmp/emogi-bench; the output
# and the runs go there: about 31 GB at the peak), DEADLINE (epoch
# seconds: the conversion and the searches get what is left), OUT (a copy
# of the summary goes to $OUT/at-scale.md), DEVICE (gpu; cpu to try the
# script where there is no GPU).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
. "$(cd "$(dirname "$0")" && pwd)/link.sh" # gpu_line
SCALE=${SCALE:-27}
EF=${EF:-17}
MEM=${MEM:-12G}
RUNS=${RUNS:-8}
WORK=${WORK:-/tmp/emogi-bench}
DEADLINE=${DEADLINE:-$(($(date +%s) + 540))}
mkdir -p "$WORK/runs" || exit 1
g=$WORK/kron$SCALE-at-scale.csr
res=$WORK/at-scale.md
clog=$WORK/at-scale-convert.log
blog=$WORK/at-scale-bfs.log
rm -f "$g"

left() { echo $((DEADLINE - $(date +%s))); }
now() { date +%s.%N; }
finish() {
    cat "$res"
    [ -n "${OUT:-}" ] && mkdir -p "$OUT" && cp "$res" "$OUT/at-scale.md" &&
        tail -n 40 "$clog" "$blog" >"$OUT/at-scale-logs.txt" 2>/dev/null
    rm -f "$g"
    exit "$1"
}

# arcs ~ 2 * EF * 2^SCALE; 4-byte ids in the file, about 3 bytes an arc in runs
need_gb=$(awk -v s="$SCALE" -v e="$EF" 'BEGIN {printf "%.0f", 2 * e * 2^s * 7.2 / 1e9 + 2}')
free_gb=$(df -P -k "$WORK" | awk 'NR == 2 {printf "%.0f", $4 / 1e6}')
{
    echo "## Kronecker scale $SCALE past 2^32 edges, converted out of core, BFS in zero-copy"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); $free_gb GB free in $WORK (about $need_gb GB needed)"
    echo "- GPU: $(gpu_line)"
    echo "- \`emogi-convert kron -s $SCALE -e $EF --id-width 4 --memory $MEM --tmpdir $WORK/runs --stats\`"
} >"$res"
if [ "$free_gb" -lt "$need_gb" ]; then
    echo "- **skipped: not enough disk**" >>"$res"
    finish 1
fi

t0=$(now)
timeout "$(left)" emogi-convert kron -s "$SCALE" -e "$EF" --id-width 4 --memory "$MEM" \
    --tmpdir "$WORK/runs" --stats -q "$g" 2>"$clog"
st=$?
t1=$(now)
if [ "$st" -ne 0 ]; then
    echo "- **conversion failed (status $st)**: $(tail -n 1 "$clog")" >>"$res"
    finish 1
fi
stat_of() { sed -n "s/^emogi-convert: stats: $1.*/&/p" "$clog" | head -n 1; }
ne=$(emogi-info --json "$g" | sed -n 's/.*"edges":\([0-9]*\).*/\1/p')
verdict=$(awk -v n="$ne" 'BEGIN {print (n > 4294967296 ? "past" : "NOT past")}')
{
    echo "- conversion: $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f s", b - a}') wall; $ne stored edges ($verdict 2^32 = 4294967296); file $(du -h "$g" | cut -f1)"
    echo "- $(stat_of 'out of core' | sed 's/^emogi-convert: stats: //')"
    echo "- $(stat_of 'peak memory' | sed 's/^emogi-convert: stats: //') against --memory $MEM"
    echo "- $(stat_of 'generate' | sed 's/^emogi-convert: stats: //')"
    echo "- $(stat_of 'total' | sed 's/^emogi-convert: stats: //')"
} >>"$res"

# DEVICE=cpu tries the script on a machine without a GPU
if [ "${DEVICE:-gpu}" = gpu ]; then place="--device gpu --mem zerocopy --kernel aligned"; else
    place="--device cpu"; fi
# shellcheck disable=SC2086 # $place is options
timeout "$(left)" emogi-bfs "$g" -n "$RUNS" --seed 1 $place --stats >/dev/null 2>"$blog"
st=$?
row=$(awk '
    /^emogi-bfs: load / { for (i = 3; i <= NF; i++) { split($i, kv, "="); l[kv[1]] = kv[2] }
                          place = l["file_seconds"] + l["pin_seconds"] + l["h2d_seconds"] }
    /^emogi-bfs: source=.* seconds=/ {
        split("", f)
        for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
        n++; s += f["seconds"]; e += f["edges_examined"]; b += f["edge_gbps"] * f["seconds"]
        r += f["reached"]
        if (n == 1 || f["seconds"] < min) min = f["seconds"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        printf "| %d | %.1f | %.1f | %.2f | %.1f | %.0f | %.2f |\n", n, 1e3 * s / n, 1e3 * min,
               e / s / 1e9, b / s, r / n, place
    }' "$blog")
if [ "$st" -eq 0 ] && [ -n "$row" ]; then
    {
        echo
        echo "| searches | mean ms | min ms | GTEPS | edge GB/s | mean reached | place s |"
        echo "|---|---|---|---|---|---|---|"
        echo "$row"
    } >>"$res"
    finish 0
fi
echo "- **emogi-bfs failed (status $st)**: $(grep -v '^emogi-bfs: source' "$blog" | tail -n 1)" >>"$res"
finish 1
