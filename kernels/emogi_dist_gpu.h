/*
 * emogi_dist_gpu.h - one GPU rank's share of a distributed search: BFS
 * (dist_bfs.cu), connected components (cc.cu), PageRank (pagerank.cu)
 * and SSSP (sssp.cu).  dist/ drives them; the exchanges between
 * ranks stay there (dist/exchange_gpu.c: through NCCL on device
 * buffers, or through host buffers).
 *
 * The rank's lists [lo, lo + n) are placed as a graph of their own
 * (emogi_range_open, then emogi_place by the usual policies), its
 * vertex i being lo + i; neighbour ids stay global.  The results of the
 * rank's vertices live on the GPU for the whole run; each call does one
 * level's, pass's or iteration's local work and hands back what must
 * travel.
 */
#ifndef EMOGI_DIST_GPU_H
#define EMOGI_DIST_GPU_H

#include <math.h>

#include "emogi_bfs.h"
#include "emogi_cc.h"
#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"
#include "emogi_pagerank.h"

#ifdef __cplusplus
extern "C" {
#endif

struct emogi_dbfs_gpu;

/* Device memory the search takes beside the placement, for its budget:
 * depths, the seen bitmap of all NV vertices, the id buffers. */
uint64_t emogi_dbfs_gpu_state_bytes(uint64_t n, uint64_t nv);

/* OUT: the rank's out-lists placed (vertex i = LO + i), plain or
 * compressed; IN: its in-lists (OUT for an undirected graph), or NULL (no
 * bottom-up); K: how plain out-lists are read top-down, naive, merged
 * or aligned (bottom-up levels read as aligned; a caller of the naive
 * kernel runs top-down levels only).  NV: the whole graph's vertices. */
int emogi_dbfs_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                        enum emogi_kernel k, uint64_t lo, uint64_t nv, struct emogi_dbfs_gpu **s,
                        emogi_error *err);
void emogi_dbfs_gpu_close(struct emogi_dbfs_gpu *s);

/* How ids leave the rank: grouped by owner, ranks [BOUND[r], BOUND[r +
 * 1]) for r < SIZE, this rank being RANK; NARROW: each as a 4-byte
 * offset into its owner's range (every range at most 2^32 vertices),
 * else as an 8-byte global id.  Called once, after open. */
int emogi_dbfs_gpu_route(struct emogi_dbfs_gpu *s, const uint64_t *bound, int size, int rank,
                         int narrow, emogi_error *err);

/* Every depth unreached, nothing seen; SOURCE at depth 0 if it is the
 * rank's, and then the frontier, which stays on the device. */
int emogi_dbfs_gpu_start(struct emogi_dbfs_gpu *s, uint64_t source, emogi_error *err);

/* The longest source list whose first level the ranks take from a
 * broadcast (dist/bfs.c, first_level) rather than exchange. */
#define EMOGI_DBFS_FIRST_MAX 8192

/* The first level, known to every rank: ALL, the source's distinct
 * out-neighbours but itself (M <= EMOGI_DBFS_FIRST_MAX, ascending, every
 * rank's), marked seen; ALL[A, A + QN), the rank's own, at depth 1 and
 * the frontier, their out-lists holding SCOUT entries.  After start, in
 * place of a first expand. */
int emogi_dbfs_gpu_first_level(struct emogi_dbfs_gpu *s, const uint64_t *all, uint64_t m,
                               uint64_t a, uint64_t qn, uint64_t scout, emogi_error *err);

/* Top-down: the out-lists of the device's frontier at depth LEVEL.  The
 * rank's unseen neighbours get depth LEVEL + 1 and join the next
 * frontier; other ranks' neighbours not sent before in this search go to
 * their owner's outbox (emogi_dbfs_gpu_outbox), SENT[r] of them for rank
 * r (SENT: route's SIZE entries).  REACH: the out-entries of every rank's
 * frontier, a bound on the vertices the level can find on this rank
 * (its own lists and the ids it receives alike), which lets a small
 * level skip making its frontier from a bitmap.  *EXAMINED grows by the
 * entries read. */
int emogi_dbfs_gpu_expand(struct emogi_dbfs_gpu *s, uint32_t level, uint64_t reach,
                          uint64_t *sent, uint64_t *examined, emogi_error *err);

/* Bytes an id travels in (route's NARROW: 4, else 8). */
unsigned emogi_dbfs_gpu_id_bytes(const struct emogi_dbfs_gpu *s);

/* The device array of the ids for rank OWNER from the last expand. */
void *emogi_dbfs_gpu_outbox(struct emogi_dbfs_gpu *s, int owner);

/* Room for received ids on the device: *ROOM of them (emogi_dbfs_inbox_room),
 * free from an expand until the next emogi_dbfs_gpu_advance. */
