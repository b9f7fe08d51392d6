# tests for emogi-sssp: the library on in-memory graphs, hand-computed and
# awk-computed distances on the CPU, emogi-verify sssp on hand-written
# files, GPU against CPU (skipped without a GPU)
check_PROGRAMS += tests/unit_sssp
TESTS += tests/unit_sssp
tests_unit_sssp_SOURCES = tests/unit_sssp.c
tests_unit_sssp_LDADD = $(TOOL_LIBS)
tests_unit_sssp_LDFLAGS = $(TOOL_LINKFLAGS)

TESTS += tests/sssp_cpu.sh tests/verify_sssp.sh tests/sssp_gpu.sh
EXTRA_DIST += tests/sssp_cpu.sh tests/verify_sssp.sh tests/sssp_gpu.sh
# the GPU benchmark (bench/README.md)
