/*
 * no_cuda_scc.c - the GPU entry point of strong components in a build
 * without CUDA, as kernels/no_cuda.c has the others': the tools link and
 * say why a GPU run cannot happen.
 */
#include "config.h"

#include "emogi_scc.h"

int emogi_scc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                  enum emogi_kernel k, void *labels, struct emogi_cc_stats *st, emogi_error *err)
{
    (void)out, (void)in, (void)k, (void)labels, (void)st;
    return emogi_fail(err, "GPU strong components unavailable: built without CUDA");
}
