/*
 * ranks.h - what the ranks share among themselves, for dist/ alone (the
 * tools see dist.h): the partition, the collectives, the result file,
 * --stats' rank records, and each algorithm's parts and exchanges.  MPI
 * builds only, except where a stub in none.c says otherwise.
 */
#ifndef EMOGI_RANKS_DIST_H
#define EMOGI_RANKS_DIST_H

#include "dist.h"
#include "emogi_clist.h"
#include "record.h"

/* The lists of vertices [LO, HI) of the shared file G checked, when its
 * lists were not (dist.h: lists_unchecked; dist_partition checks the
 * rank's range, so a tool calls this only to read more: [0, nv) for the
 * whole graph).  A bad list: the lowest rank that found one says
 * "TOOL: message", and every rank exits 1. */
void dist_check_lists(struct dist *d, const struct emogi_graph *g, uint64_t lo, uint64_t hi);

/* Every rank's OK; where some rank's is 0, the lowest such rank says
 * "TOOL: NAME: ERR" (NAME NULL: "TOOL: ERR") and every rank exits 1. */
void dist_fail_together(struct dist *d, int ok, const char *name, const emogi_error *err);

/* Lists L of the mapped graph as this rank reads them: by the whole
 * graph's ids of its range (emogi_list_open, emogi_list_len). */
static inline struct emogi_lists dist_lists(const struct dist *d, struct emogi_lists l)
{
    l.first = d->first;
    return l;
}

/* A GPU rank's part of G placed: this rank's lists [lo, hi) as a graph
 * of their own (R, emogi_range_open) on GPU (local rank mod GPU count),
 * by the tool's placement P, with STATE_BYTES of the search's for the
 * budget; first ids (P's firsts) ranked by the whole graph's list
 * lengths, which every rank contributes its range's of (a collective:
 * every rank calls it).  Failing, says why and exits 1, which ends the
 * job.  dist_unplace: GPU's placement, then R. */
void dist_place(struct dist *d, const struct emogi_graph *g, struct dist_placer *p,
                uint64_t state_bytes, struct emogi_range *r, struct dist_gpu *gpu);
void dist_unplace(struct dist_placer *p, struct emogi_range *r);

/* N entries of SIZE bytes, or "TOOL: out of memory for N WHAT", exit 1. */
void *dist_alloc(uint64_t n, size_t size, const char *what);

/* Split G's vertices into D->size contiguous ranges of about equal
 * offsets[v] + v (edges plus vertices), every bound a multiple of ALIGN
 * (a power of two; 64 keeps bitmap words whole) except the last, nv.
 * With part files, the parts' ranges, whatever ALIGN: the algorithms
 * take any ranges, and are fastest on aligned ones. */
void dist_partition(struct dist *d, const struct emogi_graph *g, uint64_t align);

/* The rank that owns vertex V. */
int dist_owner(const struct dist *d, uint64_t v);

/* The vertices of rank R's range. */
static inline uint64_t dist_count(const struct dist *d, int r)
{
    return d->bound[r + 1] - d->bound[r];
}

/* Whether every rank's range starts on a multiple of UNIT vertices, or
 * at the end (an empty range there): a bitmap's words, PageRank's spans. */
static inline int dist_ranges_on(const struct dist *d, uint64_t unit)
{
    for (int r = 0; r < d->size; r++)
        if (d->bound[r] % unit && d->bound[r] < d->bound[d->size])
            return 0;
    return 1;
}

/* Step STEP (1, 2, 4, ... below size) of a merge up a binary tree to
 * rank 0: this rank's partner, or -1 when it has none at this step.
 * *SENDS: this rank sends its part to the partner, and is then done;
 * else it receives the partner's.  Rank r + s sends to rank r, r a
 * multiple of 2s, so log2(size) steps. */
static inline int dist_tree_peer(const struct dist *d, int step, int *sends)
{
    *sends = d->rank % (2 * step) == step;
    if (*sends)
        return d->rank - step;
    return d->rank % (2 * step) == 0 && d->rank + step < d->size ? d->rank + step : -1;
}

