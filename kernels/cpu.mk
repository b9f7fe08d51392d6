# kernels/cpu: the OpenMP reference backend, and what both backends share
libemogi_la_SOURCES += kernels/cpu/bfs.c kernels/cpu/bfs_parents.c kernels/kernel_names.c
