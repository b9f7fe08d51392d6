/*
 * bfs.c - breadth-first search on the CPU (OpenMP): the reference backend.
 *
 * Beamer's direction-optimizing BFS (S. Beamer, K. Asanovic, D. Patterson,
 * "Direction-Optimizing Breadth-First Search", SC 2012), following the GAP
 * benchmark suite's bfs.cc.  Small frontiers go top-down: each frontier
 * vertex claims its unvisited out-neighbours with a compare-and-swap and
 * appends them to a per-thread buffer that is flushed into the shared queue.
 * Once the frontier's out-edges exceed 1/ALPHA of the edges not yet
 * explored, the search turns bottom-up: every unvisited vertex scans its
 * in-neighbours and stops at the first one whose bit is set in the frontier
 * bitmap; it turns back when the frontier shrinks below nv/BETA vertices,
 * unless (auto, not gap) the in-lists of the vertices left unreached are
 * shorter in all than the frontier's out-lists (emogi_bfs_stay_pull).
 * Bottom-up needs in-edges: the same lists for an undirected graph, the
 * stored transpose for a directed one; without a transpose the search stays
 * top-down.
 *
 * What matters for memory: top-down reads neighbour lists in queue order,
 * i.e. jumps across the edge array; bottom-up sweeps the in-edge array in
 * ascending vertex order and usually reads only a few entries of each list,
 * while its random probes hit a frontier bitmap of nv/8 bytes that stays in
 * cache.  On power-law graphs the few middle levels, which hold most of the
 * edges, run bottom-up, so most of the edge array is never read at all
 * (stats->edges_examined counts what was).
 *
 * Both id widths share one body: the workers are always_inline and called
 * with a constant width inside each parallel region, so the compiler emits
 * a 4-byte and an 8-byte copy of every inner loop.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bfs.h"
#include "clist_fast.h"

#define LOCAL_QUEUE 4096  /* ids a thread gathers before one shared append */
#define BU_CHUNK 1024     /* bottom-up schedule chunk: a multiple of 64, so
                             threads own whole bitmap words of `next` */
#define QUEUE_AHEAD 8      /* top-down: queue entries ahead whose list offsets, */
#define LIST_AHEAD 4       /* and lists, are prefetched */
#define PARALLEL_MIN_NV 4096  /* below this, thread wake-ups cost more than
                                 the search (and far more on a busy machine) */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

struct bfs {
    const struct emogi_graph *g;
    unsigned w;                       /* id width, 4 or 8 */
    const uint64_t *in_off;           /* in-edges, or NULL: top-down only */
    const void *in_nbr;
    /* compressed lists (clist_fast.h): out-edges and in-edges */
    int packed, in_packed;
    struct emogi_clist_dir out_lists, in_lists;
    uint32_t *depth;
    void *queue, *next;               /* ids of width w */
    uint64_t queue_n, next_n;
    uint64_t *front, *curr;           /* bitmaps of nv bits */
    uint64_t *unvisited;              /* bottom-up: unvisited vertices with in-edges */
    uint64_t words;                   /* 64-bit words per bitmap */
    uint32_t level;                   /* depth of the current frontier */
    uint64_t scout, awake, left;      /* per step, summed over threads */
    uint64_t examined, reached;       /* whole search */
    uint32_t push_levels, pull_levels;
    int parallel;                     /* worth waking threads for */
    enum emogi_direction dir;
    double alpha, beta;               /* GAP's thresholds (emogi_bfs.h) */
    const struct emogi_bfs_opts *trace; /* its level_done, or NULL */
    double mark;                      /* the level's start, when traced */
};

/* The level just done, to the trace. */
static void traced(struct bfs *b, uint32_t level, enum emogi_direction way, uint64_t found)
{
    if (!b->trace)
        return;
    const double now = emogi_now();
    b->trace->level_done(b->trace->level_arg, level, way, found, now - b->mark);
    b->mark = now;
}

