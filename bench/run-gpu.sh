#!/bin/sh
# run-gpu.sh - the one command for the GPU machine: unpack the release
# tarball carried in .devcarry/ (the tree there may have no configure),
# build with CUDA for sm_90, run the test suite (GPU tests included), then
# the BFS benchmark (bench/bfs.sh).  Results land in $OUT when it is set.
#
#   sh bench/run-gpu.sh            # from the repository root
#   ARCH=sm_90 JOBS=16 SCALE=25 sh bench/run-gpu.sh
#   STAGES="check traversals" sh bench/run-gpu.sh
#
# STAGES picks what runs after the build, in this order: check (make
# check), bfs (bench/bfs.sh), fewer-bytes (bench/fewer-bytes.sh: BFS
# directions and hybrid placements; TRAVERSALS=1 adds SSSP, CC, PageRank),
# compressed (bench/compressed.sh: plain against compressed lists),
# traversals (bench/traversals.sh: sssp, cc, pagerank), reorder
# (bench/reorder.sh), at-scale (bench/at-scale.sh).
# Default: "check bfs".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${ARCH:-sm_90}
JOBS=${JOBS:-16}
work=${WORK:-/tmp/emogi-run}
t_start=$(date +%s)

say() { printf '== %s (%ss)\n' "$*" $(($(date +%s) - t_start)); }
die() { echo "run-gpu.sh: $*" >&2; exit 1; }

rm -rf "$work" && mkdir -p "$work/build" || die "cannot create $work"
tarball=$(ls "$root"/.devcarry/emogi-*.tar.gz 2>/dev/null | tail -n 1)
if [ -n "$tarball" ]; then
    say "unpacking $(basename "$tarball")"
    tar -xzf "$tarball" -C "$work" || die "$tarball: cannot unpack"
    src=$(ls -d "$work"/emogi-*/ | head -n 1)
    src=${src%/}
elif [ -x "$root/configure" ]; then
    src=$root
else
    die "no .devcarry/emogi-*.tar.gz and no configure in $root (run 'make dist' first)"
fi
[ -x "$src/configure" ] || die "$src: no configure script"

nvidia-smi --query-gpu=name,memory.total,memory.used,driver_version --format=csv,noheader 2>&1 |
    sed 's/^/GPU: /'
nvcc --version 2>/dev/null | tail -n 1

cd "$work/build" || die "no build folder"
say "configure --with-cuda-arch=$ARCH"
"$src/configure" -q --with-cuda-arch="$ARCH" >configure.log 2>&1 ||
    { tail -n 30 configure.log; die "configure failed"; }
say "make -j$JOBS"
make -j"$JOBS" >make.log 2>&1 || { grep -E 'error|Error' make.log | head -n 30; die "build failed"; }
grep -E 'warning' make.log | head -n 20

STAGES=${STAGES:-check bfs}
has() { case " $STAGES " in *" $1 "*) return 0 ;; esac; return 1; }
check_status=0
if has check; then
say "make check"
make -j"$JOBS" check >check.log 2>&1
check_status=$?
sed -n '/^# TOTAL/,/^# ERROR/p' check.log | head -n 7
for t in tests/unit_loader tests/*_gpu.trs tests/gpu_*.trs tests/bfs_compressed.trs; do # the GPU tests' own counts
    t=${t%.trs}
    [ -f "$t.trs" ] || { echo "$t: did not run"; continue; }
    printf '%s: pass %s, fail %s, skip %s\n' "$t" \
        "$(grep -c '^:test-result: PASS' "$t.trs")" \
        "$(grep -c -e '^:test-result: FAIL' -e '^:test-result: ERROR' "$t.trs")" \
        "$(grep -c '^:test-result: SKIP' "$t.trs")"
    grep -m 3 '# SKIP' "$t.log"
done
if [ "$check_status" -ne 0 ]; then
    echo "make check failed; failing tests:"
    grep -e '^FAIL' -e '^ERROR' check.log | head -n 40
    grep -h -A3 '^not ok' tests/*.log 2>/dev/null | head -n 60
fi
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT/logs" && cp check.log make.log configure.log "$OUT/logs/" 2>/dev/null
    cp tests/*.log "$OUT/logs/" 2>/dev/null
fi
fi

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
for stage in bfs fewer-bytes compressed traversals reorder at-scale; do
    has "$stage" || continue
    say "bench/$stage.sh"
    sh "$src/bench/$stage.sh" || bench_status=1
done
# Only eight files come back from the GPU machine: fold the logs into one.
if [ -n "${OUT:-}" ]; then
    (cd "$OUT" && ls -d logs bench-logs 2>/dev/null | xargs -r tar -czf logs.tar.gz &&
        rm -rf logs bench-logs)
fi
say "done"
[ "$check_status" -eq 0 ] && [ "$bench_status" -eq 0 ]
