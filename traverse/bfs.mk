# emogi-bfs, emogi-verify: tools over libemogi's BFS kernels
bin_PROGRAMS += emogi-bfs emogi-verify
noinst_HEADERS += traverse/bfs_options.h traverse/trav_backend.h traverse/trav_options.h traverse/bfs_report.h \
	traverse/tool_output.h traverse/tool_sources.h traverse/tool_input.h traverse/verify_bfs.h \
	traverse/tool_args.h

emogi_bfs_SOURCES = traverse/emogi-bfs.c traverse/bfs_options.c traverse/trav_backend.c traverse/trav_options.c \
	traverse/bfs_report.c traverse/tool_output.c traverse/tool_sources.c traverse/verify_bfs.c \
	traverse/tool_args.c
emogi_bfs_LDADD = $(TOOL_LIBS)
emogi_bfs_LDFLAGS = $(TOOL_LINKFLAGS)

emogi_verify_SOURCES = traverse/emogi-verify.c traverse/tool_input.c traverse/verify_bfs.c \
	traverse/tool_args.c
emogi_verify_LDADD = $(TOOL_LIBS)
emogi_verify_LDFLAGS = $(TOOL_LINKFLAGS)
