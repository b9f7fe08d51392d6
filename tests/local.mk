# tests/: TAP tests through automake's driver (Makefile.am sets it up).
# Tests are named AREA_*.sh (shell, through the tools) and unit_AREA.c (C,
# through the library); tests/lib/ holds the helpers they share: test-only
# programs (csrdump, csr_from_edges, gpu_probe), the awk PageRank and the
# BVGraph encoder.  tap.sh and tap.h, the TAP harness, stay beside the tests.
EXTRA_DIST += tests/tap.h
EXTRA_DIST += tests/data/karate.mtx
# a refactor's check, not in TESTS: two builds' tools over the same command
# lines, compared (sh tests/compare_builds.sh OLD_BUILD NEW_BUILD)
EXTRA_DIST += tests/compare_builds.sh tests/data/compare_builds.cmds

# ==== formats
# tests for formats: the .csr library against hand-computed graphs
check_PROGRAMS += tests/unit_csr
TESTS += tests/unit_csr
tests_unit_csr_SOURCES = tests/unit_csr.c

# the balanced split into parts and the part section
check_PROGRAMS += tests/unit_partition
TESTS += tests/unit_partition
tests_unit_partition_SOURCES = tests/unit_partition.c

# compressed neighbour lists: hand encodings, round trips, corruptions
check_PROGRAMS += tests/unit_clist
TESTS += tests/unit_clist
tests_unit_clist_SOURCES = tests/unit_clist.c

# the kernels' inlined decoders (clist_fast.h) against the library's, with
# each section ending at an inaccessible page
check_PROGRAMS += tests/unit_clist_fast
TESTS += tests/unit_clist_fast
tests_unit_clist_fast_SOURCES = tests/unit_clist_fast.c

# output files: replaced through a temporary, or written in place
check_PROGRAMS += tests/unit_atomic
TESTS += tests/unit_atomic
tests_unit_atomic_SOURCES = tests/unit_atomic.c

# the tools' outputs and graphs: devices, FIFOs, links, same-file refusals
TESTS += tests/outputs.sh
EXTRA_DIST += tests/outputs.sh
# a run's outputs committed together, or none of them
TESTS += tests/outputs_together.sh
EXTRA_DIST += tests/outputs_together.sh
# no GPU found, GPU-only options on the CPU, JSON alone on standard error
TESTS += tests/no_gpu.sh
EXTRA_DIST += tests/no_gpu.sh
# the traversal tools' --help against their man pages, and --version
TESTS += tests/help_traverse.sh
EXTRA_DIST += tests/help_traverse.sh
# the traversal tools' refusals name the vertex or byte where one exists
TESTS += tests/refusals_place.sh
EXTRA_DIST += tests/refusals_place.sh
# emogi-convert's and emogi-export's outputs as a group, inputs by every name
TESTS += tests/convert_outputs.sh
EXTRA_DIST += tests/convert_outputs.sh
# every option of a tool's man page in its --help; --stats units
TESTS += tests/help_options.sh tests/convert_stats_units.sh
EXTRA_DIST += tests/help_options.sh tests/convert_stats_units.sh
# emogi-info --ids: the id map, names quoted
TESTS += tests/info_ids.sh
EXTRA_DIST += tests/info_ids.sh
# a corrupt compressed input names its byte offset
TESTS += tests/convert_codec_offsets.sh
EXTRA_DIST += tests/convert_codec_offsets.sh
# the tools as MPI ranks (skipped without mpirun): CPU ranks, and GPU
# ranks apart so that a GPU machine's call can run them alone
TESTS += tests/mpi.sh tests/mpi_gpu.sh
EXTRA_DIST += tests/mpi.sh tests/mpi_gpu.sh tests/lib/mpi.sh tests/lsan-mpi.supp
# a run of ranks commits its outputs together (skipped without mpirun)
TESTS += tests/mpi_outputs.sh
EXTRA_DIST += tests/mpi_outputs.sh

# results as NumPy .npy: header bytes, every tool's dtype, emogi-verify, np.load
TESTS += tests/results_npy.sh
EXTRA_DIST += tests/results_npy.sh

# the corruption sweep: mutants of small .csr files through every tool
check_PROGRAMS += tests/csr_mutate
tests_csr_mutate_SOURCES = tests/csr_mutate.c
tests_csr_mutate_LDADD = $(ZLIB_LIBS)
TESTS += tests/csr_sweep.sh
EXTRA_DIST += tests/csr_sweep.sh

# ==== convert
# tests for convert

