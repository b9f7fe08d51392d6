# bench/: the benchmark scripts, their shared library and reference
# figures (bench/README.md); shipped in the release tarball, which is what
# bench/run-gpu.sh builds from.
EXTRA_DIST += bench/README.md bench/RESULTS.md bench/REFERENCE.md bench/reference.tsv \
	bench/lib.sh bench/run-gpu.sh bench/memcpy_bw.cu bench/bfs.sh bench/sssp.sh bench/cc.sh \
	bench/pagerank.sh bench/traversals.sh bench/convert.sh bench/at-scale.sh bench/reorder.sh \
	bench/fewer-bytes.sh bench/link.sh bench/compressed.sh
