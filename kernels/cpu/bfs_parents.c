/*
 * bfs_parents.c - a BFS tree from a depth array, the same for every backend.
 *
 * A backend's own parents depend on which thread won a race, so emogi
 * reports a canonical tree instead: the parent of a reached vertex v is its
 * smallest in-neighbour one level up.  With in-edges at hand (undirected, or
 * a stored transpose) each vertex scans its own list, without any write
 * sharing; otherwise every edge u->v one level down proposes u to v through
 * an atomic minimum, whose result does not depend on the order of proposals.
 * Lists are read a block at a time (emogi_list_next), plain or compressed.
 */
#include "config.h"

#include <stdbool.h>

#include "emogi_bfs.h"
#include "emogi_clist.h"

#define NONE UINT64_MAX

/* The smallest in-neighbour of V one level up, from V's list in IN; *BAD
 * becomes V when the list is corrupt (a compressed one not checked). */
static uint64_t best_in_list(const struct emogi_lists *in, const uint32_t *depth, uint64_t v,
                             uint64_t *bad)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK], best = EMOGI_NO_PARENT;
    int n;
    emogi_list_open(&r, in, v);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int i = 0; i < n; i++)
            if (depth[ids[i]] == depth[v] - 1 && ids[i] < best)
                best = ids[i];
    if (n < 0)
        *bad = v;
    return best;
}

/* The first corrupt list's vertex, or NONE. */
static uint64_t parents_from_in_edges(const struct emogi_graph *g, const struct emogi_lists *in,
                                      const uint32_t *depth, uint64_t *parent)
{
    uint64_t bad = NONE;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : bad)
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t best = EMOGI_NO_PARENT, b = NONE;
        if (depth[v] != EMOGI_UNREACHED && depth[v] > 0)
            best = best_in_list(in, depth, v, &b);
        bad = b < bad ? b : bad;
        parent[v] = best;
    }
    return bad;
}

static void propose(uint64_t *slot, uint64_t u)
{
    uint64_t cur = __atomic_load_n(slot, __ATOMIC_RELAXED);
    while (u < cur && !__atomic_compare_exchange_n(slot, &cur, u, true, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED))
        ;
}

/* U proposes itself to its out-neighbours one level down; -1 when its
 * list is corrupt. */
static int propose_to_list(const struct emogi_lists *out, const uint32_t *depth, uint64_t u,
                           uint64_t *parent)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    int n;
    emogi_list_open(&r, out, u);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int i = 0; i < n; i++)
            if (depth[ids[i]] == depth[u] + 1)
                propose(&parent[ids[i]], u);
    return n;
}

static uint64_t parents_from_out_edges(const struct emogi_graph *g, const uint32_t *depth,
                                       uint64_t *parent)
{
    const struct emogi_lists out = emogi_lists_out(g);
    uint64_t bad = NONE;
#pragma omp parallel
    {
#pragma omp for
        for (uint64_t v = 0; v < g->nv; v++)
            parent[v] = EMOGI_NO_PARENT;
#pragma omp for schedule(dynamic, 1024) reduction(min : bad)
        for (uint64_t u = 0; u < g->nv; u++)
            if (depth[u] != EMOGI_UNREACHED && propose_to_list(&out, depth, u, parent) < 0 &&
                u < bad)
                bad = u;
    }
    return bad;
}

int emogi_bfs_parents(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                      uint64_t *parent, emogi_error *err)
{
    if (source >= g->nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(g->nv ? g->nv - 1 : 0));
    const struct emogi_lists out = emogi_lists_out(g), t = emogi_lists_transpose(g);
    uint64_t bad;
    if (!(g->flags & EMOGI_DIRECTED))
        bad = parents_from_in_edges(g, &out, depth, parent);
    else if ((g->flags & EMOGI_TRANSPOSE) && t.off && (t.ids || t.coff))
        bad = parents_from_in_edges(g, &t, depth, parent);
    else
        bad = parents_from_out_edges(g, depth, parent);
    if (bad != NONE)
        return emogi_fail(err, "the compressed list of vertex %llu is corrupt",
                          (unsigned long long)bad);
    parent[source] = source;

    uint64_t orphan = NONE;
#pragma omp parallel for reduction(min : orphan)
    for (uint64_t v = 0; v < g->nv; v++)
        if (v != source && depth[v] != EMOGI_UNREACHED && parent[v] == EMOGI_NO_PARENT && v < orphan)
            orphan = v;
    if (orphan != NONE)
        return emogi_fail(err, "vertex %llu at depth %u has no in-neighbour at depth %u",
                          (unsigned long long)orphan, depth[orphan],
                          depth[orphan] ? depth[orphan] - 1 : 0);
    return 0;
}
