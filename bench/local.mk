# bench/: the benchmark scripts, their shared library and reference
# figures (bench/README.md); shipped in the release tarball, which is what
# bench/run-gpu.sh builds from.
EXTRA_DIST += bench/README.md bench/RESULTS.md bench/REFERENCE.md bench/reference.tsv \
	bench/lib.sh bench/run-gpu.sh bench/memcpy_bw.cu bench/gather_bw.cu bench/gpu_hold.cu bench/bfs.sh bench/sssp.sh bench/cc.sh \
	bench/pagerank.sh bench/traversals.sh bench/convert.sh bench/at-scale.sh bench/reorder.sh \
	bench/fewer-bytes.sh bench/link.sh bench/compressed.sh bench/compressed-cpu.sh bench/gap.sh bench/cpu-paired.sh \
	bench/mpi.sh bench/ab.sh bench/ab-tools.sh bench/gpu-vs-cpu.sh bench/grid.sh bench/sssp-delta.sh

# bench/stages/: run-gpu.sh's stages, a file each with its knobs, sourced by it.
EXTRA_DIST += bench/stages/build.sh bench/stages/hold.sh bench/stages/prepare.sh \
	bench/stages/check.sh bench/stages/gputests.sh bench/stages/mpi.sh bench/stages/ab.sh \
	bench/stages/abtools.sh bench/stages/newtools.sh \
	bench/stages/bfs.sh bench/stages/fewer-bytes.sh bench/stages/compressed.sh \
	bench/stages/traversals.sh bench/stages/reorder.sh bench/stages/at-scale.sh

