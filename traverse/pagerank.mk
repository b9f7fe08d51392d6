# emogi-pagerank, and emogi-verify's pagerank subcommand
bin_PROGRAMS += emogi-pagerank
noinst_HEADERS += traverse/pagerank_options.h traverse/pagerank_args.h traverse/verify_pagerank.h
emogi_pagerank_SOURCES = traverse/emogi-pagerank.c traverse/pagerank_options.c \
	traverse/pagerank_args.c traverse/verify_pagerank.c traverse/trav_backend.c \
	traverse/trav_options.c traverse/tool_output.c traverse/tool_input.c traverse/tool_args.c
emogi_pagerank_LDADD = $(TOOL_LIBS)
emogi_pagerank_LDFLAGS = $(TOOL_LINKFLAGS)
emogi_verify_SOURCES += traverse/verify_pagerank.c traverse/pagerank_args.c
