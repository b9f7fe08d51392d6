/*
 * emogi_bfs.h - breadth-first search, one interface for both backends.
 *
 * Both fill depth[v] with the number of edges on a shortest path from the
 * source, EMOGI_UNREACHED where there is none; for the same graph and
 * source they produce identical arrays.  Parents are derived from depths
 * afterwards (emogi_bfs_parents) so that every backend reports the same tree.
 */
#ifndef EMOGI_BFS_H
#define EMOGI_BFS_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMOGI_UNREACHED UINT32_MAX
#define EMOGI_NO_PARENT UINT64_MAX

struct emogi_bfs_stats {
    double seconds;          /* traversal only, load excluded */
    uint32_t levels;         /* deepest level + 1 */
    uint64_t reached;        /* vertices with a depth */
    uint64_t edges_examined; /* neighbour entries read */
    uint64_t edge_bytes;     /* bytes of the edge array read (GPU: as fetched) */
};

/* OpenMP reference: direction-optimizing (Beamer) when in-edges are known
 * (undirected, or a stored transpose), top-down otherwise. */
EMOGI_API int emogi_bfs_cpu(const struct emogi_graph *g, uint64_t source, uint32_t *depth,
                            struct emogi_bfs_stats *st, emogi_error *err);

/* CUDA: depth is a host array of p->g->nv entries. */
EMOGI_API int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source, enum emogi_kernel k,
                            uint32_t *depth, struct emogi_bfs_stats *st, emogi_error *err);

/* Parent of each reached vertex: its smallest in-neighbour one level up
 * (the source is its own parent), EMOGI_NO_PARENT for unreached vertices. */
EMOGI_API int emogi_bfs_parents(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                                uint64_t *parent, emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
