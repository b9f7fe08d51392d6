#!/bin/sh
# mpi.sh - the traversal tools as MPI ranks (issue 14): BFS, CC and
# PageRank on Kronecker graphs (4-byte ids) with 1, 2 and 4 ranks, each
# placement a row.  Prints markdown table rows on stdout:
#
# | tool | scale | ranks | device | seconds | speed-up over 1 rank | comm s per rank | bytes sent | link bytes per GPU |
#
# seconds: the tool's own figure of its search or iterations (rank 0's,
# which waits for every rank), the load excluded; BFS: the mean of 16
# searches (-n 16 --seed 1; the first 4 are the sources of the earlier
# -n 4 rows, whose four-rank times ran from 11.0 to 19.0 ms on kron 27
# while one GPU's stayed within 22.6-28.3:
# bench/journal/2026-11-27-the-kept-ids-on-gpu-ranks.md); speed-up: over the
# same device's one-rank row; comm s per rank: the ranks' time in exchanges
# (MPI, NCCL and the copies they need), their mean; bytes sent: summed over
# the ranks (--stats' "ranks" record).  DEVICES lists cpu (CPU ranks, OpenMP
# inside each) and gpu:zerocopy, gpu:device (GPU ranks, local rank mod the
# GPUs: one GPU per rank where there are enough).
#
# Environment: EMOGI_BIN (the build folder), SCALES ("26 27"), RANKS
# ("1 2 4"), TOOLS ("bfs cc pagerank"; sssp too; bfs-off: BFS with
# --first-ids off, every bottom-up vertex reading its list; bfs-stay:
# BFS that stays bottom-up once there, --beta 1e9; bfs-gap: BFS switching
# by GAP's rule alone, --direction gap), DEVICES ("cpu gpu:zerocopy
# gpu:device"), MPIRUN ("mpirun --bind-to none": each rank runs
# nproc/ranks OpenMP threads, which Open MPI's default binding puts on one
# core in the one- and two-rank rows, kron 26 CC 13 times slower on one
# rank:
# bench/journal/2026-11-29-cpu-ranks-cc-the-sampling-as-one-process.md;
# add --oversubscribe or a hostfile as needed), WORK (graphs and logs,
# default /tmp/emogi-bench-mpi), DEADLINE (epoch seconds: no run starts
# after it).
set -u
: "${EMOGI_BIN:?set EMOGI_BIN to the build folder}"
PATH=$EMOGI_BIN:$PATH
SCALES=${SCALES:-"26 27"}
RANKS=${RANKS:-"1 2 4"}
TOOLS=${TOOLS:-"bfs cc pagerank"}
DEVICES=${DEVICES:-"cpu gpu:zerocopy gpu:device"}
MPIRUN=${MPIRUN:-"mpirun --bind-to none"}
WORK=${WORK:-/tmp/emogi-bench-mpi}
DEADLINE=${DEADLINE:-$(($(date +%s) + 3600))}
mkdir -p "$WORK" || exit 1

# key=value FIELD from the last line of LOG that starts with PREFIX
field() { # LOG PREFIX KEY
    grep "^$2" "$1" | tail -1 | tr ' ' '\n' | sed -n "s/^$3=//p"
}

# The tool's arguments beyond the graph, and the line holding its seconds.
args_of() {
    case $1 in
    bfs) echo "-n 16 --seed 1" ;;
    bfs-off) echo "-n 16 --seed 1 --first-ids off" ;;
    bfs-stay) echo "-n 16 --seed 1 --beta 1e9" ;;
    bfs-gap) echo "-n 16 --seed 1 --direction gap" ;;
    pagerank) echo "--method jacobi" ;;
    sssp) echo "-n 2 --seed 1 --unit-weights" ;; # the generated graph has no weights
    *) echo "" ;;
    esac
}
tool_of() { echo "emogi-${1%%-*}"; } # bfs-off runs emogi-bfs
line_of() {
    case $1 in bfs* | sssp) echo "$(tool_of "$1"): mean" ;; *) echo "emogi-$1: (algorithm|iterations)=" ;; esac
}

row() { # TOOL SCALE NP DEVICE GRAPH
    t=$1 s=$2 np=$3 dev=$4 g=$5
    if [ "$(date +%s)" -ge "$DEADLINE" ]; then
        echo "| $t | $s | $np | $dev | past the deadline | | | | |"; return
    fi
    case $dev in
    cpu) opts="--device cpu" ;;
    gpu:*) opts="--device gpu --mem ${dev#gpu:}" ;;
    esac
    log="$WORK/$t-$s-$np-$(echo "$dev" | tr ':' '-')$again.log"
    # shellcheck disable=SC2086
    if ! OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(($(nproc) / np))} $MPIRUN -np "$np" \
        $(tool_of "$t") "$g" $(args_of "$t") $opts --stats -o "$WORK/out.bin" >/dev/null 2>"$log"; then
        echo "| $t | $s | $np | $dev | failed: $(grep "^$(tool_of "$t"):" "$log" | tail -1 | cut -c1-60) | | | | |"
        return
    fi
    sec=$(grep -E "^$(line_of "$t")" "$log" | tail -1 | tr ' ' '\n' | sed -n 's/^seconds=//p')
    sent=$(field "$log" "$(tool_of "$t"): ranks" bytes_sent)
    link=$(field "$log" "$(tool_of "$t"): ranks" link_bytes)
    comm=$(field "$log" "$(tool_of "$t"): ranks" comm_seconds)
    eval "base=\${base_$(echo "$t$s$dev" | tr -c 'a-z0-9\n' '_'):-}"
    if [ "$np" = 1 ]; then
        eval "base_$(echo "$t$s$dev" | tr -c 'a-z0-9\n' '_')=$sec"
        base=$sec
    fi
    up=$(awk -v a="${base:-0}" -v b="${sec:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b }')
    per=$(awk -v l="${link:-0}" -v n="$np" 'BEGIN { if (l > 0) printf "%.0f", l / n }')
    cps=$(awk -v c="${comm:-0}" -v n="$np" 'BEGIN { printf "%.4f", c / n }')
    echo "| $t | $s | $np | $dev | ${sec:-?} | ${up:-—} | $cps | ${sent:-0} | ${per:-—} |"
}

echo "| tool | scale | ranks | device | seconds | speed-up | comm s per rank | bytes sent | link bytes per GPU |"
echo "|---|---|---|---|---|---|---|---|---|"
for s in $SCALES; do
    g="$WORK/kron$s.csr"
    [ -e "$g" ] || emogi-convert kron -s "$s" --undirected --id-width 4 "$g" -q ||
        { echo "| | $s | | | could not generate kron $s | | | | |"; continue; }
    ran=" "
    for t in $TOOLS; do
        # a tool named again (TOOLS="bfs cc bfs": a second pass for the
        # spread) logs beside the first pass, not over it
        n=$(printf '%s\n' $ran | grep -cx "$t")
        again=${n#0} again=${again:+-pass$((n + 1))}
        ran="$ran $t"
        for dev in $DEVICES; do
            # without the first ids only where they would be kept: lists
            # read over the link (device placement holds the lists already)
            case $t:$dev in bfs-*:cpu | bfs-*:gpu:device) continue ;; esac
            for np in $RANKS; do
                row "$t" "$s" "$np" "$dev" "$g"
            done
        done
    done
done
