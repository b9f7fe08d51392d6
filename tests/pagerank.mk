# tests for emogi-pagerank: the CPU kernel on in-memory graphs, the tool
# against answers computed independently in awk, emogi-verify pagerank,
# and every GPU kernel x placement against the CPU (skipped without a GPU)
check_PROGRAMS += tests/unit_pagerank
TESTS += tests/unit_pagerank
tests_unit_pagerank_SOURCES = tests/unit_pagerank.c
tests_unit_pagerank_LDADD = $(TOOL_LIBS)
tests_unit_pagerank_LDFLAGS = $(TOOL_LINKFLAGS)

TESTS += tests/pagerank_cpu.sh tests/pagerank_verify.sh tests/pagerank_gpu.sh
EXTRA_DIST += tests/pagerank_cpu.sh tests/pagerank_verify.sh tests/pagerank_gpu.sh \
	tests/pagerank_awk.sh
# The GPU benchmark (bench/README.md) ships with the tests that check it.
