# bench/stages/traversals.sh - stage traversals of bench/run-gpu.sh:
# bench/traversals.sh, SSSP, CC and PageRank on the weighted Kronecker
# graph (weights 8..72), every kernel x placement, 8- and 4-byte ids; the
# table goes to $OUT/traversals.md.  The knobs are bench/traversals.sh's:
#
# knob      default                  meaning
# SCALE     25                       Kronecker scale
# DEADLINE  8.5 minutes into a call  no run starts after it (run-gpu.sh)
# BW        measured                 GB/s of pinned memcpy (run-gpu.sh)

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_traversals() {
    say "bench/traversals.sh"
    sh "$src/bench/traversals.sh" || bench_status=1
}
