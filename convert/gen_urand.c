/*
 * gen_urand.c - uniform random graph (GAP's -u): both endpoints of every
 * edge drawn uniformly from the 2^scale vertices, an Erdős–Rényi-like
 * graph with no locality at all, the worst case for caches and for EMOGI's
 * zero-copy reads.
 */
#include "gen.h"

int gen_urand(const struct gen_opts *g, struct edge_list *e, emogi_error *err)
{
    if (gen_alloc(g, e, err))
        return -1;
    uint64_t base = gen_mix64(g->seed ^ 0x75726e64ull), n = e->n;
    int shift = 64 - g->scale;
    uint64_t *src = e->src, *dst = e->dst;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        /* the high bits of a mix are its best-mixed ones */
        src[i] = gen_mix64(base + 2 * i) >> shift;
        dst[i] = gen_mix64(base + 2 * i + 1) >> shift;
    }
    return 0;
}
