#!/bin/sh
# gap.sh - the CPU backend against the GAP benchmark suite, on one graph,
# in one run, on this machine.
#
#   bench/gap.sh GAP-BUILD-DIR [EMOGI-BUILD-DIR] [WORK-DIR]
#
# GAP-BUILD-DIR holds GAP's built programs (converter, bfs, cc, sssp, pr:
# `make` in a gapbs checkout).  GAP's converter writes its Kronecker graph
# of scale $SCALE (default 22) as a text edge list and, weighted (1..255),
# as a weighted one; both tools convert them (GAP: -s -b / -g -w -b,
# emogi-convert: el/wel --undirected), then run BFS (16 sources), CC,
# SSSP (delta 2 for GAP, emogi's default) and PageRank to L1 1e-4 (whole
# process, both of emogi's methods) on the results, and both generate and
# build the graph in memory.  Every job runs $RUNS times (default 5), GAP
# and emogi interleaved; the table gives medians, and peak memory (max RSS)
# for the conversions.  Text parsing is also timed on one thread.  BFS
# also runs from GAP's own 16 sources (its picker is seeded, so its timed
# runs use the ones its logged run prints), one emogi-bfs -s per source.
# Big files stay in WORK-DIR (default $TMPDIR or /tmp, emogi-bench-gap);
# KEEP=1 keeps them for the next call, and SEARCHES_ONLY=1 then times the
# searches and PageRank alone on the kept graphs.  Prints a markdown table.
set -eu
if [ $# -lt 1 ] || [ ! -x "$1/converter" ]; then
    echo "usage: bench/gap.sh GAP-BUILD-DIR [EMOGI-BUILD-DIR] [WORK-DIR]" >&2
    echo "  GAP-BUILD-DIR: where GAP's converter, bfs, cc, sssp and pr were built" >&2
    exit 2
fi
G=$(cd "$1" && pwd)
B=$(cd "${2:-.}" && pwd)
W=${3:-${TMPDIR:-/tmp}/emogi-bench-gap}
SCALE=${SCALE:-22}
RUNS=${RUNS:-5}
mkdir -p "$W"
L="$W/logs"
rm -rf "$L"
mkdir -p "$L"

timed() { # NAME CMD... : one run's wall seconds and max RSS (KiB) appended to $L/NAME
    name=$1
    shift
    /usr/bin/env time -f '%e %M' -o "$L/.t" "$@" >"$L/.out" 2>&1 || {
        echo "gap.sh: failed: $*" >&2
        cat "$L/.out" >&2
        exit 1
    }
    cat "$L/.t" >>"$L/$name.time"
    cat "$L/.out" >>"$L/$name.log"
}
median() { # FILE [COLUMN]: the median of a column of numbers
    sort -g -k "${2:-1}" "$1" | awk -v c="${2:-1}" '{ a[NR] = $c }
        END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}
# the figure a line of a log gives, one per run: FILE SED-EXPRESSION
figure() { sed -n "$2" "$1" >"$1.fig" && median "$1.fig"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.0f ms", s * 1000 }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f MiB", k / 1024 }'; }

echo "== machine: $(nproc) cores, $(uname -m), $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
el="$W/k$SCALE.el" wel="$W/k$SCALE.wel"
[ -s "$el" ] || "$G/converter" -g "$SCALE" -e "$el" >"$L/gen-el.log"
[ -s "$wel" ] || "$G/converter" -g "$SCALE" -w -e "$wel" >"$L/gen-wel.log"
echo "== inputs: $(du -m "$el" | cut -f1) MB of text, $(du -m "$wel" | cut -f1) MB weighted"

# conversions: the last run's outputs are what the searches read
i=1
[ "${SEARCHES_ONLY:-0}" = 1 ] && i=$((RUNS + 1))
while [ "$i" -le "$RUNS" ]; do
    timed gap-el "$G/converter" -f "$el" -s -b "$W/k.sg"
    timed emogi-el "$B/emogi-convert" el "$el" "$W/k.csr" --undirected --stats
    timed gap-gen "$G/converter" -g "$SCALE" -b "$W/gen.sg"
    timed emogi-gen "$B/emogi-convert" kron -s "$SCALE" "$W/gen.csr" --stats
    timed emogi-el1 "$B/emogi-convert" el "$el" "$W/k1.csr" --undirected --threads 1 --stats
    i=$((i + 1))
done
if [ "${SEARCHES_ONLY:-0}" != 1 ]; then
    timed gap-wel "$G/converter" -g "$SCALE" -w -b "$W/k.wsg"
    timed emogi-wel "$B/emogi-convert" wel "$wel" "$W/kw.csr" --undirected
    rm -f "$W/gen.sg" "$W/gen.csr" "$W/k1.csr"
fi

# GAP's sources; emogi-bfs from each of them, the mean search time a run
"$G/bfs" -f "$W/k.sg" -n 16 -l | sed -n 's/^Source: *//p' >"$L/gap-sources"
bfs_gap_sources='for s in $(cat "$1"); do "$2" "$3" -s "$s" --device cpu --stats -o "$4" || exit 1; done'

i=1
while [ "$i" -le "$RUNS" ]; do
    timed gap-bfs "$G/bfs" -f "$W/k.sg" -n 16
    timed emogi-bfs "$B/emogi-bfs" "$W/k.csr" -n 16 --seed 1 --device cpu --stats
    timed emogi-bfs-gs sh -c "$bfs_gap_sources" sh "$L/gap-sources" "$B/emogi-bfs" "$W/k.csr" \
        "$W/depth.bin"
    timed gap-cc "$G/cc" -f "$W/k.sg" -n 8
    timed emogi-cc "$B/emogi-cc" "$W/k.csr" --device cpu --repeat 8 --stats -o "$W/cc.bin"
    timed gap-sssp "$G/sssp" -f "$W/k.wsg" -n 8 -d 2
    timed emogi-sssp "$B/emogi-sssp" "$W/kw.csr" -n 8 --seed 1 --device cpu --stats
    timed gap-pr "$G/pr" -f "$W/k.sg" -n 1 -i 100 -t 1e-4
    timed emogi-pr "$B/emogi-pagerank" "$W/k.csr" --device cpu --stats -o "$W/pr.bin"
    timed emogi-prj "$B/emogi-pagerank" "$W/k.csr" --device cpu --method jacobi --stats \
        -o "$W/prj.bin"
    i=$((i + 1))
done

gbfs=$(figure "$L/gap-bfs.log" 's/^Average Time: *//p')
ebfs=$(figure "$L/emogi-bfs.log" 's/.*mean searches=.* seconds=\([0-9.]*\).*/\1/p')
# per run, the mean of its 16 searches; then the median run
sed -n 's/.* source=[0-9]* seconds=\([0-9.]*\).*/\1/p' "$L/emogi-bfs-gs.log" |
    awk '{ s += $1 } NR % 16 == 0 { print s / 16; s = 0 }' >"$L/emogi-bfs-gs.means"
ebfsg=$(median "$L/emogi-bfs-gs.means")
gcc=$(figure "$L/gap-cc.log" 's/^Average Time: *//p')
ecc=$(figure "$L/emogi-cc.log" 's/.*afforest-cpu seconds=\([0-9.]*\).*/\1/p')
gss=$(figure "$L/gap-sssp.log" 's/^Average Time: *//p')
ess=$(figure "$L/emogi-sssp.log" 's/.*mean searches=.* seconds=\([0-9.]*\).*/\1/p')
gpr=$(median "$L/gap-pr.time") epr=$(median "$L/emogi-pr.time") eprj=$(median "$L/emogi-prj.time")
ipr=$(figure "$L/emogi-pr.log" 's/.* iterations=\([0-9]*\) .*/\1/p')
iprj=$(figure "$L/emogi-prj.log" 's/.* iterations=\([0-9]*\) .*/\1/p')
if [ "${SEARCHES_ONLY:-0}" != 1 ]; then
    ggen=$(median "$L/gap-gen.time") egen=$(median "$L/emogi-gen.time")
    ggenm=$(median "$L/gap-gen.time" 2) egenm=$(median "$L/emogi-gen.time" 2)
    gel=$(median "$L/gap-el.time") eel=$(median "$L/emogi-el.time")
    gelm=$(median "$L/gap-el.time" 2) eelm=$(median "$L/emogi-el.time" 2)
    p2=$(figure "$L/emogi-el.log" 's/.*stats: parse [0-9.]* s, \([0-9.]*\) MB\/s.*/\1/p')
    p1=$(figure "$L/emogi-el1.log" 's/.*stats: parse [0-9.]* s, \([0-9.]*\) MB\/s.*/\1/p')
fi

echo
echo "Medians of $RUNS runs; GAP first in each round.  Graph: GAP's kron $SCALE,"
echo "$("$B/emogi-info" "$W/k.csr" | sed -n 's/^\(vertices\|edges\): *\([0-9]*\).*/\2 \1/p' | paste -sd, -)."
echo
echo "| job | GAP | emogi | ratio |"
echo "|---|---|---|---|"
echo "| BFS (16 sources, mean) | $(ms "$gbfs") | $(ms "$ebfs") | $(ratio "$ebfs" "$gbfs") |"
echo "| BFS from GAP's 16 sources, mean | $(ms "$gbfs") | $(ms "$ebfsg") | $(ratio "$ebfsg" "$gbfs") |"
echo "| CC (mean of 8) | $(ms "$gcc") | $(ms "$ecc") | $(ratio "$ecc" "$gcc") |"
echo "| SSSP (8 sources, mean; weights 1..255, delta 2 for GAP) | $(ms "$gss") | $(ms "$ess") | $(ratio "$ess" "$gss") |"
echo "| PageRank to L1 1e-4, whole process, gauss-seidel ($ipr iterations) | $gpr s | $epr s | $(ratio "$epr" "$gpr") |"
echo "| PageRank to L1 1e-4, whole process, jacobi ($iprj iterations) | $gpr s | $eprj s | $(ratio "$eprj" "$gpr") |"
[ "${SEARCHES_ONLY:-0}" = 1 ] || {
echo "| generate kron $SCALE and build | $ggen s, $(mib "$ggenm") | $egen s, $(mib "$egenm") | $(ratio "$egen" "$ggen") time, $(ratio "$egenm" "$ggenm") memory |"
echo "| text edge list to CSR, undirected | $gel s, $(mib "$gelm") | $eel s, $(mib "$eelm") | $(ratio "$eel" "$gel") time, $(ratio "$eelm" "$gelm") memory |"
echo
echo "emogi-convert text parsing: $p2 MB/s on $(nproc) threads, $p1 MB/s on one."
}
echo "Logs: $L"
if [ "${KEEP:-0}" != 1 ]; then
    rm -f "$el" "$wel" "$W/k.sg" "$W/k.wsg" "$W/k.csr" "$W/kw.csr" "$W"/*.bin
fi