# --compress and emogi-convert csr: back and forth byte for byte, refusals
TESTS += tests/convert_compress.sh
EXTRA_DIST += tests/convert_compress.sh

# emogi-convert csr --reorder: hand orders, as the build's, id maps composed
TESTS += tests/convert_csr_reorder.sh
EXTRA_DIST += tests/convert_csr_reorder.sh
# emogi-convert csr --partitions: part files against the whole graph
check_PROGRAMS += tests/lib/partcheck
tests_lib_partcheck_SOURCES = tests/lib/partcheck.c
TESTS += tests/convert_partitions.sh
EXTRA_DIST += tests/convert_partitions.sh
TESTS += tests/convert_combine.sh
EXTRA_DIST += tests/convert_combine.sh

EXTRA_DIST += tests/data/tiny.el tests/data/tiny.wel tests/data/tiny_real.wel \
	tests/data/tiny_real.mtx tests/data/tiny_sym.mtx tests/data/tiny.el.gz \
	tests/data/tiny.el.lz4
# CSR builder, emogi-convert and generators: round trips through a test-only dump
check_PROGRAMS += tests/lib/csrdump
tests_lib_csrdump_SOURCES = tests/lib/csrdump.c
TESTS += tests/convert_build.sh
EXTRA_DIST += tests/convert_build.sh tests/data/convert_small.el tests/data/convert_small.wel \
	tests/data/convert_sparse.el tests/data/convert_sym.mtx tests/data/convert_general.mtx
TESTS += tests/convert_roundtrip.sh
EXTRA_DIST += tests/convert_roundtrip.sh
TESTS += tests/convert_gen.sh
EXTRA_DIST += tests/convert_gen.sh
# --vertices and SNAP's "# Nodes:" header: isolated vertices at the top of the ids
TESTS += tests/convert_vertices.sh
EXTRA_DIST += tests/convert_vertices.sh
TESTS += tests/convert_progress.sh
EXTRA_DIST += tests/convert_progress.sh

# readers against hand-written answers, every input path, exact messages
check_PROGRAMS += tests/unit_parse
TESTS += tests/unit_parse
tests_unit_parse_LDADD = libconvert.la $(LDADD)

# zstd, xz and bzip2 inputs from the real tools: the plain input's .csr
TESTS += tests/convert_decompress.sh
EXTRA_DIST += tests/convert_decompress.sh

# readers through emogi-convert: error messages and input paths
TESTS += tests/convert_errors.sh tests/convert_parse.sh
EXTRA_DIST += tests/convert_errors.sh tests/convert_parse.sh
# DIMACS .gr, METIS and GAP .sg/.wsg inputs (karate written from karate.mtx)
TESTS += tests/convert_formats.sh
EXTRA_DIST += tests/convert_formats.sh tests/data/karate.gr tests/data/karate.graph
# csv input: SNAP, LDBC and cuGraph-style files, quoting, refusals
TESTS += tests/convert_csv.sh
EXTRA_DIST += tests/convert_csv.sh
# emogi-export: every format out and back in to the same graph, refusals
TESTS += tests/export.sh
EXTRA_DIST += tests/export.sh
TESTS += tests/export_stats.sh
EXTRA_DIST += tests/export_stats.sh

# --memory as a bound: peak resident memory (tests/lib/peakrss), sparse ids,
# long lines, streamed input; the default bound's cgroup lookup
check_PROGRAMS += tests/lib/peakrss tests/unit_memory
tests_lib_peakrss_SOURCES = tests/lib/peakrss.c
TESTS += tests/convert_memory.sh tests/unit_memory
EXTRA_DIST += tests/convert_memory.sh
tests_unit_memory_LDADD = libconvert.la $(LDADD)

# ==== info
# tests for info: emogi-info over files written by a minimal test writer
check_PROGRAMS += tests/lib/csr_from_edges
tests_lib_csr_from_edges_SOURCES = tests/lib/csr_from_edges.c
TESTS += tests/info.sh
EXTRA_DIST += tests/info.sh

# ==== bfs
# tests for bfs: the CPU kernel on in-memory graphs, then the tools on files
check_PROGRAMS += tests/unit_bfs
TESTS += tests/unit_bfs
tests_unit_bfs_SOURCES = tests/unit_bfs.c
# the CPU kernel on compressed lists: the same depths as on plain ones
check_PROGRAMS += tests/unit_bfs_clist
TESTS += tests/unit_bfs_clist
tests_unit_bfs_clist_SOURCES = tests/unit_bfs_clist.c
# components, PageRank and SSSP on compressed lists: the same as on plain ones
check_PROGRAMS += tests/unit_cpu_clist
TESTS += tests/unit_cpu_clist
tests_unit_cpu_clist_SOURCES = tests/unit_cpu_clist.c