/* Every rank's LOCAL range (its count entries of ES bytes) into FULL, a
 * whole array of nv entries, on every rank (FULL may hold LOCAL's own
 * place: then LOCAL may be FULL + lo * ES). */
void dist_allgather(struct dist *d, const void *local, size_t es, void *full);

/* MPI builds only: every rank's COUNT[r] entries of ES bytes at
 * DISPL[r] of FULL (its own already in place) into FULL on every rank;
 * counts past MPI's int go in pieces. */
void dist_allgatherv(struct dist *d, void *full, size_t es, const uint64_t *count,
                     const uint64_t *displ);

/* MPI builds only: the personalized exchange.  SEND holds, in rank
 * order, SCOUNT[r] entries of ES bytes for rank r; returns (malloc'd)
 * the entries every rank sent this one, in rank order, and *N their
 * number.  Any counts: past MPI's int the exchange runs in rounds
 * (EMOGI_MPI_CHUNK=N makes a round move at most N entries per pair, so
 * that tests reach that code on small graphs). */
void *dist_alltoallv(struct dist *d, const void *send, const uint64_t *scount, size_t es,
                     uint64_t *n);

/* MPI builds only: whether EMOGI_MPI_WIDE_IDS asks ids and labels to
 * travel in 8 bytes where 4 would do, as they must past 2^32 vertices;
 * for tests (emogi(7)). */
int dist_wide_ids(void);

/* MPI builds only: the most entries an exchange moves per pair of ranks
 * in one call (under MPI's int counts, or EMOGI_MPI_CHUNK's N). */
uint64_t dist_chunk(const struct dist *d);

/* MPI builds only: ALL, nv entries on every rank; MINE gets, for this
 * rank's range, the smallest entry over the ranks (any nv). */
void dist_min_scatter_u64(struct dist *d, const uint64_t *all, uint64_t *mine);

/* The same into FULL on rank 0 only (FULL ignored elsewhere), in pieces,
 * so arrays past 2^31 entries travel too. */
void dist_gather(struct dist *d, const void *local, size_t es, void *full);

/* MPI builds only: BYTES at BUF to rank TO, from rank FROM, or from rank
 * 0 to every rank, in pieces (any size). */
void dist_send(struct dist *d, int to, const void *buf, uint64_t bytes);
void dist_recv(struct dist *d, int from, void *buf, uint64_t bytes);
void dist_bcast(struct dist *d, void *buf, uint64_t bytes);

/* Sums and maxima over all ranks (MPI_Allreduce). */
uint64_t dist_sum_u64(struct dist *d, uint64_t x);
double dist_max_real(struct dist *d, double x);
/* 1 when OK is 1 on every rank. */
int dist_all(struct dist *d, int ok);

/* --stats: one "rank" record per rank and a "ranks" record summing them,
 * written by rank 0: the rank's computation and communication seconds
 * (COMPUTE is the rank's own figure of its whole run; communication is
 * what D counted), bytes sent, and LINK bytes (GPU ranks; 0 on CPUs). */
void dist_report(struct dist *d, double seconds, uint64_t link);

/* ---- the algorithms (bfs.c, cc.c, pagerank.c, sssp.c; MPI builds only) ----
 * G (IN for PageRank) is the mapped graph of D's view: the algorithms
 * read this rank's lists there by the whole graph's ids (dist_lists),
 * and every count and degree of all vertices from d->whole.  Any
 * partition gives the single process's result; aligned ones (bounds
 * multiples of 64, of EMOGI_PAGERANK_BLOCK for PageRank) move fewer
 * bytes. */

/* Breadth-first searches of G with options O, every rank together: open
 * the run's state (*RUN; a GPU rank passes its range's lists placed,
 * GPU_OUT, and GPU_IN its in-lists, GPU_OUT for an undirected graph, NULL
 * without a transpose: dist_place; a CPU rank NULL), then each search
 * from SOURCE: DEPTH gets this rank's hi - lo depths, ST the search's
 * figures over all ranks; then close, on every rank, before the
 * placement. */
