/*
 * bfs_parents.c - a BFS tree from a depth array, the same for every backend.
 *
 * A backend's own parents depend on which thread won a race, so emogi
 * reports a canonical tree instead: the parent of a reached vertex v is its
 * smallest in-neighbour one level up.  With in-edges at hand (undirected, or
 * a stored transpose) each vertex scans its own list, without any write
 * sharing; otherwise every edge u->v one level down proposes u to v through
 * an atomic minimum, whose result does not depend on the order of proposals.
 */
#include "config.h"

#include <stdbool.h>

#include "emogi_bfs.h"

static void parents_from_in_edges(const struct emogi_graph *g, const uint64_t *off,
                                  const void *nbr, const uint32_t *depth, uint64_t *parent)
{
    const bool narrow = g->id_width == 4;
#pragma omp parallel for schedule(dynamic, 1024)
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t best = EMOGI_NO_PARENT;
        if (depth[v] != EMOGI_UNREACHED && depth[v] > 0) {
            for (uint64_t e = off[v]; e < off[v + 1]; e++) {
                uint64_t u = narrow ? ((const uint32_t *)nbr)[e] : ((const uint64_t *)nbr)[e];
                if (depth[u] == depth[v] - 1 && u < best)
                    best = u;
            }
        }
        parent[v] = best;
    }
}

static void propose(uint64_t *slot, uint64_t u)
{
    uint64_t cur = __atomic_load_n(slot, __ATOMIC_RELAXED);
    while (u < cur && !__atomic_compare_exchange_n(slot, &cur, u, true, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED))
        ;
}

static void parents_from_out_edges(const struct emogi_graph *g, const uint32_t *depth,
                                   uint64_t *parent)
{
    const bool narrow = g->id_width == 4;
#pragma omp parallel
    {
#pragma omp for
        for (uint64_t v = 0; v < g->nv; v++)
            parent[v] = EMOGI_NO_PARENT;
#pragma omp for schedule(dynamic, 1024)
        for (uint64_t u = 0; u < g->nv; u++) {
            if (depth[u] == EMOGI_UNREACHED)
                continue;
            for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
                uint64_t v = narrow ? ((const uint32_t *)g->neighbors)[e]
                                    : ((const uint64_t *)g->neighbors)[e];
                if (depth[v] == depth[u] + 1)
                    propose(&parent[v], u);
            }
        }
    }
}

int emogi_bfs_parents(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                      uint64_t *parent, emogi_error *err)
{
    if (source >= g->nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(g->nv ? g->nv - 1 : 0));
    if (!(g->flags & EMOGI_DIRECTED))
        parents_from_in_edges(g, g->offsets, g->neighbors, depth, parent);
    else if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets && g->t_neighbors)
        parents_from_in_edges(g, g->t_offsets, g->t_neighbors, depth, parent);
    else
        parents_from_out_edges(g, depth, parent);
    parent[source] = source;

    uint64_t orphan = UINT64_MAX;
#pragma omp parallel for reduction(min : orphan)
    for (uint64_t v = 0; v < g->nv; v++)
        if (v != source && depth[v] != EMOGI_UNREACHED && parent[v] == EMOGI_NO_PARENT && v < orphan)
            orphan = v;
    if (orphan != UINT64_MAX)
        return emogi_fail(err, "vertex %llu at depth %u has no in-neighbour at depth %u",
                          (unsigned long long)orphan, depth[orphan],
                          depth[orphan] ? depth[orphan] - 1 : 0);
    return 0;
}