TESTS += tests/bfs_cpu.sh tests/bfs_cpu_options.sh tests/bfs_verify.sh
EXTRA_DIST += tests/bfs_cpu.sh tests/bfs_cpu_options.sh tests/bfs_verify.sh
# emogi-bfs and emogi-verify bfs on compressed files: the plain file's results
TESTS += tests/bfs_compressed.sh
EXTRA_DIST += tests/bfs_compressed.sh
# --original-ids and -S: sources and --text in input ids through the id map
TESTS += tests/original_ids.sh tests/string_ids.sh tests/string_ids_ooc.sh
EXTRA_DIST += tests/original_ids.sh tests/string_ids.sh tests/string_ids_ooc.sh

# ==== gpu
# GPU tests: the loader's decisions run everywhere; placements, kernels and
# the tools on a GPU are skipped, with the reason, where there is none.
check_PROGRAMS += tests/unit_loader tests/lib/gpu_probe
TESTS += tests/unit_loader tests/bfs_gpu.sh tests/bfs_gpu_kron.sh tests/gpu_compressed.sh
EXTRA_DIST += tests/bfs_gpu.sh tests/bfs_gpu_kron.sh tests/gpu_compressed.sh \
	tests/lib/bfs_source.sh tests/lib/bfs_gpu.sh
# --mem and --gpu-memory through every tool's option parser; the budget's
# refusals and splits on a GPU
TESTS += tests/placement_options.sh
EXTRA_DIST += tests/placement_options.sh tests/lib/hybrid.sh
# long lists side by side (a degree-ordered file): set aside and read whole
TESTS += tests/medium_gpu.sh
EXTRA_DIST += tests/medium_gpu.sh
tests_unit_loader_SOURCES = tests/unit_loader.c
# graphs over arrays in memory, the build's facts, a placement with its
# transpose (emogi_csr_from_arrays, emogi_version, emogi_place_for)
check_PROGRAMS += tests/unit_arrays
TESTS += tests/unit_arrays
tests_unit_arrays_SOURCES = tests/unit_arrays.c
tests_lib_gpu_probe_SOURCES = tests/lib/gpu_probe.c

# ==== webgraph
# WebGraph reader tests
check_PROGRAMS += tests/unit_webgraph
TESTS += tests/unit_webgraph
tests_unit_webgraph_SOURCES = tests/unit_webgraph.c tests/lib/webgraph_enc.h
tests_unit_webgraph_LDADD = libconvert.la $(LDADD)
EXTRA_DIST += tests/data/webgraph/cnr-2000.graph tests/data/webgraph/cnr-2000.offsets \
	tests/data/webgraph/cnr-2000.properties tests/data/webgraph/cnr-2000-t.graph \
	tests/data/webgraph/cnr-2000-t.offsets tests/data/webgraph/cnr-2000-t.properties
EXTRA_DIST += tests/data/webgraph/tiny.graph tests/data/webgraph/tiny.offsets \
	tests/data/webgraph/tiny.properties
TESTS += tests/webgraph.sh
EXTRA_DIST += tests/webgraph.sh
check_PROGRAMS += tests/unit_webgraph_adj
TESTS += tests/unit_webgraph_adj
tests_unit_webgraph_adj_LDADD = libconvert.la $(LDADD)

# ==== sssp
# tests for emogi-sssp: the library on in-memory graphs, hand-computed and
# awk-computed distances on the CPU, emogi-verify sssp on hand-written
# files, GPU against CPU (skipped without a GPU)
check_PROGRAMS += tests/unit_sssp
TESTS += tests/unit_sssp
tests_unit_sssp_SOURCES = tests/unit_sssp.c

TESTS += tests/sssp_cpu.sh tests/sssp_verify.sh tests/sssp_gpu.sh tests/sssp_delta.sh
EXTRA_DIST += tests/sssp_cpu.sh tests/sssp_verify.sh tests/sssp_gpu.sh tests/sssp_delta.sh

# ==== bc
# emogi-bc against networkx (and GAP's bc where GAP_BC names one),
# emogi-verify bc, and the GPU against the CPU (skipped without a GPU)
TESTS += tests/bc.sh tests/bc_gpu.sh
EXTRA_DIST += tests/bc.sh tests/bc_gpu.sh

