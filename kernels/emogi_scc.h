/*
 * emogi_scc.h - strongly connected components, one interface for both
 * backends.
 *
 * Both fill labels[v] with the smallest vertex id of v's strongly
 * connected component, the same canonical form emogi_cc.h's weak labels
 * take, so every backend writes the same array and a label array is
 * checked the same way.  A directed graph needs its in-edges (a stored
 * transpose); an undirected graph's strong components are its components,
 * and its lists serve as both sides.  Labels are uint32_t when g->id_width
 * is 4, uint64_t when it is 8.  The figures are those of emogi_cc_stats
 * (passes: the reachability and colouring steps).
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.  Everything here is stable.
 */
#ifndef EMOGI_SCC_H
#define EMOGI_SCC_H

#include "emogi_cc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether both backends can label G's strong components: 0, or -1 with
 * *ERR filled when the id width is neither 4 nor 8, or G is directed
 * without a stored transpose ("--strong needs in-edges: convert with
 * --transpose"). */
EMOGI_API int emogi_scc_check_graph(const struct emogi_graph *g, emogi_error *err);

/* OpenMP: trimming, forward-backward from a pivot, then colouring
 * (kernels/cpu/scc.c), over G's plain or compressed lists.  LABELS: nv
 * entries of the id width, all written; *ST when not NULL.  -1 as
 * emogi_scc_check_graph, or when memory runs out. */
EMOGI_API int emogi_scc_cpu(const struct emogi_graph *g, void *labels, struct emogi_cc_stats *st,
                            emogi_error *err);

/*
 * CUDA, kernel K (emogi_kernel.h: how a warp reads a list).  OUT: the
 * graph placed (out-edges); IN: its transpose placed the same way, on the
 * same device, or NULL for an undirected graph (its out-lists then serve
 * as in-lists).  LABELS: a host array of OUT->g->nv entries of the id
 * width, the array emogi_scc_cpu writes.  -1 with *ERR filled when OUT
 * (or a directed graph's IN) is not placed, IN is on another device,
 * emogi_scc_check_graph refuses the graph, K is unknown, a CUDA call
 * fails, or the build has no CUDA.
 */
EMOGI_API int emogi_scc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                            enum emogi_kernel k, void *labels, struct emogi_cc_stats *st,
                            emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