ALWAYS_INLINE uint64_t id_at(const void *a, uint64_t i, unsigned w)
{
    return w == 4 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}

ALWAYS_INLINE void id_put(void *a, uint64_t i, uint64_t v, unsigned w)
{
    if (w == 4)
        ((uint32_t *)a)[i] = (uint32_t)v;
    else
        ((uint64_t *)a)[i] = v;
}

/* Append a thread's buffer to b->next with one atomic reservation. */
ALWAYS_INLINE void flush(struct bfs *b, const uint64_t *buf, size_t n, unsigned w)
{
    uint64_t at = __atomic_fetch_add(&b->next_n, (uint64_t)n, __ATOMIC_RELAXED);
    for (size_t i = 0; i < n; i++)
        id_put(b->next, at + i, buf[i], w);
}

/* A thread's frontier buffer and its counts during a top-down step. */
struct td_local {
    uint64_t buf[LOCAL_QUEUE];
    size_t n;
    uint64_t scout;
};

/* Claim V for the next level if no thread has; queue it. */
ALWAYS_INLINE void td_visit(struct bfs *b, struct td_local *t, uint64_t v, uint32_t next_depth,
                            unsigned w)
{
    const uint64_t *off = b->g->offsets;
    uint32_t seen = EMOGI_UNREACHED;
    if (__atomic_load_n(&b->depth[v], __ATOMIC_RELAXED) != EMOGI_UNREACHED ||
        !__atomic_compare_exchange_n(&b->depth[v], &seen, next_depth, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        return;
    t->scout += off[v + 1] - off[v];
    t->buf[t->n++] = v;
    if (t->n == LOCAL_QUEUE) {
        flush(b, t->buf, t->n, w);
        t->n = 0;
    }
}

/* The neighbours of U, plain or decoded a block at a time. */
ALWAYS_INLINE void td_list(struct bfs *b, struct td_local *t, uint64_t u, uint32_t next_depth,
                           unsigned w)
{
    const uint64_t *off = b->g->offsets;
    if (!b->packed) {
        for (uint64_t e = off[u]; e < off[u + 1]; e++)
            td_visit(b, t, id_at(b->g->neighbors, e, w), next_depth, w);
        return;
    }
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned n;
    emogi_clist_open(&c, &b->out_lists, u);
    while ((n = emogi_clist_read(&c, ids)) > 0)
        for (unsigned i = 0; i < n; i++)
            td_visit(b, t, ids[i], next_depth, w);
}

/* The queue is read in order, its lists at random: ask for the list
 * offsets of the entry QUEUE_AHEAD on and the list of the one
 * LIST_AHEAD on, so that neither waits on a miss
 * (bench/journal/2026-11-24-compressed-lists-on-the-cpu-inlined-decoders.md).
 * A compressed list is found through coffsets: their entries are asked
 * for with the offsets. */
ALWAYS_INLINE void td_prefetch(const struct bfs *b, uint64_t i, unsigned w)
{
    const uint64_t *off = b->g->offsets;
    if (i + QUEUE_AHEAD < b->queue_n) {
        uint64_t a = id_at(b->queue, i + QUEUE_AHEAD, w);
        __builtin_prefetch(&off[a]);
        if (b->packed)
            __builtin_prefetch(&b->out_lists.coff[a]);
    }
    if (i + LIST_AHEAD < b->queue_n) {
        uint64_t a = id_at(b->queue, i + LIST_AHEAD, w);
        if (b->packed)
            __builtin_prefetch(b->out_lists.bytes + b->out_lists.coff[a]);
        else
            __builtin_prefetch((const char *)b->g->neighbors + off[a] * w);
    }
}

ALWAYS_INLINE void td_work(struct bfs *b, unsigned w)
{
    const uint64_t *off = b->g->offsets;
    uint32_t next_depth = b->level + 1;
    struct td_local t;
    t.n = 0;
    t.scout = 0;
    uint64_t examined = 0;

#pragma omp for schedule(dynamic, 64) nowait
    for (uint64_t i = 0; i < b->queue_n; i++) {
        td_prefetch(b, i, w);
        uint64_t u = id_at(b->queue, i, w);
        td_list(b, &t, u, next_depth, w);
        examined += off[u + 1] - off[u];
    }
    flush(b, t.buf, t.n, w);
    __atomic_fetch_add(&b->scout, t.scout, __ATOMIC_RELAXED);
    __atomic_fetch_add(&b->examined, examined, __ATOMIC_RELAXED);
}

/* Expand the queue into b->next; b->scout = out-edges of the new frontier. */
static void td_step(struct bfs *b)
{
    b->scout = 0;
#pragma omp parallel if (b->parallel)
    {
        if (b->w == 4)
            td_work(b, 4);
        else
            td_work(b, 8);
    }
}

ALWAYS_INLINE bool bit(const uint64_t *bm, uint64_t i)
{
    return (bm[i >> 6] >> (i & 63)) & 1;
}

/* Entries of U's in-list (OFF, NBR) read until one is in the frontier
 * FRONT (all when none is; then *HIT stays 0). */
ALWAYS_INLINE uint64_t bu_scan(const uint64_t *off, const void *nbr, const uint64_t *front,
                               uint64_t u, int *hit, unsigned w)
{
    for (uint64_t e = off[u]; e < off[u + 1]; e++)
        if (bit(front, id_at(nbr, e, w))) {
            *hit = 1;
            return e + 1 - off[u];
        }
    return off[u + 1] - off[u];
}

/* The same over a compressed list, decoded only up to the hit
 * (emogi_clist_find). */
ALWAYS_INLINE uint64_t bu_scan_packed(const struct bfs *b, uint64_t u, int *hit)
{
    uint64_t read;
    const unsigned char *list = b->in_lists.bytes + b->in_lists.coff[u];
    if (b->in_lists.end - list > EMOGI_CLIST_BYTES_AHEAD) /* swept in order, yet late */
        __builtin_prefetch(list + EMOGI_CLIST_BYTES_AHEAD);
    *hit = emogi_clist_find(&b->in_lists, u, b->front, &read);
    return read;
}

/*
 * The sweep over the vertices still to do, a bitmap word at a time (the
 * bench entry "BFS: the next lists ahead" measured each of these):
 * - only the set bits of b->unvisited are visited, found by their position:
 *   where visited and isolated vertices lie in random order (as on
 *   kron 22), a test per vertex of its depth mispredicts about every
 *   other time, and a late level that finds a few thousand vertices
 *   would cost as much as the first;
 * - the lists of the next word's vertices are prefetched, because the
 *   sweep skips the lists of visited vertices, so the hardware's stream
 *   prefetch loses the way and each list's first line would be a miss;
 * - the arrays are read through locals, which the stores into depth
 *   cannot alias, rather than reloaded from *b at every vertex;
 * - compressed lists are first asked about their first entries alone,
 *   a word's lists at a time and without a branch on each answer
 *   (emogi_clist_first_find), then the lists those leave open are read
 *   through emogi_clist_find: most lists stop at their first entry, and a
 *   branch on each answer mispredicted and waited on every list's decode
 *   (bench/journal/2026-12-07-compressed-bottom-up-first-entries.md).
 * Each word of next is written whole by the thread that owns it.
 */
ALWAYS_INLINE void bu_work(struct bfs *b, unsigned w)
{
    uint64_t *next = b->curr, *unvisited = b->unvisited, words = b->words;
    uint32_t *depth = b->depth, next_depth = b->level + 1;
    const uint64_t *off = b->in_off, *front = b->front, *out = b->g->offsets;
    const void *nbr = b->in_nbr;
    const int packed = b->in_packed;
    uint64_t awake = 0, examined = 0, left = 0, scout = 0;

#pragma omp for schedule(dynamic, BU_CHUNK / 64) nowait
    for (uint64_t i = 0; i < words; i++) {
        if (!packed && i + 1 < words)
            for (uint64_t ahead = unvisited[i + 1]; ahead; ahead &= ahead - 1)
                __builtin_prefetch((const char *)nbr +
                                   off[(i + 1) * 64 + (uint64_t)__builtin_ctzll(ahead)] * w);
        uint64_t found = 0, todo = unvisited[i];
        if (packed) { /* first entries first: see above */
            uint64_t decided = 0;
            for (uint64_t bits = todo; bits; bits &= bits - 1) {
                uint64_t u = i * 64 + (uint64_t)__builtin_ctzll(bits);
                int hit;
                decided |= (uint64_t)emogi_clist_first_find(&b->in_lists, u, front, &hit)
                           << (u & 63);
                found |= (uint64_t)hit << (u & 63);
            }
            examined += (uint64_t)__builtin_popcountll(decided);
            for (uint64_t bits = found; bits; bits &= bits - 1) {
                uint64_t u = i * 64 + (uint64_t)__builtin_ctzll(bits);
                depth[u] = next_depth;
                awake++;
                scout += out[u + 1] - out[u];
            }
            for (uint64_t bits = decided & ~found; bits; bits &= bits - 1) {
                uint64_t u = i * 64 + (uint64_t)__builtin_ctzll(bits);
                left += off[u + 1] - off[u];
            }
            todo &= ~decided;
        }
        for (uint64_t bits = todo; bits; bits &= bits - 1) {
            uint64_t u = i * 64 + (uint64_t)__builtin_ctzll(bits);
            int hit = 0;
            examined += packed ? bu_scan_packed(b, u, &hit) : bu_scan(off, nbr, front, u, &hit, w);
            if (hit) {
                depth[u] = next_depth;
                found |= 1ull << (u & 63);
                awake++;
                scout += out[u + 1] - out[u];
            } else {
                left += off[u + 1] - off[u];
            }
        }
        next[i] = found;
        unvisited[i] &= ~found;
    }
    __atomic_fetch_add(&b->awake, awake, __ATOMIC_RELAXED);
    __atomic_fetch_add(&b->examined, examined, __ATOMIC_RELAXED);
    __atomic_fetch_add(&b->left, left, __ATOMIC_RELAXED);
    __atomic_fetch_add(&b->scout, scout, __ATOMIC_RELAXED);
}

/* b->unvisited from the depths: the unvisited vertices whose in-lists are not
 * empty (those with none can never be found bottom-up).  Built once per
 * run of bottom-up levels; each level clears what it finds. */
static void todo_from_depths(struct bfs *b)
{
    const uint64_t nv = b->g->nv, *off = b->in_off;
    const uint32_t *depth = b->depth;
#pragma omp parallel for schedule(static) if (b->parallel)
    for (uint64_t i = 0; i < b->words; i++) {
        uint64_t bits = 0, end = (i + 1) * 64 < nv ? (i + 1) * 64 : nv;
        for (uint64_t u = i * 64; u < end; u++)
            bits |= (uint64_t)((depth[u] == EMOGI_UNREACHED) & (off[u + 1] != off[u]))
                    << (u & 63); /* & not &&: no branch */
        b->unvisited[i] = bits;
    }
}

/* One bottom-up level from the bitmap b->front into b->curr; b->awake,
 * b->left, b->scout: its emogi_bu_count. */
static void bu_step(struct bfs *b)
{
    b->awake = b->left = b->scout = 0;
#pragma omp parallel if (b->parallel)
    {
        if (b->w == 4)
            bu_work(b, 4);
        else
            bu_work(b, 8);
    }
}

static void queue_to_bitmap(struct bfs *b)
{
#pragma omp parallel if (b->parallel)
    {
#pragma omp for
        for (uint64_t i = 0; i < b->words; i++)
            b->front[i] = 0;
#pragma omp for
        for (uint64_t i = 0; i < b->queue_n; i++) {
            uint64_t v = id_at(b->queue, i, b->w);
            __atomic_fetch_or(&b->front[v >> 6], 1ull << (v & 63), __ATOMIC_RELAXED);
        }
    }
}

ALWAYS_INLINE void gather_work(struct bfs *b, unsigned w)
{
    uint64_t buf[LOCAL_QUEUE];
    size_t n = 0;

#pragma omp for schedule(static) nowait
    for (uint64_t i = 0; i < b->words; i++) {
        for (uint64_t bits = b->front[i]; bits; bits &= bits - 1) {
            buf[n++] = (i << 6) + (uint64_t)__builtin_ctzll(bits);
            if (n == LOCAL_QUEUE) {
                flush(b, buf, n, w);
                n = 0;
            }
        }
    }
    flush(b, buf, n, w);
}

static void swap_queues(struct bfs *b)
{
    void *t = b->queue;
    b->queue = b->next;
    b->next = t;
    b->queue_n = b->next_n;
    b->next_n = 0;
}

/* The frontier bitmap back into a queue, leaving it in b->queue. */
static void bitmap_to_queue(struct bfs *b)
{
    b->next_n = 0;
#pragma omp parallel if (b->parallel)
    {
        if (b->w == 4)
            gather_work(b, 4);
        else
            gather_work(b, 8);
    }
    swap_queues(b);
}

/* Bottom-up levels while emogi_bfs_stay_pull says so. */
static uint64_t run_bottom_up(struct bfs *b)
{
    uint64_t found = 0, awake = b->queue_n, old;
    int more;
    queue_to_bitmap(b);
    todo_from_depths(b);
    do {
        old = awake;
        bu_step(b);
        b->pull_levels++;
        awake = b->awake;
        traced(b, b->level, EMOGI_DIR_PULL, awake);
        if (awake == 0)
            break;
        const struct emogi_bu_count c = {awake, b->left, b->scout};
        more = emogi_bfs_stay_pull(b->dir, b->beta, b->g->nv, old, &c);
        found += awake;
        b->level++;
        uint64_t *t = b->front;
        b->front = b->curr;
        b->curr = t;
    } while (more);
    if (awake == 0)
        b->queue_n = 0;
    else
        bitmap_to_queue(b);
    return found;
}

static void search(struct bfs *b, uint64_t source)
{
    const uint64_t *off = b->g->offsets;
    uint64_t unexplored = b->g->ne, scout = off[source + 1] - off[source];

    id_put(b->queue, 0, source, b->w);
    b->queue_n = 1;
    b->depth[source] = 0;
    b->level = 0;
    b->reached = 1;
    b->mark = b->trace ? emogi_now() : 0;
    while (b->queue_n > 0) {
        if (b->in_off && b->dir != EMOGI_DIR_PUSH &&
            (b->dir == EMOGI_DIR_PULL || (double)scout > unexplored / b->alpha)) {
            b->reached += run_bottom_up(b);
            scout = 1; /* as GAP: favour top-down right after bottom-up */
            continue;
        }
        unexplored -= scout < unexplored ? scout : unexplored;
        td_step(b);
        b->push_levels++;
        traced(b, b->level, EMOGI_DIR_PUSH, b->next_n);
        scout = b->scout;
        swap_queues(b);
        if (b->queue_n > 0)
            b->level++;
        b->reached += b->queue_n;
    }
}

static int setup(struct bfs *b, const struct emogi_graph *g, const struct emogi_bfs_opts *o,
                 uint32_t *depth, emogi_error *err)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->dir = o ? o->direction : EMOGI_DIR_AUTO;
    b->alpha = o && o->alpha > 0 ? o->alpha : EMOGI_BFS_ALPHA;
    b->beta = o && o->beta > 0 ? o->beta : EMOGI_BFS_BETA;
    b->trace = o && o->level_done ? o : NULL;
    b->w = g->id_width;
    b->depth = depth;
    b->parallel = g->nv >= PARALLEL_MIN_NV;
    b->packed = emogi_compressed(g);
    if (b->packed)
        b->out_lists = emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, g->nv);
    if (!(g->flags & EMOGI_DIRECTED)) {
        b->in_off = g->offsets;
        b->in_nbr = g->neighbors;
        b->in_packed = b->packed;
        b->in_lists = b->out_lists;
    } else if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets &&
               (g->t_neighbors || g->t_coffsets)) {
        b->in_off = g->t_offsets;
        b->in_nbr = g->t_neighbors;
        b->in_packed = b->packed && g->t_coffsets;
        if (b->in_packed)
            b->in_lists = emogi_clist_dir_of(g->t_offsets, g->t_coffsets, g->t_cneighbors, g->nv);
    }
    if (b->dir == EMOGI_DIR_PULL && !b->in_off)
        return emogi_fail(err, "bfs: bottom-up needs in-edges: a directed graph must store its "
                               "transpose (emogi-convert --transpose)");
    b->words = (g->nv + 63) / 64;
    b->queue = malloc(g->nv * b->w);
    b->next = malloc(g->nv * b->w);
    if (b->in_off) {
        b->front = malloc(b->words * sizeof *b->front);
        b->curr = malloc(b->words * sizeof *b->curr);
        b->unvisited = malloc(b->words * sizeof *b->unvisited);
    }
    if (!b->queue || !b->next || (b->in_off && (!b->front || !b->curr || !b->unvisited)))
        return emogi_fail(err, "bfs: out of memory for queues of %llu vertices",
                          (unsigned long long)g->nv);
    return 0;
}