struct dbfs;
int dist_bfs_open(struct dist *d, const struct emogi_graph *g, const struct emogi_bfs_opts *o,
                  const struct emogi_placed *gpu_out, const struct emogi_placed *gpu_in,
                  int trace, struct dbfs **run, emogi_error *err);
int dist_bfs(struct dbfs *run, uint64_t source, uint32_t *depth, struct emogi_bfs_stats *st,
             emogi_error *err);
void dist_bfs_close(struct dbfs *run);

/* emogi_bfs_parents' tree: PARENT gets this rank's hi - lo parents from
 * DEPTH, every vertex's depth. */
int dist_bfs_parents(struct dist *d, const struct emogi_graph *g, uint64_t source,
                     const uint32_t *depth, uint64_t *parent, emogi_error *err);

/* The rank's GPU state, opened on every rank or on none (OK: this
 * rank's): 0, or -1 with ERR (MINE, this rank's message, or that another
 * rank failed).  Collective. */
int dist_gpu_opened(struct dist *d, int ok, const emogi_error *mine, emogi_error *err);

/* RC < 0, a GPU call that failed: "TOOL: ERR", exit 1, which ends the
 * job (as dist_alloc does). */
void dist_gpu_check(int rc, const emogi_error *err);

/* A dense device array's exchange between GPU ranks (exchange_gpu.c):
 * through NCCL, or through HOST, a staging buffer of nv entries. */
struct xchg {
    struct dist *d;
    int nccl;
    char *host; /* nv entries: the host path's staging */
};
/* Ready to exchange arrays of NV entries of at most ES bytes on DEVICE. */
void xchg_open(struct xchg *x, struct dist *d, int device, size_t es, uint64_t nv);
void xchg_close(struct xchg *x);
/* DEV, a device array of entries of ES bytes, 2^SHIFT vertices each,
 * holding this rank's part, gets every rank's (xchg_allgather: SHIFT 0,
 * an entry a vertex). */
void xchg_parts(struct xchg *x, void *dev, size_t es, unsigned shift);
void xchg_allgather(struct xchg *x, void *dev, size_t es);
/* BYTES of the device array DEV whole, to or from PEER (SEND), or from
 * rank 0 to every rank (PEER < 0). */
void xchg_whole(struct xchg *x, int peer, int send, void *dev, uint64_t bytes);

/* GPU ranks' BFS (S: this rank's search state) reading each other's
 * device arrays, where every rank runs on one host (exchange_gpu.c says
 * why): 1 on every rank, or 0 on every rank.  Close on every rank,
 * before S. */
struct emogi_dbfs_gpu;
int dist_bfs_peers_open(struct dist *d, struct emogi_dbfs_gpu *s);
void dist_bfs_peers_close(struct dist *d, struct emogi_dbfs_gpu *s);
/* A GPU rank's frontier bitmap of all nv vertices in device memory,
 * every range starting on a word, exchanged as CC's labels are: through
 * NCCL, or host buffers (exchange_gpu.c), or, PEERS given (dist_bfs_peers_open),
 * read from the other ranks' published slices.  Open and close on every
 * rank.  dist_xchg_bitmap: DEV, holding this rank's range's bits, gets
 * every rank's; FRESH: the first level of a run of bottom-up levels. */
struct dist_xchg;
/* dist_finish's: the NCCL communicator, if one was made. */
void dist_gpu_finish(struct dist *d);
struct dist_xchg *dist_xchg_bitmap_open(struct dist *d, int device, struct emogi_dbfs_gpu *peers);
void dist_xchg_bitmap(struct dist_xchg *x, uint64_t *dev, int fresh);
void dist_xchg_close(struct dist_xchg *x);
/* A GPU rank's BFS top-down ids (emogi_dbfs_gpu_expand's outboxes, SENT
 * for each rank) to their owners, device to device through NCCL or
 * through host buffers, or, PEERS given, claimed from the senders'
 * outboxes, and those received claimed at LEVEL + 1 on this rank's GPU;
 * returns the seconds spent in the claims, counting the rest as
 * communication.  Open with dist_xchg_ids_open on every GPU rank. */
