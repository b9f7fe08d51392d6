/*
 * emogi_gpu_state.h - what each algorithm's GPU run adds beside the graph
 * it places, for emogi_place_opts' state_bytes (emogi_loader.h), and the
 * CPU PageRank's store for a tolerance: the counts the tools give, for
 * any caller of emogi_place (emogi_place_for) to give the same.  None
 * needs a GPU or fails.  Triangle counting's is emogi_tc_gpu_state_bytes
 * (emogi_tc.h), beside the sizes of its per-warp tables.
 */
#ifndef EMOGI_GPU_STATE_H
#define EMOGI_GPU_STATE_H

#include "emogi_bc.h"
#include "emogi_bfs.h"
#include "emogi_cc.h"
#include "emogi_pagerank.h"
#include "emogi_scc.h"
#include "emogi_sssp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device memory emogi_bfs_gpu() adds beside G placed (its offsets and
 * lists): the state_bytes of a search of G. */
EMOGI_API uint64_t emogi_bfs_gpu_state_bytes(const struct emogi_graph *g);

/* Device memory emogi_sssp_gpu() adds beside G placed, with options O. */
EMOGI_API uint64_t emogi_sssp_gpu_state_bytes(const struct emogi_graph *g,
                                              const struct emogi_sssp_opts *o);

/* Device memory emogi_cc_gpu() adds beside G (and a directed G's
 * transpose) placed. */
EMOGI_API uint64_t emogi_cc_gpu_state_bytes(const struct emogi_graph *g);

/* Device memory emogi_scc_gpu() adds beside G and its transpose placed
 * (emogi-cc --strong). */
EMOGI_API uint64_t emogi_scc_gpu_state_bytes(const struct emogi_graph *g);

/* Device memory emogi_bc_gpu() adds beside G (and the in-edges its
 * bottom-up levels read) placed: the state of one search. */
EMOGI_API uint64_t emogi_bc_gpu_state_bytes(const struct emogi_graph *g);

/* Device memory emogi_pagerank_gpu() adds beside the in-edge graph IN
 * placed (WEIGHTED: for a weighted run). */
EMOGI_API uint64_t emogi_pagerank_gpu_state_bytes(const struct emogi_graph *in, int weighted);

/* How the CPU iterations store the contributions for TOLERANCE, as
 * emogi-pagerank chooses: float32 from 1e-5 up, where its rounding
 * (about 1e-7 in L1) is far below the tolerance; float64 below. */
EMOGI_API enum emogi_pagerank_store emogi_pagerank_store_for(double tolerance);

#ifdef __cplusplus
}
#endif
#endif
