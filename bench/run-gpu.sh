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
# (bench/reorder.sh), at-scale (bench/at-scale.sh), mpi (tests/mpi_gpu.sh,
# the GPU ranks on every GPU, bench/gather_bw.cu, then bench/mpi.sh
# with MPI_SCALES, MPI_RANKS, MPI_TOOLS and MPI_DEVICES for its SCALES,
# RANKS, TOOLS and DEVICES), ab (bench/ab.sh: the base build against
# this one, see below).  Where mpicc is found the build is an MPI
# one, with NCCL when NCCL_DIR (default: the Python CUDA stack's
# nvidia/nccl) holds it; NCCL's NVLink multicast stays off
# (NCCL_NVLS_ENABLE=0).
# Default: "check bfs".
#
# CHECK_TESTS: the check stage runs only these scripts (on the 4-GPU
# host tests/mpi.sh alone ran past a call's 10 minutes in its CPU-rank
# cases; its GPU-rank cases are tests/mpi_gpu.sh).  MPI_TESTS=quick: the mpi stage checks GPU ranks against
# one CPU process on kron 18 instead of tests/mpi_gpu.sh, QUICK_TOOLS ("bfs
# cc sssp") and QUICK_MEMS ("zerocopy device") choosing the runs;
# MPI_TESTS=none: no tests, only the benchmark.
# prepare (first in STAGES' order): the mpi and compressed stages' graphs,
# made in the background while the check stage runs; PREPARE ("mpi
# compressed") names whose.
# CHECK_SKIP: test scripts the check stage leaves out; CHECK_LIMIT:
# seconds after which make check is stopped (the finished tests' logs
# still come back); CHECK_JOBS: scripts at
# once (a quarter of the cores), each with the cores over them as
# OpenMP threads.
# gputests: the scripts in GPU_TESTS (unit tests too) run directly, not
# through make, all at once, spread over the GPUs as the check stage
# spreads them, each writing its TAP lines to $OUT/tap/NAME.tap as they
# come: a script stopped at GPU_TESTS_LIMIT seconds still shows how far
# it got (make deletes a stopped test's log), and each one's seconds
# are printed.
# GPU_HOLD=0: no bench/gpu_hold.cu holding the GPUs while tests run.
# DEADLINE (epoch seconds) stops benchmark rows from starting after it.
# COMPRESSED_JOBS: bench/compressed.sh's JOBS (JOBS here is make's -j).
# GATHER_GIB, GATHER_MODES: bench/gather_bw.cu's size and modes (where
# the pinned pages lie) in the mpi stage.
# ab: .devcarry/base/ holds the base's release tarball (make dist of the
# commit to measure against), built beside this tree in the background;
# bench/ab.sh then runs both on kron AB_SCALES (default 26, as the mpi
# stage makes them) and on AB_GRAPHS, rows AB_ROWS (its ROWS), AB_TRACE=1
# for its traces.
# MPI_TRACE=1: after bench/mpi.sh, BFS on one GPU and on the most ranks
# of MPI_RANKS for each scale with EMOGI_TRACE_LEVELS, logs beside the
# others.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${ARCH:-sm_90}
JOBS=${JOBS:-16}
work=${WORK:-/tmp/emogi-run}
t_start=$(date +%s)

say() { printf '== %s (%ss)\n' "$*" $(($(date +%s) - t_start)); }
die() { echo "run-gpu.sh: $*" >&2; exit 1; }

# REUSE=1: a later call on the same warm machine keeps the last call's
# build and generated graphs (kron 27 takes a minute to make) when the
# release tarball is the same one
tarball=$(ls "$root"/.devcarry/emogi-*.tar.gz 2>/dev/null | tail -n 1)
if [ "${REUSE:-}" = 1 ] && [ -n "$tarball" ] && [ -x "$work/build/emogi-bfs" ] &&
    cmp -s "$tarball" "$work/release.tar.gz"; then
    reuse=1
else
    reuse=
    rm -rf "$work" && mkdir -p "$work/build" || die "cannot create $work"
    [ -n "$tarball" ] && cp "$tarball" "$work/release.tar.gz"
