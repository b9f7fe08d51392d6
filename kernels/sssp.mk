# sssp kernels (CPU and, inside if HAVE_CUDA, CUDA)
include_HEADERS += kernels/emogi_sssp.h
libemogi_la_SOURCES += kernels/cpu/sssp.c kernels/cpu/sssp_weights.c
if HAVE_CUDA
libemogi_la_SOURCES += kernels/cuda/sssp.cu
else
libemogi_la_SOURCES += kernels/sssp_no_cuda.c
endif
