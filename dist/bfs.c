/*
 * bfs.c - breadth-first search over MPI ranks (CPU ranks, OpenMP
 * inside each).
 *
 * The 1D-partitioned direction-optimizing search of A. Buluç and K.
 * Madduri, "Parallel Breadth-First Search on Distributed Memory Systems"
 * (SC 2011), with the direction switch of S. Beamer, K. Asanović and D.
 * Patterson, "Direction-Optimizing Breadth-First Search" (SC 2012) taken
 * from global counts, with the same thresholds and rule as the
 * single-process search (kernels/cpu/bfs.c), so both run the same levels
 * in the same direction.  Each rank owns a contiguous range of vertices
 * (dist_partition) and their depths.
 *
 * The first level needs no exchange: the source's owner broadcasts the
 * source's list, and each rank takes its own vertices of it
 * (first_level).
 * Top-down: owners expand their frontier vertices; a neighbour owned by
 * the rank is claimed at once, any other is sent to its owner, once per
 * search (a bitmap of ids already sent), with one MPI_Alltoallv per
 * level, as 4-byte offsets into the owner's range wherever every range
 * holds at most 2^32 vertices (narrow_ids).  The exchange is sparse
 * because a top-down frontier is small: sending the discovered ids moves
 * at most one id per vertex per search, where any dense form would move
 * nv bits every level.
 * Bottom-up: every rank scans its unvisited vertices' in-lists against
 * the global frontier bitmap, assembled with MPI_Allgatherv from each
 * rank's slice (bit i for its vertex lo + i: in place when every range
 * starts on a word, as dist_partition's do; a part file's range need
 * not, and its slice is then shifted into place after the exchange):
 * the frontier is large in these levels, and nv/8 bytes
 * is less than its ids would be (a frontier over 1/32 of the vertices,
 * 4-byte ids; 1/64 with 8-byte ids).
 *
 * A GPU rank (dist_place; kernels/cuda/dist_bfs.cu) runs the same levels
 * with its range's lists placed on its GPU and its depths and frontier
 * kept there: a top-down level leaves the ids to send on the GPU,
 * grouped by owner, and the owners read them from there where every
 * rank runs on one host (dist_bfs_peers_open), else they travel device
 * to device through NCCL where every rank has a GPU of its own, else
 * through host buffers as above (dist_xchg_bfs_ids); the ids received
 * are claimed on the GPU, and the host sees only counts.  A bottom-up level reads the global frontier
 * bitmap on the GPU.  When every range starts on a word the bitmap is
 * assembled there for every bottom-up level, the first included: the GPU
 * places its frontier in its own words and the others arrive by a
 * device-array exchange (exchange_gpu.c: read from the other GPUs, NCCL, or
 * host buffers); the
 * last level's slice becomes the GPU's frontier there.  Otherwise each
 * level's bitmap is assembled on the host as above and copied over.  The
 * direction rule's counts come from the GPUs, summed on the host.
 *
 * Every frontier bitmap a rank sees marks its vertices as sent (the GPU's
 * seen bitmap alike), since they all have depths: the top-down levels
 * after bottom-up ones then send only ids that may be new, where they
 * used to send nearly every remote neighbour of their frontier.
 *
 * Host loops run on OpenMP threads, at most GPU_HOST_THREADS in a GPU
 * rank (host_threads says why).  EMOGI_TRACE_LEVELS prints rank 0's time
 * per level, split into GPU calls, exchanges and the rest, and every
 * rank's GPU and exchange seconds (emogi(7)); NCCL's transfers are not
 * waited for apart (exchange_gpu.c), so their time shows in the GPU call
 * after them.
 *
 * Depths are unique, so the result is the single-process array whatever
 * the partition.  Parents (dist_bfs_parents) follow emogi_bfs_parents'
 * canonical rule, the smallest in-neighbour one level up: every rank
 * proposes its vertices to their out-neighbours one level down in an
 * array of all vertices, and MPI_Reduce_scatter with MPI_MIN hands each
 * owner its range; that costs nv depths and nv parents on every rank.
 */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "emogi_ranks.h"
#include "ranks.h"

/* The per-neighbour and per-vertex steps, inlined into their loops: out
 * of line, a call for every vertex claimed and every bottom-up vertex
 * cost two CPU ranks 8% of a kron 21 search's time (bench/RESULTS.md,
 * "CPU ranks' BFS: the inner steps inlined"). */
#define DBFS_INLINE static inline __attribute__((always_inline))

#define BU_CHUNK 1024 /* a multiple of 64: threads own whole words of the next bitmap */

struct dbfs {
    struct dist *d;
    const struct emogi_graph *g; /* the mapped graph: this rank's lists */
    const struct emogi_graph *w; /* the whole graph's counts and offsets (d->whole) */
    struct emogi_lists out, in;
    int has_in;
    uint32_t *depth;             /* hi - lo, this rank's */
    uint64_t *queue, *next;      /* global ids of this rank's frontier */
    uint64_t queue_n, next_n;
    uint64_t *front, *curr;      /* front: nv bits, all ranks'; curr: this rank's slice */
    uint64_t *todo;              /* CPU bottom-up: a slice of this rank's unvisited
                                    vertices with in-edges */
    uint64_t *slices;            /* every rank's slice, when not all start on a word */
    uint64_t *sent;              /* nv bits: ids sent to their owner */
    uint64_t *out_ids;           /* ids to send this level */
    uint64_t out_n, out_cap;
    int narrow;                  /* ids travel as 4-byte offsets into their owner's range */
    uint64_t scout;              /* out-edges of this rank's new frontier */
    uint32_t level;
    uint64_t examined;
    int corrupt;                 /* a compressed list did not decode */
    struct emogi_dbfs_gpu *gpu;  /* a GPU rank: the lists and depths on the GPU */
    struct dist_xchg *xchg;      /* its frontier bitmap's exchange on the device, or NULL */
    struct dist_xchg *ids;       /* its top-down ids' exchange */
    struct emogi_bfs_opts o;     /* the run's */
    int peers;                   /* GPU ranks read each other's arrays (dist_bfs_peers_open) */
    uint64_t *counts;            /* 2 * size: counts and displacements for MPI */
    int trace;                   /* EMOGI_TRACE_LEVELS: every rank's figures, rank 0 prints */
    double gpu_seconds;          /* in the GPU's calls, copies included */
    double lists_seconds;        /* reading lists: top-down's expand, bottom-up's
                                    tests (GPU or CPU), for the trace */
    double mark, comm_mark, gpu_mark, lists_mark; /* at the level's start */
    uint64_t link_mark;                /* the GPU's link bytes then */
};

