/*
 * no_cuda.c - the GPU entry points of every algorithm in a build without
 * CUDA (configure --without-cuda, or no nvcc found).  They exist so that
 * the tools link and say why a GPU run cannot happen, instead of failing
 * to build; loader/no_cuda.c does the same for placement.
 */
#include "config.h"

#include "emogi_bfs.h"
#include "emogi_cc.h"
#include "emogi_pagerank.h"
#include "emogi_sssp.h"

int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source, const struct emogi_bfs_opts *o,
                  uint32_t *depth, struct emogi_bfs_stats *st, emogi_error *err)
{
    (void)p, (void)source, (void)o, (void)depth, (void)st;
    return emogi_fail(err, "GPU BFS unavailable: built without CUDA");
}

int emogi_sssp_gpu(const struct emogi_placed *p, uint64_t source, const struct emogi_sssp_opts *o,
                   enum emogi_kernel k, void *dist, struct emogi_sssp_stats *st, emogi_error *err)
{
    (void)p, (void)source, (void)o, (void)k, (void)dist, (void)st;
    return emogi_fail(err, "GPU SSSP unavailable: built without CUDA");
}

int emogi_cc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                 enum emogi_cc_algorithm a, enum emogi_kernel k, void *labels,
                 struct emogi_cc_stats *st, emogi_error *err)
{
    (void)out, (void)in, (void)a, (void)k, (void)labels, (void)st;
    return emogi_fail(err, "GPU connected components unavailable: built without CUDA");
}

int emogi_pagerank_gpu(const struct emogi_placed *p, const struct emogi_pagerank_params *prm,
                       enum emogi_kernel k, double *rank, struct emogi_pagerank_stats *st,
                       emogi_error *err)
{
    (void)p, (void)prm, (void)k, (void)rank, (void)st;
    return emogi_fail(err, "GPU PageRank unavailable: built without CUDA");
}
