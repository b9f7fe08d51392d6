#!/bin/sh
# sssp-delta.sh - emogi-sssp's default --delta against fixed widths on a
# weighted path, a grid, a road-like grid (edges split into chains, some
# removed) and Kronecker graphs, on the CPU: per graph and width the
# mean search seconds, steps and edges relaxed of -n RUNS searches.
#
#   bench/sssp-delta.sh [EMOGI-BUILD-DIR] [WORK-DIR]
#
# Environment: RUNS (3), THREADS (2), DELTAS (fixed widths, besides the
# default), KRON (scales, "20 21").  Prints markdown table rows.
set -eu
B=$(cd "${1:-.}" && pwd)
W=${2:-${TMPDIR:-/tmp}/emogi-bench-delta}
RUNS=${RUNS:-3}
THREADS=${THREADS:-2}
DELTAS=${DELTAS:-"2 25 1000 100000 10000000"}
KRON=${KRON:-"20 21"}
mkdir -p "$W"
wel() { # NAME AWK-PROGRAM: $W/NAME.csr from an undirected weighted edge list
    [ -s "$W/$1.csr" ] && return
    awk "$2" >"$W/$1.wel"
    "$B/emogi-convert" wel "$W/$1.wel" "$W/$1.csr" --undirected -q
    rm -f "$W/$1.wel"
}
for n in 200000 1000000; do
    for hi in 100 10000; do
        wel "path-$n-$hi" "BEGIN { srand(1); for (i = 0; i < $n - 1; i++)
            printf \"%d %d %d\\n\", i, i + 1, 1 + int(rand() * $hi) }"
    done
done
for hi in 100 10000; do
    wel "grid-1000-$hi" "BEGIN { srand(2); s = 1000; for (r = 0; r < s; r++) for (c = 0; c < s; c++) {
        v = r * s + c
        if (c + 1 < s) printf \"%d %d %d\\n\", v, v + 1, 1 + int(rand() * $hi)
        if (r + 1 < s) printf \"%d %d %d\\n\", v, v + s, 1 + int(rand() * $hi) } }"
done
wel road-600 'BEGIN { srand(3); s = 600; nv = s * s
    for (r = 0; r < s; r++) for (c = 0; c < s; c++) { v = r * s + c
        for (k = 0; k < 2; k++) {
            if ((k == 0 && c + 1 >= s) || (k == 1 && r + 1 >= s)) continue
            t = k == 0 ? v + 1 : v + s
            if (rand() < 0.15) continue
            L = 1 + int(rand() * 4); a = v
            for (j = 1; j < L; j++) { printf "%d %d %d\n", a, nv, 1 + int(rand() * 1000); a = nv++ }
            printf "%d %d %d\n", a, t, 1 + int(rand() * 1000) } } }'
for s in $KRON; do
    [ -s "$W/kron-$s.csr" ] || "$B/emogi-convert" kron -s "$s" --weights random:1:255 "$W/kron-$s.csr" -q
done
echo "| graph | delta | mean s | steps | edges relaxed |"
echo "|---|---|---|---|---|"
for g in "$W"/*.csr; do
    for d in default $DELTAS; do
        opt=
        [ "$d" = default ] || opt="--delta $d"
        # shellcheck disable=SC2086
        OMP_NUM_THREADS=$THREADS "$B/emogi-sssp" "$g" -n "$RUNS" --seed 1 --stats --device cpu $opt 2>&1 |
            awk -v g="$(basename "$g" .csr)" -v d="$d" '
            /delta=/ { split($2, a, "="); w = a[2] }
            /source=.*seconds=/ { for (i = 2; i <= NF; i++) { split($i, a, "="); f[a[1]] = a[2] }
                n++; s += f["seconds"]; it += f["iterations"]; e += f["edges_relaxed"] }
            END { if (n) printf "| %s | %s | %.4f | %.0f | %.0f |\n", g, (d == "default" ? "default " w : d), s / n, it / n, e / n }'
    done
done
