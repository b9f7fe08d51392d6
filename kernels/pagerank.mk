# pagerank kernels: GAP-style pull on the CPU (Jacobi and Gauss-Seidel);
# EMOGI's naive, merged and aligned reads on CUDA (without CUDA a stub says why no GPU run can happen).
include_HEADERS += kernels/emogi_pagerank.h
libemogi_la_SOURCES += kernels/cpu/pagerank.c kernels/cpu/pagerank_gs.c \
	kernels/cpu/pagerank_in_edges.c
if HAVE_CUDA
libemogi_la_SOURCES += kernels/cuda/pagerank.cu
else
libemogi_la_SOURCES += kernels/pagerank_no_cuda.c
endif
