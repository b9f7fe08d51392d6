# bench/: the benchmark scripts, their shared library and reference
# figures (bench/README.md); shipped in the release tarball, which is what
# bench/run-gpu.sh builds from.
EXTRA_DIST += bench/README.md bench/RESULTS.md bench/REFERENCE.md bench/reference.tsv \
	bench/lib.sh bench/run-gpu.sh bench/memcpy_bw.cu bench/gather_bw.cu bench/gpu_hold.cu bench/bfs.sh bench/sssp.sh bench/cc.sh \
	bench/pagerank.sh bench/traversals.sh bench/convert.sh bench/at-scale.sh bench/reorder.sh \
	bench/fewer-bytes.sh bench/link.sh bench/compressed.sh bench/compressed-cpu.sh bench/gap.sh \
	bench/mpi.sh bench/ab.sh bench/grid.sh bench/sssp-delta.sh

# bench/clist-compare: emogi's compressed lists against mode-0 bit packing
# and Elias-Fano per block (bits per link, decode speed, round trips).  A
# check program: `make check` builds it for tests/bench_clist.sh, and
# `make bench-clist` builds it alone; the table is in bench/RESULTS.md.
check_PROGRAMS += bench/clist-compare
bench_clist_compare_SOURCES = bench/clist-compare.c
bench-clist: bench/clist-compare$(EXEEXT)
.PHONY: bench-clist

# bench/bu-first: how many of each bottom-up level's vertices one kept
# in-neighbour would settle, from emogi-bfs's depths; tests/bench_bu_first.sh
check_PROGRAMS += bench/bu-first
bench_bu_first_SOURCES = bench/bu-first.c
