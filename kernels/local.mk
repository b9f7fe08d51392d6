# kernels/: one file per algorithm and backend.  kernels/cpu is the OpenMP
# reference; kernels/cuda is compiled by nvcc into libtool objects (the
# .cu.lo rule in Makefile.am).  Without CUDA, kernels/no_cuda.c supplies
# the GPU entry points, failing with "built without CUDA".
KERNELS_CPPFLAGS = $(LOADER_CPPFLAGS) -I$(top_srcdir)/kernels
noinst_LTLIBRARIES += libkernels.la
libkernels_la_LDFLAGS = $(LIB_LDFLAGS)
libkernels_la_CPPFLAGS = $(KERNELS_CPPFLAGS)
libkernels_la_CFLAGS = $(LIB_CFLAGS)
include_HEADERS += kernels/emogi_kernel.h kernels/emogi_bfs.h kernels/emogi_sssp.h \
	kernels/emogi_cc.h kernels/emogi_pagerank.h kernels/emogi_bc.h kernels/emogi_tc.h
include_HEADERS += kernels/emogi_scc.h
libkernels_la_SOURCES = kernels/kernel_names.c kernels/cc_shared.c \
	kernels/cpu/bfs.c kernels/cpu/bfs_parents.c \
	kernels/cpu/sssp.c kernels/cpu/sssp_weights.c \
	kernels/cpu/cc.c kernels/cpu/scc.c kernels/cpu/bc.c kernels/cpu/tc.c \
	kernels/cpu/pagerank.c kernels/cpu/pagerank_gs.c kernels/cpu/pagerank_in_edges.c
noinst_HEADERS += kernels/cuda/common.cuh kernels/cuda/cc_lists.cuh kernels/cuda/clist.cuh \
	kernels/cuda/bfs_pull.cuh kernels/cuda/reader.cuh \
	kernels/emogi_dist_gpu.h kernels/emogi_ranks.h kernels/cpu/random_array.h kernels/sssp_float.h kernels/cc_link.h \
	kernels/cpu/pagerank_sum.h
if HAVE_CUDA
libkernels_la_SOURCES += kernels/cuda/bfs.cu kernels/cuda/sssp.cu kernels/cuda/cc.cu \
	kernels/cuda/pagerank.cu kernels/cuda/dist_bfs.cu kernels/cuda/bc.cu kernels/cuda/tc.cu
libkernels_la_SOURCES += kernels/cuda/scc.cu

# nvcc objects get no automatic header dependencies: name them, so that a
# changed header rebuilds every kernel that includes it.
CUDA_HEADER_DEPS = kernels/cuda/common.cuh kernels/cuda/cc_lists.cuh kernels/cuda/clist.cuh \
	kernels/cuda/bfs_pull.cuh kernels/cuda/reader.cuh \
	formats/emogi_csr.h \
	loader/emogi_loader.h kernels/emogi_kernel.h kernels/emogi_bfs.h kernels/emogi_sssp.h \
	kernels/emogi_cc.h kernels/emogi_pagerank.h kernels/emogi_bc.h kernels/emogi_dist_gpu.h \
	kernels/emogi_tc.h
kernels/cuda/bfs.lo kernels/cuda/sssp.lo kernels/cuda/cc.lo kernels/cuda/pagerank.lo \
	kernels/cuda/dist_bfs.lo kernels/cuda/bc.lo kernels/cuda/tc.lo: \
	$(CUDA_HEADER_DEPS)
kernels/cuda/scc.lo: $(CUDA_HEADER_DEPS) kernels/emogi_scc.h
else
libkernels_la_SOURCES += kernels/no_cuda.c kernels/no_cuda_tc.c
libkernels_la_SOURCES += kernels/no_cuda_scc.c
endif
# what callers holding a graph in memory need (the Python package)
libkernels_la_SOURCES += kernels/gpu_state.c
include_HEADERS += kernels/emogi_gpu_state.h
