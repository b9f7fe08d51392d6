# kernels/cuda (inside if HAVE_CUDA ... endif)
