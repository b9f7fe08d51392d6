# tests/: one fragment per area, so parallel work does not collide
EXTRA_DIST += tests/tap.h
include tests/formats.mk
include tests/convert.mk
include tests/fuzz.mk
include tests/info.mk
include tests/bfs.mk
include tests/gpu.mk
EXTRA_DIST += tests/data/karate.mtx
include tests/webgraph.mk
include tests/sssp.mk
include tests/cc.mk
include tests/pagerank.mk
include tests/ooc.mk
