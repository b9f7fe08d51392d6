# cc kernels: Afforest on the CPU; label propagation and union-find on CUDA
# (without CUDA a stub says why no GPU run can happen).
include_HEADERS += kernels/emogi_cc.h
libemogi_la_SOURCES += kernels/cpu/cc.c kernels/cc_shared.c
if HAVE_CUDA
libemogi_la_SOURCES += kernels/cuda/cc.cu
else
libemogi_la_SOURCES += kernels/cc_no_cuda.c
endif
noinst_HEADERS += kernels/cuda/cc_lists.cuh
