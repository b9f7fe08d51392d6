/*
 * build_first.c - --combine first: of duplicate (u, v) entries, the one
 * that comes first in the input keeps its weight.
 *
 * The builder's sort orders a list by (neighbour, weight), which forgets
 * the input order; so before it runs, the edge list (still in input order)
 * is ranked by (u, v, position) and every entry but the first of each
 * (u, v) is dropped, the rest keeping their order.  When both directions
 * are stored, (u, v) and (v, u) are one edge.  Self-loops the build drops
 * anyway are left to it.  Out of core each run is a stretch of the input
 * in order and the merge keeps the earliest run's entry (ooc_merge.c).
 */
#define _GNU_SOURCE /* qsort_r */
#include <stdlib.h>

#include "build.h"

#define DROPPED UINT64_MAX /* never an id: ids go up to 2^64 - 2 */

struct first_ctx {
    const struct edge_list *e;
    int two_way;
};

static void edge_key(const struct first_ctx *c, uint64_t i, uint64_t *a, uint64_t *b)
{
    uint64_t u = c->e->src[i], v = c->e->dst[i];
    *a = c->two_way && v < u ? v : u;
    *b = c->two_way && v < u ? u : v;
}

static int by_edge_then_position(const void *x, const void *y, void *ctx)
{
    uint64_t i = *(const uint64_t *)x, j = *(const uint64_t *)y, a, b, c, d;
    edge_key(ctx, i, &a, &b);
    edge_key(ctx, j, &c, &d);
    if (a != c)
        return a < c ? -1 : 1;
    if (b != d)
        return b < d ? -1 : 1;
    return i < j ? -1 : i > j;
}

int build_keep_first(struct edge_list *e, const struct build_opts *o, emogi_error *err)
{
    struct first_ctx c = {e, !o->directed || o->mirror};
    if (edge_list_widen(e, err)) /* it reads and drops 64-bit ids in place (edges.h) */
        return -1;
    uint64_t *rank = build_alloc(e->n, sizeof *rank, "the input order (--combine first)", err);
    if (!rank)
        return -1;
    for (uint64_t i = 0; i < e->n; i++)
        rank[i] = i;
    qsort_r(rank, e->n, sizeof *rank, by_edge_then_position, &c);
    uint64_t p = 0, q = 0; /* the key of the group's first entry */
    for (uint64_t k = 0; k < e->n; k++) {
        uint64_t a, b, i = rank[k];
        edge_key(&c, i, &a, &b);
        if (k == 0 || a != p || b != q || (a == b && !o->keep_self_loops)) {
            p = a, q = b;
            continue;
        }
        e->src[i] = DROPPED;
    }
    free(rank);
    uint64_t n = 0;
    for (uint64_t i = 0; i < e->n; i++)
        if (e->src[i] != DROPPED) {
            e->src[n] = e->src[i];
            e->dst[n] = e->dst[i];
            e->w[n++] = e->w[i];
        }
    e->n = n;
    return 0;
}
