/*
 * emogi_pagerank.h - PageRank, one interface for both backends.
 *
 * Both backends run the same Jacobi power iteration in float64, pulling
 * over in-edges (the CPU also offers Gauss-Seidel sweeps, below):
 *
 *   rank'[v] = (1 - d) / n  +  d * (D / n  +  sum over u -> v of rank[u] / outdeg(u))
 *
 * or, weighted (params.weighted), rank[u] * w(u, v) / W(u) with W(u) the
 * sum of u's out-weights: the weights as transition probabilities, as
 * networkx's pagerank(weight='weight') takes them; a vertex whose W is 0
 * is dangling.
 * from rank = 1/n, where D is the rank held by dangling vertices (no
 * out-edges), spread uniformly so the ranks keep summing to 1.  They stop
 * after the first iteration whose L1 change sum |rank' - rank| is below
 * the tolerance, or after max_iterations.  Since the iteration contracts
 * by d in L1, the result is then within d / (1 - d) * tolerance of the
 * exact PageRank, and results of the two backends differ only by rounding
 * (each vertex's sum is taken in a fixed order on both).
 *
 * Pulling needs in-edges: emogi_pagerank_in_edges() gives them as a graph
 * of their own, which both backends take.
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.  A run that reaches max_iterations without
 * converging still returns 0 (stats' converged says).  The section marked
 * "internal" at the end is what the backends and the tools' MPI ranks
 * share: not a stable interface.
 */
#ifndef EMOGI_PAGERANK_H
#define EMOGI_PAGERANK_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMOGI_PAGERANK_DAMPING 0.85
#define EMOGI_PAGERANK_TOLERANCE 1e-4
#define EMOGI_PAGERANK_MAX_ITERATIONS 100

struct emogi_pagerank_params {
    double damping;          /* in [0, 1) */
    double tolerance;        /* stop when the L1 change falls below it */
    uint32_t max_iterations; /* at least 1 */
    uint32_t weighted;       /* nonzero: edge weights as transition probabilities; the
                                in-edge graph then needs its weights
                                (emogi_pagerank_in_edges_weighted) */
};

struct emogi_pagerank_stats {
    double seconds;      /* the iterations only: load and set-up excluded */
    uint32_t iterations;
    int converged;       /* the last change was below the tolerance */
    double delta;        /* L1 change of the last iteration */
    uint64_t edges_read; /* in-edge entries read, all iterations */
    uint64_t edge_bytes; /* bytes of the in-edge array read (GPU: the 128-byte lines
                            requested, devmem_bytes + link_bytes) */
    uint64_t edges_examined; /* CPU: in-edge entries the sweeps actually read, all
                                iterations (Gauss-Seidel adds its start's read of the
                                dangling vertices' lists); GPU: 0, not counted */
    uint64_t link_bytes;   /* GPU: edge_bytes in pinned host memory, over the link; CPU: 0 */
    uint64_t devmem_bytes; /* GPU: edge_bytes in device (or managed) memory; CPU: 0 */
};

/*
 * The in-edges of G as a graph IN whose out-lists are G's in-lists: G
 * itself when undirected; G's stored transpose when directed (IN is then
 * G transposed: its t_offsets/t_neighbors are G's out-edges, which is
 * where the backends find out-degrees); else built in memory (ascending
 * lists, as a stored transpose has them), which costs ne ids.  IN shares
 * G's arrays, so G must outlive it.  Release with
 * emogi_pagerank_in_edges_free(G, IN), which frees only what was built
 * and zeroes *IN.  -1 with *ERR filled when memory for a built transpose
 * runs out (the message suggests storing one: emogi-convert --transpose).
 */
EMOGI_API int emogi_pagerank_in_edges(const struct emogi_graph *g, struct emogi_graph *in,
                                      emogi_error *err);
EMOGI_API void emogi_pagerank_in_edges_free(const struct emogi_graph *g, struct emogi_graph *in);

/* As emogi_pagerank_in_edges, with each in-edge's weight (IN's weights,
 * parallel to its lists) and G's out-weights (IN's t_weights when
 * directed): a built transpose then costs 4 bytes more per edge.  -1
 * with *ERR filled when G has no weights, or as emogi_pagerank_in_edges. */
EMOGI_API int emogi_pagerank_in_edges_weighted(const struct emogi_graph *g,
                                               struct emogi_graph *in, emogi_error *err);

/* Weighted PageRank's out-weight sums: OUTW gets, for each of in->nv
 * vertices, the sum of its out-edges' weights in list order (0 makes it
 * dangling), in parallel.  -1 with *ERR naming the vertex when IN has
 * no weights or one is negative, NaN or infinite, or when a sum
 * overflows to infinity. */
EMOGI_API int emogi_pagerank_out_weights(const struct emogi_graph *in, double *outw,
                                         emogi_error *err);

/* How the CPU iterations store the contributions (rank / out-degree)
 * they read at random; the sums are float64 either way.  float32 halves
 * that array; its rounding moves the fixed point by about 1e-7 in L1,
 * so it suits tolerances of 1e-5 and above. */
