#!/bin/sh
# reorder.sh - what vertex order does to zero-copy BFS: one Kronecker graph
# converted as generated (ids permuted at random, as Graph500 does), with
# --reorder degree and with --reorder bfs; each searched on the GPU with
# its edges in pinned host memory, merged+aligned kernel.
#
#   EMOGI_BIN=/path/to/build sh bench/reorder.sh
#
# Environment: SCALE (25), WIDTH (4-byte ids), RUNS (8 searches), WORK,
# DEADLINE (epoch seconds), OUT ($OUT/reorder.md), DEVICE (gpu; cpu to try
# it without a GPU).  Sources are drawn with the same seed in each
# numbering, so they are different vertices; nearly every vertex of a
# Kronecker graph lies in the one giant component, which each search
# covers (the "mean reached" column shows it).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
SCALE=${SCALE:-25}
WIDTH=${WIDTH:-4}
RUNS=${RUNS:-8}
WORK=${WORK:-/tmp/emogi-bench}
DEADLINE=${DEADLINE:-$(($(date +%s) + 300))}
mkdir -p "$WORK" || exit 1
res=$WORK/reorder.md
left() { echo $((DEADLINE - $(date +%s))); }
if [ "${DEVICE:-gpu}" = gpu ]; then place="--device gpu --mem zerocopy --kernel aligned"; else
    place="--device cpu"; fi

{
    echo "## Vertex order and zero-copy BFS, Kronecker scale $SCALE, $WIDTH-byte ids"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores; GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null || echo none)"
    echo "- \`emogi-bfs G -n $RUNS --seed 1 $place --stats\`; convert s: wall seconds of \`emogi-convert kron -s $SCALE --id-width $WIDTH [--reorder KIND]\`"
    echo
    echo "| order | convert s | searches | mean ms | min ms | GTEPS | edge GB/s | mean reached |"
    echo "|---|---|---|---|---|---|---|---|"
} >"$res"
status=0
for kind in none degree bfs; do
    g=$WORK/kron$SCALE-reorder-$kind.csr
    log=$WORK/reorder-$kind.log
    if [ "$(left)" -lt 30 ]; then
        echo "| $kind | skipped: out of time | | | | | | |" >>"$res"
        continue
    fi
    t0=$(date +%s.%N)
    if ! timeout "$(left)" emogi-convert kron -s "$SCALE" --id-width "$WIDTH" --reorder "$kind" \
        -q "$g" 2>"$log"; then
        echo "| $kind | conversion failed: $(tail -n 1 "$log" | tr '|' '/') | | | | | | |" >>"$res"
        status=1
        continue
    fi
    conv=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
    # shellcheck disable=SC2086 # $place is options
    timeout "$(left)" emogi-bfs "$g" -n "$RUNS" --seed 1 $place --stats >/dev/null 2>>"$log"
    row=$(awk '/^emogi-bfs: source=.* seconds=/ {
            split("", f)
            for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
            n++; s += f["seconds"]; e += f["edges_examined"]; b += f["edge_gbps"] * f["seconds"]
            r += f["reached"]
            if (n == 1 || f["seconds"] < min) min = f["seconds"]
        }
        END { if (n == 0 || s <= 0) exit 1
              printf "%d | %.1f | %.1f | %.2f | %.1f | %.0f", n, 1e3 * s / n, 1e3 * min,
                     e / s / 1e9, b / s, r / n }' "$log") ||
        { row="search failed: $(tail -n 1 "$log" | tr '|' '/') | | | | |"; status=1; }
    echo "| $kind | $conv | $row |" >>"$res"
    rm -f "$g"
done
cat "$res"
[ -n "${OUT:-}" ] && mkdir -p "$OUT" && cp "$res" "$OUT/reorder.md"
exit $status