# ==== cc
# tests for emogi-cc and emogi-verify cc; the GPU ones skip without a GPU
TESTS += tests/cc_cpu.sh tests/cc_verify.sh tests/cc_gpu.sh tests/scc.sh tests/scc_gpu.sh
EXTRA_DIST += tests/cc_cpu.sh tests/cc_verify.sh tests/cc_gpu.sh tests/scc.sh tests/scc_gpu.sh
check_PROGRAMS += tests/unit_cc
TESTS += tests/unit_cc
tests_unit_cc_SOURCES = tests/unit_cc.c

# ==== tc
# tests for emogi-tc and emogi-verify tc (networkx, GAP's tc where its
# source is found), and every GPU kernel x placement against the CPU
# (skipped without a GPU)
TESTS += tests/tc.sh tests/tc_gpu.sh
EXTRA_DIST += tests/tc.sh tests/tc_gpu.sh
check_PROGRAMS += tests/unit_tc
TESTS += tests/unit_tc
tests_unit_tc_SOURCES = tests/unit_tc.c

# ==== pagerank
# tests for emogi-pagerank: the CPU kernel on in-memory graphs, the tool
# against answers computed independently in awk, emogi-verify pagerank,
# and every GPU kernel x placement against the CPU (skipped without a GPU)
check_PROGRAMS += tests/unit_pagerank
TESTS += tests/unit_pagerank
tests_unit_pagerank_SOURCES = tests/unit_pagerank.c

TESTS += tests/pagerank_cpu.sh tests/pagerank_verify.sh tests/pagerank_gpu.sh
EXTRA_DIST += tests/pagerank_cpu.sh tests/pagerank_verify.sh tests/pagerank_gpu.sh \
	tests/lib/pagerank_awk.sh

# The link figures of the GPU --stats lines (sssp, cc, pagerank): the
# shared checks, themselves checked on hand-written lines
TESTS += tests/link_stats.sh
EXTRA_DIST += tests/link_stats.sh tests/lib/link_stats.sh

# --stats=json, --json and --stats-file of the four traversal tools: every
# record parsed by python3, the text form's figures, escaping, usage errors
TESTS += tests/stats_json.sh
EXTRA_DIST += tests/stats_json.sh
# emogi-verify --stats, --json, --stats-file: one record a run, parsed by
# python3's json, ok and mismatch, failures leaving no file, usage errors
TESTS += tests/verify_stats.sh
EXTRA_DIST += tests/verify_stats.sh
# emogi-convert's --stats=json: one record with its text lines' figures
TESTS += tests/convert_stats_json.sh
EXTRA_DIST += tests/convert_stats_json.sh
TESTS += tests/convert_duplicates.sh
EXTRA_DIST += tests/convert_duplicates.sh
TESTS += tests/export_ids.sh
EXTRA_DIST += tests/export_ids.sh

# the --stats record emitter of libcommon (through libtools), both forms, on hand-written lines
check_PROGRAMS += tests/unit_stats
TESTS += tests/unit_stats
tests_unit_stats_SOURCES = tests/unit_stats.c
tests_unit_stats_LDADD = libtools.la $(LDADD)

# ==== python
# the emogi Python package against the tools and networkx; struct_layout
# gives the public structs' sizes and offsets for its ctypes mirrors
check_PROGRAMS += tests/lib/struct_layout
tests_lib_struct_layout_SOURCES = tests/lib/struct_layout.c
TESTS += tests/python.sh
EXTRA_DIST += tests/python.sh

# ==== ooc
# out-of-core conversion, binary edge lists, reordering (emogi-convert)
TESTS += tests/ooc.sh
EXTRA_DIST += tests/ooc.sh
TESTS += tests/ooc_bel.sh tests/ooc_reorder.sh
EXTRA_DIST += tests/ooc_bel.sh tests/ooc_reorder.sh
# bel32/bel64 in blocks smaller than a file, mapped, compressed and streamed
check_PROGRAMS += tests/unit_ooc_bel
TESTS += tests/unit_ooc_bel
tests_unit_ooc_bel_LDADD = libconvert.la $(LDADD)

