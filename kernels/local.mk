# kernels/: one file per algorithm and backend
include_HEADERS += kernels/emogi_kernel.h kernels/emogi_bfs.h
include kernels/cpu.mk
include kernels/cuda.mk
include kernels/sssp.mk
include kernels/cc.mk
include kernels/pagerank.mk
