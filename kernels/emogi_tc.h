/*
 * emogi_tc.h - triangle counting, one interface for both backends.
 *
 * A triangle is three distinct vertices joined pairwise.  The graph is
 * read as simple and undirected: self-loops never close a triangle and a
 * duplicate entry counts once.  Both backends give the total and, when
 * asked, the triangles each vertex belongs to (networkx's triangles()),
 * as uint64 per vertex; every triangle is counted once, on the
 * orientation of each edge from the end of lower degree to the end of
 * higher degree (ties: towards the smaller id).
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.  Everything here is stable.
 */
#ifndef EMOGI_TC_H
#define EMOGI_TC_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

struct emogi_tc_stats {
              double seconds;          /* orientation and count, load excluded */
              double orient_seconds;   /* CPU: building the oriented lists; GPU: 0 */
              uint64_t triangles;
              int relabelled;          /* CPU: the oriented lists were renumbered by degree */
              uint64_t oriented_edges; /* edges kept once each (self-loops, duplicates out) */
              uint64_t edges_examined; /* list entries read by the intersections */
              uint64_t edge_bytes;     /* bytes of them (GPU: the 128-byte lines requested,
                                          devmem_bytes + link_bytes) */
              uint64_t link_bytes;     /* GPU: edge_bytes over the link; CPU: 0 */
              uint64_t devmem_bytes;   /* GPU: edge_bytes in device memory; CPU: 0 */
};

/* Whether both backends can count G: 0, or -1 with *ERR filled when the
 * id width is neither 4 nor 8, or G is directed (triangles are counted on
 * undirected graphs: emogi_tc_symmetric gives the one under it). */
EMOGI_API int emogi_tc_check_graph(const struct emogi_graph *g, emogi_error *err);

/*
 * GAP's rule (tc.cc: WorthRelabelling) for whether renumbering by degree
 * pays: an average degree (stored entries over twice the vertices) of at
 * least 10, and the mean of 1000 sampled degrees over 1.3 above their
 * median, a skewed degree distribution.  The samples are vertices picked
 * by a fixed seed, so the answer depends on the graph alone.
 */
EMOGI_API int emogi_tc_worth_relabelling(const struct emogi_graph *g);

/*
 * The undirected graph under a directed G, in *SYM (in memory; free with
 * emogi_tc_symmetric_free): every list the union of the out-list and the
 * in-list, ascending, without duplicates or self-loops.  The in-lists
 * are G's stored transpose when it has one, else built here.  An
 * undirected G is copied the same way.  -1 with *ERR filled when memory
 * runs out or the id width is neither 4 nor 8.
 */
EMOGI_API int emogi_tc_symmetric(const struct emogi_graph *g, struct emogi_graph *sym,
                                 emogi_error *err);
EMOGI_API void emogi_tc_symmetric_free(struct emogi_graph *sym);

/*
 * OpenMP reference: the edges oriented by degree into lists of their own
 * (renumbered by degree when emogi_tc_worth_relabelling says so), then for
 * every oriented edge u -> v the merge of u's and v's oriented lists.
 * COUNTS: NULL, or g->nv entries, all written, the triangles at each
 * vertex.  *ST when not NULL.  -1 as emogi_tc_check_graph, or when memory
 * for the oriented lists runs out.
 */
EMOGI_API int emogi_tc_cpu(const struct emogi_graph *g, uint64_t *counts,
                           struct emogi_tc_stats *st, emogi_error *err);

/*
 * CUDA, kernel K, over P (the graph placed: device, zerocopy, hybrid or
 * uvm; plain or compressed lists).  COUNTS as emogi_tc_cpu's, on the
 * host.  The same total and counts as emogi_tc_cpu.  -1 with *ERR filled
 * when P is not placed, the graph is refused as emogi_tc_check_graph
 * refuses it or has a list with a duplicate entry (the GPU reads the
 * stored lists as they are), K is unknown, a CUDA call fails, or the build
 * has no CUDA.
 */
EMOGI_API int emogi_tc_gpu(const struct emogi_placed *p, enum emogi_kernel k, uint64_t *counts,
                           struct emogi_tc_stats *st, emogi_error *err);

/* Device memory emogi_tc_gpu adds beside the placement for G: its
 * per-warp tables and, with PER_VERTEX, the counts. */
EMOGI_API uint64_t emogi_tc_gpu_state_bytes(const struct emogi_graph *g, int per_vertex);

/* The GPU's per-warp tables (tc.cu): a hash set of a vertex's
 * higher-ordered neighbours, open addressing at most half full, and the
 * same ids in a list, for a bound UP on their number; all warps' together
 * take at most EMOGI_TC_TABLES_MAX bytes, fewer warps running where they
 * would take more. */
#define EMOGI_TC_TABLES_MAX (256ull << 20)
#define EMOGI_TC_MAX_WARPS 65536 /* more than any GPU holds resident */
static inline uint64_t emogi_tc_slots(uint64_t up)
{
    uint64_t s = 32;
    while (s < 2 * up)
        s <<= 1;
    return s;
}
static inline uint64_t emogi_tc_warp_bytes(uint64_t up, unsigned width)
{
    return emogi_tc_slots(up) * width + up * 4;
}

/* Whether a list of G repeats an entry: 1 and the smallest such vertex in
 * *V, 0 when none does, -1 with *ERR filled for a corrupt compressed
 * list.  The GPU backend refuses such graphs. */
EMOGI_API int emogi_tc_first_repeat(const struct emogi_graph *g, uint64_t *v, emogi_error *err);

/* The bound on any vertex's list of higher-ordered neighbours, from the
 * degrees alone: the largest min(d(v), vertices of degree at least d(v)),
 * which sizes the GPU's per-warp tables. */
EMOGI_API uint64_t emogi_tc_up_bound(const struct emogi_graph *g);

#ifdef __cplusplus
}
#endif
#endif
