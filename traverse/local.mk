# traverse/: the tools, one file each, over libtools: what they share
# (tool.h: errors, numbers, the traversal command line, sources and
# backend; run.h: the harness that runs one process or hands MPI ranks to
# libdist) and each algorithm's checker with its emogi-verify subcommand
# (verify.h).
# No MPI_CFLAGS: a tool reaches MPI only through dist.h, whose calls run
# only in a process mpirun started.
TRAVERSE_CPPFLAGS = $(KERNELS_CPPFLAGS) -I$(top_srcdir)/common -I$(top_srcdir)/dist \
	-I$(top_srcdir)/traverse
noinst_LTLIBRARIES += libtools.la
libtools_la_LDFLAGS = $(LIB_LDFLAGS)
libtools_la_LIBADD = libcommon.la libdist.la
libtools_la_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
noinst_HEADERS += traverse/tool.h traverse/run.h traverse/verify.h
libtools_la_SOURCES = traverse/tool.c traverse/options.c traverse/sources.c traverse/backend.c \
	traverse/run.c \
	traverse/verify_bfs.c traverse/verify_sssp.c traverse/verify_cc.c traverse/verify_scc.c \
	traverse/verify_pagerank.c traverse/verify_bc.c traverse/verify_tc.c \
	traverse/verify_stats.c

bin_PROGRAMS += emogi-info emogi-bfs emogi-sssp emogi-cc emogi-pagerank emogi-bc emogi-tc emogi-verify
emogi_info_SOURCES = traverse/emogi-info.c
emogi_info_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_info_LDADD = libtools.la $(LDADD)
emogi_bfs_SOURCES = traverse/emogi-bfs.c
emogi_bfs_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_bfs_LDADD = libtools.la $(LDADD)
emogi_sssp_SOURCES = traverse/emogi-sssp.c
emogi_sssp_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_sssp_LDADD = libtools.la $(LDADD)
emogi_cc_SOURCES = traverse/emogi-cc.c
emogi_cc_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_cc_LDADD = libtools.la $(LDADD)
emogi_pagerank_SOURCES = traverse/emogi-pagerank.c
emogi_pagerank_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_pagerank_LDADD = libtools.la $(LDADD)
emogi_bc_SOURCES = traverse/emogi-bc.c
emogi_bc_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_bc_LDADD = libtools.la $(LDADD)
emogi_tc_SOURCES = traverse/emogi-tc.c
emogi_tc_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_tc_LDADD = libtools.la $(LDADD)
emogi_verify_SOURCES = traverse/emogi-verify.c
emogi_verify_CPPFLAGS = $(TRAVERSE_CPPFLAGS)
emogi_verify_LDADD = libtools.la $(LDADD)