void *emogi_dbfs_gpu_inbox(struct emogi_dbfs_gpu *s, uint64_t *room);

/* The inbox's ids on a rank of N vertices, ids of ES bytes: every rank
 * knows every other's, so a sender can cut its ids to fit. */
static inline uint64_t emogi_dbfs_inbox_room(uint64_t n, unsigned es)
{
    return (n ? n : 1) * 8 / es;
}

/* The rank's vertices IDS (M, as emogi_dbfs_gpu_id_bytes says; device
 * memory, or host memory when ON_HOST), reached from other ranks at depth
 * LEVEL, repeats allowed: those unseen get LEVEL + 1 and join the next
 * frontier. */
int emogi_dbfs_gpu_claim(struct emogi_dbfs_gpu *s, const void *ids, uint64_t m, int on_host,
                         uint32_t level, emogi_error *err);

/* The level's finds become the frontier, in ascending order (in the
 * order found, where REACH allowed a small level): *N of them, whose
 * out-lists hold *SCOUT entries (the direction rule's count). */
int emogi_dbfs_gpu_advance(struct emogi_dbfs_gpu *s, uint64_t *n, uint64_t *scout,
                           emogi_error *err);

/* The frontier into QUEUE (host, room for n), for a bitmap made on the
 * host; *N: its vertices. */
int emogi_dbfs_gpu_queue(struct emogi_dbfs_gpu *s, uint64_t *queue, uint64_t *n,
                         emogi_error *err);

/* The frontier as the rank's own words of the device's frontier bitmap
 * (LO a multiple of 64): the exchange that fills in the other ranks'
 * words then makes the bitmap for a first bottom-up level. */
int emogi_dbfs_gpu_queue_to_front(struct emogi_dbfs_gpu *s, emogi_error *err);

/* The last bottom-up level's finds (its slice) become the frontier for a
 * top-down level, in ascending order; *N: how many. */
int emogi_dbfs_gpu_queue_from_slice(struct emogi_dbfs_gpu *s, uint64_t *n, emogi_error *err);

/* Bottom-up: every unreached vertex of the rank with an in-neighbour in
 * FRONT (a bitmap of all nv vertices, host memory; NULL: the device's,
 * emogi_dbfs_gpu_front, already holds it) gets LEVEL + 1 and its bit in
 * SLICE (host, ceil(n / 64) words, bit i for vertex lo + i; NULL: kept
 * on the device only); *C: the rank's emogi_bu_count; *EXAMINED
 * grows.  FRONT's vertices all have depths, so they count as sent: a
 * top-down level after this one sends none of them.  When LO is a
 * multiple of 64 the slice also replaces the rank's own words of the
 * device's bitmap, which then needs only the other ranks' for the next
 * level. */
int emogi_dbfs_gpu_bottom_up(struct emogi_dbfs_gpu *s, const uint64_t *front, uint32_t level,
                             uint64_t *slice, struct emogi_bu_count *c, uint64_t *examined,
                             emogi_error *err);

/*
 * Ranks that read each other's device arrays (CUDA IPC; every rank on
 * one host).  HANDLE: EMOGI_DBFS_PEER_BYTES that name this rank's
 * outboxes and slices to the others; peers_open opens every rank's
 * (HANDLES: the route's SIZE of them, in rank order; this rank's is not
 * read), or none, with ERR.  After it:
 *   - a top-down level's ids are claimed from their senders' outboxes
 *     (claim_peers: GOT[r] ids from rank r, as its expand counted them),
 *     once every sender's expand is done and before any sender's next
 *     one;
 *   - queue_to_front and bottom_up publish the rank's slice of the next
 *     frontier, and gather_front copies the other ranks' published
 *     slices into the device's bitmap: after every rank published (the
 *     host waits, emogi_dbfs_gpu_wait, and then they meet), and before
 *     any rank's next bottom-up level but one.
 */
#define EMOGI_DBFS_PEER_BYTES 128
int emogi_dbfs_gpu_peer_handle(struct emogi_dbfs_gpu *s, void *handle, emogi_error *err);
int emogi_dbfs_gpu_peers_open(struct emogi_dbfs_gpu *s, const void *handles, emogi_error *err);
void emogi_dbfs_gpu_peers_close(struct emogi_dbfs_gpu *s);
int emogi_dbfs_gpu_claim_peers(struct emogi_dbfs_gpu *s, const uint64_t *got, uint32_t level,
                               emogi_error *err);
int emogi_dbfs_gpu_gather_front(struct emogi_dbfs_gpu *s, emogi_error *err);

/* The rank's queued GPU work done. */
int emogi_dbfs_gpu_wait(struct emogi_dbfs_gpu *s, emogi_error *err);

/* The device's frontier bitmap of all nv vertices (words). */
uint64_t *emogi_dbfs_gpu_front(struct emogi_dbfs_gpu *s);

