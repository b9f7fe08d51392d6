# tests for info: emogi-info over files written by a minimal test writer
check_PROGRAMS += tests/csr_from_edges
tests_csr_from_edges_SOURCES = tests/csr_from_edges.c
tests_csr_from_edges_LDADD = $(TOOL_LIBS)
tests_csr_from_edges_LDFLAGS = $(TOOL_LINKFLAGS)
TESTS += tests/info.sh
EXTRA_DIST += tests/info.sh
