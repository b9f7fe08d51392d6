/*
 * build_info.c - what this build of libemogi runs on: whether it has the
 * CUDA backend, and the threads its CPU kernels take (OpenMP's), for a
 * caller such as the Python package that cannot reach OpenMP itself.
 */
#include "config.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include "emogi_loader.h"

int emogi_built_with_cuda(void)
{
#ifdef HAVE_CUDA
    return 1;
#else
    return 0;
#endif
}

int emogi_cpu_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

int emogi_set_cpu_threads(int n)
{
    const int old = emogi_cpu_threads();
#ifdef _OPENMP
    if (n >= 1)
        omp_set_num_threads(n);
#else
    (void)n;
#endif
    return old;
}