/* The level's start, for its trace line. */
static void level_start(struct dbfs *b)
{
    if (!b->trace)
        return;
    b->mark = emogi_now();
    b->comm_mark = b->d->comm_seconds;
    b->gpu_mark = b->gpu_seconds;
    b->lists_mark = b->lists_seconds;
    b->link_mark = emogi_dbfs_gpu_link_bytes(b->gpu);
}

/* With EMOGI_TRACE_LEVELS set, rank 0's line for the level just done:
 * where its time went (the rest of seconds is host work), then every
 * rank's GPU and exchange seconds, the bytes its GPU read over the link
 * and its seconds reading lists (the rest of its GPU time claims received
 * ids and makes queues), gathered (tracing alone pays for the gather): a
 * rank that waits on another shows it as exchange time, the other's as
 * GPU time. */
static void level_done(struct dbfs *b, uint32_t level, const char *direction, uint64_t found)
{
    if (!b->trace)
        return;
    const int size = b->d->size;
    enum { K = 5 };
    const double mine[K] = {emogi_now() - b->mark, b->gpu_seconds - b->gpu_mark,
                            b->d->comm_seconds - b->comm_mark,
                            (double)(emogi_dbfs_gpu_link_bytes(b->gpu) - b->link_mark),
                            b->lists_seconds - b->lists_mark};
    double *all = b->d->rank == 0 ? dist_alloc(K * (uint64_t)size, sizeof *all, "ranks") : NULL;
    MPI_Gather(mine, K, MPI_DOUBLE, all, K, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (!all)
        return;
    fprintf(stderr,
            "%s: level level=%u direction=%s found=%llu seconds=%.6f gpu_seconds=%.6f "
            "comm_seconds=%.6f",
            tool_name(), level, direction, (unsigned long long)found, mine[0], mine[1], mine[2]);
    static const char *const name[K] = {NULL, "gpu", "comm", "link", "lists"};
    for (int k = 1; k < K; k++) {
        fprintf(stderr, " ranks_%s=", name[k]);
        for (int r = 0; r < size; r++)
            fprintf(stderr, k == 3 ? "%s%.0f" : "%s%.6f", r ? "," : "", all[K * r + k]);
    }
    fputc('\n', stderr);
    free(all);
}

/* Threads for a host loop over N items: one for a short loop, and at
 * most GPU_HOST_THREADS in a GPU rank, whose host loops are short and
 * whose process shares the cores with its ranks' CUDA and NCCL threads,
 * so that a barrier of every core's thread waits on whichever was
 * descheduled.  On four H200s (64 cores, two ranks of 32 threads) the
 * queue made from the last bottom-up slice of a kron 26 search took
 * 12.8 ms on 32 threads and about 1 ms on 8 (EMOGI_TRACE_LEVELS;
 * bench/RESULTS.md, "MPI ranks on four GPUs"). */
#define GPU_HOST_THREADS 8
static int host_threads(const struct dbfs *b, uint64_t n)
{
#ifdef _OPENMP
    const int max = omp_get_max_threads();
    if (n <= 65536)
        return 1;
    return b->gpu && max > GPU_HOST_THREADS ? GPU_HOST_THREADS : max;
#else
    (void)b, (void)n;
    return 1;
#endif
}

/*
 * Ids a thread gathers before one atomic reserves their slots in a
 * shared list, as GAP's sliding queue does.  With an atomic per id on
 * the list's one counter every thread of a rank waits on one cache line:
 * on 64 cores, kron 27's largest top-down level (5.3 million found) took
 * 0.70 s on rank 0 of two CPU ranks, where the whole single-process
 * search took 0.26 s (EMOGI_TRACE_LEVELS; bench/RESULTS.md, "MPI ranks on
 * four GPUs"), the counter being the suspect; not measured since.
 */
#define GATHER 256
struct gather {
    unsigned n;
    uint64_t v[GATHER];
};

static void gather_flush(struct gather *g, uint64_t *list, uint64_t *list_n)
{
    if (!g->n)
        return;
    uint64_t at = __atomic_fetch_add(list_n, g->n, __ATOMIC_RELAXED);
    memcpy(list + at, g->v, g->n * sizeof *g->v);
    g->n = 0;
}

static void gather_add(struct gather *g, uint64_t v, uint64_t *list, uint64_t *list_n)
{
    g->v[g->n++] = v;
    if (g->n == GATHER)
        gather_flush(g, list, list_n);
}

/* V, the rank's, for the next level if unreached: into the thread's
 * gathered finds G (for b->next), its out-edges added to *SCOUT. */
DBFS_INLINE void claim(struct dbfs *b, uint64_t v, struct gather *g, uint64_t *scout)
{
    uint32_t *slot = &b->depth[v - b->d->lo], seen = EMOGI_UNREACHED;
    if (__atomic_load_n(slot, __ATOMIC_RELAXED) != EMOGI_UNREACHED ||
        !__atomic_compare_exchange_n(slot, &seen, b->level + 1, 0, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        return;
    gather_add(g, v, b->next, &b->next_n);
    *scout += b->w->offsets[v + 1] - b->w->offsets[v];
}

/* A remote id, once per search, into the thread's gathered ids to send
 * (b->out_ids, which holds nv); a plain load first, as most are sent
 * already in a large level. */
static void send_later(struct dbfs *b, uint64_t w, struct gather *g)
{
    uint64_t bit = 1ull << (w & 63);
    if ((__atomic_load_n(&b->sent[w >> 6], __ATOMIC_RELAXED) & bit) ||
        (__atomic_fetch_or(&b->sent[w >> 6], bit, __ATOMIC_RELAXED) & bit))
        return;
    gather_add(g, w, b->out_ids, &b->out_n);
}

static void expand(struct dbfs *b)
{
    uint64_t examined = 0, scout = 0;
    int corrupt = 0;
#ifdef _OPENMP
    /* no more threads than frontier vertices: a level of a few is common */
    const int max = omp_get_max_threads();
    const int nt = b->queue_n < (uint64_t)max ? (b->queue_n ? (int)b->queue_n : 1) : max;
#else
    const int nt = 1;
#endif
#pragma omp parallel num_threads(nt) reduction(+ : examined, scout) reduction(| : corrupt)
    {
        struct gather found, out;
        found.n = out.n = 0;
#pragma omp for schedule(dynamic, 64) nowait
        for (uint64_t i = 0; i < b->queue_n; i++) {
            struct emogi_list_reader r;
            uint64_t ids[EMOGI_CLIST_BLOCK];
            int n;
            emogi_list_open(&r, &b->out, b->queue[i]);
            while ((n = emogi_list_next(&r, ids)) > 0)
                for (int k = 0; k < n; k++) {
                    uint64_t w = ids[k];
                    if (w >= b->d->lo && w < b->d->hi)
                        claim(b, w, &found, &scout);
                    else
                        send_later(b, w, &out);
                }
            corrupt |= n < 0;
            examined += emogi_list_len(&b->out, b->queue[i]);
        }
        gather_flush(&found, b->next, &b->next_n);
        gather_flush(&out, b->out_ids, &b->out_n);
    }
    b->scout += scout;
    b->examined += examined;
    b->corrupt |= corrupt;
}


/* In a parallel region: this thread's static share [*I0, *I1) of N
 * items, its number *T and the region's threads *USED. */
static void thread_share(uint64_t n, uint64_t *i0, uint64_t *i1, int *t, int *used)
{
#ifdef _OPENMP
    *t = omp_get_thread_num();
    *used = omp_get_num_threads();
#else
    *t = 0;
    *used = 1;
#endif
    *i0 = n * (uint64_t)*t / (uint64_t)*used;
    *i1 = n * (uint64_t)(*t + 1) / (uint64_t)*used;
}

/* The send list sorted by owner into SEND; SC: how many for each rank.
 * Each thread counts and then places its own static share, so the order
 * within an owner's ids is the list's, whatever the threads.  Narrow: an
 * id goes as its offset into the owner's range, 4 bytes. */
static void bucket(struct dbfs *b, void *send, uint64_t *sc)
{
    const int size = b->d->size;
    const uint64_t n = b->out_n;
    const int nt = host_threads(b, n);
    uint64_t *at = dist_alloc((uint64_t)nt * (uint64_t)size, sizeof *at, "ranks");
    memset(at, 0, (size_t)nt * (size_t)size * sizeof *at);
#pragma omp parallel num_threads(nt)
    {
        uint64_t i0, i1;
        int t, used;
        thread_share(n, &i0, &i1, &t, &used);
        uint64_t *mine = at + (size_t)t * (size_t)size;
        for (uint64_t i = i0; i < i1; i++)
            mine[dist_owner(b->d, b->out_ids[i])]++;
#pragma omp barrier
#pragma omp single
        {
            uint64_t sum = 0;
            for (int r = 0; r < size; r++) {
                sc[r] = 0;
                for (int k = 0; k < used; k++) {
                    const uint64_t c = at[(size_t)k * (size_t)size + (size_t)r];
                    at[(size_t)k * (size_t)size + (size_t)r] = sum;
                    sum += c;
                    sc[r] += c;
                }
            }
        }
        for (uint64_t i = i0; i < i1; i++) {
            const uint64_t v = b->out_ids[i];
            const int o = dist_owner(b->d, v);
            const uint64_t k = mine[o]++;
            if (b->narrow)
                ((uint32_t *)send)[k] = (uint32_t)(v - b->d->bound[o]);
            else
                ((uint64_t *)send)[k] = v;
        }
    }
    free(at);
}

/*
 * Whether every range holds at most 2^32 vertices, so that an id can
 * travel as a 4-byte offset into its owner's range whatever the graph's
 * id width: the top-down exchange is the ranks' ids, 8 bytes each before
 * (bench/RESULTS.md, "BFS ranks: top-down ids as 4-byte offsets").
 */
static int narrow_ids(const struct dist *d)
{
    if (dist_wide_ids()) /* emogi(7): tests reach 8 bytes */
        return 0;
    for (int r = 0; r < d->size; r++)
        if (dist_count(d, r) > (uint64_t)UINT32_MAX + 1)
            return 0;
    return 1;
}

/* The global id of entry I of what the exchange brought. */
static inline uint64_t received(const struct dbfs *b, const void *recv, uint64_t i)
{
    return b->narrow ? b->d->lo + ((const uint32_t *)recv)[i] : ((const uint64_t *)recv)[i];
}

/* A CPU rank's send list to the owners (dist_alltoallv); the ids
 * received are claimed here. */
static void exchange(struct dbfs *b)
{
    const size_t es = b->narrow ? sizeof(uint32_t) : sizeof(uint64_t);
    void *send = dist_alloc(b->out_n, es, "ids to send");
    uint64_t total;
    bucket(b, send, b->counts);
    void *recv = dist_alltoallv(b->d, send, b->counts, es, &total);
    free(send);
    uint64_t scout = 0;
#pragma omp parallel num_threads(host_threads(b, total)) reduction(+ : scout)
    {
        struct gather found;
        found.n = 0;
#pragma omp for schedule(static) nowait
        for (uint64_t i = 0; i < total; i++)
            claim(b, received(b, recv, i), &found, &scout);
        gather_flush(&found, b->next, &b->next_n);
    }
    b->scout += scout;
    free(recv);
}

/* MPI_Allreduce of a few sums at once. */
static void sums(struct dist *d, uint64_t *x, int n)
{
    double t0 = emogi_now();
    MPI_Allreduce(MPI_IN_PLACE, x, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
}

/* A GPU rank's top-down level, the frontier on the GPU: its lists read
 * there, the ids for other ranks sent from there, those received claimed
 * there; REACH and GLOBAL as td_step's. */
static void gpu_td_step(struct dbfs *b, uint64_t reach, uint64_t global[2])
{
    emogi_error err;
    double t0 = emogi_now();
    dist_gpu_check(emogi_dbfs_gpu_expand(b->gpu, b->level, reach, b->counts, &b->examined, &err),
                   &err);
    const double expanded = emogi_now() - t0;
    b->gpu_seconds += expanded;
    b->lists_seconds += expanded;
    b->gpu_seconds += dist_xchg_bfs_ids(b->ids, b->gpu, b->counts, b->level);
    t0 = emogi_now();
    dist_gpu_check(emogi_dbfs_gpu_advance(b->gpu, &b->queue_n, &b->scout, &err), &err);
    b->gpu_seconds += emogi_now() - t0;
    global[0] = b->scout;
    global[1] = b->queue_n;
    sums(b->d, global, 2);
}

/* One top-down level from a frontier whose lists hold REACH entries
 * over all ranks: the new frontier in b->queue; [0] its out-edges, [1]
 * its vertices, over all ranks. */
static void td_step(struct dbfs *b, uint64_t reach, uint64_t global[2])
{
    b->next_n = 0;
    b->out_n = 0;
    b->scout = 0;
    if (b->gpu) {
        gpu_td_step(b, reach, global);
        return;
    }
    const double t0 = emogi_now();
    expand(b);
    b->lists_seconds += emogi_now() - t0;
    exchange(b);
    uint64_t *t = b->queue;
    b->queue = b->next;
    b->next = t;
    b->queue_n = b->next_n;
    global[0] = b->scout;
    global[1] = b->queue_n;
    sums(b->d, global, 2);
}

static int cmp_id(const void *x, const void *y)
{
    const uint64_t a = *(const uint64_t *)x, c = *(const uint64_t *)y;
    return (a > c) - (a < c);
}

/*
 * The first level without an exchange: every rank knows the source, so
 * its owner sends the source's out-list to all (one MPI_Bcast of at most
 * EMOGI_DBFS_FIRST_MAX ids) and each rank takes its own vertices of it
 * and works out the level's global counts from the whole graph's
 * offsets, which every rank has.  As a top-down level (td_step) it
 * waited on every rank twice for one list on one rank: kron 24, four
 * ranks sharing one H200, 0.6-1.2 ms against 0.03-0.06 now, a search
 * 8% faster (bench/RESULTS.md, "The first level from a broadcast").  A
 * longer list takes td_step, where its GPU reads it in pieces.  GLOBAL
 * as td_step's.
 */
static void first_level(struct dbfs *b, uint64_t source, uint64_t global[2])
{
    struct dist *d = b->d;
    const uint64_t *off = b->w->offsets, deg = off[source + 1] - off[source];
    const uint64_t lo = d->lo, hi = d->hi;
    uint64_t *ids = dist_alloc(deg ? deg : 1, sizeof *ids, "the source's list");
    const int owner = dist_owner(d, source);
    /* the trace's list seconds: the owner's read, and every rank's pass
     * over the list and its GPU's share */
    double t0 = emogi_now();
    if (d->rank == owner) {
        struct emogi_list_reader r;
        uint64_t blk[EMOGI_CLIST_BLOCK], k = 0;
        int n;
        emogi_list_open(&r, &b->out, source);
        while ((n = emogi_list_next(&r, blk)) > 0)
            for (int i = 0; i < n && k < deg; i++)
                ids[k++] = blk[i];
        b->corrupt |= n < 0; /* the search fails at its end; the rest is the source */
        while (k < deg)
            ids[k++] = source;
        b->examined += deg;
        d->bytes_sent += deg * sizeof *ids * (uint64_t)(d->size - 1);
    }
    b->lists_seconds += emogi_now() - t0;
    t0 = emogi_now();
    MPI_Bcast(ids, (int)deg, MPI_UINT64_T, owner, MPI_COMM_WORLD);
    const double t1 = emogi_now();
    d->comm_seconds += t1 - t0;
    /* distinct, ascending, the source left out (it has depth 0) */
    qsort(ids, deg, sizeof *ids, cmp_id);
    uint64_t m = 0, below = 0, own = 0, scout = 0, own_scout = 0;
    for (uint64_t i = 0; i < deg; i++) {
        const uint64_t w = ids[i], e = off[w + 1] - off[w];
        if (w == source || (m && ids[m - 1] == w))
            continue;
        scout += e;
        if (w < lo)
            below++;
        else if (w < hi)
            own++, own_scout += e;
        ids[m++] = w;
    }
    if (b->gpu) {
        emogi_error err;
        const double g0 = emogi_now();
        dist_gpu_check(
            emogi_dbfs_gpu_first_level(b->gpu, ids, m, below, own, own_scout, &err), &err);
        b->gpu_seconds += emogi_now() - g0;
    } else {
        for (uint64_t i = 0; i < m; i++) /* none is sent again */
            b->sent[ids[i] >> 6] |= 1ull << (ids[i] & 63);
        for (uint64_t i = 0; i < own; i++) {
            b->depth[ids[below + i] - lo] = b->level + 1;
            b->queue[i] = ids[below + i];
        }
    }
    b->queue_n = own;
    free(ids);
    b->lists_seconds += emogi_now() - t1;
    global[0] = scout;
    global[1] = m;
}

/* Words of rank R's slice of the frontier: bit i is its vertex lo + i. */
static uint64_t words_of(const struct dist *d, int r)
{
    return (dist_count(d, r) + 63) / 64;
}

static uint64_t slice_words(const struct dist *d)
{
    return words_of(d, d->rank);
}

/* Whether every range starts on a word: the slices are then the
 * bitmap's own words, no word shared. */
static int word_aligned(const struct dist *d)
{
    return dist_ranges_on(d, 64);
}

/* The N bits at SRC ORed into DST from bit AT on (DST has the words). */
static void place_bits(uint64_t *dst, uint64_t at, const uint64_t *src, uint64_t n)
{
    const unsigned sh = at & 63;
    uint64_t *p = dst + (at >> 6);
    for (uint64_t k = 0; k < (n + 63) / 64; k++) {
        p[k] |= src[k] << sh;
        if (sh && (k * 64 + 64 - sh) < n) /* the word's high bits reach the next word */
            p[k + 1] |= src[k] >> (64 - sh);
    }
}

/* The global frontier from every rank's slice (b->curr). */
static void share_frontier(struct dbfs *b)
{
    struct dist *d = b->d;
    uint64_t *count = b->counts, *displ = count + d->size, at = 0;
    for (int r = 0; r < d->size; r++) {
        count[r] = words_of(d, r);
        displ[r] = b->slices ? at : d->bound[r] >> 6;
        at += count[r];
    }
    uint64_t *all = b->slices ? b->slices : b->front;
    memcpy(all + displ[d->rank], b->curr, count[d->rank] * sizeof *b->curr);
    dist_allgatherv(d, all, sizeof *all, count, displ);
    if (!b->slices)
        return;
    memset(b->front, 0, (b->w->nv + 63) / 64 * sizeof *b->front);
    for (int r = 0; r < d->size; r++)
        place_bits(b->front, d->bound[r], b->slices + displ[r], dist_count(d, r));
}

static void queue_to_slice(struct dbfs *b)
{
    memset(b->curr, 0, slice_words(b->d) * sizeof *b->curr);
#pragma omp parallel for schedule(static) num_threads(host_threads(b, b->queue_n))
    for (uint64_t i = 0; i < b->queue_n; i++) {
        uint64_t v = b->queue[i] - b->d->lo;
        __atomic_fetch_or(&b->curr[v >> 6], 1ull << (v & 63), __ATOMIC_RELAXED);
    }
}

/* The slice's vertices into the queue, ascending: each thread takes a
 * share of the words, counts its bits, then writes them after the
 * shares before it. */
static void slice_to_queue(struct dbfs *b)
{
    const uint64_t words = slice_words(b->d);
    const int nt = host_threads(b, words * 4);
    uint64_t *at = dist_alloc((uint64_t)nt + 1, sizeof *at, "threads");
#pragma omp parallel num_threads(nt)
    {
        uint64_t w0, w1, c = 0;
        int t, used;
        thread_share(words, &w0, &w1, &t, &used);
        for (uint64_t i = w0; i < w1; i++)
            c += (uint64_t)__builtin_popcountll(b->curr[i]);
        at[t + 1] = c;
#pragma omp barrier
#pragma omp single
        {
            at[0] = 0;
            for (int k = 0; k < used; k++)
                at[k + 1] += at[k];
            b->queue_n = at[used];
        }
        uint64_t q = at[t];
        for (uint64_t i = w0; i < w1; i++)
            for (uint64_t bits = b->curr[i]; bits; bits &= bits - 1)
                b->queue[q++] = b->d->lo + (i << 6) + (uint64_t)__builtin_ctzll(bits);
    }
    free(at);
}

/* Whether any of V's in-neighbours is in the frontier; *read: entries read. */
DBFS_INLINE int in_frontier(struct dbfs *b, uint64_t v, uint64_t *read)
{
    const uint64_t *front = b->front;
    if (!b->in.coff) { /* plain lists: read in place */
        const uint64_t *off = b->in.off + (v - b->in.first);
        for (uint64_t e = off[0]; e < off[1]; e++) {
            uint64_t u = b->in.width == 4 ? ((const uint32_t *)b->in.ids)[e]
                                          : ((const uint64_t *)b->in.ids)[e];
            if ((front[u >> 6] >> (u & 63)) & 1) {
                *read += e + 1 - off[0];
                return 1;
            }
        }
        *read += off[1] - off[0];
        return 0;
    }
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    int n;
    emogi_list_open(&r, &b->in, v);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int k = 0; k < n; k++) {
            ++*read;
            if ((front[ids[k] >> 6] >> (ids[k] & 63)) & 1)
                return 1;
        }
    if (n < 0)
        b->corrupt = 1;
    return 0;
}

/* b->todo from the depths: this rank's unvisited vertices whose in-lists
 * are not empty, once per run of bottom-up levels (kernels/cpu/bfs.c
 * says why a bitmap: no mispredicted test per vertex). */
static void todo_from_depths(struct dbfs *b)
{
    const uint64_t lo = b->d->lo, n = b->d->hi - lo;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < (n + 63) / 64; i++) {
        uint64_t bits = 0, end = (i + 1) * 64 < n ? (i + 1) * 64 : n;
        for (uint64_t k = i * 64; k < end; k++)
            bits |= (uint64_t)((b->depth[k] == EMOGI_UNREACHED) &
                               (emogi_list_len(&b->in, lo + k) != 0))
                    << (k & 63);
        b->todo[i] = bits;
    }
}

/* One bottom-up level from b->front (ON_DEVICE: a GPU rank's device
 * bitmap) into b->curr; returns this rank's finds.  A CPU rank walks the
 * set bits of b->todo, clearing what it finds, and prefetches the next
 * word's plain lists, as kernels/cpu/bfs.c does. */
static void bu_step(struct dbfs *b, int on_device, struct emogi_bu_count *c)
{
    const uint64_t lo = b->d->lo, n = b->d->hi - lo;
    uint64_t awake = 0, examined = 0, left = 0, scout = 0;
    if (b->gpu) {
        /* the slice stays on the GPU while the bitmap is exchanged there */
        emogi_error err;
        const double t0 = emogi_now();
        dist_gpu_check(emogi_dbfs_gpu_bottom_up(b->gpu, on_device ? NULL : b->front, b->level,
                                                b->xchg ? NULL : b->curr, c, &b->examined,
                                                &err),
                       &err);
        const double tested = emogi_now() - t0;
        b->gpu_seconds += tested;
        b->lists_seconds += tested;
        return;
    }
    const double t0 = emogi_now();
    memset(b->curr, 0, slice_words(b->d) * sizeof *b->curr);
    const uint64_t words = (n + 63) / 64, *off = b->in.off + (lo - b->in.first),
                   *out = b->out.off + (lo - b->out.first);
    /* the frontier's vertices have depths: none is sent again (the GPU
     * marks its own seen bitmap alike) */
    const uint64_t all = (b->w->nv + 63) / 64;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < all; i++)
        b->sent[i] |= b->front[i];
#pragma omp parallel for schedule(dynamic, BU_CHUNK / 64) \
    reduction(+ : awake, examined, left, scout)
    for (uint64_t i = 0; i < words; i++) {
        if (!b->in.coff && i + 1 < words)
            for (uint64_t ahead = b->todo[i + 1]; ahead; ahead &= ahead - 1)
                __builtin_prefetch((const char *)b->in.ids +
                                   off[(i + 1) * 64 + (uint64_t)__builtin_ctzll(ahead)] *
                                       b->in.width);
        uint64_t found = 0;
        for (uint64_t bits = b->todo[i]; bits; bits &= bits - 1) {
            uint64_t k = i * 64 + (uint64_t)__builtin_ctzll(bits);
            if (!in_frontier(b, lo + k, &examined)) {
                left += off[k + 1] - off[k];
                continue;
            }
            b->depth[k] = b->level + 1;
            found |= 1ull << (k & 63);
            awake++;
            scout += out[k + 1] - out[k];
        }
        b->curr[i] = found;
        b->todo[i] &= ~found;
    }
    b->examined += examined;
    c->found = awake;
    c->left = left;
    c->scout = scout;
    b->lists_seconds += emogi_now() - t0;
}

/* Bottom-up levels while emogi_bfs_stay_pull says so, as in
 * kernels/cpu/bfs.c, on global counts; *frontier: its size over all
 * ranks, in and out; *reach: the out-entries of the last level's finds,
 * over all ranks.  Returns the vertices found. */
static uint64_t run_bottom_up(struct dbfs *b, const struct emogi_bfs_opts *o, double beta,
                              uint64_t *frontier, uint64_t *reach, uint32_t *pull_levels)
{
    uint64_t found = 0, awake = *frontier, old;
    int on_device = 0; /* where the frontier bitmap is assembled */
    int more, fresh = 1;
    if (b->gpu) {
        emogi_error err;
        const double t0 = emogi_now();
        if (b->xchg) /* the GPU's slice, then the others' as every level's */
            dist_gpu_check(emogi_dbfs_gpu_queue_to_front(b->gpu, &err), &err);
        else /* the bitmap is made on the host */
            dist_gpu_check(emogi_dbfs_gpu_queue(b->gpu, b->queue, &b->queue_n, &err), &err);
        b->gpu_seconds += emogi_now() - t0;
        on_device = b->xchg != NULL;
    }
    if (!on_device)
        queue_to_slice(b);
    if (!b->gpu)
        todo_from_depths(b);
    do {
        const uint32_t level = b->level;
        old = awake;
        if (on_device) /* the GPU placed its slice in its bitmap */
            dist_xchg_bitmap(b->xchg, emogi_dbfs_gpu_front(b->gpu), fresh);
        else
            share_frontier(b);
        struct emogi_bu_count c;
        bu_step(b, on_device, &c);
        on_device = b->xchg != NULL;
        fresh = 0;
        uint64_t global[3] = {c.found, c.left, c.scout};
        sums(b->d, global, 3);
        c = (struct emogi_bu_count){global[0], global[1], global[2]};
        awake = c.found;
        *reach = c.scout;
        ++*pull_levels;
        more = emogi_bfs_stay_pull(o->direction, beta, b->w->nv, old, &c);
        if (awake > 0) {
            found += awake;
            b->level++;
        }
        if (!more) { /* the next level's queue, in this level's time */
            if (b->gpu) { /* the GPU's frontier from its slice, even if empty */
                emogi_error err;
                const double t0 = emogi_now();
                dist_gpu_check(emogi_dbfs_gpu_queue_from_slice(b->gpu, &b->queue_n, &err),
                               &err);
                b->gpu_seconds += emogi_now() - t0;
            } else if (awake == 0) {
                b->queue_n = 0;
            } else {
                slice_to_queue(b);
            }
        }
        level_done(b, level, "bottom-up", awake);
        level_start(b);
    } while (more);
    *frontier = awake;
    return found;
}

static int setup(struct dbfs *b, struct dist *d, const struct emogi_graph *g)
{
    b->d = d;
    b->g = g;
    b->w = d->whole;
    b->out = dist_lists(d, emogi_lists_out(g));
    if (!(g->flags & EMOGI_DIRECTED)) {
        b->in = b->out;
        b->has_in = 1;
    } else if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets) {
        b->in = dist_lists(d, emogi_lists_transpose(g));
        b->has_in = 1;
    }
    const uint64_t nv = b->w->nv, n = d->hi - d->lo, words = (nv + 63) / 64;
    b->queue = malloc((n ? n : 1) * sizeof *b->queue);
    b->next = malloc((n ? n : 1) * sizeof *b->next);
    b->front = calloc(words ? words : 1, sizeof *b->front);
    b->curr = calloc(slice_words(d) + 1, sizeof *b->curr);
    b->todo = malloc((slice_words(d) + 1) * sizeof *b->todo);
    b->sent = calloc(words ? words : 1, sizeof *b->sent);
    b->out_ids = malloc((nv ? nv : 1) * sizeof *b->out_ids);
    b->counts = malloc(2 * (size_t)d->size * sizeof *b->counts);
    b->narrow = narrow_ids(d);
    if (!word_aligned(d)) /* each slice at most one word past its share */
        b->slices = malloc((words + (uint64_t)d->size) * sizeof *b->slices);
    return b->queue && b->next && b->front && b->curr && b->todo && b->sent && b->out_ids &&
                   b->counts &&
                   (b->slices || word_aligned(d))
               ? 0 : -1;
}

