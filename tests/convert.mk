# tests for convert

# ---- readers (parse.h): fuzz targets, built by hand because libFuzzer
# wants clang and its own main; serial (no OpenMP) so ASan sees one thread.
# PARSE_MIN_CHUNK=1 makes even tiny inputs split into chunks, so the
# targets compare one-chunk and many-chunk parses of every input.
EXTRA_DIST += tests/fuzz/fuzz_parse.h tests/fuzz/fuzz_el.c tests/fuzz/fuzz_wel.c \
	tests/fuzz/fuzz_mtx.c tests/fuzz/fuzz_input.c tests/fuzz/mtx.dict
EXTRA_DIST += tests/data/tiny.el tests/data/tiny.wel tests/data/tiny_real.wel \
	tests/data/tiny_real.mtx tests/data/tiny_sym.mtx tests/data/tiny.el.gz \
	tests/data/tiny.el.lz4
FUZZ_SECONDS = 20
FUZZ_READER_SRC = $(srcdir)/convert/edges.c $(srcdir)/convert/input.c \
	$(srcdir)/convert/input_gzip.c $(srcdir)/convert/input_lz4.c \
	$(srcdir)/convert/parse.c $(srcdir)/convert/parse_el.c \
	$(srcdir)/convert/parse_fields.c $(srcdir)/convert/parse_mtx.c $(srcdir)/convert/parse_bel.c \
	$(srcdir)/formats/error.c
FUZZ_BUILD = $(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -DPARSE_MIN_CHUNK=1 -I$(srcdir)/formats \
	-I$(srcdir)/convert $(ZLIB_CFLAGS) $(LZ4_CFLAGS)
FUZZ_LINK = $(ZLIB_LIBS) $(LZ4_LIBS) -lm
FUZZ_PROGS = tests/fuzz/fuzz_el tests/fuzz/fuzz_wel tests/fuzz/fuzz_mtx tests/fuzz/fuzz_input
CLEANFILES += $(FUZZ_PROGS) tests/fuzz/crash-*
if HAVE_CLANG
fuzz: $(FUZZ_PROGS)
tests/fuzz/fuzz_el: $(srcdir)/tests/fuzz/fuzz_el.c $(srcdir)/tests/fuzz/fuzz_parse.h $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_el.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_wel: $(srcdir)/tests/fuzz/fuzz_wel.c $(srcdir)/tests/fuzz/fuzz_parse.h $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_wel.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_mtx: $(srcdir)/tests/fuzz/fuzz_mtx.c $(srcdir)/tests/fuzz/fuzz_parse.h $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_mtx.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
tests/fuzz/fuzz_input: $(srcdir)/tests/fuzz/fuzz_input.c $(srcdir)/tests/fuzz/fuzz_parse.h $(FUZZ_READER_SRC)
	@$(MKDIR_P) tests/fuzz
	$(AM_V_GEN)$(FUZZ_BUILD) -o $@ $(srcdir)/tests/fuzz/fuzz_input.c $(FUZZ_READER_SRC) $(FUZZ_LINK)
# Each target runs FUZZ_SECONDS from seeds in tests/data (a scratch copy, so
# the corpus it grows is thrown away); a crash leaves tests/fuzz/crash-*.
fuzz-run: fuzz
	@st=0; for f in el wel mtx input; do \
	  c=`mktemp -d "$${TMPDIR:-/tmp}/emogi-fuzz.XXXXXX"` || exit 1; \
	  for s in $(srcdir)/tests/data/*.$$f; do test -f "$$s" && cp "$$s" "$$c/"; done; \
	  test $$f = input && cp $(srcdir)/tests/data/tiny* "$$c/"; \
	  d=; test $$f = mtx && d=-dict=$(srcdir)/tests/fuzz/mtx.dict; \
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
CLEANFILES += tests/fuzz/fuzz_el.log tests/fuzz/fuzz_wel.log tests/fuzz/fuzz_mtx.log \
	tests/fuzz/fuzz_input.log
.PHONY: fuzz fuzz-run
# CSR builder, emogi-convert and generators: round trips through a test-only dump
check_PROGRAMS += tests/csrdump
tests_csrdump_SOURCES = tests/csrdump.c
tests_csrdump_LDADD = $(TOOL_LIBS)
tests_csrdump_LDFLAGS = $(TOOL_LINKFLAGS)
TESTS += tests/convert_build.sh
EXTRA_DIST += tests/convert_build.sh tests/data/convert_small.el tests/data/convert_small.wel \
	tests/data/convert_sparse.el tests/data/convert_sym.mtx tests/data/convert_general.mtx
TESTS += tests/convert_roundtrip.sh
EXTRA_DIST += tests/convert_roundtrip.sh
TESTS += tests/convert_gen.sh
EXTRA_DIST += tests/convert_gen.sh

# readers against hand-written answers, every input path, exact messages
check_PROGRAMS += tests/unit_parse
TESTS += tests/unit_parse
tests_unit_parse_LDADD = libconvert.la $(TOOL_LIBS)
tests_unit_parse_LDFLAGS = $(TOOL_LINKFLAGS)

# readers through emogi-convert: error messages and input paths
TESTS += tests/convert_errors.sh tests/convert_parse.sh
EXTRA_DIST += tests/convert_errors.sh tests/convert_parse.sh
