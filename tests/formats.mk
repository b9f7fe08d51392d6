# tests for formats: the .csr library against hand-computed graphs
check_PROGRAMS += tests/unit_csr
TESTS += tests/unit_csr
tests_unit_csr_SOURCES = tests/unit_csr.c
tests_unit_csr_LDADD = $(TOOL_LIBS)
tests_unit_csr_LDFLAGS = $(TOOL_LINKFLAGS)