# ==== fuzz
# fuzz targets (libFuzzer), built by hand because libFuzzer wants clang
# and its own main; serial (no OpenMP) so ASan sees one thread.
# PARSE_MIN_CHUNK=1 makes even tiny inputs split into chunks, so the text
# readers' targets compare one-chunk and many-chunk parses of every input.
#   el wel mtx gr input  the text readers and the input layer (parse.h, input.h)
#   bel adj webgraph   binary edge lists, WebGraph's ASCII form, BVGraph
#   metis              METIS graph files (read from a file, like adj)
#   sg                 GAP's serialized graphs, sg and wsg (read from a file)
#   csv                delimited fields, quoted or not; byte 0 picks the delimiter,
#                      --header and --columns (fuzz_csv.c)
#   csr                emogi_csr_open and emogi_csr_verify on any bytes
FUZZ_NAMES = el wel mtx gr input bel adj webgraph metis sg csr csv
EXTRA_DIST += tests/fuzz/fuzz_parse.h tests/fuzz/fuzz_file.h tests/fuzz/fuzz_seeds.sh \
	tests/fuzz/mtx.dict tests/fuzz/csr.dict tests/fuzz/webgraph.dict \
	tests/fuzz/fuzz_el.c tests/fuzz/fuzz_wel.c tests/fuzz/fuzz_mtx.c tests/fuzz/fuzz_gr.c tests/fuzz/fuzz_input.c \
	tests/fuzz/fuzz_bel.c tests/fuzz/fuzz_adj.c tests/fuzz/fuzz_webgraph.c tests/fuzz/fuzz_csr.c \
	tests/fuzz/fuzz_metis.c tests/fuzz/fuzz_sg.c tests/fuzz/fuzz_csv.c
FUZZ_SECONDS = 20
FUZZ_READER_SRC = $(srcdir)/convert/build/edges.c $(srcdir)/convert/read/input.c \
	$(srcdir)/convert/read/codec.c $(srcdir)/convert/read/codec_gzip.c \
	$(srcdir)/convert/read/codec_lz4.c $(srcdir)/convert/read/codec_zstd.c \
	$(srcdir)/convert/read/codec_xz.c $(srcdir)/convert/read/codec_bz2.c \
	$(srcdir)/convert/read/formats.c $(srcdir)/convert/read/parse.c \
	$(srcdir)/convert/read/parse_el.c \
	$(srcdir)/convert/read/parse_fields.c $(srcdir)/convert/read/parse_mtx.c \
	$(srcdir)/convert/read/parse_bel.c $(srcdir)/convert/read/parse_gr.c \
	$(srcdir)/convert/read/parse_metis.c $(srcdir)/convert/read/parse_sg.c \
	$(srcdir)/convert/read/parse_csv.c $(srcdir)/convert/ids/names.c \
	$(srcdir)/convert/ids/names_disk.c $(srcdir)/convert/ooc/pio.c \
	$(srcdir)/convert/build/memory.c \
	$(srcdir)/formats/error.c
FUZZ_GRAPH_SRC = $(FUZZ_READER_SRC) $(srcdir)/convert/read/parse_adj.c \
	$(srcdir)/convert/read/webgraph.c $(srcdir)/convert/read/webgraph_list.c \
	$(srcdir)/convert/read/webgraph_props.c
FUZZ_CSR_SRC = $(srcdir)/formats/csr_open.c $(srcdir)/formats/csr_check.c \
	$(srcdir)/formats/csr_layout.c $(srcdir)/formats/crc32.c $(srcdir)/formats/error.c \
	$(srcdir)/formats/clist.c $(srcdir)/formats/partition.c
