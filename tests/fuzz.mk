# fuzz targets (libFuzzer), built by hand because libFuzzer wants clang
# and its own main; serial (no OpenMP) so ASan sees one thread.
# PARSE_MIN_CHUNK=1 makes even tiny inputs split into chunks, so the text
# readers' targets compare one-chunk and many-chunk parses of every input.
#   el wel mtx input   the text readers and the input layer (parse.h, input.h)
#   bel adj webgraph   binary edge lists, WebGraph's ASCII form, BVGraph
#   csr                emogi_csr_open and emogi_csr_verify on any bytes
FUZZ_NAMES = el wel mtx input bel adj webgraph csr
EXTRA_DIST += tests/fuzz/fuzz_parse.h tests/fuzz/fuzz_file.h tests/fuzz/fuzz_seeds.sh \
	tests/fuzz/mtx.dict tests/fuzz/csr.dict tests/fuzz/webgraph.dict \
	tests/fuzz/fuzz_el.c tests/fuzz/fuzz_wel.c tests/fuzz/fuzz_mtx.c tests/fuzz/fuzz_input.c \
	tests/fuzz/fuzz_bel.c tests/fuzz/fuzz_adj.c tests/fuzz/fuzz_webgraph.c tests/fuzz/fuzz_csr.c
FUZZ_SECONDS = 20
FUZZ_READER_SRC = $(srcdir)/convert/edges.c $(srcdir)/convert/input.c \
	$(srcdir)/convert/input_gzip.c $(srcdir)/convert/input_lz4.c \
	$(srcdir)/convert/parse.c $(srcdir)/convert/parse_el.c \
	$(srcdir)/convert/parse_fields.c $(srcdir)/convert/parse_mtx.c $(srcdir)/convert/parse_bel.c \
	$(srcdir)/formats/error.c
FUZZ_GRAPH_SRC = $(FUZZ_READER_SRC) $(srcdir)/convert/parse_adj.c $(srcdir)/convert/webgraph.c \
	$(srcdir)/convert/webgraph_list.c $(srcdir)/convert/webgraph_props.c
FUZZ_CSR_SRC = $(srcdir)/formats/csr_open.c $(srcdir)/formats/csr_check.c \
	$(srcdir)/formats/csr_layout.c $(srcdir)/formats/crc32.c $(srcdir)/formats/error.c
FUZZ_INCLUDES = $(srcdir)/tests/fuzz/fuzz_parse.h $(srcdir)/tests/fuzz/fuzz_file.h
FUZZ_BUILD = $(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -DPARSE_MIN_CHUNK=1 -I$(srcdir)/formats \
	-I$(srcdir)/convert $(ZLIB_CFLAGS) $(LZ4_CFLAGS)
FUZZ_LINK = $(ZLIB_LIBS) $(LZ4_LIBS) -lm
FUZZ_PROGS = tests/fuzz/fuzz_el tests/fuzz/fuzz_wel tests/fuzz/fuzz_mtx tests/fuzz/fuzz_input \
	tests/fuzz/fuzz_bel tests/fuzz/fuzz_adj tests/fuzz/fuzz_webgraph tests/fuzz/fuzz_csr
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
tests/fuzz/fuzz_csr: $(srcdir)/tests/fuzz/fuzz_csr.c $(FUZZ_INCLUDES) $(FUZZ_CSR_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_csr.c $(FUZZ_CSR_SRC) $(FUZZ_LINK)
# Each target runs FUZZ_SECONDS from the seeds fuzz_seeds.sh writes into a
# scratch folder (so the corpus it grows is thrown away), with
# tests/fuzz/NAME.dict when there is one; a crash leaves tests/fuzz/crash-*.
fuzz-run: fuzz emogi-convert$(EXEEXT)
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