static void release(struct dbfs *b)
{
    free(b->queue);
    free(b->next);
    free(b->front);
    free(b->curr);
    free(b->todo);
    free(b->sent);
    free(b->out_ids);
    free(b->counts);
    free(b->slices);
    dist_xchg_close(b->xchg);
    dist_xchg_close(b->ids);
    if (b->peers)
        dist_bfs_peers_close(b->d, b->gpu);
    emogi_dbfs_gpu_close(b->gpu);
    free(b);
}

static void search(struct dbfs *b, uint64_t source, const struct emogi_bfs_opts *o,
                   struct emogi_bfs_stats *st)
{
    const double alpha = o->alpha > 0 ? o->alpha : EMOGI_BFS_ALPHA;
    const double beta = o->beta > 0 ? o->beta : EMOGI_BFS_BETA;
    const uint64_t *off = b->w->offsets;
    uint64_t unexplored = b->w->ne, scout = off[source + 1] - off[source], frontier = 1;
    uint64_t reach = scout; /* the frontier's out-entries, where scout may be 1 */
    if (source >= b->d->lo && source < b->d->hi) {
        b->depth[source - b->d->lo] = 0;
        b->queue[b->queue_n++] = source;
    }
    st->reached = 1;
    level_start(b);
    while (frontier > 0) {
        if (b->has_in && o->direction != EMOGI_DIR_PUSH &&
            (o->direction == EMOGI_DIR_PULL || (double)scout > (double)unexplored / alpha)) {
            st->reached += run_bottom_up(b, o, beta, &frontier, &reach, &st->pull_levels);
            scout = 1; /* as GAP: favour top-down right after bottom-up */
            continue;
        }
        unexplored -= scout < unexplored ? scout : unexplored;
        uint64_t global[2];
        const uint32_t level = b->level;
        if (level == 0 && scout <= EMOGI_DBFS_FIRST_MAX)
            first_level(b, source, global);
        else
            td_step(b, reach, global);
        st->push_levels++;
        scout = reach = global[0];
        frontier = global[1];
        if (frontier > 0)
            b->level++;
        st->reached += frontier;
        level_done(b, level, "top-down", frontier);
        level_start(b);
    }
}