struct dist_xchg *dist_xchg_ids_open(struct dist *d, int device, struct emogi_dbfs_gpu *peers);
double dist_xchg_bfs_ids(struct dist_xchg *x, struct emogi_dbfs_gpu *s, const uint64_t *sent,
                         uint32_t level);

/* emogi_cc_cpu's labels (the smallest id of each component) for this
 * rank's range, as uint64.  GPU: a GPU rank's part (gpu_ranks.c), run by
 * algorithm A, or NULL on a CPU rank (Afforest, whatever A). */
int dist_cc(struct dist *d, const struct emogi_graph *g, struct dist_gpu *gpu,
            enum emogi_cc_algorithm a, uint64_t *labels, struct emogi_cc_stats *st,
            emogi_error *err);
int dist_cc_gpu(struct dist *d, const struct emogi_graph *g, struct dist_gpu *gpu,
                enum emogi_cc_algorithm a, uint64_t *labels, struct emogi_cc_stats *st,
                emogi_error *err);

/* emogi_pagerank_cpu_jacobi with STORE over ranks, bit for bit: RANK gets this
 * rank's hi - lo ranks.  IN: emogi_pagerank_in_edges' graph of the
 * mapped graph (a part file's: its own in-lists).  GPU: a GPU rank's
 * part of IN (gpu_ranks.c: float64 contributions, equal within the
 * tolerance), or NULL. */
int dist_pagerank(struct dist *d, const struct emogi_graph *in, struct dist_gpu *gpu,
                  const struct emogi_pagerank_params *prm, enum emogi_pagerank_store store,
                  double *rank, struct emogi_pagerank_stats *st, emogi_error *err);
/* PageRank's in-edge graph IN (emogi_pagerank_in_edges of the mapped
 * graph) as counts and offsets over all vertices into W: IN itself on
 * the shared file; on part files from d->whole (the whole graph's
 * offsets, and for a directed graph its t_offsets as the in-lists': IN
 * is then the part's transpose).  W's lists are not to be read. */
void dist_whole_in(const struct dist *d, const struct emogi_graph *in, struct emogi_graph *w);
int dist_pagerank_gpu(struct dist *d, const struct emogi_graph *in, struct dist_gpu *gpu,
                      const struct emogi_pagerank_params *prm, double *rank,
                      struct emogi_pagerank_stats *st, emogi_error *err);

/* emogi_sssp_cpu's distances for this rank's range into DIST (hi - lo
 * entries of emogi_sssp_dist_size() bytes), bit for bit; ST: the
 * search's figures over all ranks.  GPU: a GPU rank's part (its
 * out-lists placed with their weights, unless --unit-weights; its
 * link_bytes grow by the search's), or NULL on a CPU rank. */
int dist_sssp(struct dist *d, const struct emogi_graph *g, uint64_t source,
              const struct emogi_sssp_opts *o, struct dist_gpu *gpu, void *dist,
              struct emogi_sssp_stats *st, emogi_error *err);

/* The bucket width: O's delta, or emogi_sssp_default_delta of the whole
 * graph (sampled across the parts).  Collective. */
double dist_sssp_delta(struct dist *d, const struct emogi_graph *g,
                       const struct emogi_sssp_opts *o);

/*
 * The result file PATH of NV entries of TYPE from every rank's LOCAL
 * part (hi - lo entries), as tool_write_array_ids writes it.  A regular
 * file (or a new name), raw or .npy: rank 0 makes a named temporary
 * beside it, every rank writes its part at its offset (pwrite), and rank
 * 0 commits it once every rank succeeded: held (dist_start), it is
 * renamed with the run's other outputs after the ranks' last vote, so the
 * file appears whole or not at all and an existing one survives a
 * failure of any output of any rank.  Text, standard
 * output, a FIFO or a device: rank 0 gathers the parts and writes them
 * in order.  A failure: the rank that failed says why, and every rank
 * leaves MPI and exits 1.  Collective: every rank calls it.
 */
void dist_write(struct dist *d, const char *path, const void *local, enum tool_elem type,
                uint64_t nv, enum tool_format format, const struct emogi_graph *ids,
                int value_is_id);



#endif
