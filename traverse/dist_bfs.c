/*
 * dist_bfs.c - breadth-first search over MPI ranks (CPU ranks, OpenMP
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
 * Top-down: owners expand their frontier vertices; a neighbour owned by
 * the rank is claimed at once, any other is sent to its owner, once per
 * search (a bitmap of ids already sent), with one MPI_Alltoallv per
 * level.  The exchange is sparse because a top-down frontier is small:
 * sending the discovered ids moves at most one id per vertex per search,
 * where any dense form would move nv bits every level.
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
 * with its range's lists placed on its GPU and its depths kept there: a
 * top-down level copies its frontier to the GPU and gets back the
 * vertices it found and the ids to send, which travel as above through
 * host buffers; the ids received are claimed on the GPU; a bottom-up
 * level reads the global frontier bitmap on the GPU and gets back the
 * rank's slice.  The first level after top-down ones copies the bitmap
 * assembled as above to the GPU; the next ones, when every range starts
 * on a word, keep it there: the GPU places its slice in its own words
 * and the others arrive by the device-array exchange CC uses (dist_gpu.c:
 * NCCL, or host buffers).  The direction rule's counts come from the
 * host.  The top-down ids travel through host buffers even where NCCL
 * is built in: the rule keeps a level top-down only while its frontier's
 * edges are a small share of those left (alpha), so its ids are few next
 * to a bottom-up level's nv/8-byte bitmap, and the host holds the
 * frontier and its out-edge count for that rule anyway.  (Not measured
 * apart from the rest; bench/mpi.sh's communication seconds hold both.)
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
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "emogi_clist.h"
#include "emogi_dist_gpu.h"
#include "tool.h"

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
    uint64_t scout;              /* out-edges of this rank's new frontier */
    uint32_t level;
    uint64_t examined;
    int corrupt;                 /* a compressed list did not decode */
    struct emogi_dbfs_gpu *gpu;  /* a GPU rank: the lists and depths on the GPU */
    struct dist_xchg *xchg;      /* its frontier bitmap's exchange on the device, or NULL */
    uint64_t *counts;            /* 2 * size: counts and displacements for MPI */
};

