/*
 * pagerank_no_cuda.c - the GPU PageRank entry point in a build without
 * CUDA, so that tools link and say why a GPU run cannot happen.
 */
#include "config.h"

#include "emogi_pagerank.h"

#ifndef HAVE_CUDA
int emogi_pagerank_gpu(const struct emogi_placed *p, const struct emogi_pagerank_params *prm,
                       enum emogi_kernel k, double *rank, struct emogi_pagerank_stats *st,
                       emogi_error *err)
{
    (void)p, (void)prm, (void)k, (void)rank, (void)st;
    return emogi_fail(err, "GPU PageRank unavailable: built without CUDA");
}
#endif
