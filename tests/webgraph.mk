# WebGraph reader tests
check_PROGRAMS += tests/unit_webgraph
TESTS += tests/unit_webgraph
tests_unit_webgraph_SOURCES = tests/unit_webgraph.c tests/webgraph_enc.h
tests_unit_webgraph_LDADD = libconvert.la $(TOOL_LIBS)
tests_unit_webgraph_LDFLAGS = $(TOOL_LINKFLAGS)
EXTRA_DIST += tests/data/webgraph/cnr-2000.graph tests/data/webgraph/cnr-2000.offsets \
	tests/data/webgraph/cnr-2000.properties tests/data/webgraph/cnr-2000-t.graph \
	tests/data/webgraph/cnr-2000-t.offsets tests/data/webgraph/cnr-2000-t.properties
EXTRA_DIST += tests/data/webgraph/tiny.graph tests/data/webgraph/tiny.offsets \
	tests/data/webgraph/tiny.properties
TESTS += tests/webgraph.sh
EXTRA_DIST += tests/webgraph.sh
check_PROGRAMS += tests/unit_webgraph_adj
TESTS += tests/unit_webgraph_adj
tests_unit_webgraph_adj_LDADD = libconvert.la $(TOOL_LIBS)
tests_unit_webgraph_adj_LDFLAGS = $(TOOL_LINKFLAGS)
