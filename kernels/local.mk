# kernels/
