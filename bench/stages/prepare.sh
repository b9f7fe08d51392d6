# bench/stages/prepare.sh - stage prepare of bench/run-gpu.sh: the mpi and
# compressed stages' graphs, made in the background while the check stage
# runs (bench/mpi.sh and bench/compressed.sh with nothing to measure), so
# that a later call on the same machine (REUSE=1) spends its time
# measuring.  Its log is $OUT/prepare.log; the call waits for it before
# the ab stage or at its end.
#
# knob             default         meaning
# PREPARE          mpi compressed  whose graphs to make
# PREPARE_THREADS  half the cores  OpenMP threads of the conversions
# MPI_SCALES       26 27           the mpi stage's Kronecker scales

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_prepare() {
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
}