FUZZ_INCLUDES = $(srcdir)/tests/fuzz/fuzz_parse.h $(srcdir)/tests/fuzz/fuzz_file.h
FUZZ_BUILD = $(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -DPARSE_MIN_CHUNK=1 -I$(srcdir)/formats \
	$(CONVERT_INCLUDES) -I$(top_builddir)/build-aux $(ZLIB_CFLAGS) $(LZ4_CFLAGS) $(COMPRESS_CFLAGS)
FUZZ_LINK = $(ZLIB_LIBS) $(LZ4_LIBS) $(COMPRESS_LIBS) -lm
FUZZ_PROGS = tests/fuzz/fuzz_el tests/fuzz/fuzz_wel tests/fuzz/fuzz_mtx tests/fuzz/fuzz_gr \
	tests/fuzz/fuzz_input \
	tests/fuzz/fuzz_bel tests/fuzz/fuzz_adj tests/fuzz/fuzz_webgraph tests/fuzz/fuzz_csr \
	tests/fuzz/fuzz_metis tests/fuzz/fuzz_sg tests/fuzz/fuzz_csv
CLEANFILES += $(FUZZ_PROGS) tests/fuzz/crash-* tests/fuzz/fuzz_*.log
if HAVE_CLANG
fuzz: $(FUZZ_PROGS)
tests/fuzz/fuzz_el: $(srcdir)/tests/fuzz/fuzz_el.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_el.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_wel: $(srcdir)/tests/fuzz/fuzz_wel.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_wel.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_mtx: $(srcdir)/tests/fuzz/fuzz_mtx.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_mtx.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_gr: $(srcdir)/tests/fuzz/fuzz_gr.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_gr.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_input: $(srcdir)/tests/fuzz/fuzz_input.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_input.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_bel: $(srcdir)/tests/fuzz/fuzz_bel.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_bel.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_adj: $(srcdir)/tests/fuzz/fuzz_adj.c $(FUZZ_INCLUDES) $(FUZZ_GRAPH_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_adj.c $(FUZZ_GRAPH_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_webgraph: $(srcdir)/tests/fuzz/fuzz_webgraph.c $(FUZZ_INCLUDES) $(FUZZ_GRAPH_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_webgraph.c $(FUZZ_GRAPH_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_metis: $(srcdir)/tests/fuzz/fuzz_metis.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_metis.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_sg: $(srcdir)/tests/fuzz/fuzz_sg.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_sg.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_csv: $(srcdir)/tests/fuzz/fuzz_csv.c $(FUZZ_INCLUDES) $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_csv.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_csr: $(srcdir)/tests/fuzz/fuzz_csr.c $(FUZZ_INCLUDES) $(FUZZ_CSR_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_csr.c $(FUZZ_CSR_SRC) $(FUZZ_LINK)
# Each target runs FUZZ_SECONDS from the seeds fuzz_seeds.sh writes into a
# scratch folder (so the corpus it grows is thrown away), with
# tests/fuzz/NAME.dict when there is one; a crash leaves tests/fuzz/crash-*.
fuzz-run: fuzz emogi-convert$(EXEEXT) emogi-export$(EXEEXT)
	@st=0; for f in $(FUZZ_NAMES); do \
	  c=`mktemp -d "$${TMPDIR:-/tmp}/emogi-fuzz.XXXXXX"` || exit 1; \
	  EMOGI_BIN=`pwd` $(SHELL) $(srcdir)/tests/fuzz/fuzz_seeds.sh $$f $(srcdir) "$$c" || \
	    { st=1; rm -rf "$$c"; continue; }; \
	  d=; test -f $(srcdir)/tests/fuzz/$$f.dict && d=-dict=$(srcdir)/tests/fuzz/$$f.dict; \
	  echo "fuzz_$$f: $(FUZZ_SECONDS) s"; \
	  ./tests/fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=tests/fuzz/crash-$$f- $$d "$$c" \
	    >tests/fuzz/fuzz_$$f.log 2>&1 || { st=1; tail -40 tests/fuzz/fuzz_$$f.log; }; \
	  grep -E '^(stat::number_of_executed_units|Done)' tests/fuzz/fuzz_$$f.log; \
	  rm -rf "$$c"; done; exit $$st
else
fuzz fuzz-run:
	@echo "fuzz targets need clang (configure found none)" >&2; exit 1
endif
.PHONY: fuzz fuzz-run

# ==== bench
# bench/clist-compare: hand-worked sizes, round trips, a damaged codec caught
TESTS += tests/bench_clist.sh
EXTRA_DIST += tests/bench_clist.sh
# bench/bu-first: two graphs worked by hand, compressed lists, refusals
TESTS += tests/bench_bu_first.sh
EXTRA_DIST += tests/bench_bu_first.sh
# bench/ab.sh: a build against itself, against one whose depths differ,
# rows it cannot run
TESTS += tests/bench_ab.sh
EXTRA_DIST += tests/bench_ab.sh
# bench/grid.sh: the grid's sizes and every depth from the corner
TESTS += tests/bench_grid.sh
EXTRA_DIST += tests/bench_grid.sh

# ==== build
# the CUDA architectures configure picks (a stand-in toolkit; no GPU needed)
TESTS += tests/configure_arch.sh
EXTRA_DIST += tests/configure_arch.sh
# README.md's tour, line by line, as a new user runs it
TESTS += tests/readme_tour.sh
EXTRA_DIST += tests/readme_tour.sh tests/data/people.csv
# emogi-csr(5)'s table of section types against the reader's
check_PROGRAMS += tests/lib/section_names
tests_lib_section_names_SOURCES = tests/lib/section_names.c
TESTS += tests/csr_man_sections.sh
EXTRA_DIST += tests/csr_man_sections.sh
