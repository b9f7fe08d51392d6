# GPU tests: the loader's decisions run everywhere; placements, kernels and
# the tools on a GPU are skipped, with the reason, where there is none.
check_PROGRAMS += tests/unit_loader tests/gpu_probe
TESTS += tests/unit_loader tests/bfs_gpu.sh
EXTRA_DIST += tests/bfs_gpu.sh
tests_unit_loader_SOURCES = tests/unit_loader.c
tests_unit_loader_LDADD = $(TOOL_LIBS)
tests_unit_loader_LDFLAGS = $(TOOL_LINKFLAGS)
tests_gpu_probe_SOURCES = tests/gpu_probe.c
tests_gpu_probe_LDADD = $(TOOL_LIBS)
tests_gpu_probe_LDFLAGS = $(TOOL_LINKFLAGS)