/* A GPU rank's search state, on OUT and IN; 0, or -1 with ERR. */
static int gpu_open(struct dbfs *b, const struct emogi_placed *out, const struct emogi_placed *in,
                    emogi_error *err)
{
    if (!out)
        return 0;
    if (emogi_dbfs_gpu_open(out, b->has_in ? in : NULL, b->d->lo, b->w->nv, &b->gpu, err) < 0)
        return -1;
    return emogi_dbfs_gpu_route(b->gpu, b->d->bound, b->d->size, b->d->rank, b->narrow, err);
}

/*
 * The search state lives from dist_bfs_open to dist_bfs_close, every
 * search of a run reusing it: the GPU's arrays, the other ranks' arrays
 * opened through IPC and NCCL's stage.  Opened anew for each search, a
 * rank's first reads of the other GPUs' arrays in every search were slow
 * (bench/RESULTS.md, "BFS ranks read each other's GPUs"), and each
 * search paid the allocations and the opening again.
 */
int dist_bfs_open(struct dist *d, const struct emogi_graph *g, const struct emogi_bfs_opts *o,
                  const struct emogi_placed *gpu_out, const struct emogi_placed *gpu_in,
                  int trace, struct dbfs **run, emogi_error *err)
{
    *run = NULL;
    if (o->direction == EMOGI_DIR_PULL && (g->flags & EMOGI_DIRECTED) &&
        !((g->flags & EMOGI_TRANSPOSE) && g->t_offsets))
        return emogi_fail(err, "bfs: bottom-up needs in-edges: a directed graph must store its "
                               "transpose (emogi-convert --transpose)");
    struct dbfs *b = calloc(1, sizeof *b);
    int ok = b && setup(b, d, g) == 0;
    if (!dist_all(d, ok)) {
        if (b)
            release(b);
        return emogi_fail(err, ok ? "another rank ran out of memory" : "out of memory");
    }
    emogi_error gerr = {{0}};
    ok = gpu_open(b, gpu_out, gpu_in, &gerr) == 0;
    if (dist_gpu_opened(d, ok, &gerr, err) < 0) {
        release(b);
        return -1;
    }
    /* every rank the same: the graph's, the partition's and the options' */
    if (b->gpu)
        b->peers = dist_bfs_peers_open(d, b->gpu);
    struct emogi_dbfs_gpu *peers = b->peers ? b->gpu : NULL;
    if (b->gpu && b->has_in && o->direction != EMOGI_DIR_PUSH && word_aligned(d))
        b->xchg = dist_xchg_bitmap_open(d, gpu_out->device, peers);
    if (b->gpu)
        b->ids = dist_xchg_ids_open(d, gpu_out->device, peers);
    /* rank 0's word for all: mpirun need not pass the variable to every
     * rank, and every rank joins each level's gather */
    b->trace = trace;
    MPI_Bcast(&b->trace, 1, MPI_INT, 0, MPI_COMM_WORLD);
    b->o = *o;
    *run = b;
    return 0;
}

