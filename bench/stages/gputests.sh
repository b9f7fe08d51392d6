# bench/stages/gputests.sh - stage gputests of bench/run-gpu.sh: the GPU
# test scripts (unit tests too) run directly, not through make, all at
# once, every one but tests/mpi_gpu.sh on a GPU of its own in turn, each
# writing its TAP lines to $OUT/tap/NAME.tap as they come: a script
# stopped at its limit still shows how far it got (make deletes a stopped
# test's log).  Prints each one's counts and seconds.
#
# knob               default                                   meaning
# GPU_TESTS          tests/bfs_gpu.sh tests/bfs_gpu_kron.sh    the scripts (or unit test
#                    tests/gpu_compressed.sh tests/mpi_gpu.sh  programs) to run
# GPU_TESTS_LIMIT    520                                       seconds before a script is stopped
# GPU_TESTS_THREADS  4                                         OpenMP threads of each script

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_gputests() {
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
}