fi
if [ -n "$tarball" ]; then
    if [ -z "$reuse" ]; then
        say "unpacking $(basename "$tarball")"
        tar -xzf "$tarball" -C "$work" || die "$tarball: cannot unpack"
    fi
    src=$(ls -d "$work"/emogi-*/ | head -n 1)
    src=${src%/}
    # a tarball made before the tree's last change builds and measures
    # other code than the tree's: three calls once did (bench/RESULTS.md,
    # "The component's edges counted on the GPUs").  Every file in both
    # must be the same; STALE_OK=1 builds it anyway.
    stale=$(cd "$src" && find . -type f | while IFS= read -r f; do
        [ -f "$root/$f" ] && ! cmp -s "$f" "$root/$f" && echo "${f#./}"
    done | head -n 3 | tr '\n' ' ')
    [ -z "$stale" ] || [ "${STALE_OK:-}" = 1 ] ||
        die "$(basename "$tarball") is not the tree's: ${stale}differ (make dist again, or STALE_OK=1)"
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
extra=
if command -v mpicc >/dev/null 2>&1; then
    mpirun --version 2>&1 | head -n 1
    NCCL_DIR=${NCCL_DIR:-$(python3 -c 'import nvidia.nccl as n; print(list(n.__path__)[0])' 2>/dev/null)}
    if [ -n "$NCCL_DIR" ] && [ -e "$NCCL_DIR/include/nccl.h" ]; then
        extra="--with-nccl=$NCCL_DIR"
        echo "NCCL: $NCCL_DIR"
    fi
fi
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if [ -n "$reuse" ]; then
    say "reusing the last call's build in $work"
else
    say "configure --with-cuda-arch=$ARCH $extra"
    # shellcheck disable=SC2086
    "$src/configure" -q --with-cuda-arch="$ARCH" $extra >configure.log 2>&1 ||
        { tail -n 30 configure.log; die "configure failed"; }
    say "make -j$JOBS"
    make -j"$JOBS" >make.log 2>&1 || { grep -E 'error|Error' make.log | head -n 30; die "build failed"; }
    grep -E 'warning' make.log | head -n 20
fi

STAGES=${STAGES:-check bfs}
has() { case " $STAGES " in *" $1 "*) return 0 ;; esac; return 1; }

# the base for the ab stage, built while the other stages run
base_build=
if has ab; then
    base_tar=$(ls "$root"/.devcarry/base/emogi-*.tar.gz 2>/dev/null | tail -n 1)
    [ -n "$base_tar" ] || die "the ab stage needs .devcarry/base/emogi-*.tar.gz (make dist of the base)"
    if [ -x "$work/base/build/emogi-bfs" ] && cmp -s "$base_tar" "$work/base.tar.gz"; then
        say "reusing the base's build"
    else
        say "building the base in the background ($work/base-build.log)"
        rm -rf "$work/base" && mkdir -p "$work/base/build" && cp "$base_tar" "$work/base.tar.gz" ||
            die "cannot create $work/base"
        # shellcheck disable=SC2086
        (tar -xzf "$base_tar" -C "$work/base" && cd "$work/base/build" &&
            "$(ls -d "$work"/base/emogi-*/ | head -n 1)configure" -q --with-cuda-arch="$ARCH" $extra &&
            nice make -j"$JOBS") >"$work/base-build.log" 2>&1 &
        base_build=$!
    fi
fi