/* The rank's n depths into DEPTH (host). */
int emogi_dbfs_gpu_depths(struct emogi_dbfs_gpu *s, uint32_t *depth, emogi_error *err);

/* The stored out-entries of the rank's reached vertices, from the
 * depths on its GPU (the stats' reached_edges). */
int emogi_dbfs_gpu_reached_edges(struct emogi_dbfs_gpu *s, uint64_t *edges, emogi_error *err);

/* Bytes of the 128-byte lines the rank's kernels requested over the
 * link since it opened (emogi_lines; 0 in device memory). */
uint64_t emogi_dbfs_gpu_link_bytes(const struct emogi_dbfs_gpu *s);

/* BYTES between host and device memory of the rank's GPU (TO_HOST: from
 * the device array SRC to host DST), for exchanges through host buffers. */
int emogi_dgpu_copy(void *dst, const void *src, uint64_t bytes, int to_host, emogi_error *err);

/* ---- connected components: Afforest's forests (uf) or label
 * propagation (lp), cc.cu ---- */

struct emogi_dcc_gpu;

/* Device memory beside the placement: labels of all NV vertices of
 * WIDTH bytes (twice for uf: a partner's forest), counters, the queue of
 * long lists among NE entries. */
uint64_t emogi_dcc_gpu_state_bytes(uint64_t ne, uint64_t nv, unsigned width,
                                   enum emogi_cc_algorithm a);

/* OUT: the rank's out-lists placed; IN: its in-lists (a directed graph;
 * ignored for an undirected one), read with kernel K by algorithm A.
 * Every label of the NV vertices starts as its vertex's id. */
int emogi_dcc_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                       enum emogi_cc_algorithm a, enum emogi_kernel k, uint64_t lo, uint64_t nv,
                       struct emogi_dcc_gpu **s, emogi_error *err);
void emogi_dcc_gpu_close(struct emogi_dcc_gpu *s);

/* lp: one pass over the rank's vertices; *CHANGED: whether a label of
 * the rank fell. */
int emogi_dcc_gpu_pass(struct emogi_dcc_gpu *s, int *changed, emogi_error *err);

/* uf, in order: the rank's vertices linked with their first two entries,
 * labels flattened; (the ranks' forests merged and every rank given the
 * union;) the rest of the lists outside the most frequent tree linked,
 * flattened.  _merge links the forest in emogi_dcc_gpu_other into the
 * rank's and flattens. */
int emogi_dcc_gpu_sample(struct emogi_dcc_gpu *s, emogi_error *err);
int emogi_dcc_gpu_rest(struct emogi_dcc_gpu *s, emogi_error *err);
int emogi_dcc_gpu_merge(struct emogi_dcc_gpu *s, emogi_error *err);

/* The labels of all nv vertices, in the id width, in device memory.
 * lp: the rank's own [lo, lo + n) after a pass; the rest is the
 * exchange's to fill before the next.  uf: the rank's forest. */
void *emogi_dcc_gpu_labels(struct emogi_dcc_gpu *s);

/* uf: room for another rank's nv labels, for emogi_dcc_gpu_merge. */
void *emogi_dcc_gpu_other(struct emogi_dcc_gpu *s);

/* Totals since open: [0] entries read, [1] bytes of 128-byte lines read
 * in device memory, [2] over the link. */
int emogi_dcc_gpu_figures(struct emogi_dcc_gpu *s, uint64_t fig[3], emogi_error *err);

/* ---- PageRank: dist/pagerank.c's Jacobi iteration ---- */

struct emogi_dpr_gpu;

/* Device memory beside the placement, for N own vertices of NV. */
uint64_t emogi_dpr_gpu_state_bytes(uint64_t n, uint64_t nv);

/* The sums over all vertices are taken per span of 2^EMOGI_DPR_SPAN_SHIFT
 * = EMOGI_PAGERANK_BLOCK vertices (kernels/cuda/pagerank.cu), a double a
 * span. */
#define EMOGI_DPR_SPAN_SHIFT 11

/* P: the rank's in-lists placed (emogi_pagerank_in_edges' graph, its
 * range), read with kernel K; START: the rank's n starting ranks.
 * WHOLE_SPANS (every rank's range starts on a span, and ends on one or
 * at NV): the spans' sums are exchanged (emogi_dpr_gpu_spans) and the
 * ranks are the single GPU's to the bit; else each rank's totals are
 * summed on the host. */
int emogi_dpr_gpu_open(const struct emogi_placed *p, enum emogi_kernel k, uint64_t lo,
                       uint64_t nv, int whole_spans, const double *start,
                       struct emogi_dpr_gpu **s, emogi_error *err);
void emogi_dpr_gpu_close(struct emogi_dpr_gpu *s);

