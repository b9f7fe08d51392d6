#!/bin/sh
# ab-tools.sh - one build against another over every traversal tool and
# placement, on the same graphs in the same run: each row is timed by each
# build in turn and the two outputs are compared byte for byte.  A change
# to the GPU kernels is measured this way, so that its ratio does not mix
# machines (bench/ab.sh does the same for BFS alone, ranks too).
#
#   BASE=/path/to/base-build NEW=/path/to/build sh bench/ab-tools.sh GRAPH...
#
# ROWS: TOOL:PLACEMENT for each row, TOOL one of bfs-push, bfs-auto, sssp,
# cc, pagerank; PLACEMENT device, zerocopy, uvm or hybrid (hybrid with
# --gpu-memory half the bytes of the graph's lists and weights).  Default:
# every tool x device, zerocopy, hybrid.  KERNEL (aligned): --kernel.
# SEARCHES (4): -n SEARCHES --seed 1 for BFS and SSSP; PageRank's figure
# is its seconds per iteration, CC's its run.  DEADLINE (epoch seconds
# after which no row starts).  Prints a Markdown table; exits 1 when a
# build fails a row or the outputs differ.
set -u
: "${BASE:?set BASE to the base build folder}"
: "${NEW:?set NEW to the build folder to measure}"
[ $# -ge 1 ] || { echo "usage: BASE=DIR NEW=DIR sh bench/ab-tools.sh GRAPH..." >&2; exit 2; }
DEFAULT_ROWS=
for t in bfs-push bfs-auto sssp cc pagerank; do
    for m in device zerocopy hybrid; do DEFAULT_ROWS="$DEFAULT_ROWS $t:$m"; done
done
ROWS=${ROWS:-$DEFAULT_ROWS}
SEARCHES=${SEARCHES:-4}
KERNEL=${KERNEL:-aligned}
DEADLINE=${DEADLINE:-0}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emogi-ab-tools.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT
status=0

# Bytes of the sections a GPU run places, from emogi-info's table.
list_bytes() {
    "$NEW/emogi-info" "$1" | awk '$1 ~ /^(neighbors|cneighbors|coffsets|weights)$/ { s += $3 }
        END { printf "%.0f", s }'
}

# The figure of a --stats log, in seconds: BFS's and SSSP's mean search,
# CC's run, PageRank's iteration.
figure_of() { # TOOL LOG
    case $1 in
    bfs-*) key='^emogi-bfs: mean' field=seconds ;;
    sssp) key='^emogi-sssp: mean' field=seconds ;;
    cc) key='^emogi-cc: algorithm=' field=seconds ;;
    pagerank) key='^emogi-pagerank: iterations=' field=seconds_per_iteration ;;
    esac
    grep "$key" "$2" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$field=//p"
}

run() { # BUILD TOOL PLACEMENT GRAPH OUT LOG
    r_tool=$2 r_out=$5 r_log=$6
    case $3 in
    hybrid) r_mem="--mem hybrid --gpu-memory $(($(list_bytes "$4") / 2))" ;;
    *) r_mem="--mem $3" ;;
    esac
    case $r_tool in
    bfs-push) set -- "$1/emogi-bfs" "$4" -n "$SEARCHES" --seed 1 --direction push ;;
    bfs-auto) set -- "$1/emogi-bfs" "$4" -n "$SEARCHES" --seed 1 --direction auto ;;
    sssp) set -- "$1/emogi-sssp" "$4" -n "$SEARCHES" --seed 1 ;;
    cc) set -- "$1/emogi-cc" "$4" ;;
    pagerank) set -- "$1/emogi-pagerank" "$4" ;;
    esac
    # shellcheck disable=SC2086
    "$@" --device gpu $r_mem --kernel "$KERNEL" --stats -o "$r_out" >/dev/null 2>"$r_log"
}

ms() { awk -v s="${1:-0}" 'BEGIN { if (s > 0) printf "%.2f ms", s * 1e3; else printf "failed" }'; }

echo "| graph | tool | placement | base | new | ratio new/base | outputs |"
echo "|---|---|---|---|---|---|---|"
for g in "$@"; do
    name=$(basename "$g" .csr)
    for r in $ROWS; do
        tool=${r%%:*} mem=${r#*:}
        if [ "$DEADLINE" -gt 0 ] && [ "$(date +%s)" -ge "$DEADLINE" ]; then
            echo "| $name | $tool | $mem | past the deadline | | | |"
            continue
        fi
        base='' new='' same=''
        for b in base new; do
            case $b in base) build=$BASE ;; *) build=$NEW ;; esac
            if run "$build" "$tool" "$mem" "$g" "$WORK/$b.bin" "$WORK/$b.log"; then
                f=$(figure_of "$tool" "$WORK/$b.log")
                case $b in base) base=$f ;; *) new=$f ;; esac
            else
                echo "ab-tools.sh: $b, $name $r: $(tail -n 1 "$WORK/$b.log")" >&2
                status=1
            fi
        done
        if [ -n "$base" ] && [ -n "$new" ]; then
            if cmp -s "$WORK/base.bin" "$WORK/new.bin"; then same=same; else same=DIFFER status=1; fi
        fi
        ratio=$(awk -v a="${base:-0}" -v b="${new:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", b / a }')
        echo "| $name | $tool | $mem | $(ms "$base") | $(ms "$new") | ${ratio:-—} | ${same:-—} |"
    done
done
exit "$status"
