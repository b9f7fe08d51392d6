# kernels/cuda: the CUDA kernels, compiled by nvcc into libtool objects
# (see the .cu.lo rule in Makefile.am).  Without CUDA, loader/no_cuda.c
# supplies the same entry points, failing with "built without CUDA".
if HAVE_CUDA
libemogi_la_SOURCES += kernels/cuda/bfs.cu
endif
noinst_HEADERS += kernels/cuda/cuda_check.cuh