int dist_bfs(struct dbfs *b, uint64_t source, uint32_t *depth, struct emogi_bfs_stats *st,
             emogi_error *err)
{
    struct dist *d = b->d;
    emogi_error gerr = {{0}};
    memset(st, 0, sizeof *st);
    b->depth = depth;
    if (!b->gpu) { /* a GPU rank's depths come whole from its GPU, which keeps its own sent bits */
        for (uint64_t i = 0; i < d->hi - d->lo; i++)
            depth[i] = EMOGI_UNREACHED;
        memset(b->sent, 0, (b->w->nv + 63) / 64 * sizeof *b->sent);
    }
    b->queue_n = b->next_n = b->out_n = 0;
    b->level = 0;
    b->examined = 0;
    b->corrupt = 0;
    const uint64_t link0 = emogi_dbfs_gpu_link_bytes(b->gpu);
    /* the GPU's depths, seen bitmap and source set, and done, before the
     * clock: the single GPU's timer starts after its own (kernels/cuda/
     * bfs.cu, run), and the two are set side by side */
    if (b->gpu) {
        dist_gpu_check(emogi_dbfs_gpu_start(b->gpu, source, &gerr), &gerr);
        dist_gpu_check(emogi_dbfs_gpu_wait(b->gpu, &gerr), &gerr);
    }
    /* rank 0's clock starts with every rank ready: the others' set-up
     * is no more the search's time than its own */
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = emogi_now();
    search(b, source, &b->o, st);
    /* the search alone, as the single GPU's timer: the depths' copy to
     * the host is after it there too */
    st->seconds = emogi_now() - t0;
    uint64_t link = 0, edges = 0;
    if (b->gpu) {
        dist_gpu_check(emogi_dbfs_gpu_depths(b->gpu, depth, &gerr), &gerr);
        link = emogi_dbfs_gpu_link_bytes(b->gpu) - link0;
        d->link_bytes += link;
    }
    /* --stats: on the GPU, where the depths are; on the host it was a
     * pass over the range's depths and offsets between every two
     * searches, 400 MB a rank on kron 27 (bench/RESULTS.md, "The
     * component's edges counted on the GPUs") */
    if (b->o.count_reached_edges && b->gpu)
        dist_gpu_check(emogi_dbfs_gpu_reached_edges(b->gpu, &edges, &gerr), &gerr);
    else if (b->o.count_reached_edges)
        edges = emogi_bfs_reached_edges(b->w, depth, d->lo, d->hi);
    st->levels = b->level + 1;
    uint64_t figures[4] = {b->examined, (uint64_t)b->corrupt, link, edges};
    sums(d, figures, 4);
    st->edges_examined = figures[0];
    st->link_bytes = figures[2]; /* all ranks' */
    st->reached_edges = figures[3];
    st->edge_bytes = figures[0] * b->g->id_width;
    if (figures[1])
        return emogi_fail(err, "a compressed list did not decode");
    return 0;
}

