# sssp kernels (CPU and, inside if HAVE_CUDA, CUDA)