/* The rank's contributions (rank / out-degree) into its part of the
 * contributions array, and its spans' dangling ranks; *DANGLING: their
 * sum, where the spans are not exchanged (else 0). */
int emogi_dpr_gpu_spread(struct emogi_dpr_gpu *s, double *dangling, emogi_error *err);

/* The contributions of all nv vertices (float64), in device memory. */
void *emogi_dpr_gpu_contrib(struct emogi_dpr_gpu *s);

/* Whole spans: the device array of every span's dangling rank (CHANGE:
 * L1 change), ceil(nv / 2^EMOGI_DPR_SPAN_SHIFT) doubles, the rank's from
 * span lo >> EMOGI_DPR_SPAN_SHIFT on; NULL otherwise. */
double *emogi_dpr_gpu_spans(struct emogi_dpr_gpu *s, int change);

/* New ranks BASE + D * (sum of in-neighbours' contributions) for the
 * rank's vertices, BASE from every span's dangling rank where the spans
 * are exchanged; *DELTA: the rank's L1 change, where they are not (else
 * 0: emogi_dpr_gpu_change). */
int emogi_dpr_gpu_gather(struct emogi_dpr_gpu *s, double base, double d, double *delta,
                         emogi_error *err);

/* Whole spans, after their changes were exchanged: *DELTA, the L1 change
 * of all vertices. */
int emogi_dpr_gpu_change(struct emogi_dpr_gpu *s, double *delta, emogi_error *err);

/* The rank's n ranks into RANK (host); FIG: bytes of lines read since
 * open, [0] in device memory, [1] over the link. */
int emogi_dpr_gpu_result(struct emogi_dpr_gpu *s, double *rank, uint64_t fig[2],
                         emogi_error *err);

/* ---- SSSP: dist/sssp.c's delta-stepping phases ---- */

struct emogi_dsssp_gpu;

/* A candidate distance D for vertex V (the whole graph's id): the uint64
 * distance, or a float32 distance's bits. */
struct emogi_dsssp_pair {
    uint64_t v, d;
};

/* The bucket of float32 distance F at width DELTA, on either side: past
 * 1.8e19 (+infinity too) one bucket, below UINT64_MAX. */
#ifdef __CUDACC__
__host__ __device__
#endif
static inline uint64_t emogi_dsssp_bucket_f(float f, double delta)
{
    const double b = floor((double)f / delta);
    return b >= 1.8e19 ? UINT64_MAX - 1 : (uint64_t)b;
}

/* Device memory beside the placement for N own vertices of NV, NE
 * entries, distances of DSIZE bytes. */
uint64_t emogi_dsssp_gpu_state_bytes(uint64_t n, uint64_t nv, uint64_t ne, unsigned dsize);

/* OUT: the rank's out-lists placed with their weights (UNIT: none, every
 * weight 1), read with kernel K (plain lists only); DELTA: the bucket
 * width (integer distances: its floor, at least 1). */
int emogi_dsssp_gpu_open(const struct emogi_placed *out, enum emogi_kernel k, int unit,
                         uint64_t lo, uint64_t nv, double delta, struct emogi_dsssp_gpu **s,
                         emogi_error *err);
void emogi_dsssp_gpu_close(struct emogi_dsssp_gpu *s);

/* Every distance unreached, nothing sent yet; SOURCE at 0 and active if
 * it is the rank's. */
int emogi_dsssp_gpu_start(struct emogi_dsssp_gpu *s, uint64_t source, emogi_error *err);

/* *BUCKET: the lowest bucket of an active vertex of the rank, or
 * UINT64_MAX when none is active. */
int emogi_dsssp_gpu_lowest(struct emogi_dsssp_gpu *s, uint64_t *bucket, emogi_error *err);

/* Relax the out-lists of the rank's active vertices in BUCKET (each then
 * inactive): its own neighbours lowered and activated; each other rank's
 * vertex whose lowest candidate sent fell gets one pair in SEND (host,
 * room for nv - n, at least 1) with that candidate; *SEND_N: how many. */
int emogi_dsssp_gpu_relax(struct emogi_dsssp_gpu *s, uint64_t bucket,
                          struct emogi_dsssp_pair *send, uint64_t *send_n, emogi_error *err);

/* The candidates RECV (N, host, for the rank's vertices) lower and
 * activate theirs. */
int emogi_dsssp_gpu_apply(struct emogi_dsssp_gpu *s, const struct emogi_dsssp_pair *recv,
                          uint64_t n, emogi_error *err);

/* The rank's n distances into DIST (host); FIG, totals since open: [0]
 * entries read, [1] bytes of 128-byte lines read in device memory, [2]
 * over the link. */
int emogi_dsssp_gpu_result(struct emogi_dsssp_gpu *s, void *dist, uint64_t fig[3],
                           emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
