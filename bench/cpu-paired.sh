#!/bin/sh
# cpu-paired.sh - five CPU figures, each a ratio taken pair by pair in one
# run on this machine, so a drift of the machine's speed cancels:
#
#   bench/cpu-paired.sh GAP-BUILD-DIR [EMOGI-BUILD-DIR] [WORK-DIR]
#
#   BFS      compressed against plain lists, kron 20 (emogi's generator),
#            both --reorder bfs, -n 16: the mean search of --stats
#   SSSP     emogi-sssp -n 8 against GAP's sssp -n 8 -d 2 on GAP's kron 21
#            with weights (1..255): emogi's mean search, GAP's Average Time
#   BC       emogi-bc -n 4 against GAP's bc -i 4 -n 1 on GAP's kron 20:
#            4 x emogi's mean search, GAP's Trial Time
#   TC       emogi-tc against GAP's tc -n 1 on GAP's kron 20: the
#            algorithm's seconds (orientation included), GAP's Trial Time
#   SCC      emogi-cc --strong against weak components on a directed kron
#            20 with its transpose: the least of --repeat 10 each
#
# GAP-BUILD-DIR holds GAP's built converter, sssp, bc and tc (`make` in a
# gapbs checkout).  Every job runs with THREADS threads (default 2),
# ROUNDS pairs (default 7; TC 3), emogi first in each pair.  Graphs stay in
# WORK-DIR (default $TMPDIR or /tmp, emogi-bench-cpu-paired) for the next
# call, and so do the results the tools write: a file there, not /dev/null,
# so that no run as root relies on a tool writing a device node in place
# rather than renaming its finished output over it.  Prints a markdown
# table: per figure the median ratio, its range, and the median times.
set -eu
if [ $# -lt 1 ] || [ ! -x "$1/converter" ]; then
    echo "usage: bench/cpu-paired.sh GAP-BUILD-DIR [EMOGI-BUILD-DIR] [WORK-DIR]" >&2
    echo "  GAP-BUILD-DIR: where GAP's converter, sssp, bc and tc were built" >&2
    exit 2
fi
G=$(cd "$1" && pwd)
B=$(cd "${2:-.}" && pwd)
W=${3:-${TMPDIR:-/tmp}/emogi-bench-cpu-paired}
ROUNDS=${ROUNDS:-7}
THREADS=${THREADS:-2}
export OMP_NUM_THREADS="$THREADS"
mkdir -p "$W"
cd "$W"

[ -f k20.sg ] || "$G/converter" -g 20 -b k20.sg > /dev/null
[ -f k20.csr ] || "$B/emogi-convert" sg k20.sg k20.csr -q
[ -f k21.wsg ] || "$G/converter" -g 21 -w -b k21.wsg > /dev/null
[ -f k21.wel ] || "$G/converter" -g 21 -w -e k21.wel > /dev/null
[ -f k21w.csr ] || "$B/emogi-convert" wel k21.wel k21w.csr --undirected -q
[ -f k20r.csr ] || "$B/emogi-convert" kron -s 20 --reorder bfs -q k20r.csr
[ -f k20rc.csr ] || "$B/emogi-convert" kron -s 20 --reorder bfs --compress -q k20rc.csr
[ -f k20d.csr ] || "$B/emogi-convert" kron -s 20 --directed --transpose -q k20d.csr

field() { # KEY [MATCH]: the KEY=value of the first --stats line holding MATCH
    awk -v k="$1=" -v m="${2:-}" 'index($0, m) && !done {
        for (i = 1; i <= NF; i++) if (index($i, k) == 1) { print substr($i, length(k) + 1); done = 1 } }'
}
least() { # KEY: the least KEY=value of every algorithm= line
    awk -v k="$1=" '/algorithm=/ { for (i = 1; i <= NF; i++) if (index($i, k) == 1) print substr($i, length(k) + 1) }' |
        sort -g | head -1
}
gap() { # LABEL: the seconds GAP prints after "LABEL:"
    awk -v l="$1:" 'index($0, l) == 1 { print $3; exit }'
}
P="$W/pairs"
: > "$P"
pair() { # NAME A B: one pair, A the numerator
    echo "$1 $2 $3" >> "$P"
}

T="--device cpu --threads $THREADS --stats"
"$B/emogi-bfs" k20r.csr -n 16 $T > /dev/null 2>&1 # warm the page cache
for i in $(seq "$ROUNDS"); do
    p=$("$B/emogi-bfs" k20r.csr -n 16 $T 2>&1 > /dev/null | field seconds "mean searches")
    c=$("$B/emogi-bfs" k20rc.csr -n 16 $T 2>&1 > /dev/null | field seconds "mean searches")
    pair "BFS, compressed / plain lists (kron 20, --reorder bfs)" "$c" "$p"
done
for i in $(seq "$ROUNDS"); do
    e=$("$B/emogi-sssp" k21w.csr -n 8 --seed 1 $T 2>&1 > /dev/null | field seconds "mean searches")
    g=$("$G/sssp" -f k21.wsg -n 8 -d 2 | gap "Average Time")
    pair "SSSP, emogi / GAP (GAP's kron 21, weights 1..255)" "$e" "$g"
done
for i in $(seq "$ROUNDS"); do
    e=$("$B/emogi-bc" k20.csr -n 4 $T -o "$W/bc.bin" 2>&1 | field seconds "mean searches")
    g=$("$G/bc" -f k20.sg -i 4 -n 1 | gap "Trial Time")
    pair "BC, 4 sources, emogi / GAP (GAP's kron 20)" "$(echo "$e" | awk '{ print 4 * $1 }')" "$g"
done
for i in $(seq 3); do
    e=$("$B/emogi-tc" k20.csr $T 2>&1 > /dev/null | field seconds "algorithm=")
    g=$("$G/tc" -f k20.sg -n 1 | gap "Trial Time")
    pair "TC, emogi / GAP (GAP's kron 20)" "$e" "$g"
done
for i in $(seq "$ROUNDS"); do
    w=$("$B/emogi-cc" k20d.csr --repeat 10 $T -o "$W/weak.bin" 2>&1 | least seconds)
    s=$("$B/emogi-cc" k20d.csr --strong --repeat 10 $T -o "$W/strong.bin" 2>&1 | least seconds)
    pair "strong / weak components (directed kron 20)" "$s" "$w"
done

echo "| figure | pairs | ratio: median (min-max) | median seconds |"
echo "|---|---|---|---|"
awk '{ name = $0; sub(/ [^ ]+ [^ ]+$/, "", name); a = $(NF - 1); b = $NF
       if (!(name in n)) order[++k] = name
       i = ++n[name]; r[name, i] = a / b; x[name, i] = a; y[name, i] = b }
     function median(arr, name, m,    i, j, t, v) {
         for (i = 1; i <= m; i++) v[i] = arr[name, i]
         for (i = 2; i <= m; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
         lo = v[1]; hi = v[m]
         return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }
     END { for (q = 1; q <= k; q++) { name = order[q]; m = n[name]
             mx = median(x, name, m); my = median(y, name, m); mr = median(r, name, m)
             printf "| %s | %d | %.3fx (%.3f-%.3f) | %.4f / %.4f |\n", name, m, mr, lo, hi, mx, my } }' "$P"
