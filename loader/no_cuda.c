/*
 * no_cuda.c - the loader's GPU entry points in a build without CUDA
 * (configure --without-cuda, or no nvcc found).  They exist so that tools
 * link and say why a GPU run cannot happen, instead of failing to build;
 * kernels/no_cuda.c does the same for the algorithms.
 */
#include <string.h>

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
