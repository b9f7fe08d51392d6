# bench/: scripts run on the GPU machine (see bench/README.md); shipped in
# the release tarball, which is what bench/run-gpu.sh builds from.
EXTRA_DIST += bench/README.md bench/run-gpu.sh bench/bfs.sh bench/memcpy_bw.cu bench/traversals.sh
EXTRA_DIST += bench/convert.sh bench/RESULTS.md
EXTRA_DIST += bench/sssp.sh bench/cc.sh bench/pagerank.sh bench/at-scale.sh bench/reorder.sh
# The figures the benchmarks are compared with, and the newcomer's guide
# (top level; listed here because Makefile.am keeps to the includes).
EXTRA_DIST += bench/REFERENCE.md HACKING.md
EXTRA_DIST += bench/lib.sh bench/reference.tsv
