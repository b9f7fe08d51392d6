# bench/stages/newtools.sh - stage newtools of bench/run-gpu.sh: the GPU
# against the CPU backend of the same build (bench/gpu-vs-cpu.sh) for
# emogi-bc, emogi-tc and emogi-cc --strong, from device memory, zero-copy
# and hybrid, on Kronecker graphs of 4-byte, compressed and 8-byte ids (a
# directed one with its transpose for strong components) and a
# high-diameter grid.  The graphs are made in the background from the
# start (newtools_prepare), two at a time, while the tests run.  The table
# goes to $OUT/gpu-vs-cpu.md.
#
# knob          default               meaning
# NT_SCALE      25                    Kronecker scale
# NT_KINDS      w4 d4 c4 grid w8      the graphs, in the order they are measured: 4-byte
#                                     ids, directed with transpose, compressed 4-byte, a
#                                     2000 x 2000 grid, 8-byte ids
# NT_ROWS       (gpu-vs-cpu.sh's)     its ROWS, TOOL:PLACEMENT
# NT_SOURCES    4                     emogi-bc's -n

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

nt_graph() { # KIND: the graph's file
    case $1 in
    grid) echo "$work/bench/nt/grid2000.csr" ;;
    *) echo "$work/bench/nt/kron${NT_SCALE:-25}-$1.csr" ;;
    esac
}

nt_make() { # KIND
    g=$(nt_graph "$1")
    [ -s "$g" ] && return 0
    case $1 in
    w4) opts="--id-width 4" ;;
    w8) opts="--id-width 8" ;;
    c4) opts="--id-width 4 --compress" ;;
    d4) opts="--id-width 4 --directed --transpose" ;;
    grid) EMOGI_BIN="$work/build" sh "$src/bench/grid.sh" 2000 "$g.tmp" && mv "$g.tmp" "$g"
        return ;;
    esac
    # shellcheck disable=SC2086
    nice "$work/build/emogi-convert" kron -s "${NT_SCALE:-25}" $opts --seed 1 -q "$g.tmp" &&
        mv "$g.tmp" "$g" || echo "cannot make $g"
}

newtools_prepare() {
    mkdir -p "$work/bench/nt"
    # shellcheck disable=SC2086 # the list's words are the kinds
    set -- ${NT_KINDS:-w4 d4 c4 grid w8}
    (
        export OMP_NUM_THREADS=$(($(nproc) / 2))
        # two at a time: odd and even places of the list
        (i=0; for k in "$@"; do [ $((i % 2)) -eq 0 ] && nt_make "$k"; i=$((i + 1)); done) &
        (i=0; for k in "$@"; do [ $((i % 2)) -eq 1 ] && nt_make "$k"; i=$((i + 1)); done)
        wait
    ) >"${OUT:-.}/newtools-prepare.log" 2>&1 &
    nt_prepare=$!
}

stage_newtools() {
    say "waiting for the newtools graphs"
    [ -z "${nt_prepare:-}" ] || wait "$nt_prepare"
    nt_prepare=
    graphs=
    for k in ${NT_KINDS:-w4 d4 c4 grid w8}; do
        g=$(nt_graph "$k")
        [ -s "$g" ] && graphs="$graphs $g"
    done
    [ -n "$graphs" ] || die "no newtools graphs (newtools-prepare.log)"
    say "bench/gpu-vs-cpu.sh: the GPU against the CPU backend"
    # shellcheck disable=SC2086
    NEW=$EMOGI_BIN ROWS=${NT_ROWS:-} SOURCES=${NT_SOURCES:-4} \
        sh "$src/bench/gpu-vs-cpu.sh" $graphs | tee "${OUT:-.}/gpu-vs-cpu.md" || bench_status=1
}
