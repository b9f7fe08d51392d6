# bench/stages/bfs.sh - stage bfs of bench/run-gpu.sh, run by default:
# bench/bfs.sh, GPU BFS on Kronecker scale 25 for every kernel x placement,
# 8- and 4-byte ids, against the link's memcpy rate; the table goes to
# $OUT/bfs-results.md, the logs to $OUT/bench-logs/.  The knobs are
# bench/bfs.sh's, passed through the environment:
#
# knob      default                  meaning
# SCALE     25                       Kronecker scale (edge factor 16, undirected)
# RUNS      8                        searches a row (-n RUNS --seed 1)
# UVM_RUNS  3                        searches a UVM row
# WIDTHS    8 4                      id widths
# KERNELS   aligned merged naive     kernels
# PLACES    zerocopy device uvm      placements
# DEADLINE  8.5 minutes into a call  epoch seconds after which no row starts (run-gpu.sh)
# BW        measured                 GB/s of pinned memcpy; skips measuring it (run-gpu.sh)

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_bfs() {
    say "bench/bfs.sh"
    sh "$src/bench/bfs.sh" || bench_status=1
}
