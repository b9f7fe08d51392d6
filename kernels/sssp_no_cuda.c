/*
 * sssp_no_cuda.c - the GPU entry point of SSSP in a build without CUDA, so
 * that emogi-sssp links and says why a GPU run cannot happen.
 */
#include "config.h"

#include "emogi_sssp.h"

int emogi_sssp_gpu(const struct emogi_placed *p, uint64_t source, const struct emogi_sssp_opts *o,
                   enum emogi_kernel k, void *dist, struct emogi_sssp_stats *st, emogi_error *err)
{
    (void)p, (void)source, (void)o, (void)k, (void)dist, (void)st;
    return emogi_fail(err, "GPU SSSP unavailable: built without CUDA");
}
