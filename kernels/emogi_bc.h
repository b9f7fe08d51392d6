/*
 * emogi_bc.h - betweenness centrality from a set of sources, one
 * interface for both backends.
 *
 * Brandes' dependencies (U. Brandes, "A faster algorithm for betweenness
 * centrality", J. Math. Sociology 25(2), 2001) over unweighted shortest
 * paths: a search from source s adds to score[v], for every vertex v
 * other than s that s reaches,
 *
 *     delta_s(v) = sum over t != s, v of sigma_st(v) / sigma_st
 *
 * (sigma_st: the shortest paths from s to t; sigma_st(v): those through
 * v).  A caller sums these over its sources, as GAP's bc and networkx do;
 * the sums are over ordered pairs (s, t), so on an undirected graph with
 * every vertex a source each score is twice networkx's unnormalized
 * value.  Path counts are float64, exact below 2^53 paths.
 *
 * Within one search each delta is a sum in list order, the same on every
 * thread count; the GPU adds in another order, so its scores equal the
 * CPU's to within a few units in the last place, not to the bit.
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.
 */
#ifndef EMOGI_BC_H
#define EMOGI_BC_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

struct emogi_bc_stats {
    double seconds;          /* both phases, load excluded */
    uint32_t levels;         /* deepest level + 1 */
    uint64_t reached;        /* vertices the source reaches, itself included */
    uint64_t edges_examined; /* neighbour entries read, forward and backward */
    uint64_t edge_bytes;     /* bytes of the lists read (GPU: whole lines requested) */
    uint64_t link_bytes;     /* GPU: of those, over the link from pinned host memory */
    uint64_t devmem_bytes;   /* GPU: of those, from device memory */
};

/*
 * OpenMP reference: one search of G (plain or compressed lists) from
 * SOURCE, adding delta_SOURCE(v) to SCORE[v] (nv entries, summed into,
 * not cleared; SCORE[SOURCE] gets nothing).  -1 with *ERR filled when
 * SOURCE is not below nv, the id width is neither 4 nor 8, or memory runs
 * out; SCORE is then unchanged.
 */
EMOGI_API int emogi_bc_cpu(const struct emogi_graph *g, uint64_t source, double *score,
                           struct emogi_bc_stats *st, emogi_error *err);

/*
 * CUDA: the same search of the placed graph P from SOURCE, its lists read
 * as kernel K reads them (compressed lists by the warp decoder whatever
 * K), adding into the host array SCORE.  IN: the in-edges its bottom-up
 * levels read (P itself when undirected, its placed transpose when
 * directed, on the same device), or NULL: top-down levels only.  -1 with
 * *ERR filled ("GPU BC: ...") when P or IN is not placed, SOURCE is not
 * below nv, K is unknown, a CUDA call fails, or the build has no CUDA;
 * SCORE is then unchanged.
 */
EMOGI_API int emogi_bc_gpu(const struct emogi_placed *p, const struct emogi_placed *in,
                           uint64_t source, enum emogi_kernel k, double *score,
                           struct emogi_bc_stats *st, emogi_error *err);

/*
 * networkx's normalization, betweenness_centrality(normalized=True) with
 * every vertex a source, or betweenness_centrality_subset(normalized=True)
 * from any sources to every target: SCORE[v] / ((nv - 1)(nv - 2)) for
 * directed and undirected graphs alike; nothing when nv <= 2 (every score
 * is 0 there).  Never fails.
 */
EMOGI_API void emogi_bc_normalize(uint64_t nv, double *score);

#ifdef __cplusplus
}
#endif
#endif
