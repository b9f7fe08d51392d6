#!/bin/sh
# convert.sh - how fast emogi-convert turns a large text edge list into a
# .csr, and how fast it generates and builds Kronecker graphs.
#
#   bench/convert.sh [BUILD-DIR] [WORK-DIR]
#
# Makes a text edge list of a Kronecker graph of scale $SCALE (default 23:
# 2^23 vertices, 134 million directed edges, about 2 GB of text) once, then
# times `emogi-convert el ... --stats` on it $RUNS times, and one
# `emogi-convert kron -s $GEN_SCALE --stats`.  Text comes from
# `emogi-info --edges` when built, else from the test dump program.
# Prints the --stats lines, for a journal entry (bench/README.md).
set -eu
B=${1:-.}
W=${2:-${TMPDIR:-/tmp}/emogi-bench-convert}
SCALE=${SCALE:-23}
GEN_SCALE=${GEN_SCALE:-$SCALE}
RUNS=${RUNS:-2}
mkdir -p "$W"
conv="$B/emogi-convert"
if [ -x "$B/emogi-info" ]; then dump="$B/emogi-info --edges"; else dump="$B/tests/lib/csrdump --edges"; fi

text="$W/kron$SCALE.el"
if [ ! -s "$text" ]; then
    echo "== making $text (kron -s $SCALE, directed, as text)"
    "$conv" kron -s "$SCALE" --directed --keep-duplicates --keep-self-loops -q "$W/src.csr"
    $dump "$W/src.csr" >"$text"
    rm -f "$W/src.csr"
fi
echo "== input: $(wc -l <"$text") edges, $(du -m "$text" | cut -f1) MB of text"
echo "== machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"

i=1
while [ "$i" -le "$RUNS" ]; do
    echo "== run $i: emogi-convert el $text out.csr --stats"
    /usr/bin/env time -f 'wall %e s, max rss %M KiB' "$conv" el "$text" "$W/out.csr" --stats
    i=$((i + 1))
done
rm -f "$W/out.csr"

echo "== emogi-convert kron -s $GEN_SCALE --stats (undirected)"
/usr/bin/env time -f 'wall %e s, max rss %M KiB' "$conv" kron -s "$GEN_SCALE" "$W/gen.csr" --stats
rm -f "$W/gen.csr"
