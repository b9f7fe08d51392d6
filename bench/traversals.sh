#!/bin/sh
# traversals.sh - SSSP, CC and PageRank on the weighted Kronecker graph of
# scale 25 (weights random 8..72, as EMOGI), every kernel x placement, with
# 8- and 4-byte ids: bench/sssp.sh, bench/cc.sh, bench/pagerank.sh over the
# same two graphs.  Prints one markdown table and writes it to
# $OUT/traversals.md when OUT is set.
#   EMOGI_BIN=/path/to/build BW=55.5 sh bench/traversals.sh
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
SCALE=${SCALE:-25}
WORK=${WORK:-/tmp/emogi-bench}
DEADLINE=${DEADLINE:-$(($(date +%s) + 480))}
export DEADLINE BW EMOGI_BIN
mkdir -p "$WORK/logs" || exit 1
res=$WORK/traversals.md

for w in 8 4; do
    g=$WORK/kron$SCALE-w-$w.csr
    [ -s "$g" ] && continue
    t0=$(date +%s)
    emogi-convert kron -s "$SCALE" --id-width "$w" --weights random:8:72 --seed 1 -q "$g" \
        2>"$WORK/logs/convert-w-$w.log" || { tail -n 5 "$WORK/logs/convert-w-$w.log"; exit 1; }
    echo "- kron $SCALE, $w-byte ids, weights 8..72: converted in $(($(date +%s) - t0)) s"
done >"$WORK/traversals-notes.md"
export GRAPH8=$WORK/kron$SCALE-w-8.csr GRAPH4=$WORK/kron$SCALE-w-4.csr

{
    echo "# SSSP, CC, PageRank on Kronecker scale $SCALE"
    echo
    echo "- device: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null)"
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); pinned host->device cudaMemcpy: ${BW:-?} GB/s"
    cat "$WORK/traversals-notes.md"
    echo
    echo "| tool | ids | placement | kernel | runs | mean ms | GTEPS or iterations | edge GB/s | % link | reference ms |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
} >"$res"
status=0
for alg in sssp cc pagerank; do
    if [ -f "$here/$alg.sh" ]; then
        sh "$here/$alg.sh" | grep '^|' | tee -a "$res" || status=1
    else
        echo "| $alg | — | — | — | no bench/$alg.sh | | | | | |" | tee -a "$res"
    fi
done
echo
cat "$res"
[ -n "${OUT:-}" ] && mkdir -p "$OUT" && cp "$res" "$OUT/traversals.md"
exit $status
