/*
 * emogi_dist_gpu.h - one GPU rank's share of a distributed search
 * (traverse/dist_bfs.c drives it; the exchanges between ranks stay there,
 * through host buffers).
 *
 * The rank's lists [lo, lo + n) are placed as a graph of their own
 * (emogi_range_open, then emogi_place by the usual policies), its
 * vertex i being lo + i; neighbour ids stay global.  The depths of the
 * rank's vertices live on the GPU for the whole search; each call does
 * one level's local work and hands back what must travel.
 */
#ifndef EMOGI_DIST_GPU_H
#define EMOGI_DIST_GPU_H

#include "emogi_csr.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

struct emogi_dbfs_gpu;

/* Device memory the search takes beside the placement, for its budget:
 * depths, the seen bitmap of all NV vertices, the id buffers. */
uint64_t emogi_dbfs_gpu_state_bytes(uint64_t n, uint64_t nv);

/* OUT: the rank's out-lists placed (vertex i = LO + i); IN: its
 * in-lists (OUT for an undirected graph), or NULL (no bottom-up).  NV:
 * the whole graph's vertices. */
int emogi_dbfs_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                        uint64_t lo, uint64_t nv, struct emogi_dbfs_gpu **s, emogi_error *err);
void emogi_dbfs_gpu_close(struct emogi_dbfs_gpu *s);

/* Every depth unreached, nothing seen; SOURCE at depth 0 if it is the
 * rank's. */
int emogi_dbfs_gpu_start(struct emogi_dbfs_gpu *s, uint64_t source, emogi_error *err);

/* Top-down: the out-lists of FRONT (NF of the rank's vertices, global
 * ids) at depth LEVEL.  The rank's unseen neighbours get depth LEVEL + 1
 * and are appended to FOUND (*FOUND_N grows; room for n in all); other
 * ranks' neighbours not sent before in this search are appended to
 * REMOTE (*REMOTE_N, room for nv - n).  *EXAMINED grows by the entries
 * read. */
int emogi_dbfs_gpu_expand(struct emogi_dbfs_gpu *s, const uint64_t *front, uint64_t nf,
                          uint32_t level, uint64_t *found, uint64_t *found_n, uint64_t *remote,
                          uint64_t *remote_n, uint64_t *examined, emogi_error *err);

/* The rank's vertices IDS (N, global, repeats allowed) reached from
 * another rank at depth LEVEL: those unseen get LEVEL + 1 and are
 * appended to FOUND as above. */
int emogi_dbfs_gpu_claim(struct emogi_dbfs_gpu *s, const uint64_t *ids, uint64_t n,
                         uint32_t level, uint64_t *found, uint64_t *found_n, emogi_error *err);

/* Bottom-up: every unreached vertex of the rank with an in-neighbour in
 * FRONT (a bitmap of all nv vertices, host memory) gets LEVEL + 1 and
 * its bit in SLICE (host, ceil(n / 64) words, bit i for vertex lo + i;
 * LO is a multiple of 64); *AWAKE: how many; *EXAMINED grows. */
int emogi_dbfs_gpu_bottom_up(struct emogi_dbfs_gpu *s, const uint64_t *front, uint32_t level,
                             uint64_t *slice, uint64_t *awake, uint64_t *examined,
                             emogi_error *err);

/* The rank's n depths into DEPTH (host). */
int emogi_dbfs_gpu_depths(struct emogi_dbfs_gpu *s, uint32_t *depth, emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