static int claim(struct dbfs *b, uint64_t v)
{
    uint32_t *slot = &b->depth[v - b->d->lo], seen = EMOGI_UNREACHED;
    if (__atomic_load_n(slot, __ATOMIC_RELAXED) != EMOGI_UNREACHED ||
        !__atomic_compare_exchange_n(slot, &seen, b->level + 1, 0, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        return 0;
    uint64_t at = __atomic_fetch_add(&b->next_n, 1, __ATOMIC_RELAXED);
    b->next[at] = v;
    __atomic_fetch_add(&b->scout, b->w->offsets[v + 1] - b->w->offsets[v], __ATOMIC_RELAXED);
    return 1;
}

/* A remote id, once per search, onto the send list (which holds nv). */
static void send_later(struct dbfs *b, uint64_t w)
{
    uint64_t bit = 1ull << (w & 63);
    if (__atomic_fetch_or(&b->sent[w >> 6], bit, __ATOMIC_RELAXED) & bit)
        return;
    uint64_t at = __atomic_fetch_add(&b->out_n, 1, __ATOMIC_RELAXED);
    b->out_ids[at] = w;
}

static void expand(struct dbfs *b)
{
    uint64_t examined = 0;
    int corrupt = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : examined) reduction(| : corrupt)
    for (uint64_t i = 0; i < b->queue_n; i++) {
        struct emogi_list_reader r;
        uint64_t ids[EMOGI_CLIST_BLOCK];
        int n;
        emogi_list_open(&r, &b->out, b->queue[i]);
        while ((n = emogi_list_next(&r, ids)) > 0)
            for (int k = 0; k < n; k++) {
                uint64_t w = ids[k];
                if (w >= b->d->lo && w < b->d->hi)
                    claim(b, w);
                else
                    send_later(b, w);
            }
        corrupt |= n < 0;
        examined += emogi_list_len(&b->out, b->queue[i]);
    }
    b->examined += examined;
    b->corrupt |= corrupt;
}


/* A GPU rank's top-down work: the frontier's lists read on the GPU; the
 * new frontier's out-edges counted here, from the mapped offsets. */
static void gpu_expand(struct dbfs *b)
{
    emogi_error err;
    dist_gpu_check(emogi_dbfs_gpu_expand(b->gpu, b->queue, b->queue_n, b->level, b->next,
                                         &b->next_n, b->out_ids, &b->out_n, &b->examined, &err),
                   &err);
}

static uint64_t out_edges(const struct dbfs *b, const uint64_t *v, uint64_t n)
{
    uint64_t e = 0;
    for (uint64_t i = 0; i < n; i++)
        e += b->w->offsets[v[i] + 1] - b->w->offsets[v[i]];
    return e;
}

/* The send list sorted by owner into SEND; SC: how many for each rank. */
static void bucket(struct dbfs *b, uint64_t *send, uint64_t *sc)
{
    int size = b->d->size;
    uint64_t *at = dist_alloc((uint64_t)size, sizeof *at, "ranks");
    memset(sc, 0, (size_t)size * sizeof *sc);
    for (uint64_t i = 0; i < b->out_n; i++)
        sc[dist_owner(b->d, b->out_ids[i])]++;
    at[0] = 0;
    for (int r = 1; r < size; r++)
        at[r] = at[r - 1] + sc[r - 1];
    for (uint64_t i = 0; i < b->out_n; i++)
        send[at[dist_owner(b->d, b->out_ids[i])]++] = b->out_ids[i];
    free(at);
}

/* The send list to the owners (dist_alltoallv); the ids received are
 * claimed here. */
static void exchange(struct dbfs *b)
{
    uint64_t *send = dist_alloc(b->out_n, sizeof *send, "ids to send"), total;
    bucket(b, send, b->counts);
    uint64_t *recv = dist_alltoallv(b->d, send, b->counts, sizeof *send, &total);
    free(send);
    if (b->gpu) {
        emogi_error err;
        dist_gpu_check(
            emogi_dbfs_gpu_claim(b->gpu, recv, total, b->level, b->next, &b->next_n, &err),
            &err);
    } else {
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < total; i++)
            claim(b, recv[i]);
    }
    free(recv);
}

