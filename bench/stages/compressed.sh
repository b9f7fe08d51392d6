# bench/stages/compressed.sh - stage compressed of bench/run-gpu.sh:
# bench/compressed.sh, plain against compressed neighbour lists (and
# compressed after --reorder degree) on Kronecker and uniform graphs, BFS,
# CC, SSSP and PageRank in zero-copy, hybrid and device placement, with
# the rate of ids decoded beside the memcpy rate; the table goes to
# $OUT/compressed.md.  Its other knobs are bench/compressed.sh's, passed
# through the environment; JOBS is run-gpu.sh's make -j, so the script's
# JOBS is COMPRESSED_JOBS here.
#
# knob             default                      meaning
# COMPRESSED_JOBS  push auto auto-off cc sssp   bench/compressed.sh's JOBS (gap: GAP's rule alone)
#                  pagerank
# FILES            plain compressed degree      files (plain-degree: the plain file in degree order)
# GRAPHS           kron urand                   generators
# PLACES           zerocopy hybrid device       placements
# SCALE            25                           graph scale
# RUNS             8                            BFS searches a row
# DEADLINE         8.5 minutes into a call      no row starts after it (run-gpu.sh)

# sourced: the variables it reads and sets are bench/run-gpu.sh's
# shellcheck shell=sh disable=SC2034,SC2154

stage_compressed() {
    say "bench/compressed.sh"
    # JOBS here is make's
    JOBS=${COMPRESSED_JOBS:-"push auto auto-off cc sssp pagerank"} \
        sh "$src/bench/compressed.sh" || bench_status=1
}
