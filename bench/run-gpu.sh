#!/bin/sh
# run-gpu.sh - the one command for the GPU machine: build the release
# tarball carried in .devcarry/ with CUDA (bench/stages/build.sh), then run
# the stages STAGES names, each a file bench/stages/STAGE.sh whose first
# lines are its knobs.  Results and logs land in $OUT when it is set.
#
#   sh bench/run-gpu.sh                              # from the repository root
#   STAGES="check traversals" sh bench/run-gpu.sh
#   ARCH=sm_90 JOBS=16 SCALE=25 sh bench/run-gpu.sh
#
# knob      default                  meaning
# STAGES    check bfs                what runs after the build: prepare check gputests mpi ab
#                                    abtools newtools bfs fewer-bytes compressed traversals
#                                    reorder at-scale,
#                                    in that order whatever the order given; mpi's tests run
#                                    with the other tests, its benchmark after them, and the
#                                    base of ab and abtools builds in the background from the
#                                    start, with abtools' graphs
# ARCH      sm_90                    --with-cuda-arch of the build and of bench/*.cu
# JOBS      16                       make -j
# WORK      /tmp/emogi-run           the build, the graphs (WORK/bench) and the logs
# OUT       (none)                   where results come back; the logs are folded into
#                                    OUT/logs.tar.gz (few files come back from the machine)
# DEADLINE  8.5 minutes into a call  epoch seconds after which no benchmark row starts
# BW        measured                 GB/s of pinned host->device memcpy (bench/memcpy_bw.cu);
#                                    set: not measured
# REUSE, STALE_OK, NCCL_DIR: bench/stages/build.sh; GPU_HOLD: bench/stages/hold.sh; the
# other knobs: the stage's file.
# shellcheck disable=SC2034,SC2154 # the stages' files read and set the variables
STAGES=${STAGES:-check bfs} # make check with the GPU tests, then bench/bfs.sh
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${ARCH:-sm_90}
JOBS=${JOBS:-16}
work=${WORK:-/tmp/emogi-run}
t_start=$(date +%s)

say() { printf '== %s (%ss)\n' "$*" $(($(date +%s) - t_start)); }
die() { echo "run-gpu.sh: $*" >&2; exit 1; }
has() { case " $STAGES " in *" $1 "*) return 0 ;; esac; return 1; }
for f in build hold prepare check gputests mpi ab abtools newtools bfs fewer-bytes compressed traversals reorder at-scale; do
    # shellcheck disable=SC1090
    . "$root/bench/stages/$f.sh"
done

build
base_build=
{ has ab || has abtools; } && ab_build_base
has abtools && abtools_prepare
has newtools && newtools_prepare
hold_start
check_status=0
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU') # the test stages spread scripts over them
has prepare && stage_prepare
has check && stage_check
has gputests && stage_gputests
has mpi && stage_mpi_tests
hold_stop

# Whatever the build and tests took, stop starting runs 8.5 minutes in.
export EMOGI_BIN="$work/build" WORK="$work/bench" DEADLINE=${DEADLINE:-$((t_start + 510))}
mkdir -p "$WORK"
if [ -z "${BW:-}" ]; then
    say "memcpy bandwidth"
    nvcc -O3 -arch="$ARCH" -o "$WORK/memcpy_bw" "$src/bench/memcpy_bw.cu" &&
        BW=$("$WORK/memcpy_bw" 4 | cut -f2) || die "memcpy_bw failed"
    echo "pinned host->device cudaMemcpy: $BW GB/s"
fi
export BW
bench_status=0
has mpi && stage_mpi_bench
has ab && stage_ab
has abtools && stage_abtools
has newtools && stage_newtools
for stage in bfs fewer-bytes compressed traversals reorder at-scale; do
    has "$stage" && "stage_$(echo "$stage" | tr - _)"
done
if [ -n "${prepare:-}" ]; then
    say "waiting for the benchmark graphs"
    wait "$prepare" || bench_status=1
    ls -l "$work/bench/mpi"/*.csr "$work/bench"/*.csr 2>/dev/null
fi
# Only eight files come back from the GPU machine: fold the logs into one.
if [ -n "${OUT:-}" ]; then
    (cd "$OUT" && ls -d logs bench-logs 2>/dev/null | xargs -r tar -czf logs.tar.gz &&
        rm -rf logs bench-logs)
fi
say "done"
[ "$check_status" -eq 0 ] && [ "$bench_status" -eq 0 ]
