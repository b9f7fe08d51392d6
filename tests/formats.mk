# tests for formats: the .csr library against hand-computed graphs
check_PROGRAMS += tests/unit_csr
TESTS += tests/unit_csr
tests_unit_csr_SOURCES = tests/unit_csr.c
tests_unit_csr_LDADD = $(TOOL_LIBS)
tests_unit_csr_LDFLAGS = $(TOOL_LINKFLAGS)

# output files: replaced through a temporary, or written in place
check_PROGRAMS += tests/unit_atomic
TESTS += tests/unit_atomic
tests_unit_atomic_SOURCES = tests/unit_atomic.c
tests_unit_atomic_LDADD = $(TOOL_LIBS)
tests_unit_atomic_LDFLAGS = $(TOOL_LINKFLAGS)

# the tools' outputs and graphs: devices, FIFOs, links, same-file refusals
TESTS += tests/outputs.sh
EXTRA_DIST += tests/outputs.sh

# the corruption sweep: mutants of small .csr files through every tool
check_PROGRAMS += tests/csr_mutate
tests_csr_mutate_SOURCES = tests/csr_mutate.c
tests_csr_mutate_LDADD = $(ZLIB_LIBS)
TESTS += tests/csr_sweep.sh
EXTRA_DIST += tests/csr_sweep.sh