# A CUDA process's start: tests/lib/gpu_probe three times, seconds each.
probe_times() {
    for i in 1 2 3; do
        a=$(date +%s.%N) && tests/lib/gpu_probe >/dev/null 2>&1
        awk -v a="$a" -v b="$(date +%s.%N)" 'BEGIN { printf " %.2f", b - a }'
    done
}
# GPU_HOLD=0 leaves it out: bench/gpu_hold.cu keeps a context on every GPU
# while the tests start and end their CUDA processes, where the compute
# mode lets processes share the GPUs
hold=
if { has check || has gputests || has mpi; } && [ "${GPU_HOLD:-1}" = 1 ] && [ -x tests/lib/gpu_probe ] &&
    command -v nvidia-smi >/dev/null &&
    ! nvidia-smi --query-gpu=compute_mode --format=csv,noheader | grep -qv Default &&
    nvcc -O2 -arch="$ARCH" -o "$work/gpu_hold" "$src/bench/gpu_hold.cu" 2>/dev/null; then
    echo "a CUDA process's start, in seconds:$(probe_times)"
    "$work/gpu_hold" >"$work/gpu_hold.out" 2>&1 &
    hold=$!
    for i in 1 2 3 4 5 6 7 8 9 10; do
        grep -q held "$work/gpu_hold.out" && break
        sleep 1
    done
    if grep -q held "$work/gpu_hold.out"; then
        echo "with bench/gpu_hold.cu holding the GPUs:$(probe_times)"
    else
        echo "bench/gpu_hold.cu: $(cat "$work/gpu_hold.out")"
        kill "$hold" 2>/dev/null
        hold=
    fi
fi
check_status=0
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU') # the test stages spread scripts over them
if has prepare; then
    # the mpi and compressed stages' graphs, made in the background while
    # the tests run, for a later call on the same machine (REUSE=1) to
    # spend its time measuring
    say "making the benchmark graphs in the background (prepare.log)"
    mkdir -p "$work/bench/mpi"
    (
        export EMOGI_BIN="$work/build" OMP_NUM_THREADS=${PREPARE_THREADS:-$(($(nproc) / 2))}
        case " ${PREPARE:-mpi compressed} " in *" mpi "*)
            SCALES=${MPI_SCALES:-"26 27"} TOOLS=" " WORK="$work/bench/mpi" sh "$src/bench/mpi.sh" ;;
        esac
        case " ${PREPARE:-mpi compressed} " in *" compressed "*)
            JOBS=" " BW=0 WORK="$work/bench" sh "$src/bench/compressed.sh" ;;
        esac
    ) >"${OUT:-.}/prepare.log" 2>&1 &
    prepare=$!
fi
if has check; then
say "make check"
# CHECK_TESTS: only these test scripts (a call too short for them all)
# make's log is written in $OUT when there is one: a call cut off at
# its limit still says which tests passed (files under $OUT come back)
clog=${OUT:+$OUT/}check.log
# every test the build knows, less CHECK_SKIP
tests=${CHECK_TESTS:-$(printf 'print-tests:\n\t@echo $(TESTS)\n' | make -s -f Makefile -f - print-tests)}
for t in ${CHECK_SKIP:-}; do tests=$(echo " $tests " | sed "s| $t | |"); done
# Where the host has several GPUs the long GPU scripts run on different
# ones (every other script on one its name picks), tests/mpi_gpu.sh on
# all of them.
spread=
if [ "$ngpu" -gt 1 ]; then
    spread="case \$\$f in tests/mpi_gpu.sh) emogi_gpu= ;; \
tests/bfs_gpu.sh | tests/stats_json.sh) emogi_gpu=0 ;; \
tests/gpu_compressed.sh | tests/unit_loader) emogi_gpu=1 ;; \
tests/cc_gpu.sh | tests/bfs_compressed.sh) emogi_gpu=2 ;; \
tests/sssp_gpu.sh | tests/pagerank_gpu.sh | tests/bfs_gpu_kron.sh) emogi_gpu=3 ;; \
*) emogi_gpu=\$\$(printf %s \"\$\$f\" | cksum | cut -d' ' -f1) ;; esac; \
test -z \"\$\$emogi_gpu\" || { CUDA_VISIBLE_DEVICES=\$\$((emogi_gpu % $ngpu)); export CUDA_VISIBLE_DEVICES; };"
    set -- TESTS_ENVIRONMENT="$spread"
else
    set --
