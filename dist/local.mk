# dist/: the MPI layer (dist.h for the tools, ranks.h within): the
# runtime, a rank's range of the file, the exchanges (host buffers, CUDA
# IPC, NCCL) and each algorithm's ranks, built as libdist over kernels,
# loader and formats, and common's messages and result arrays; without
# MPI, none.c alone, so that the tools link either way.  Not on its
# include path: traverse/, so that no arrow points up.
DIST_CPPFLAGS = $(KERNELS_CPPFLAGS) -I$(top_srcdir)/common -I$(top_srcdir)/dist $(MPI_CFLAGS)
noinst_LTLIBRARIES += libdist.la
libdist_la_LDFLAGS = $(LIB_LDFLAGS)
libdist_la_CPPFLAGS = $(DIST_CPPFLAGS)
noinst_HEADERS += dist/dist.h dist/ranks.h dist/bfs.h
if HAVE_MPI
libdist_la_SOURCES = dist/runtime.c dist/open.c \
	dist/bfs.c dist/bfs_top_down.c dist/bfs_bottom_up.c dist/cc.c dist/pagerank.c dist/sssp.c \
	dist/exchange_gpu.c dist/gpu_ranks.c
else
libdist_la_SOURCES = dist/none.c
endif
libdist_la_LIBADD = $(MPI_LIBS)
# NCCL (configure --with-nccl): GPU ranks' device-to-device exchanges
# (exchange_gpu.c); empty otherwise
libdist_la_CPPFLAGS += $(NCCL_CPPFLAGS)
libdist_la_LIBADD += $(NCCL_LIBS)
