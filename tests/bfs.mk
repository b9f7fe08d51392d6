# tests for bfs: the CPU kernel on in-memory graphs, then the tools on files
check_PROGRAMS += tests/unit_bfs_cpu
TESTS += tests/unit_bfs_cpu
tests_unit_bfs_cpu_SOURCES = tests/unit_bfs_cpu.c
tests_unit_bfs_cpu_LDADD = $(TOOL_LIBS)
tests_unit_bfs_cpu_LDFLAGS = $(TOOL_LINKFLAGS)

TESTS += tests/bfs_cpu.sh tests/bfs_cpu_options.sh tests/verify_bfs.sh
EXTRA_DIST += tests/bfs_cpu.sh tests/bfs_cpu_options.sh tests/verify_bfs.sh