fi
# Each script's tools would start a thread per core: on the 64-core host
# 8 scripts at once ran 512 threads, and four GPU scripts did not finish
# in 520 s, which on 16 cores each took less than a call (bench/RESULTS.md,
# "GPU tests on the 64-core four-GPU host").  A script now gets the cores
# over the scripts make runs at once as threads, 2 at least.
check_jobs=${CHECK_JOBS:-$(($(nproc) / 4 > 1 ? $(nproc) / 4 : 1))}
threads=$(($(nproc) / check_jobs))
check_threads=${OMP_NUM_THREADS:-$((threads > 2 ? threads : 2))}
echo "make -j$check_jobs check, OMP_NUM_THREADS=$check_threads"
# CHECK_LIMIT (seconds): stop make check then, so that the logs of the
# tests that finished still come back from a call that would run past
# its limit (make deletes the logs of the tests it stops, and automake's
# TAP driver writes them only at the end)
# shellcheck disable=SC2086
OMP_NUM_THREADS=$check_threads ${CHECK_LIMIT:+timeout $CHECK_LIMIT} make -j"$check_jobs" check TESTS="$tests" "$@" >"$clog" 2>&1
check_status=$?
[ "$check_status" -eq 124 ] && echo "make check stopped after $CHECK_LIMIT s"
sed -n '/^# TOTAL/,/^# ERROR/p' "$clog" | head -n 7
for t in tests/unit_loader tests/*_gpu.trs tests/*_gpu_kron.trs tests/gpu_*.trs tests/bfs_compressed.trs tests/mpi.trs; do # the GPU tests' own counts
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
    grep -e '^FAIL' -e '^ERROR' "$clog" | head -n 40
    grep -h -A3 '^not ok' tests/*.log 2>/dev/null | head -n 60
fi
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT/logs" && cp make.log configure.log "$OUT/logs/" 2>/dev/null
    cp tests/*.log "$OUT/logs/" 2>/dev/null
fi
fi

if has gputests; then
    say "GPU test scripts, directly"
    # the test programs (tests/lib/gpu_probe, the unit tests) that make
    # check builds
    make -j"$JOBS" check TESTS= >check-build.log 2>&1 || die "cannot build the test programs"
    tapdir=${OUT:-$work}/tap
    mkdir -p "$tapdir"
    [ "$ngpu" -ge 1 ] || ngpu=1
    i=0
    pids=
    for t in ${GPU_TESTS:-tests/bfs_gpu.sh tests/bfs_gpu_kron.sh tests/gpu_compressed.sh tests/mpi_gpu.sh}; do
        name=$(basename "$t" .sh)
        # every script but the GPU ranks' on a GPU of its own, in turn
        case $t in tests/mpi_gpu.sh) gpu= ;; *) gpu=$((i % ngpu)) i=$((i + 1)) ;; esac
        case $t in *.sh) cmd="sh $src/$t" ;; *) cmd=./$t ;; esac
        (
            [ -n "$gpu" ] && CUDA_VISIBLE_DEVICES=$gpu && export CUDA_VISIBLE_DEVICES
            top_builddir=$work/build top_srcdir=$src EMOGI_BIN=$work/build
            EMOGI_WITH_MPI=$(sed -n 's/^WITH_MPI = //p' Makefile)
            export top_builddir top_srcdir EMOGI_BIN EMOGI_WITH_MPI
            a=$(date +%s)
            OMP_NUM_THREADS=${GPU_TESTS_THREADS:-4} timeout "${GPU_TESTS_LIMIT:-520}" $cmd \
                >"$tapdir/$name.tap" 2>&1
            st=$?
            echo "$name: exit $st after $(($(date +%s) - a)) s" >>"$tapdir/$name.tap"
        ) &
        pids="$pids $!"
    done
    # shellcheck disable=SC2086
    wait $pids
    for f in "$tapdir"/*.tap; do
        printf '%s: plan %s, ok %s, not ok %s, skip %s; %s\n' "$(basename "$f" .tap)" \
            "$(sed -n 's/^1\.\.//p' "$f" | head -n 1)" "$(grep -c '^ok' "$f")" \
            "$(grep -c '^not ok' "$f")" "$(grep -c '^ok.*# SKIP' "$f")" "$(tail -n 1 "$f")"
        grep -A3 '^not ok' "$f" | head -n 20
        grep -m 2 '# SKIP' "$f"
        grep -q '^not ok' "$f" && check_status=1
    done
fi

if has mpi; then
    if [ "${MPI_TESTS:-}" = none ]; then
        : # a call that only measures; the tests ran in another
    elif [ "${MPI_TESTS:-}" = quick ]; then
        # a first look before a long run: BFS, CC and SSSP on 2 and 4 GPU
        # ranks against one CPU process, byte for byte
        say "GPU ranks against one CPU process, kron 18"
        q=$work/quick && mkdir -p "$q" && PATH=$work/build:$PATH
        emogi-convert kron -s 18 --undirected --id-width 4 "$q/k.csr" -q &&
            emogi-convert kron -s 18 --id-width 4 --transpose --weights random:1:255 "$q/kd.csr" -q ||
            die "cannot make the quick graphs"
        # bfs:wide: top-down ids as 8-byte ids (EMOGI_MPI_WIDE_IDS); bfs:chunk:
        # in rounds of 3 ids a pair (EMOGI_MPI_CHUNK)
        for job in "bfs k.csr -n 3 --seed 1" "bfs:wide k.csr -n 2 --seed 2" \
            "bfs:chunk k.csr -n 2 --seed 3" "cc k.csr" \
            "cc k.csr --algorithm lp" "bfs kd.csr -n 3 --seed 1" "cc kd.csr" \
            "sssp kd.csr -n 2 --seed 1"; do
            set -- $job
            t=$1 g=$2 && shift 2
            wide= chunk=
            case $t in
            *:wide) t=${t%:wide} wide=1 ;;
            *:chunk) t=${t%:chunk} chunk=3 ;;
            esac
            case " ${QUICK_TOOLS:-bfs cc sssp} " in *" $t "*) ;; *) continue ;; esac
            emogi-$t "$q/$g" "$@" --device cpu -o "$q/ref.bin" 2>/dev/null || echo "quick: $job: CPU failed"
            for np in 2 4; do
                for m in ${QUICK_MEMS:-zerocopy device}; do
                    if EMOGI_MPI_WIDE_IDS=$wide EMOGI_MPI_CHUNK=$chunk \
                        mpirun --oversubscribe --bind-to none -np $np \
                        emogi-$t "$q/$g" "$@" \
                        --device gpu --mem $m -o "$q/out.bin" 2>"$q/err" &&
                        cmp -s "$q/ref.bin" "$q/out.bin"; then r=same; else
                        r="DIFFERENT: $(tail -n 2 "$q/err" | tr '\n' ' ')"; check_status=1; fi
                    echo "quick: $job, $np GPU ranks, $m: $r"
                done
            done
        done
    else
        if ! has check; then # else make check ran it
            say "tests/mpi_gpu.sh"
            make -j"$JOBS" check TESTS=tests/mpi_gpu.sh >"${OUT:-.}/mpi-check.log" 2>&1 ||
                check_status=1
        fi
        t=tests/mpi_gpu
        printf '%s: pass %s, fail %s, skip %s\n' "$t" \
            "$(grep -c '^:test-result: PASS' "$t.trs")" \
            "$(grep -c -e '^:test-result: FAIL' -e '^:test-result: ERROR' "$t.trs")" \
            "$(grep -c '^:test-result: SKIP' "$t.trs")"
        grep -m 5 -e '^not ok' -e '# SKIP' "$t.log"
        [ -n "${OUT:-}" ] && mkdir -p "$OUT/logs" && cp "$t.log" "$OUT/logs/"
    fi
fi

# the benchmarks run as a user's tools would, without the holder
[ -n "$hold" ] && kill "$hold" 2>/dev/null
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
if has mpi; then
    # how the host's link reads scale with GPUs reading at once
    say "zero-copy reads, one GPU and all at once"
    nvcc -O3 -arch="$ARCH" -o "$WORK/gather_bw" "$src/bench/gather_bw.cu" &&
        "$WORK/gather_bw" "${GATHER_GIB:-16}" ${GATHER_MODES:-} || echo "gather_bw failed"
    say "bench/mpi.sh"
    mkdir -p "$WORK/mpi"
    nvidia-smi topo -m 2>/dev/null
    SCALES=${MPI_SCALES:-"26 27"} RANKS=${MPI_RANKS:-"1 2 4"} TOOLS=${MPI_TOOLS:-"bfs cc pagerank"} \
        DEVICES=${MPI_DEVICES:-"gpu:zerocopy gpu:device cpu"} \
        MPIRUN="mpirun --oversubscribe --bind-to none" WORK="$WORK/mpi" \
        sh "$src/bench/mpi.sh" >"$WORK/mpi/table.md" || bench_status=1
    cat "$WORK/mpi/table.md" # and with the logs below: a cut-off output keeps it
    if [ -n "${MPI_TRACE:-}" ]; then # where a search's levels spend their time
        # one GPU and the most ranks, so that each level's time can be
        # set against its one-GPU time
        most=$(echo "${MPI_RANKS:-1 2 4}" | tr ' ' '\n' | sort -n | tail -n 1)
        for s in ${MPI_SCALES:-26 27}; do
            for np in 1 $most; do
                [ "$(date +%s)" -lt "$DEADLINE" ] || break
                say "traced BFS levels, kron $s, $np GPU ranks, zerocopy"
                EMOGI_TRACE_LEVELS=1 OMP_NUM_THREADS=$(($(nproc) / np)) \
                    mpirun --oversubscribe --bind-to none -np "$np" "$EMOGI_BIN/emogi-bfs" \
                    "$WORK/mpi/kron$s.csr" \
                    -n 4 --seed 1 --device gpu --mem zerocopy -o "$WORK/trace.bin" \
                    2>"$WORK/mpi/trace-$s-$np.log" || bench_status=1
                tail -n 14 "$WORK/mpi/trace-$s-$np.log"
            done
        done
    fi
    if [ -n "${OUT:-}" ]; then
        mkdir -p "$OUT/bench-logs" && cp "$WORK"/mpi/*.log "$WORK/mpi/table.md" "$OUT/bench-logs/" 2>/dev/null
    fi
fi
if has ab; then
    if [ -n "$base_build" ] && ! wait "$base_build"; then
        tail -n 20 "$work/base-build.log"
        die "the base did not build"
    fi
    if [ -n "${prepare:-}" ]; then # its kron graphs are the ones made here
        say "waiting for the benchmark graphs"
        wait "$prepare" || bench_status=1
        prepare=
    fi
    say "bench/ab.sh: the base against this build"
    mkdir -p "$WORK/mpi"
    graphs=
    for s in ${AB_SCALES:-26}; do
        g=$WORK/mpi/kron$s.csr
        [ -e "$g" ] || "$EMOGI_BIN/emogi-convert" kron -s "$s" --undirected --id-width 4 -q "$g" ||
            die "cannot make kron $s"
        graphs="$graphs $g"
    done
    # shellcheck disable=SC2086
    BASE=$work/base/build NEW=$EMOGI_BIN ROWS=${AB_ROWS:-} TRACE=${AB_TRACE:-} WORK=$WORK/ab \
        MPIRUN="mpirun --oversubscribe --bind-to none" sh "$src/bench/ab.sh" $graphs ${AB_GRAPHS:-} ||
        bench_status=1
    if [ -n "${OUT:-}" ]; then
        mkdir -p "$OUT/bench-logs" && cp "$WORK"/ab/trace-*.log "$OUT/bench-logs/" 2>/dev/null
    fi
fi
for stage in bfs fewer-bytes compressed traversals reorder at-scale; do
    has "$stage" || continue
    say "bench/$stage.sh"
    if [ "$stage" = compressed ]; then # JOBS here is make's
        JOBS=${COMPRESSED_JOBS:-"push auto auto-off cc sssp pagerank"} \
            sh "$src/bench/$stage.sh" || bench_status=1
    else
        sh "$src/bench/$stage.sh" || bench_status=1
    fi
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