static void teardown(struct bfs *b)
{
    free(b->queue);
    free(b->next);
    free(b->front);
    free(b->curr);
    free(b->unvisited);
}

int emogi_bfs_cpu(const struct emogi_graph *g, uint64_t source, uint32_t *depth,
                  struct emogi_bfs_stats *st, emogi_error *err)
{
    return emogi_bfs_cpu_with(g, source, NULL, depth, st, err);
}

int emogi_bfs_cpu_with(const struct emogi_graph *g, uint64_t source,
                       const struct emogi_bfs_opts *o, uint32_t *depth,
                       struct emogi_bfs_stats *st, emogi_error *err)
{
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "bfs: id width %u is neither 4 nor 8", g->id_width);
    if (source >= g->nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(g->nv ? g->nv - 1 : 0));
    double t0 = emogi_now();
    struct bfs b;
    if (setup(&b, g, o, depth, err) < 0) {
        teardown(&b);
        return -1;
    }
#pragma omp parallel for schedule(static) if (b.parallel)
    for (uint64_t v = 0; v < g->nv; v++)
        depth[v] = EMOGI_UNREACHED;
    search(&b, source);
    teardown(&b);
    if (st) {
        st->seconds = emogi_now() - t0;
        st->levels = b.level + 1;
        st->reached = b.reached;
        st->edges_examined = b.examined;
        st->edge_bytes = b.examined * g->id_width;
        st->push_levels = b.push_levels;
        st->pull_levels = b.pull_levels;
        st->reached_edges = o && o->count_reached_edges
                                ? emogi_bfs_reached_edges(g, depth, 0, g->nv)
                                : 0;
    }
    return 0;
}

uint64_t emogi_bfs_reached_edges(const struct emogi_graph *g, const uint32_t *depth, uint64_t lo,
                                 uint64_t hi)
{
    uint64_t sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (uint64_t v = lo; v < hi; v++)
        if (depth[v - lo] != EMOGI_UNREACHED)
            sum += g->offsets[v + 1] - g->offsets[v];
    return sum;
}
