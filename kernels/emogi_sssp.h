/*
 * emogi_sssp.h - single-source shortest paths, one interface for both backends.
 *
 * Distances come in one of two types, chosen by the graph's weights:
 *
 *   uint32 weights, or unit weights    uint64_t per vertex, exact;
 *                                      EMOGI_SSSP_UNREACHED (all ones) where
 *                                      no path exists
 *   float32 weights                    float per vertex, +infinity where no
 *                                      path exists
 *
 * A float distance is the smallest, over all paths, of the path's weights
 * added left to right in float32 (round to nearest).  That minimum does
 * not depend on the order in which edges are relaxed (float addition is
 * monotone, and adding a non-negative weight never decreases), so both
 * backends, whatever their schedule, return the same bits.  A float sum
 * that overflows is +infinity and reads as unreached.
 *
 * Weights must be non-negative (float: no NaN, no negative value, no
 * infinity); emogi_sssp_check_weights() tests that once, and the search
 * functions assume it.
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.  The section marked "internal" at the end
 * is what the tools' MPI ranks use: not a stable interface.
 */
#ifndef EMOGI_SSSP_H
#define EMOGI_SSSP_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMOGI_SSSP_UNREACHED UINT64_MAX /* integer distances; float: +infinity */

struct emogi_sssp_opts {
    int unit_weights; /* every weight 1 (stored weights ignored): uint64 distances */
    double delta;     /* CPU bucket width; 0: emogi_sssp_default_delta() */
};

struct emogi_sssp_stats {
    double seconds;         /* search only, load excluded */
    uint64_t iterations;    /* CPU: buckets processed (steps); GPU: relaxation rounds */
    uint64_t reached;       /* vertices with a finite distance */
    uint64_t edges_relaxed; /* out-edges read and relaxed (repeats counted) */
    uint64_t edge_bytes;    /* bytes of neighbour and weight arrays read (GPU: the
                               128-byte lines requested, devmem_bytes + link_bytes) */
    uint64_t edges_examined; /* CPU: neighbour entries read (repeats counted), as BFS's
                                figure; GPU: 0, not counted */
    uint64_t link_bytes;    /* GPU: edge_bytes in pinned host memory, over the link; CPU: 0 */
    uint64_t devmem_bytes;  /* GPU: edge_bytes in device (or managed) memory; CPU: 0 */
};

/* 1 when distances of G under O are float32 (float weights, O not asking
 * for unit weights), 0 when uint64. */
EMOGI_API int emogi_sssp_float_dist(const struct emogi_graph *g, const struct emogi_sssp_opts *o);

/* Bytes per distance of G under O: 4 (float) or 8 (uint64); a distance
 * array holds nv of them. */
EMOGI_API unsigned emogi_sssp_dist_size(const struct emogi_graph *g,
                                        const struct emogi_sssp_opts *o);

/*
 * 0 when G can be searched under O: it has weights (or O asks for unit
 * weights), float weights are finite and non-negative, and no path can
 * overflow a uint64 distance.  Else -1 with *ERR naming the first bad
 * edge and its weight, or saying that G has no weights (and that
 * --unit-weights takes every weight as 1).  Reads every float weight once
 * (in parallel); integer weights only on graphs of more than 2^32
 * vertices.
 */
EMOGI_API int emogi_sssp_check_weights(const struct emogi_graph *g, const struct emogi_sssp_opts *o,
                                       emogi_error *err);

/* The bucket width the CPU search uses when O gives none: see sssp_weights.c.
 * It reads the mean and smallest positive weight of up to
 * EMOGI_SSSP_DELTA_SAMPLES evenly spaced edges, edge i * ne / n of n, and
 * takes the smaller of a quarter of the mean and twice the smallest
 * (a whole number of at least 1 for integer weights); 1 for unit weights
 * or a graph without edges.  Never fails. */
#define EMOGI_SSSP_DELTA_SAMPLES 65536
EMOGI_API double emogi_sssp_default_delta(const struct emogi_graph *g,
                                          const struct emogi_sssp_opts *o);

/*
 * OpenMP reference: delta-stepping from SOURCE over G (plain or
 * compressed lists), bucket width O->delta or the default above.  DIST
 * holds nv entries of emogi_sssp_dist_size() bytes, all written; *ST when
 * not NULL.  Call emogi_sssp_check_weights() first: the search assumes
 * usable weights.  -1 with *ERR filled when SOURCE is not below nv, G has
 * no usable weights (unless O asks for unit weights), the id width is
 * neither 4 nor 8, the delta is not positive (below 1 for integer
 * weights), or memory runs out.
 */
EMOGI_API int emogi_sssp_cpu(const struct emogi_graph *g, uint64_t source,
                             const struct emogi_sssp_opts *o,
                             void *dist, struct emogi_sssp_stats *st, emogi_error *err);

/*
 * CUDA: frontier-driven Bellman-Ford (EMOGI) from SOURCE over the placed
 * graph P, reading lists as kernel K does.  The weights must be placed
 * (with_weights) unless O asks for unit weights; DIST is a host array of
 * p->g->nv entries, the same bits emogi_sssp_cpu writes.  O->delta is not
 * used.  -1 with *ERR filled ("GPU SSSP: ...") when P is not placed,
 * SOURCE is not below nv, the weights are missing or not placed, K is
 * unknown, a CUDA call fails, or the build has no CUDA.
 */
EMOGI_API int emogi_sssp_gpu(const struct emogi_placed *p, uint64_t source,
                             const struct emogi_sssp_opts *o,
                             enum emogi_kernel k, void *dist, struct emogi_sssp_stats *st,
                             emogi_error *err);

/* ---- internal: for emogi's tools and ranks; not a stable interface ---- */

/* emogi_sssp_check_weights for the lists of vertices [LO, HI) of G
 * alone (an MPI rank's range): their weights only are read; G's nv
 * bounds a path's length.  Fails as emogi_sssp_check_weights does. */
EMOGI_API int emogi_sssp_check_weights_of(const struct emogi_graph *g,
                                          const struct emogi_sssp_opts *o, uint64_t lo,
                                          uint64_t hi, emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
