#!/bin/sh
# csr_sweep.sh - the corruption sweep: mutants of small valid .csr files,
# made by tests/csr_mutate (which says how, and what each must do), go
# through emogi-info, emogi-info --verify and the traversal tools, each
# run under timeout.  No run may die of a signal or hang.  A structurally
# invalid mutant ("bad") is refused: exit 1 and one line that starts
# "TOOL: FILE:".  A structurally valid one may be traversed (exit 0, or 1
# with such a line); if a section's crc32 is stale ("stale"),
# emogi-info --verify exits 1 naming that section, and if every checksum is
# right ("good") it exits 0.  Each "bad" mutant goes through one tool and
# each "stale" one through --verify and one more, the tools taken in turn;
# each "good" one through --verify and every tool that reads all edges.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
GEN="$EMOGI_BIN/tests/csr_mutate"
[ -x "$GEN" ] || skip_all "tests/csr_mutate not built"
command -v timeout >/dev/null || skip_all "no timeout(1)"
plan 15
LIMIT=${EMOGI_SWEEP_TIMEOUT:-20}
total=0
# A sanitizer's report must not pass for a refusal (both exit 1 by default).
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"
export ASAN_OPTIONS UBSAN_OPTIONS
# Hundreds of runs on tiny graphs: OpenMP threads that spin while waiting
# would make each one last ten times longer on a busy machine.
OMP_WAIT_POLICY=passive
export OMP_WAIT_POLICY

# Directed, 4-byte ids, transpose, idmap (sparse ids relabelled), unweighted;
# 1 and 2 have no in-edges, 15 and 16 no out-edges (two empty lists in a row).
printf '%s\n' '1 20' '2 30' '10 15' '10 16' '10 20' '10 30' '10 40' '20 30' '30 10' \
    '30 40' '40 50' '50 10' '50 20' '50 60' '60 70' >a.el
# Directed, 8-byte ids, transpose, float32 weights; 5 and 6 have no out-edges,
# 6, 7 and 8 no in-edges.
printf '%s\n' '0 1 0.5' '0 2 1.25' '0 3 2' '1 2 3.5' '2 0 0.125' '2 3 1' '3 4 7' '4 0 2.5' \
    '4 1 0.75' '4 9 1e-3' '7 5 4' '8 9 2' >b.wel
# Undirected, 4-byte ids, idmap, uint32 weights (one whose bits read as a NaN float).
printf '%s\n' '1 2 7' '1 3 4294967295' '2 3 0' '3 4 12' '4 5 9' '5 1 3' '6 2 1' >c.wel

# run TOOL ARGS... (FILE among them): sets st, msg (first line of stderr), more (second)
run() {
    timeout -k 5 "$LIMIT" "$@" >/dev/null 2>err
    st=$?
    total=$((total + 1))
    msg= more=
    { IFS= read -r msg && IFS= read -r more; } <err
}

# refused TOOL: exit 1 with one line "TOOL: FILE: ..."
refused() {
    [ "$st" -eq 1 ] && [ -z "$more" ] && case $msg in "$1: $f: "?*) true ;; *) false ;; esac
}

# note WHAT: remember a failure (the first 20 are shown)
note() {
    bad_runs=$((bad_runs + 1))
    [ "$bad_runs" -le 20 ] && echo "$f ($what): $* -> status $st: $msg${more:+ / $more}" >>failures
}

# check_run CLASS TOOL ARGS...: one run of a mutant, judged by its class
check_run() {
    want=$1; shift
    run "$@"
    tool=$1
    if [ "$st" -ge 124 ]; then note "$*: killed or timed out"; return; fi
    case $want in
    bad) refused "$tool" || note "$*: not refused" ;;
    *) [ "$st" -eq 0 ] || refused "$tool" || note "$*: neither success nor a message" ;;
    esac
}

# check_verify CLASS SECTION: emogi-info --verify on a mutant that opens
check_verify() {
    run emogi-info --verify "$f"
    if [ "$1" = stale ]; then
        [ "$st" -eq 1 ] && case $msg in
            "emogi-info: $f: checksum mismatch in section $2 "*) true ;; *) false ;;
        esac || note "emogi-info --verify: the stale $2 crc32 not named"
    else
        [ "$st" -eq 0 ] || note "emogi-info --verify: a consistent file refused"
    fi
}

# The tools, '|'-separated: emogi-info, emogi-info --verify, then those that
# read every edge.  Bad mutants take them in turn; so do stale ones after
# --verify, with plain emogi-info for its turn; good ones take all those
# that read every edge.
TOOLS="emogi-info|emogi-info --verify|emogi-info --edges|emogi-bfs -s 0 --device cpu"
TOOLS="$TOOLS|emogi-cc --device cpu|emogi-pagerank --device cpu"

sweep() { # sweep NAME WEIGHTED: every mutant of NAME.csr, one ok line per class
    name=$1 tools=$TOOLS
    [ "$2" = yes ] && tools="$tools|emogi-sssp -s 0 --device cpu"
    "$GEN" "$name.csr" "m-$name" >manifest || { ok 1 "$name: csr_mutate runs"; return; }
    IFS='|'
    set -- $tools
    unset IFS
    for cls in bad stale good; do
        : >failures
        bad_runs=0 n=0 turn=0
        while read -r f c sec what; do
            [ "$c" = "$cls" ] || continue
            n=$((n + 1)) turn=$((turn % $# + 1))
            [ "$cls" = bad ] || check_verify "$cls" "$sec"
            case $cls in
            bad) eval "t=\${$turn}"; check_run bad $t "$f" ;;
            stale) eval "t=\${$((turn == 2 ? 1 : turn))}"; check_run stale $t "$f" ;;
            good) k=3; while [ $k -le $# ]; do
                    eval "t=\${$k}"; check_run good $t "$f"; k=$((k + 1)); done ;;
            esac
        done <manifest
        case $cls in
        bad) what="every tool refuses them with a message naming the file" ;;
        stale) what="tools run or refuse; --verify names the stale section" ;;
        good) what="tools run or refuse; --verify passes" ;;
        esac
        ok "$bad_runs" "$name: $n $cls mutants: $what"
        if [ "$bad_runs" -gt 0 ]; then
            diag "$bad_runs failed runs, first ones:"
            sed 's/^/#   /' failures
        fi
    done
}

intact() { # intact NAME WEIGHTED: every tool succeeds on the original, silently
    f=$1.csr what=intact bad_runs=0 tools=$TOOLS
    [ "$2" = yes ] && tools="$tools|emogi-sssp -s 0 --device cpu"
    : >failures
    IFS='|'
    for t in $tools; do
        unset IFS
        run $t "$f"
        [ "$st" -eq 0 ] && [ -z "$msg" ] || note "$t"
    done
    unset IFS
    ok "$bad_runs" "$1: every tool accepts the original"
    if [ "$bad_runs" -gt 0 ]; then sed 's/^/#   /' failures; fi
}

runs "a: emogi-convert el --relabel --transpose" \
    emogi-convert el a.el a.csr -q --relabel --transpose
runs "b: emogi-convert wel --transpose --id-width 8" \
    emogi-convert wel b.wel b.csr -q --transpose --id-width 8
runs "c: emogi-convert wel --undirected --relabel" \
    emogi-convert wel c.wel c.csr -q --undirected --relabel
intact a no
intact b yes
intact c yes
sweep a no
sweep b yes
sweep c yes
diag "$total tool runs"
finish
