/*
 * gen_urand.c - uniform random graph (GAP's -u): both endpoints of every
 * edge drawn uniformly from the 2^scale vertices, an Erdős–Rényi-like
 * graph with no locality at all, the worst case for caches and for EMOGI's
 * zero-copy reads.
 */
#include "gen.h"

void gen_urand_range(const struct gen_opts *g, uint64_t lo, uint64_t n, uint64_t *src,
                     uint64_t *dst)
{
    uint64_t base = gen_mix64(g->seed ^ 0x75726e64ull);
    int shift = 64 - g->scale;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        /* the high bits of a mix are its best-mixed ones */
        src[i] = gen_mix64(base + 2 * (lo + i)) >> shift;
        dst[i] = gen_mix64(base + 2 * (lo + i) + 1) >> shift;
    }
}

int gen_urand(const struct gen_opts *g, struct edge_list *e, emogi_error *err)
{
    if (gen_alloc(g, e, err))
        return -1;
    gen_urand_range(g, 0, e->n, e->src, e->dst);
    return 0;
}
