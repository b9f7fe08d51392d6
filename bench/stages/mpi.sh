# bench/stages/mpi.sh - stage mpi of bench/run-gpu.sh: the GPU ranks'
# tests (tests/mpi_gpu.sh, or a quick byte-for-byte look at GPU ranks
# against one CPU process on kron 18), while bench/gpu_hold.cu holds the
# GPUs; then, with the benchmarks, zero-copy reads by one GPU and by all
# at once (bench/gather_bw.cu) and the traversal tools as ranks
# (bench/mpi.sh, its table in $WORK/bench/mpi/table.md and $OUT).  The
# build has MPI where mpicc is found (bench/stages/build.sh).
#
# knob          default                       meaning
# MPI_TESTS     tests/mpi_gpu.sh              quick: GPU ranks against one CPU process on kron 18
#                                             instead; none: no tests, only the benchmark
# QUICK_TOOLS   bfs cc sssp                   the tools of MPI_TESTS=quick
# QUICK_MEMS    zerocopy device               the placements of MPI_TESTS=quick
# GATHER_GIB    16                            GiB of pinned memory bench/gather_bw.cu reads
# GATHER_MODES  hostalloc                     where its pinned pages lie: hostalloc, local,
#                                             thp, file; all: every mode
# MPI_SCALES    26 27                         bench/mpi.sh's SCALES (Kronecker, 4-byte ids)
# MPI_RANKS     1 2 4                         bench/mpi.sh's RANKS
# MPI_TOOLS     bfs cc pagerank               bench/mpi.sh's TOOLS (sssp, bfs-off, bfs-stay,
#                                             bfs-gap on request)
# MPI_DEVICES   gpu:zerocopy gpu:device cpu   bench/mpi.sh's DEVICES
# MPI_TRACE     (off)                         set: then BFS on one GPU and on the most ranks
#                                             of MPI_RANKS for each scale with
#                                             EMOGI_TRACE_LEVELS, logs beside the others

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_mpi_tests() {
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
}

stage_mpi_bench() {
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
}
