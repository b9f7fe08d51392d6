# bench/stages/check.sh - stage check of bench/run-gpu.sh: make check with
# the GPU present, the GPU tests' own pass, fail and skip counts, and the
# failing tests' lines.  Where the host has several GPUs the long GPU
# scripts run on different ones, tests/mpi_gpu.sh on all of them.  The
# logs go to $OUT/check.log and $OUT/logs/.
#
# knob             default                  meaning
# CHECK_TESTS      every test of the build  only these test scripts (a call too short for all)
# CHECK_SKIP       (none)                   test scripts to leave out
# CHECK_LIMIT      (none)                   seconds after which make check is stopped; the
#                                           finished tests' logs still come back
# CHECK_JOBS       a quarter of the cores   scripts at once (make -j)
# OMP_NUM_THREADS  cores / CHECK_JOBS, 2    OpenMP threads of each script's tools
#                  at least

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_check() {
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
    # in 520 s, which on 16 cores each took less than a call
    # (bench/journal/2026-11-27-gpu-tests-on-the-64-core-four-gpu-host.md).  A
    # script now gets the cores over the scripts make runs at once as threads,
    # 2 at least.
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
}