enum emogi_pagerank_store { EMOGI_PAGERANK_STORE_F64, EMOGI_PAGERANK_STORE_F32 };

/* OpenMP reference, Jacobi, over the in-edge graph IN (from
 * emogi_pagerank_in_edges, or its _weighted form for PRM->weighted):
 * RANK gets in->nv entries, *ST when not NULL.  Reproducible: the result
 * does not depend on the thread count.  -1 with *ERR filled when PRM is
 * out of range, IN lacks the out-degrees (or, weighted, the weights) the
 * in-edge functions give it, an out-weight is negative or not finite, or
 * memory runs out. */
EMOGI_API int emogi_pagerank_cpu(const struct emogi_graph *in,
                                 const struct emogi_pagerank_params *prm,
                                 double *rank, struct emogi_pagerank_stats *st, emogi_error *err);

/* emogi_pagerank_cpu (which stores float64) with the contributions stored
 * as STORE says; reproducible either way, and failing as it does. */
EMOGI_API int emogi_pagerank_cpu_jacobi(const struct emogi_graph *in,
                                        const struct emogi_pagerank_params *prm,
                                        enum emogi_pagerank_store store, double *rank,
                                        struct emogi_pagerank_stats *st, emogi_error *err);

/* OpenMP, Gauss-Seidel: as emogi_pagerank_cpu, but each vertex's new
 * contribution is visible at once to the vertices after it in the same
 * sweep (GAP's PageRankPullGS), which takes about half the iterations.
 * Not reproducible: the result depends on thread timing, within the
 * tolerance.  The same fixed point, stopping rule and dangling rule; the
 * ranks are scaled to sum 1 at the end.  Fails as emogi_pagerank_cpu. */
EMOGI_API int emogi_pagerank_cpu_gs(const struct emogi_graph *in,
                                    const struct emogi_pagerank_params *prm,
                                    enum emogi_pagerank_store store, double *rank,
                                    struct emogi_pagerank_stats *st, emogi_error *err);

/* CUDA, Jacobi, reading lists as kernel K does: P is IN placed
 * (emogi_place of the in-edge graph, with_weights for PRM->weighted);
 * RANK is a host array of p->g->nv entries, equal to emogi_pagerank_cpu's
 * up to rounding.  -1 with *ERR filled ("GPU PageRank: ...") when P is
 * not placed, a directed graph was placed instead of its in-edges, the
 * weights a weighted run needs are not placed, K is unknown, PRM is out
 * of range, a CUDA call fails, or the build has no CUDA. */
EMOGI_API int emogi_pagerank_gpu(const struct emogi_placed *p,
                                 const struct emogi_pagerank_params *prm,
                                 enum emogi_kernel k, double *rank, struct emogi_pagerank_stats *st,
                                 emogi_error *err);

/* Whether PRM can run: 0, or -1 with *ERR naming the parameter that is
 * out of range (damping in [0, 1), a finite tolerance >= 0, at least one
 * iteration).  Every run checks it first. */
EMOGI_API int emogi_pagerank_check_params(const struct emogi_pagerank_params *prm,
                                          emogi_error *err);

/* ---- internal: for emogi's tools and ranks; not a stable interface ---- */

/* The CPU's global sums are taken per block of this many vertices, then
 * over blocks in order (kernels/cpu/pagerank.c): a distributed run whose
 * ranges are whole blocks sums the same way, to the bit. */
#define EMOGI_PAGERANK_BLOCK 2048

/* Entry E of a weight array W of TYPE (enum emogi_weight_type) as a double. */
static inline double emogi_pagerank_weight(const void *w, uint32_t type, uint64_t e)
{
    return type == EMOGI_WEIGHT_FLOAT32 ? (double)((const float *)w)[e]
                                        : (double)((const uint32_t *)w)[e];
}

/* Out-degree offsets of the graph whose in-edges IN holds. */
static inline const uint64_t *emogi_pagerank_out_offsets(const struct emogi_graph *in)
{
    return (in->flags & EMOGI_DIRECTED) ? in->t_offsets : in->offsets;
}

/* The next two are not exported from libemogi.so: the tools link the
 * library statically and their CPU ranks start and weigh as one process.
 *
 * The CPU backends' starting ranks (pagerank.c): RANK gets in->nv
 * entries summing to 1, nearer the fixed point than 1/n each.  OUTW: the
 * out-weight sums of a weighted run (a vertex is dangling when its sum
 * is 0), else NULL (dangling: no out-edges). */
void emogi_pagerank_cpu_start(const struct emogi_graph *in, const uint64_t *out_off,
                              const double *outw, double d, double *rank);

/* The out-weight sums a run with PRM needs, malloc'ed into *OUTW (the
 * caller frees them); NULL when PRM is unweighted.  -1 as
 * emogi_pagerank_out_weights, or when out of memory. */
int emogi_pagerank_weights_for(const struct emogi_graph *in,
                               const struct emogi_pagerank_params *prm, double **outw,
                               emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
