# bench/stages/at-scale.sh - stage at-scale of bench/run-gpu.sh:
# bench/at-scale.sh, a Kronecker graph past 2^32 edges converted out of
# core in less memory than it takes, then searched with zero-copy BFS;
# the summary goes to $OUT/at-scale.md.  The knobs are bench/at-scale.sh's:
#
# knob      default                  meaning
# SCALE     27                       Kronecker scale
# EF        17                       edge factor (17 stores 4.4 G arcs, past 2^32)
# MEM       12G                      emogi-convert --memory
# RUNS      8                        searches
# DEADLINE  8.5 minutes into a call  the conversion and searches get what is left

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_at_scale() {
    say "bench/at-scale.sh"
    sh "$src/bench/at-scale.sh" || bench_status=1
}
