# tests for convert

EXTRA_DIST += tests/data/tiny.el tests/data/tiny.wel tests/data/tiny_real.wel \
	tests/data/tiny_real.mtx tests/data/tiny_sym.mtx tests/data/tiny.el.gz \
	tests/data/tiny.el.lz4
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
