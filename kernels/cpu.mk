# kernels/cpu
