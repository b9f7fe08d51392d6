/*
 * bfs_bottom_up.c - the ranks' bottom-up BFS levels (bfs.c has the
 * search around them): every rank tests its unvisited vertices' in-lists
 * against the global frontier bitmap, assembled from every rank's slice
 * on the host (MPI_Allgatherv) or, for GPU ranks whose ranges start on
 * words, on the device (dist_xchg_bitmap); the CPU's todo slice keeps
 * the vertices still to test.
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

/* Words of rank R's slice of the frontier: bit i is its vertex lo + i. */
static uint64_t words_of(const struct dist *d, int r)
{
    return (dist_count(d, r) + 63) / 64;
}

uint64_t dbfs_slice_words(const struct dist *d)
{
    return words_of(d, d->rank);
}

/* Whether every range starts on a word: the slices are then the
 * bitmap's own words, no word shared. */
int dbfs_word_aligned(const struct dist *d)
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
    memset(b->curr, 0, dbfs_slice_words(b->d) * sizeof *b->curr);
#pragma omp parallel for schedule(static) num_threads(dbfs_host_threads(b, b->queue_n))
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
    const uint64_t words = dbfs_slice_words(b->d);
    const int nt = dbfs_host_threads(b, words * 4);
    uint64_t *at = dist_alloc((uint64_t)nt + 1, sizeof *at, "threads");
#pragma omp parallel num_threads(nt)
    {
        uint64_t w0, w1, c = 0;
        int t, used;
        dbfs_thread_share(words, &w0, &w1, &t, &used);
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
    memset(b->curr, 0, dbfs_slice_words(b->d) * sizeof *b->curr);
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
uint64_t dbfs_run_bottom_up(struct dbfs *b, const struct emogi_bfs_opts *o, double beta,
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
        dbfs_sums(b->d, global, 3);
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
        dbfs_level_done(b, level, "bottom-up", awake);
        dbfs_level_start(b);
    } while (more);
    *frontier = awake;
    return found;
}
