/*
 * reorder.h - --reorder: renumber a built graph's vertices for locality.
 */
#ifndef EMOGI_CONVERT_REORDER_H
#define EMOGI_CONVERT_REORDER_H

#include "build.h"

enum reorder_by {
    REORDER_BY_DEGREE, /* descending degree, ties by id */
    REORDER_BY_BFS     /* BFS order from the highest-degree vertex, then the
                          remaining components from their smallest id */
};

/*
 * Renumber B's vertices in place: every list (and the transpose) is
 * remapped and sorted again, weights travel with their edges, and the id
 * map becomes new id -> input id (composed with --relabel's map).
 * MEMORY (--memory, 0: none) sizes the per-thread sort buffers.
 */
int reorder_graph(struct built_graph *b, enum reorder_by how, uint64_t memory, emogi_error *err);

/* The most bytes reordering the graph build_csr() makes of SH holds, the
 * graph included: its permutations, and one side renumbered at a time. */
uint64_t reorder_need(const struct build_shape *sh, const struct build_opts *o);

/* What reordering holds beyond the graph's own arrays, for NV vertices,
 * ARCS on the larger side at IDW bytes an id (WEIGHTED: 4 more), MAXD the
 * largest out-degree, on THREADS threads under MEMORY (--memory). */
uint64_t reorder_work(uint64_t nv, uint64_t arcs, uint64_t idw, int weighted, uint64_t maxd,
                      int threads, uint64_t memory);

/* The new order alone: order[new id] = old id, for tests. */
int reorder_order(const struct emogi_graph *g, enum reorder_by how, uint64_t *order,
                  emogi_error *err);

#endif
