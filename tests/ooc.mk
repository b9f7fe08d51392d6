# out-of-core conversion, binary edge lists, reordering (emogi-convert)
TESTS += tests/ooc.sh
EXTRA_DIST += tests/ooc.sh
TESTS += tests/ooc_bel.sh tests/ooc_reorder.sh
EXTRA_DIST += tests/ooc_bel.sh tests/ooc_reorder.sh
# the GPU machine's scripts for this work (bench/run-gpu.sh builds from the tarball)
# bel32/bel64 in blocks smaller than a file, mapped, compressed and streamed
check_PROGRAMS += tests/unit_ooc_bel
TESTS += tests/unit_ooc_bel
tests_unit_ooc_bel_LDADD = libconvert.la $(TOOL_LIBS)
tests_unit_ooc_bel_LDFLAGS = $(TOOL_LINKFLAGS)
