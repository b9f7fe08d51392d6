#!/bin/sh
# ab.sh - one build against another, on the same graphs in the same run:
# BFS searches timed by each build in turn, their depths compared byte for
# byte.  A change to a kernel is measured this way, so that its ratio does
# not mix machines (bench/journal/2026-11-28-the-bottom-up-bitmap-kept.md).
#
#   BASE=/path/to/base-build NEW=/path/to/build sh bench/ab.sh GRAPH...
#   BASE=../base/build NEW=. ROWS="1:device:auto" sh bench/ab.sh kron26.csr
#
# ROWS: RANKS:PLACEMENT:DIRECTION for each row (default "1:zerocopy:auto
# 1:device:auto 2:zerocopy:auto 2:device:auto"); PLACEMENT cpu runs the
# CPU backend.  Rows of more than one rank need an MPI build of both and
# MPIRUN ("mpirun --bind-to none", as bench/mpi.sh's; add --oversubscribe
# or a hostfile as the host needs), which also runs the one-rank rows
# where it is found, as bench/mpi.sh's.
# SEARCHES (16: -n SEARCHES --seed 1), TRACE=1 (each row's first search
# once more with EMOGI_TRACE_LEVELS, the levels into WORK), WORK (a new
# temporary folder; kept only when TRACE is set), DEADLINE (epoch seconds
# after which no row starts).  Prints a Markdown table; exits 1 when a
# build fails a row or the depths differ.
set -u
: "${BASE:?set BASE to the base build folder}"
: "${NEW:?set NEW to the build folder to measure}"
[ $# -ge 1 ] || { echo "usage: BASE=DIR NEW=DIR sh bench/ab.sh GRAPH..." >&2; exit 2; }
for b in "$BASE" "$NEW"; do
    [ -x "$b/emogi-bfs" ] || { echo "ab.sh: $b/emogi-bfs: no such program" >&2; exit 2; }
done
ROWS=${ROWS:-"1:zerocopy:auto 1:device:auto 2:zerocopy:auto 2:device:auto"}
SEARCHES=${SEARCHES:-16}
DEADLINE=${DEADLINE:-0}
MPIRUN=${MPIRUN:-"mpirun --bind-to none"}
if [ -n "${WORK:-}" ]; then
    mkdir -p "$WORK" || exit 1
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/emogi-ab.XXXXXX") || exit 1
    [ -n "${TRACE:-}" ] || trap 'rm -rf "$WORK"' EXIT
fi
status=0

# The mean seconds of a search from a --stats log, or nothing.
mean_of() { grep '^emogi-bfs: mean' "$1" | tail -n 1 | tr ' ' '\n' | sed -n 's/^seconds=//p'; }

# BUILD's emogi-bfs on GRAPH for row NP MEM DIR, its depths to OUT, its
# log to LOG; extra environment first.
run() { # BUILD GRAPH NP MEM DIR OUT LOG [ARGS...]
    r_bin=$1/emogi-bfs r_g=$2 r_np=$3 r_dir=$5 r_out=$6 r_log=$7
    case $4 in
    cpu) r_opts="--device cpu" ;;
    *) r_opts="--device gpu --mem $4" ;;
    esac
    shift 7
    if command -v "${MPIRUN%% *}" >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(($(nproc) / r_np))} $MPIRUN -np "$r_np" \
            "$r_bin" "$r_g" --direction "$r_dir" $r_opts --stats -o "$r_out" "$@" \
            >/dev/null 2>"$r_log"
    elif [ "$r_np" = 1 ]; then
        # shellcheck disable=SC2086
        "$r_bin" "$r_g" --direction "$r_dir" $r_opts --stats -o "$r_out" "$@" >/dev/null 2>"$r_log"
    else
        echo "ab.sh: $r_np ranks need $MPIRUN" >"$r_log"
        return 1
    fi
}

# seconds as milliseconds
ms() { awk -v s="${1:-0}" 'BEGIN { if (s > 0) printf "%.2f ms", s * 1e3; else printf "failed" }'; }

echo "| graph | ranks | placement | direction | base | new | ratio | depths |"
echo "|---|---|---|---|---|---|---|---|"
for g in "$@"; do
    name=$(basename "$g" .csr)
    for r in $ROWS; do
        np=${r%%:*} rest=${r#*:}
        mem=${rest%%:*} dir=${rest#*:}
        if [ "$DEADLINE" -gt 0 ] && [ "$(date +%s)" -ge "$DEADLINE" ]; then
            echo "| $name | $np | $mem | $dir | past the deadline | | | |"
            continue
        fi
        base='' new='' same=''
        for b in base new; do
            case $b in base) build=$BASE ;; *) build=$NEW ;; esac
            if run "$build" "$g" "$np" "$mem" "$dir" "$WORK/$b.bin" "$WORK/$b.log" \
                -n "$SEARCHES" --seed 1; then
                case $b in base) base=$(mean_of "$WORK/$b.log") ;; *) new=$(mean_of "$WORK/$b.log") ;; esac
            else
                echo "ab.sh: $b, $name $r: $(tail -n 1 "$WORK/$b.log")" >&2
                status=1
            fi
            if [ -n "${TRACE:-}" ]; then
                EMOGI_TRACE_LEVELS=1 run "$build" "$g" "$np" "$mem" "$dir" "$WORK/trace.bin" \
                    "$WORK/trace-$name-$np-$mem-$dir-$b.log" -n 1 --seed 1 || status=1
            fi
        done
        if [ -n "$base" ] && [ -n "$new" ]; then
            if cmp -s "$WORK/base.bin" "$WORK/new.bin"; then same=same; else same=DIFFER status=1; fi
        fi
        ratio=$(awk -v a="${base:-0}" -v b="${new:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b }')
        echo "| $name | $np | $mem | $dir | $(ms "$base") | $(ms "$new") | ${ratio:-—} | ${same:-—} |"
    done
done
[ -n "${TRACE:-}" ] && echo "traces: $WORK" >&2
exit "$status"
