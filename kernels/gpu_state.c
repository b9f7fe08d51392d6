/*
 * gpu_state.c - the device memory each algorithm's GPU kernels add beside
 * the placed graph (emogi_gpu_state.h), so that every caller of
 * emogi_place (the tools, the Python package) gives the budget the same
 * byte counts; and the CPU PageRank's choice of how to store its
 * contributions.
 */
#include "emogi_gpu_state.h"

/* A 4-byte depth, the top-down queue (one id), and under a byte for the
 * two frontier bitmaps, bottom-up's bitmap of vertices to test, the scan
 * that makes the queue and the sparse levels' two queues (nv/64 ids
 * each); and the queues of long lists. */
uint64_t emogi_bfs_gpu_state_bytes(const struct emogi_graph *g)
{
    return g->nv * (4 + (uint64_t)g->id_width + 1) + emogi_aside_bytes(g->ne);
}

/* A distance and a 4-byte activity stamp per vertex, and the queues of
 * long lists. */
uint64_t emogi_sssp_gpu_state_bytes(const struct emogi_graph *g, const struct emogi_sssp_opts *o)
{
    return g->nv * (emogi_sssp_dist_size(g, o) + 4) + emogi_aside_bytes(g->ne);
}

/* A label (8 bytes at most) and two activity flags per vertex, and the
 * queues of long lists. */
uint64_t emogi_cc_gpu_state_bytes(const struct emogi_graph *g)
{
    return g->nv * 10 + emogi_aside_bytes(g->ne);
}

/* A label and a colour (8 bytes each at most) and four flags per vertex
 * (the searches' two sets, two frontiers), and the queues of long
 * lists. */
uint64_t emogi_scc_gpu_state_bytes(const struct emogi_graph *g)
{
    return g->nv * 20 + emogi_aside_bytes(g->ne);
}

/* A depth, path count, coefficient, dependency sum and score per vertex,
 * and the queues of long lists. */
uint64_t emogi_bc_gpu_state_bytes(const struct emogi_graph *g)
{
    return g->nv * (4 + 8 + 8 + 8 + 8) + emogi_aside_bytes(g->ne);
}

/* Ranks and contributions (8 bytes each) and, for directed graphs, the
 * out-edge offsets, a change sum a 32-vertex chunk and two sums a
 * 2048-vertex span (under a byte); weighted, the out-weight sums. */
uint64_t emogi_pagerank_gpu_state_bytes(const struct emogi_graph *in, int weighted)
{
    return in->nv * (25 + (weighted ? 8 : 0));
}

/* float32 from 1e-5 up: its rounding moves the fixed point by about 1e-7
 * in L1 (emogi_pagerank.h, enum emogi_pagerank_store). */
enum emogi_pagerank_store emogi_pagerank_store_for(double tolerance)
{
    return tolerance >= 1e-5 ? EMOGI_PAGERANK_STORE_F32 : EMOGI_PAGERANK_STORE_F64;
}
