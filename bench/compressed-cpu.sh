#!/bin/sh
# compressed-cpu.sh - the CPU backend on compressed neighbour lists
# (emogi-convert --compress) against the plain lists of the same graph:
# BFS (direction-optimizing, top-down only, bottom-up only), CC, PageRank
# and SSSP, each the best of REPS calls, plain and compressed calls
# interleaved so that a busy machine slows both alike.  Runs on any machine
# (no GPU); prints a markdown table and writes it to $OUT/compressed-cpu.md.
#
#   EMOGI_BIN=/path/to/build sh bench/compressed-cpu.sh
#
# | graph | job | plain s | compressed s | compressed / plain |
#
# Seconds are the tools' --stats: the mean per search for emogi-bfs
# (-n SEARCHES --seed 1) and emogi-sssp (-n 3 --seed 1), the whole run for
# emogi-cc and emogi-pagerank (Gauss-Seidel, to the default tolerance);
# loading the file is not counted.  Environment: SCALE (20: a Kronecker
# graph, weights random:8:72, converted plain and compressed), REORDER
# (none; bfs or degree: the Kronecker graph converted with that --reorder
# too), SEARCHES (8: emogi-bfs's sources a call), CNR (the
# WebGraph basename of cnr-2000, converted with --transpose, searched with
# --unit-weights; default $EMOGI_DATA/webgraph/cnr-2000, skipped if absent),
# REPS (5), THREADS (1: single-threaded runs are steadier on a shared
# machine), JOBS (all: bfs-auto bfs-push bfs-pull cc pagerank sssp), WORK
# (/tmp/emogi-bench-compressed: graphs and logs), DEADLINE (epoch seconds:
# no call starts after it), OUT.
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
bench_dir=$(cd "$(dirname "$0")" && pwd)
SCALE=${SCALE:-20}
CNR=${CNR:-${EMOGI_DATA:-/work/shared/data}/webgraph/cnr-2000}
REPS=${REPS:-5}
REORDER=${REORDER:-none}
SEARCHES=${SEARCHES:-8}
THREADS=${THREADS:-1}
JOBS=${JOBS:-"bfs-auto bfs-push bfs-pull cc pagerank sssp"}
WORK=${WORK:-/tmp/emogi-bench-compressed}
DEADLINE=${DEADLINE:-$(($(date +%s) + 3600))}
mkdir -p "$WORK" || exit 1
res=$WORK/compressed-cpu.md

. "$bench_dir/lib.sh"

# convert NAME ARG...: NAME.csr and NAME-c.csr (--compress) in $WORK.
convert() {
    cv_name=$1
    shift
    emogi-convert "$@" -q "$WORK/$cv_name.csr" 2>"$WORK/$cv_name.log" &&
        emogi-convert "$@" --compress -q "$WORK/$cv_name-c.csr" 2>>"$WORK/$cv_name.log"
}

# seconds JOB GRAPH UNIT: one call's seconds from its --stats, or nothing.
seconds() {
    case $1 in
    bfs-*) set -- "$2" emogi-bfs -n "$SEARCHES" --seed 1 --direction "${1#bfs-}" ;;
    cc) set -- "$2" emogi-cc ;;
    pagerank) set -- "$2" emogi-pagerank ;;
    sssp) set -- "$2" emogi-sssp -n 3 --seed 1 ${3:+"$3"} ;; # UNIT: an option or nothing
    esac
    sc_graph=$1
    shift
    timeout "$(left)" "$@" "$sc_graph" --device cpu --threads "$THREADS" --stats \
        >/dev/null 2>"$WORK/last.log" || return 1
    awk '/: mean searches=/ || /^emogi-cc: algorithm=/ || /^emogi-pagerank: iterations=/ {
            for (i = 2; i <= NF; i++) if ($i ~ /^seconds=/) s = substr($i, 9)
        }
        END { if (s == "") exit 1; print s }' "$WORK/last.log"
}

# row GRAPH-NAME JOB UNIT: best of REPS interleaved calls, as a table row.
row() {
    best_p='' best_c=''
    for _ in $(seq "$REPS"); do
        if [ "$(left)" -lt 10 ]; then break; fi
        if ! p=$(seconds "$2" "$WORK/$1.csr" "$3") || ! c=$(seconds "$2" "$WORK/$1-c.csr" "$3"); then
            echo "| $1 | $2 | failed: $(tail -n 1 "$WORK/last.log" | tr '|' '/') | | |"
            return 1
        fi
        best_p=$(awk -v a="$p" -v b="$best_p" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }')
        best_c=$(awk -v a="$c" -v b="$best_c" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }')
    done
    if [ -z "$best_p" ]; then echo "| $1 | $2 | skipped: out of time | | |"; return 0; fi
    awk -v g="$1" -v j="$2" -v p="$best_p" -v c="$best_c" \
        'BEGIN { printf "| %s | %s | %.4f | %.4f | %.2fx |\n", g, j, p, c, c / p }'
}

{
    echo "## CPU traversals, compressed against plain lists"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); host: $(nproc) cores, load $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)"
    echo "- \`--device cpu --threads $THREADS --stats\`, best of $REPS interleaved calls; kron \`--reorder $REORDER\`, BFS \`-n $SEARCHES\`"
    echo
    echo "| graph | job | plain s | compressed s | compressed / plain |"
    echo "|---|---|---|---|---|"
} >"$res"
cat "$res"
status=0
graphs="kron$SCALE"
convert "kron$SCALE" kron -s "$SCALE" --weights random:8:72 --reorder "$REORDER" || {
    echo "| kron$SCALE | conversion failed: $(tail -n 1 "$WORK/kron$SCALE.log") | | | |" | tee -a "$res"
    graphs='' status=1
}
if [ -f "$CNR.graph" ]; then
    if convert cnr-2000 webgraph "$CNR" --transpose; then graphs="$graphs cnr-2000"; else
        echo "| cnr-2000 | conversion failed: $(tail -n 1 "$WORK/cnr-2000.log") | | | |" | tee -a "$res"
        status=1
    fi
fi
for g in $graphs; do
    unit=''
    if [ "$g" = cnr-2000 ]; then unit=--unit-weights; fi
    for job in $JOBS; do
        r=$(row "$g" "$job" "$unit") || status=1
        echo "$r" | tee -a "$res"
    done
done
for g in $graphs; do rm -f "$WORK/$g.csr" "$WORK/$g-c.csr"; done
[ -n "${OUT:-}" ] && mkdir -p "$OUT" && cp "$res" "$OUT/compressed-cpu.md"
exit $status
