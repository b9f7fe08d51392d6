# bench/stages/reorder.sh - stage reorder of bench/run-gpu.sh:
# bench/reorder.sh, one Kronecker graph as generated, with --reorder
# degree and with --reorder bfs, each searched with zero-copy BFS; the
# table goes to $OUT/reorder.md.  The knobs are bench/reorder.sh's:
#
# knob      default                  meaning
# SCALE     25                       Kronecker scale
# WIDTH     4                        id width
# RUNS      8                        searches a row
# DEADLINE  8.5 minutes into a call  no row starts after it (run-gpu.sh)

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_reorder() {
    say "bench/reorder.sh"
    sh "$src/bench/reorder.sh" || bench_status=1
}