void dist_bfs_close(struct dbfs *b)
{
    if (b)
        release(b);
}

/* Every rank's out-edges U -> W one level down propose U to W. */
static void propose(struct dist *d, const struct emogi_graph *g, const uint32_t *depth,
                    uint64_t *parent)
{
    struct emogi_lists out = dist_lists(d, emogi_lists_out(g));
#pragma omp parallel for schedule(dynamic, 1024)
    for (uint64_t u = d->lo; u < d->hi; u++) {
        if (depth[u] == EMOGI_UNREACHED)
            continue;
        struct emogi_list_reader r;
        uint64_t ids[EMOGI_CLIST_BLOCK];
        int n;
        emogi_list_open(&r, &out, u);
        while ((n = emogi_list_next(&r, ids)) > 0)
            for (int k = 0; k < n; k++) {
                uint64_t *slot = &parent[ids[k]];
                uint64_t cur = __atomic_load_n(slot, __ATOMIC_RELAXED);
                if (depth[ids[k]] != depth[u] + 1)
                    continue;
                while (u < cur && !__atomic_compare_exchange_n(slot, &cur, u, 1, __ATOMIC_RELAXED,
                                                               __ATOMIC_RELAXED))
                    ;
            }
    }
}

int dist_bfs_parents(struct dist *d, const struct emogi_graph *g, uint64_t source,
                     const uint32_t *depth, uint64_t *parent, emogi_error *err)
{
    const uint64_t nv = d->whole->nv;
    uint64_t *all = malloc((nv ? nv : 1) * sizeof *all);
    if (!dist_all(d, all != NULL)) {
        free(all);
        return emogi_fail(err, "parents: out of memory for %llu parents", (unsigned long long)nv);
    }
    for (uint64_t v = 0; v < nv; v++)
        all[v] = EMOGI_NO_PARENT;
    propose(d, g, depth, all);
    dist_min_scatter_u64(d, all, parent);
    free(all);
    uint64_t bad = 0;
    for (uint64_t v = d->lo; v < d->hi; v++) {
        if (v == source)
            parent[v - d->lo] = source;
        else if (depth[v] != EMOGI_UNREACHED && parent[v - d->lo] == EMOGI_NO_PARENT)
            bad++;
    }
    if (dist_sum_u64(d, bad))
        return emogi_fail(err, "parents: a reached vertex has no in-neighbour one level up");
    return 0;
}

