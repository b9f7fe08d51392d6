/*
 * no_cuda.c - the GPU entry points of libemogi in a build without CUDA
 * (configure --without-cuda, or no nvcc found).  They exist so that tools
 * link and say why a GPU run cannot happen, instead of failing to build.
 */
#include <string.h>

#include "emogi_bfs.h"
#include "emogi_loader.h"

int emogi_gpu_count(emogi_error *err)
{
    emogi_fail(err, "built without CUDA (reconfigure with --with-cuda)");
    return 0;
}

int emogi_place(const struct emogi_graph *g, const struct emogi_place_opts *o,
                struct emogi_placed *p, emogi_error *err)
{
    (void)o;
    memset(p, 0, sizeof *p);
    p->g = g;
    return emogi_fail(err, "%s: cannot place on a GPU: built without CUDA",
                      g && g->path ? g->path : "graph");
}

void emogi_unplace(struct emogi_placed *p)
{
    p->priv = NULL;
}

int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source, enum emogi_kernel k,
                  uint32_t *depth, struct emogi_bfs_stats *st, emogi_error *err)
{
    (void)p, (void)source, (void)k, (void)depth, (void)st;
    return emogi_fail(err, "GPU BFS unavailable: built without CUDA");
}
