/*
 * gen_common.c - what the generators share: the edge list allocation.
 */
#include "gen.h"

int gen_count(const struct gen_opts *g, uint64_t *n, emogi_error *err)
{
    if (g->scale < 1 || g->scale > 40 || g->edgefactor == 0 ||
        g->edgefactor > (UINT64_MAX >> g->scale))
        return emogi_fail(err, "scale %d with edge factor %llu is out of range", g->scale,
                          (unsigned long long)g->edgefactor);
    *n = g->edgefactor << g->scale;
    return 0;
}

int gen_alloc(const struct gen_opts *g, struct edge_list *e, emogi_error *err)
{
    uint64_t n;
    if (gen_count(g, &n, err))
        return -1;
    if (edge_list_reserve(e, n, 0, err))
        return -1;
    e->n = n;
    return 0;
}
