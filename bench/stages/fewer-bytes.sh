# bench/stages/fewer-bytes.sh - stage fewer-bytes of bench/run-gpu.sh:
# bench/fewer-bytes.sh, the bytes each BFS moves over the link and what
# they cost: top-down against direction-optimizing, zero-copy, hybrid at
# three budgets and device memory, the CPU backend beside them; the table
# goes to $OUT/fewer-bytes.md.  The knobs are bench/fewer-bytes.sh's:
#
# knob        default                        meaning
# SCALE       25                             graph scale
# RUNS        8                              searches a row
# GRAPHS      kron urand                     generators
# WIDTHS      4 8                            id widths
# SHARES      1/4 1/2 3/4                    hybrid budgets, shares of the edge array
# SWEEP       5:18 30:18 60:18 15:6 15:54    alpha:beta pairs of the direction switch;
#                                            empty: none
# TRAVERSALS  (off)                          set: SSSP, CC and PageRank too
# DEADLINE    8.5 minutes into a call        no row starts after it (run-gpu.sh)

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_fewer_bytes() {
    say "bench/fewer-bytes.sh"
    sh "$src/bench/fewer-bytes.sh" || bench_status=1
}