/* MPI_Allreduce of a few sums at once. */
static void sums(struct dist *d, uint64_t *x, int n)
{
    double t0 = emogi_now();
    MPI_Allreduce(MPI_IN_PLACE, x, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
}

/* One top-down level: the new frontier in b->queue; [0] its out-edges,
 * [1] its vertices, over all ranks. */
static void td_step(struct dbfs *b, uint64_t global[2])
{
    b->next_n = 0;
    b->out_n = 0;
    b->scout = 0;
    if (b->gpu)
        gpu_expand(b);
    else
        expand(b);
    exchange(b);
    if (b->gpu)
        b->scout = out_edges(b, b->next, b->next_n);
    uint64_t *t = b->queue;
    b->queue = b->next;
    b->next = t;
    b->queue_n = b->next_n;
    global[0] = b->scout;
    global[1] = b->queue_n;
    sums(b->d, global, 2);
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
    for (int r = 0; r < d->size; r++)
        if (d->bound[r] % 64 && d->bound[r] < d->bound[d->size])
            return 0;
    return 1;
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
    for (uint64_t i = 0; i < b->queue_n; i++) {
        uint64_t v = b->queue[i] - b->d->lo;
        b->curr[v >> 6] |= 1ull << (v & 63);
    }
}

static void slice_to_queue(struct dbfs *b)
{
    b->queue_n = 0;
    for (uint64_t i = 0; i < slice_words(b->d); i++)
        for (uint64_t bits = b->curr[i]; bits; bits &= bits - 1)
            b->queue[b->queue_n++] = b->d->lo + (i << 6) + (uint64_t)__builtin_ctzll(bits);
}

/* Whether any of V's in-neighbours is in the frontier; *read: entries read. */
static int in_frontier(struct dbfs *b, uint64_t v, uint64_t *read)
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
static uint64_t bu_step(struct dbfs *b, int on_device)
{
    const uint64_t lo = b->d->lo, n = b->d->hi - lo;
    uint64_t awake = 0, examined = 0;
    if (b->gpu) {
        emogi_error err;
        dist_gpu_check(emogi_dbfs_gpu_bottom_up(b->gpu, on_device ? NULL : b->front, b->level,
                                                b->curr, &awake, &b->examined, &err),
                       &err);
        return awake;
    }
    memset(b->curr, 0, slice_words(b->d) * sizeof *b->curr);
    const uint64_t words = (n + 63) / 64, *off = b->in.off + (lo - b->in.first);
#pragma omp parallel for schedule(dynamic, BU_CHUNK / 64) reduction(+ : awake, examined)
    for (uint64_t i = 0; i < words; i++) {
        if (!b->in.coff && i + 1 < words)
            for (uint64_t ahead = b->todo[i + 1]; ahead; ahead &= ahead - 1)
                __builtin_prefetch((const char *)b->in.ids +
                                   off[(i + 1) * 64 + (uint64_t)__builtin_ctzll(ahead)] *
                                       b->in.width);
        uint64_t found = 0;
        for (uint64_t bits = b->todo[i]; bits; bits &= bits - 1) {
            uint64_t k = i * 64 + (uint64_t)__builtin_ctzll(bits);
            if (!in_frontier(b, lo + k, &examined))
                continue;
            b->depth[k] = b->level + 1;
            found |= 1ull << (k & 63);
            awake++;
        }
        b->curr[i] = found;
        b->todo[i] &= ~found;
    }
    b->examined += examined;
    return awake;
}

/* Bottom-up levels while the frontier is large (GAP's rule, as
 * kernels/cpu/bfs.c applies it, on global counts); *frontier: its size
 * over all ranks, in and out.  Returns the vertices found. */
static uint64_t run_bottom_up(struct dbfs *b, const struct emogi_bfs_opts *o, double beta,
                              uint64_t *frontier, uint32_t *pull_levels)
{
    uint64_t found = 0, awake = *frontier, old;
    int on_device = 0; /* the first level's frontier comes from the queue, on the host */
    queue_to_slice(b);
    if (!b->gpu)
        todo_from_depths(b);
    do {
        old = awake;
        if (on_device) /* the GPU placed its slice in its bitmap */
            dist_xchg_bitmap(b->xchg, emogi_dbfs_gpu_front(b->gpu));
        else
            share_frontier(b);
        awake = bu_step(b, on_device);
        on_device = b->xchg != NULL;
        sums(b->d, &awake, 1);
        ++*pull_levels;
        if (awake == 0)
            break;
        found += awake;
        b->level++;
    } while (o->direction == EMOGI_DIR_PULL || awake >= old ||
             (double)awake > (double)b->w->nv / beta);
    if (awake == 0)
        b->queue_n = 0;
    else
        slice_to_queue(b);
    *frontier = awake;
    return found;
}

static int setup(struct dbfs *b, struct dist *d, const struct emogi_graph *g, uint32_t *depth)
{
    memset(b, 0, sizeof *b);
    b->d = d;
    b->g = g;
    b->w = d->whole;
    b->depth = depth;
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
    if (!word_aligned(d)) /* each slice at most one word past its share */
        b->slices = malloc((words + (uint64_t)d->size) * sizeof *b->slices);
    for (uint64_t i = 0; i < n; i++)
        depth[i] = EMOGI_UNREACHED;
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
    emogi_dbfs_gpu_close(b->gpu);
}

static void search(struct dbfs *b, uint64_t source, const struct emogi_bfs_opts *o,
                   struct emogi_bfs_stats *st)
{
    const double alpha = o->alpha > 0 ? o->alpha : EMOGI_BFS_ALPHA;
    const double beta = o->beta > 0 ? o->beta : EMOGI_BFS_BETA;
    const uint64_t *off = b->w->offsets;
    uint64_t unexplored = b->w->ne, scout = off[source + 1] - off[source], frontier = 1;
    if (b->gpu) {
        emogi_error err;
        dist_gpu_check(emogi_dbfs_gpu_start(b->gpu, source, &err), &err);
    }
    if (source >= b->d->lo && source < b->d->hi) {
        b->depth[source - b->d->lo] = 0;
        b->queue[b->queue_n++] = source;
    }
    st->reached = 1;
    while (frontier > 0) {
        if (b->has_in && o->direction != EMOGI_DIR_PUSH &&
            (o->direction == EMOGI_DIR_PULL || (double)scout > (double)unexplored / alpha)) {
            st->reached += run_bottom_up(b, o, beta, &frontier, &st->pull_levels);
            scout = 1; /* as GAP: favour top-down right after bottom-up */
            continue;
        }
        unexplored -= scout < unexplored ? scout : unexplored;
        uint64_t global[2];
        td_step(b, global);
        st->push_levels++;
        scout = global[0];
        frontier = global[1];
        if (frontier > 0)
            b->level++;
        st->reached += frontier;
    }
}

/* A GPU rank's search state, on OUT and IN; 0, or -1 with ERR. */
static int gpu_open(struct dbfs *b, const struct emogi_placed *out, const struct emogi_placed *in,
                    emogi_error *err)
{
    if (!out)
        return 0;
    return emogi_dbfs_gpu_open(out, b->has_in ? in : NULL, b->d->lo, b->w->nv, &b->gpu, err);
}

int dist_bfs(struct dist *d, const struct emogi_graph *g, uint64_t source,
             const struct emogi_bfs_opts *o, const struct emogi_placed *gpu_out,
             const struct emogi_placed *gpu_in, uint32_t *depth, struct emogi_bfs_stats *st,
             emogi_error *err)
{
    struct dbfs b;
    memset(st, 0, sizeof *st);
    if (o->direction == EMOGI_DIR_PULL && (g->flags & EMOGI_DIRECTED) &&
        !((g->flags & EMOGI_TRANSPOSE) && g->t_offsets))
        return emogi_fail(err, "bfs: bottom-up needs in-edges: a directed graph must store its "
                               "transpose (emogi-convert --transpose)");
    int ok = setup(&b, d, g, depth) == 0;
    if (!dist_all(d, ok)) {
        release(&b);
        return emogi_fail(err, ok ? "another rank ran out of memory" : "out of memory");
    }
    emogi_error gerr = {{0}};
    ok = gpu_open(&b, gpu_out, gpu_in, &gerr) == 0;
    if (dist_gpu_opened(d, ok, &gerr, err) < 0) {
        release(&b);
        return -1;
    }
    /* every rank the same: the graph's, the partition's and the options' */
    if (b.gpu && b.has_in && o->direction != EMOGI_DIR_PUSH && word_aligned(d))
        b.xchg = dist_xchg_bitmap_open(d, gpu_out->device);
    double t0 = emogi_now();
    search(&b, source, o, st);
    uint64_t link = 0;
    if (b.gpu) {
        dist_gpu_check(emogi_dbfs_gpu_depths(b.gpu, depth, &gerr), &gerr);
        link = emogi_dbfs_gpu_link_bytes(b.gpu);
        d->link_bytes += link;
    }
    st->seconds = emogi_now() - t0;
    st->levels = b.level + 1;
    uint64_t figures[3] = {b.examined, (uint64_t)b.corrupt, link};
    sums(d, figures, 3);
    st->edges_examined = figures[0];
    st->link_bytes = figures[2]; /* all ranks' */
    st->edge_bytes = figures[0] * g->id_width;
    release(&b);
    if (figures[1])
        return emogi_fail(err, "a compressed list did not decode");
    return 0;
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
