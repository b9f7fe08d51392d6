# bench/stages/abtools.sh - stage abtools of bench/run-gpu.sh: the base
# against this build over every traversal tool and placement
# (bench/ab-tools.sh) on Kronecker graphs of 8-byte, 4-byte and compressed
# lists, weighted for SSSP.  The base is .devcarry/base/'s tarball, built
# in the background as for the ab stage; the graphs are made in the
# background from the start (abtools_prepare), so a call that runs the
# tests first finds them ready.  The table goes to $OUT/ab-tools.md.
#
# knob           default                meaning
# ABT_SCALE      25                     Kronecker scale
# ABT_KINDS      w8 w4 c4               the graphs: 8-byte ids, 4-byte ids, compressed 4-byte
# ABT_ROWS       (bench/ab-tools.sh's)  its ROWS, TOOL:PLACEMENT
# ABT_SEARCHES   4                      its SEARCHES

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

# The graphs, in the background; abtools_graphs waits for them.
abtools_prepare() {
    mkdir -p "$work/bench/abt"
    (
        for k in ${ABT_KINDS:-w8 w4 c4}; do
            g=$work/bench/abt/kron${ABT_SCALE:-25}-$k.csr
            [ -s "$g" ] && continue
            case $k in
            w8) opts="--id-width 8" ;;
            w4) opts="--id-width 4" ;;
            c4) opts="--id-width 4 --compress" ;;
            esac
            # shellcheck disable=SC2086
            nice "$work/build/emogi-convert" kron -s "${ABT_SCALE:-25}" $opts --weights random:8:72 \
                --seed 1 -q "$g.tmp" && mv "$g.tmp" "$g" || echo "cannot make $g"
        done
    ) >"${OUT:-.}/abtools-prepare.log" 2>&1 &
    abt_prepare=$!
}

stage_abtools() {
    if [ -n "$base_build" ] && ! wait "$base_build"; then
        tail -n 20 "$work/base-build.log"
        die "the base did not build"
    fi
    base_build=
    say "waiting for the A/B graphs"
    [ -z "${abt_prepare:-}" ] || wait "$abt_prepare"
    abt_prepare=
    graphs=
    for k in ${ABT_KINDS:-w8 w4 c4}; do
        g=$work/bench/abt/kron${ABT_SCALE:-25}-$k.csr
        [ -s "$g" ] && graphs="$graphs $g"
    done
    [ -n "$graphs" ] || die "no A/B graphs (abtools-prepare.log)"
    say "bench/ab-tools.sh: the base against this build"
    # shellcheck disable=SC2086
    BASE=$work/base/build NEW=$EMOGI_BIN ROWS=${ABT_ROWS:-} SEARCHES=${ABT_SEARCHES:-4} \
        sh "$src/bench/ab-tools.sh" $graphs | tee "${OUT:-.}/ab-tools.md" || bench_status=1
}