# bench/journal/: one dated entry a file, newest first (bench/journal/README.md);
# bench/RESULTS.md sums up their current figures.
EXTRA_DIST += \
	bench/journal/README.md \
	bench/journal/2026-12-08-warp-list-kernels-under-a-register-bound.md bench/journal/2026-12-07-cpu-sssp-distances-on-huge-pages.md bench/journal/2026-12-07-gpu-ranks-compressed-and-the-one-reader-against-its-base.md \
	bench/journal/2026-12-07-compressed-bottom-up-first-entries.md \
	bench/journal/2026-12-07-gpu-tests-with-one-list-reader.md \
	bench/journal/2026-12-07-cpu-strong-components-against-weak.md \
	bench/journal/2026-12-07-cpu-betweenness-against-gap.md \
	bench/journal/2026-12-07-tc-cpu-against-gap.md \
	bench/journal/2026-12-07-gpu-tests-after-the-reshaped-tree.md \
	bench/journal/2026-12-07-sssp-default-delta.md \
	bench/journal/2026-12-07-one-cuda-architecture-without-a-gpu.md \
	bench/journal/2026-11-29-the-first-level-from-a-broadcast.md \
	bench/journal/2026-11-29-cpu-ranks-cc-the-sampling-as-one-process.md \
	bench/journal/2026-11-28-the-component-edges-counted-on-the-gpus.md \
	bench/journal/2026-11-28-the-bottom-up-bitmap-kept.md \
	bench/journal/2026-11-28-one-gpu-long-lists-in-pieces.md \
	bench/journal/2026-11-28-issue-15-table-on-four-gpus-with-cpu-ranks.md \
	bench/journal/2026-11-28-issue-15-bfs-rows-on-the-head.md \
	bench/journal/2026-11-28-gpu-tests-after-the-ranks-first-ids.md \
	bench/journal/2026-11-28-gpu-ranks-small-top-down-levels-sparse.md \
	bench/journal/2026-11-28-first-ids-in-hybrid-placement.md \
	bench/journal/2026-11-28-every-gpu-test-again.md \
	bench/journal/2026-11-28-degree-order-and-the-warps-grabs.md \
	bench/journal/2026-11-28-cpu-backend-against-gap-under-the-rule.md \
	bench/journal/2026-11-28-compressed-lists-under-the-rule.md \
	bench/journal/2026-11-28-bottom-up-while-the-lists-left-are-shorter.md \
	bench/journal/2026-11-28-bfs-ranks-the-bitmap-in-one-gather.md \
	bench/journal/2026-11-28-bfs-ranks-read-each-other-gpus.md \
	bench/journal/2026-11-28-bfs-ranks-keep-their-state-between-searches.md \
	bench/journal/2026-11-27-which-in-neighbour-to-keep.md \
	bench/journal/2026-11-27-what-one-kept-in-neighbour-would-settle.md \
	bench/journal/2026-11-27-the-lines-a-bottom-up-level-asks-for.md \
	bench/journal/2026-11-27-the-kept-ids-on-gpu-ranks.md \
	bench/journal/2026-11-27-mpi-ranks-on-four-gpus-with-the-first-ids.md \
	bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md \
	bench/journal/2026-11-27-mpi-ranks-on-four-gpus-after-the-ordered-frontier.md \
	bench/journal/2026-11-27-gpu-tests-on-the-64-core-four-gpu-host.md \
	bench/journal/2026-11-27-gpu-ranks-cc-by-afforest-first-runs.md \
	bench/journal/2026-11-27-every-gpu-test-executed.md \
	bench/journal/2026-11-27-cpu-ranks-cc-4-byte-labels.md \
	bench/journal/2026-11-27-cpu-ranks-bfs-the-inner-steps-inlined.md \
	bench/journal/2026-11-27-cpu-backend-against-gap-sssp-ahead-too.md \
	bench/journal/2026-11-27-cpu-backend-against-gap-again.md \
	bench/journal/2026-11-27-compressed-lists-and-the-first-ids.md \
	bench/journal/2026-11-27-compressed-lists-after-the-kept-in-neighbour-rule.md \
	bench/journal/2026-11-27-bfs-ranks-top-down-ids-as-4-byte-offsets.md \
	bench/journal/2026-11-27-bfs-ranks-the-frontier-stays-on-the-gpus.md \
	bench/journal/2026-11-27-bfs-ranks-the-frontier-in-ascending-order.md \
	bench/journal/2026-11-27-bfs-ranks-send-only-what-the-search-needs.md \
	bench/journal/2026-11-24-mpi-ranks-on-two-gpus-kronecker-26.md \
	bench/journal/2026-11-24-mpi-ranks-on-the-cpu-one-host.md \
	bench/journal/2026-11-24-cpu-backend-against-gap-one-graph-one-run.md \
	bench/journal/2026-11-24-cpu-backend-against-gap-on-a-quiet-machine.md \
	bench/journal/2026-11-24-cpu-backend-against-gap-every-row-ahead.md \
	bench/journal/2026-11-24-compressed-lists-on-the-gpu.md \
	bench/journal/2026-11-24-compressed-lists-on-the-cpu-inlined-decoders.md \
	bench/journal/2026-11-23-gpu-tests-and-bfs-after-the-tool-and-kernel-reshape.md \
	bench/journal/2026-11-23-fewer-bytes-over-the-link.md \
	bench/journal/2026-11-23-fewer-bytes-for-sssp-cc-and-pagerank-considered.md \
	bench/journal/2026-11-23-compressed-neighbour-lists-size-conversion-cpu-bfs.md \
	bench/journal/2026-11-23-compressed-lists-against-bit-packing-and-elias-fano.md \
	bench/journal/2026-11-21-vertex-order-and-zero-copy-bfs.md \
	bench/journal/2026-11-21-re-runs-after-sharing-the-kernels-read-patterns.md \
	bench/journal/2026-11-21-gpu-sssp-cc-and-pagerank-kronecker-25.md \
	bench/journal/2026-11-21-gpu-bfs-kronecker-25.md \
	bench/journal/2026-11-21-emogi-sssp-on-the-cpu.md \
	bench/journal/2026-11-21-emogi-convert-text-edge-list-to-csr.md \
	bench/journal/2026-11-21-emogi-convert-out-of-core.md \
	bench/journal/2026-11-21-earlier-measurements.md \
	bench/journal/2026-11-21-cpu-pagerank-against-gap.md \
	bench/journal/2026-11-21-cpu-connected-components-against-gap.md \
	bench/journal/2026-11-21-cpu-bfs-against-gap.md

# bench/clist-compare: emogi's compressed lists against mode-0 bit packing
# and Elias-Fano per block (bits per link, decode speed, round trips).  A
# check program: `make check` builds it for tests/bench_clist.sh, and
# `make bench-clist` builds it alone; the table is in
# bench/journal/2026-11-23-compressed-lists-against-bit-packing-and-elias-fano.md.
check_PROGRAMS += bench/clist-compare
bench_clist_compare_SOURCES = bench/clist-compare.c
bench-clist: bench/clist-compare$(EXEEXT)
.PHONY: bench-clist

# bench/bu-first: how many of each bottom-up level's vertices one kept
# in-neighbour would settle, from emogi-bfs's depths; tests/bench_bu_first.sh
check_PROGRAMS += bench/bu-first
bench_bu_first_SOURCES = bench/bu-first.c
