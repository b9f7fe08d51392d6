/*
 * cc_no_cuda.c - the GPU connected-components entry point in a build
 * without CUDA, so that emogi-cc links and says why no GPU run can happen.
 */
#include "config.h"

#include "emogi_cc.h"

int emogi_cc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                 enum emogi_cc_algorithm a, enum emogi_kernel k, void *labels,
                 struct emogi_cc_stats *st, emogi_error *err)
{
    (void)out, (void)in, (void)a, (void)k, (void)labels, (void)st;
    return emogi_fail(err, "GPU connected components unavailable: built without CUDA");
}
