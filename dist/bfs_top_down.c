/*
 * bfs_top_down.c - the ranks' top-down BFS levels (bfs.c has the search
 * around them): a CPU rank expands its frontier, claims its own
 * neighbours and sends the others to their owners once per search in
 * one MPI_Alltoallv a level; a GPU rank does the same on its GPU
 * (dist_xchg_bfs_ids); the first level comes from a broadcast of the
 * source's list instead.
 */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bfs.h"

/*
 * Ids a thread gathers before one atomic reserves their slots in a
 * shared list, as GAP's sliding queue does.  With an atomic per id on
 * the list's one counter every thread of a rank waits on one cache line,
 * the suspect where a large top-down level of CPU ranks was slower than
 * a whole single-process search
 * (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md).
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
void dbfs_thread_share(uint64_t n, uint64_t *i0, uint64_t *i1, int *t, int *used)
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
    const int nt = dbfs_host_threads(b, n);
    uint64_t *at = dist_alloc((uint64_t)nt * (uint64_t)size, sizeof *at, "ranks");
    memset(at, 0, (size_t)nt * (size_t)size * sizeof *at);
#pragma omp parallel num_threads(nt)
    {
        uint64_t i0, i1;
        int t, used;
        dbfs_thread_share(n, &i0, &i1, &t, &used);
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
 * (bench/journal/2026-11-27-bfs-ranks-top-down-ids-as-4-byte-offsets.md).
 */
int dbfs_narrow_ids(const struct dist *d)
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
#pragma omp parallel num_threads(dbfs_host_threads(b, total)) reduction(+ : scout)
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
void dbfs_sums(struct dist *d, uint64_t *x, int n)
{
    double t0 = emogi_now();
    MPI_Allreduce(MPI_IN_PLACE, x, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
}

/* A GPU rank's top-down level, the frontier on the GPU: its lists read
 * there, the ids for other ranks sent from there, those received claimed
 * there; REACH and GLOBAL as dbfs_td_step's. */
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
    dbfs_sums(b->d, global, 2);
}

/* One top-down level from a frontier whose lists hold REACH entries
 * over all ranks: the new frontier in b->queue; [0] its out-edges, [1]
 * its vertices, over all ranks. */
void dbfs_td_step(struct dbfs *b, uint64_t reach, uint64_t global[2])
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
    dbfs_sums(b->d, global, 2);
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
 * offsets, which every rank has.  As a top-down level (dbfs_td_step) it
 * would wait on every rank twice for one list on one rank
 * (bench/journal/2026-11-29-the-first-level-from-a-broadcast.md).  A
 * longer list takes dbfs_td_step, where its GPU reads it in pieces.
 * GLOBAL as dbfs_td_step's.
 */
void dbfs_first_level(struct dbfs *b, uint64_t source, uint64_t global[2])
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
