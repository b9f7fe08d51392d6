/*
 * no_cuda_tc.c - triangle counting's GPU entry point in a build without
 * CUDA, as kernels/no_cuda.c holds the other algorithms': the tools link
 * and say why a GPU run cannot happen.
 */
#include "config.h"

#include "emogi_tc.h"

int emogi_tc_gpu(const struct emogi_placed *p, enum emogi_kernel k, uint64_t *counts,
                 struct emogi_tc_stats *st, emogi_error *err)
{
    (void)p, (void)k, (void)counts, (void)st;
    return emogi_fail(err, "GPU triangle counting unavailable: built without CUDA");
}
