# tests for emogi-cc and emogi-verify cc; the GPU ones skip without a GPU
TESTS += tests/cc_cpu.sh tests/verify_cc.sh tests/cc_gpu.sh
EXTRA_DIST += tests/cc_cpu.sh tests/verify_cc.sh tests/cc_gpu.sh
check_PROGRAMS += tests/unit_cc_cpu
TESTS += tests/unit_cc_cpu
tests_unit_cc_cpu_SOURCES = tests/unit_cc_cpu.c
tests_unit_cc_cpu_LDADD = $(TOOL_LIBS)
tests_unit_cc_cpu_LDFLAGS = $(TOOL_LINKFLAGS)