/* Each rank searches its range; rank 0 reports and checks what a single
 * process would, and every rank writes its part (dist_write).  The
 * depths travel only where they are read: to rank 0 for --verify, to
 * every rank after the last search for --parents; --stats sums each
 * range's reached edges with the search's other figures (dist_bfs), 8
 * bytes a rank, not nv depths a search. */
void dist_bfs_run(struct dist *d, const struct emogi_graph *g, const struct dist_bfs_job *j)
{
    emogi_error err;
    double t0 = emogi_now();
    dist_partition(d, g, 64);
    const struct emogi_graph *w = d->whole; /* g: this rank's lists only */
    const int on_gpu = j->t.gpu != NULL;
    struct emogi_range range;
    struct dist_gpu gpu = {0};
    if (on_gpu)
        dist_place(d, g, j->t.gpu, emogi_dbfs_gpu_state_bytes(d->hi - d->lo, w->nv), &range, &gpu);
    uint32_t *mine = dist_alloc(d->hi - d->lo, sizeof *mine, "depths");
    uint32_t *depth = dist_alloc(w->nv, sizeof *depth, "depths");
    struct dbfs *run;
    if (dist_bfs_open(d, g, j->search, gpu.out, gpu.in, j->trace, &run, &err) < 0)
        tool_die_about(j->t.graph, &err);
    for (uint64_t i = 0; i < j->n; i++) {
        struct emogi_bfs_stats st;
        if (dist_bfs(run, j->sources[i], mine, &st, &err) < 0)
            tool_die_about(j->t.graph, &err);
        if (j->parents && i + 1 == j->n)
            dist_allgather(d, mine, sizeof *mine, depth);
        else if (j->t.verify)
            dist_gather(d, mine, sizeof *mine, depth);
        if (d->rank == 0 && (j->t.stats || j->runs))
            j->report(j->t.ctx, w, on_gpu, j->sources[i], &st);
        if (d->rank == 0 && j->t.verify) /* the shared file: g is whole */
            j->check(j->t.ctx, g, j->sources[i], depth);
    }
    dist_bfs_close(run);
    if (on_gpu)
        dist_unplace(j->t.gpu, &range);
    if (d->rank == 0 && j->runs)
        j->mean(j->t.ctx);
    uint64_t *parent = NULL;
    if (j->parents) {
        parent = dist_alloc(d->hi - d->lo, sizeof *parent, "parents");
        if (dist_bfs_parents(d, g, j->sources[j->n - 1], depth, parent, &err) < 0)
            tool_die_about(j->t.graph, &err);
    }
    if (j->t.stats)
        dist_report(d, emogi_now() - t0, d->link_bytes);
    if (j->t.out)
        dist_write(d, j->t.out, mine, TOOL_U32, w->nv, j->t.format, j->t.ids, 0);
    if (j->parents)
        dist_write(d, j->parents, parent, TOOL_U64, w->nv, j->t.format, j->t.ids, 1);
    free(parent);
    free(depth);
    free(mine);
}
