# bench/stages/ab.sh - stage ab of bench/run-gpu.sh: the base against this
# build on the same graphs in the same call.  .devcarry/base/ holds the
# base's release tarball (make dist of the commit to measure against); it
# is built beside this tree in the background while the other stages run,
# then bench/ab.sh times both in turn on kron AB_SCALES (as the mpi stage
# makes them) and on AB_GRAPHS.  Its traces go to $OUT/bench-logs/.
#
# knob       default          meaning
# AB_SCALES  26               Kronecker scales (undirected, 4-byte ids), made where missing
# AB_GRAPHS  (none)           more .csr files
# AB_ROWS    (bench/ab.sh's)  bench/ab.sh's ROWS, RANKS:PLACEMENT:DIRECTION
# AB_TRACE   (off)            1: bench/ab.sh's TRACE, each row's levels

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

# the base for the ab stage, built while the other stages run
ab_build_base() {
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
}

stage_ab() {
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
}
