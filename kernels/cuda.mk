# kernels/cuda: the CUDA kernels, compiled by nvcc into libtool objects
# (see the .cu.lo rule in Makefile.am).  Without CUDA, loader/no_cuda.c
# supplies the same entry points, failing with "built without CUDA".
if HAVE_CUDA
libemogi_la_SOURCES += kernels/cuda/bfs.cu
endif
noinst_HEADERS += kernels/cuda/common.cuh
noinst_HEADERS += kernels/cuda/warp_lists.cuh

# nvcc objects get no automatic header dependencies: name them, so that a
# changed header rebuilds every kernel that includes it.
if HAVE_CUDA
CUDA_HEADER_DEPS = kernels/cuda/common.cuh kernels/cuda/warp_lists.cuh \
	kernels/cuda/cc_lists.cuh kernels/cuda/warp_frontier.cuh formats/emogi_csr.h loader/emogi_loader.h kernels/emogi_kernel.h kernels/emogi_bfs.h \
	kernels/emogi_sssp.h kernels/emogi_cc.h kernels/emogi_pagerank.h
kernels/cuda/bfs.lo kernels/cuda/sssp.lo kernels/cuda/cc.lo kernels/cuda/pagerank.lo: \
	$(CUDA_HEADER_DEPS)
endif
noinst_HEADERS += kernels/cuda/warp_frontier.cuh
