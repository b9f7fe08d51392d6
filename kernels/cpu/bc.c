/*
 * bc.c - betweenness centrality on the CPU (OpenMP): the reference
 * backend.
 *
 * Brandes' algorithm (U. Brandes, "A faster algorithm for betweenness
 * centrality", J. Math. Sociology 25(2), 2001) with the level-synchronous
 * phases of Madduri et al. (IPDPS 2009), as GAP's bc.cc runs it: a BFS
 * from the source counts shortest paths (sigma), and the levels are kept
 * as slices of one queue; then the dependencies are accumulated level by
 * level back towards the source.
 *
 * A forward level goes one of two ways.  Top-down, as GAP's: each
 * frontier vertex adds its count to every neighbour one level down, with
 * a compare-and-swap to claim it and an atomic addition.  Bottom-up,
 * where in-edges are known: each vertex not yet reached sums the counts
 * of its in-neighbours in the frontier (a bitmap) over its whole in-list,
 * writing only its own entries, so with no atomics.  Unlike a BFS's, a
 * bottom-up step cannot stop at the first parent: it reads every list
 * still unreached, so a level goes bottom-up exactly when those lists
 * hold fewer entries than the frontier's out-lists
 * (bench/journal/2026-12-07-cpu-betweenness-against-gap.md has what that
 * saves on Kronecker graphs).
 *
 * The trick that matters for memory: the backward phase needs neither
 * depths nor a successor bitmap (GAP keeps a bit per edge).  Each vertex
 * w whose dependency is known publishes coef[w] = (1 + delta[w]) /
 * sigma[w], and coef is 0 everywhere else; then
 *
 *     delta[u] = sigma[u] * (sum of coef[w] over u's whole list),
 *
 * since when level d is summed only levels past d have published, and no
 * neighbour of a vertex at level d lies past level d + 1 (nor does an
 * unreached vertex publish).  A backward step reads each list of its
 * level once and one float64 per entry, with no test and no division;
 * the new coefs are published after the level's sums, behind a barrier,
 * so that no vertex sees a neighbour of its own level.  The deepest level
 * has no successors: its deltas are 0 and its lists are not read.
 *
 * Each delta is a sum in list order, so the result is the same on every
 * thread count; sigma is a sum of integers, exact below 2^53.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "clist_fast.h"
#include "emogi_bc.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define UNSET UINT32_MAX
#define LOCAL_QUEUE 1024         /* a thread's finds before it appends them to the queue */
#define PARALLEL_MIN_NV (1u << 14) /* below, a level costs less than waking threads */
#define QUEUE_AHEAD 8            /* queue entries ahead whose list bounds are prefetched */
#define LIST_AHEAD 3             /* and whose lists are */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

struct bc {
    const struct emogi_graph *g;
    unsigned w;
    int packed;
    struct emogi_clist_dir lists;
    /* in-edges (the graph itself when undirected), or in_off NULL */
    const uint64_t *in_off;
    const void *in_nbr;
    int in_packed;
    struct emogi_clist_dir in_lists;
    uint64_t *front;             /* bottom-up levels: the frontier, a bit a vertex */
    uint64_t scout, seen_in;     /* the next frontier's out-entries; reached in-entries */
    int pull;                    /* the next level goes bottom-up */
    uint32_t *depth;
    double *sigma, *coef, *delta; /* delta: by queue position */
    uint64_t *queue;
    uint64_t tail;   /* entries in the queue */
    uint64_t *level; /* level d is queue[level[d] .. level[d+1]) */
    uint32_t levels;
    uint64_t edges;
};

ALWAYS_INLINE uint64_t id_at(const void *a, uint64_t i, unsigned w)
{
    return w == 4 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}

struct local {
    uint64_t buf[LOCAL_QUEUE];
    unsigned n;
};

static void flush(struct bc *b, struct local *t)
{
    uint64_t at = __atomic_fetch_add(&b->tail, t->n, __ATOMIC_RELAXED);
    memcpy(b->queue + at, t->buf, t->n * sizeof *t->buf);
    t->n = 0;
}

/* Edge u -> V from a vertex at depth NEXT - 1 with SU paths: V joins
 * level NEXT if unclaimed, and gets SU more paths if it is there. */
ALWAYS_INLINE void visit(struct bc *b, struct local *t, uint64_t v, uint32_t next, double su)
{
    uint32_t dv = __atomic_load_n(&b->depth[v], __ATOMIC_RELAXED);
    if (dv == UNSET) {
        if (__atomic_compare_exchange_n(&b->depth[v], &dv, next, false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            dv = next;
            t->buf[t->n++] = v;
            if (t->n == LOCAL_QUEUE)
                flush(b, t);
        }
    }
    if (dv == next) {
#pragma omp atomic
        b->sigma[v] += su;
    }
}

ALWAYS_INLINE void forward_list(struct bc *b, struct local *t, uint64_t u, uint32_t next,
                                unsigned w)
{
    const uint64_t *off = b->g->offsets;
    const double su = b->sigma[u];
    if (!b->packed) {
        for (uint64_t e = off[u]; e < off[u + 1]; e++)
            visit(b, t, id_at(b->g->neighbors, e, w), next, su);
        return;
    }
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned n;
    emogi_clist_open(&c, &b->lists, u);
    while ((n = emogi_clist_read(&c, ids)) > 0)
        for (unsigned i = 0; i < n; i++)
            visit(b, t, ids[i], next, su);
}

ALWAYS_INLINE double backward_list(const struct bc *b, uint64_t u, unsigned w)
{
    const uint64_t *off = b->g->offsets;
    const double *coef = b->coef;
    double s = 0;
    if (!b->packed) {
        for (uint64_t e = off[u]; e < off[u + 1]; e++)
            s += coef[id_at(b->g->neighbors, e, w)];
        return s;
    }
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned n;
    emogi_clist_open(&c, &b->lists, u);
    while ((n = emogi_clist_read(&c, ids)) > 0)
        for (unsigned i = 0; i < n; i++)
            s += coef[ids[i]];
    return s;
}

ALWAYS_INLINE bool in_front(const uint64_t *front, uint64_t u)
{
    return (front[u >> 6] >> (u & 63)) & 1;
}

/* Unreached V's paths from the frontier, summed over its whole in-list. */
ALWAYS_INLINE double pull_list(const struct bc *b, uint64_t v, unsigned w)
{
    const uint64_t *off = b->in_off;
    const double *sigma = b->sigma;
    double s = 0;
    if (!b->in_packed) {
        for (uint64_t e = off[v]; e < off[v + 1]; e++) {
            uint64_t u = id_at(b->in_nbr, e, w);
            if (in_front(b->front, u))
                s += sigma[u];
        }
        return s;
    }
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned n;
    emogi_clist_open(&c, &b->in_lists, v);
    while ((n = emogi_clist_read(&c, ids)) > 0)
        for (unsigned i = 0; i < n; i++)
            if (in_front(b->front, ids[i]))
                s += sigma[ids[i]];
    return s;
}

/* The queue is read in order, its lists at random: the list bounds of the
 * entry QUEUE_AHEAD on and the list of the one LIST_AHEAD on are asked
 * for early, as the BFS does (kernels/cpu/bfs.c). */
ALWAYS_INLINE void prefetch(const struct bc *b, uint64_t i, uint64_t hi, unsigned w)
{
    const uint64_t *off = b->g->offsets;
    if (i + QUEUE_AHEAD < hi) {
        __builtin_prefetch(&off[b->queue[i + QUEUE_AHEAD]]);
        if (b->packed)
            __builtin_prefetch(&b->lists.coff[b->queue[i + QUEUE_AHEAD]]);
    }
    if (i + LIST_AHEAD < hi) {
        uint64_t a = b->queue[i + LIST_AHEAD];
        if (b->packed)
            __builtin_prefetch(b->lists.bytes + b->lists.coff[a]);
        else
            __builtin_prefetch((const char *)b->g->neighbors + off[a] * w);
    }
}

/* The forward phase: levels until one finds nothing. */
static void forward(struct bc *b, uint64_t source, int parallel)
{
    const unsigned w = b->w;
    const uint64_t *off = b->g->offsets, nv = b->g->nv, words = (nv + 63) / 64;
    const uint64_t in_total = b->in_off ? b->in_off[nv] : 0;
    b->depth[source] = 0;
    b->sigma[source] = 1;
    b->queue[0] = source;
    b->tail = 1;
    b->level[0] = 0;
    b->level[1] = 1;
    b->levels = 1;
    b->pull = 0;
    b->scout = 0;
    b->seen_in = b->in_off ? b->in_off[source + 1] - b->in_off[source] : 0;
    uint64_t edges = 0;
#pragma omp parallel if (parallel) reduction(+ : edges)
    {
        struct local mine = {.n = 0}, *t = &mine;
        for (uint32_t d = 0;; d++) {
            const uint64_t lo = b->level[d], hi = b->level[d + 1];
            if (lo == hi)
                break;
            if (b->pull) {
                /* the frontier's bits, then every unreached vertex's in-list */
#pragma omp for schedule(static)
                for (uint64_t k = 0; k < words; k++)
                    b->front[k] = 0;
#pragma omp for schedule(static)
                for (uint64_t i = lo; i < hi; i++)
                    __atomic_fetch_or(&b->front[b->queue[i] >> 6], 1ull << (b->queue[i] & 63),
                                      __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic, 1024) nowait
                for (uint64_t v = 0; v < nv; v++) {
                    if (b->depth[v] != UNSET)
                        continue;
                    edges += b->in_off[v + 1] - b->in_off[v];
                    const double s = pull_list(b, v, w);
                    if (s > 0) {
                        b->sigma[v] = s;
                        b->depth[v] = d + 1;
                        t->buf[t->n++] = v;
                        if (t->n == LOCAL_QUEUE)
                            flush(b, t);
                    }
                }
            } else {
#pragma omp for schedule(dynamic, 64) nowait
                for (uint64_t i = lo; i < hi; i++) {
                    prefetch(b, i, hi, w);
                    const uint64_t u = b->queue[i];
                    edges += off[u + 1] - off[u];
                    forward_list(b, t, u, d + 1, w);
                }
            }
            if (t->n)
                flush(b, t);
#pragma omp barrier
            /* what the direction rule needs of the level just found */
            uint64_t scout = 0, seen_in = 0;
#pragma omp for schedule(static) nowait
            for (uint64_t i = hi; i < b->tail; i++) {
                const uint64_t v = b->queue[i];
                scout += off[v + 1] - off[v];
                if (b->in_off)
                    seen_in += b->in_off[v + 1] - b->in_off[v];
            }
            __atomic_fetch_add(&b->scout, scout, __ATOMIC_RELAXED);
            __atomic_fetch_add(&b->seen_in, seen_in, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp single
            {
                b->level[d + 2] = b->tail;
                if (b->tail > hi)
                    b->levels = d + 2;
                b->pull = b->in_off && in_total - b->seen_in < b->scout;
                b->scout = 0;
            }
        }
    }
    b->edges += edges;
}

/* The backward phase, deepest level first; the source's own dependency
 * is not a score (Brandes), so level 0 is not summed. */
static void backward(struct bc *b, double *score, int parallel)
{
    const unsigned w = b->w;
    const uint64_t *off = b->g->offsets;
    uint64_t edges = 0;
#pragma omp parallel if (parallel) reduction(+ : edges)
    for (uint32_t d = b->levels - 1; d >= 1; d--) {
        const uint64_t lo = b->level[d], hi = b->level[d + 1];
        const int deepest = d == b->levels - 1;
#pragma omp for schedule(dynamic, 64)
        for (uint64_t i = lo; i < hi; i++) {
            const uint64_t u = b->queue[i];
            double du = 0;
            if (!deepest) {
                prefetch(b, i, hi, w);
                edges += off[u + 1] - off[u];
                du = b->sigma[u] * backward_list(b, u, w);
            }
            b->delta[i] = du;
            score[u] += du;
        }
        /* published after every sum of the level: the barrier above */
#pragma omp for schedule(static)
        for (uint64_t i = lo; i < hi; i++) {
            const uint64_t u = b->queue[i];
            b->coef[u] = (1 + b->delta[i]) / b->sigma[u];
        }
    }
    b->edges += edges;
}

static void release(struct bc *b)
{
    free(b->depth);
    free(b->sigma);
    free(b->coef);
    free(b->delta);
    free(b->queue);
    free(b->level);
    free(b->front);
}

int emogi_bc_cpu(const struct emogi_graph *g, uint64_t source, double *score,
                 struct emogi_bc_stats *st, emogi_error *err)
{
    if (source >= g->nv)
        return emogi_fail(err, "bc: source %llu out of range (%llu vertices)",
                          (unsigned long long)source, (unsigned long long)g->nv);
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "bc: id width %u unsupported", g->id_width);
    double t0 = emogi_now();
    struct bc b = {.g = g, .w = g->id_width, .packed = emogi_compressed(g)};
    const uint64_t nv = g->nv;
    if (b.packed)
        b.lists = emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, nv);
    if (!(g->flags & EMOGI_DIRECTED)) {
        b.in_off = g->offsets;
        b.in_nbr = g->neighbors;
        b.in_packed = b.packed;
        b.in_lists = b.lists;
    } else if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets && (g->t_neighbors || g->t_coffsets)) {
        b.in_off = g->t_offsets;
        b.in_nbr = g->t_neighbors;
        b.in_packed = b.packed && g->t_coffsets;
        if (b.in_packed)
            b.in_lists = emogi_clist_dir_of(g->t_offsets, g->t_coffsets, g->t_cneighbors, nv);
    }
    b.depth = malloc(nv * sizeof *b.depth);
    b.sigma = calloc(nv, sizeof *b.sigma);
    b.coef = calloc(nv, sizeof *b.coef);
    b.delta = malloc(nv * sizeof *b.delta);
    b.queue = malloc(nv * sizeof *b.queue);
    b.level = malloc((nv + 2) * sizeof *b.level); /* at most nv levels, and two ends */
    b.front = b.in_off ? malloc((nv + 63) / 64 * sizeof *b.front) : NULL;
    if (!b.depth || !b.sigma || !b.coef || !b.delta || !b.queue || !b.level ||
        (b.in_off && !b.front)) {
        release(&b);
        return emogi_fail(err, "bc: out of memory for %llu vertices", (unsigned long long)nv);
    }
    const int parallel = nv >= PARALLEL_MIN_NV;
#pragma omp parallel for schedule(static) if (parallel)
    for (uint64_t v = 0; v < nv; v++)
        b.depth[v] = UNSET;
    forward(&b, source, parallel);
    backward(&b, score, parallel);
    if (st) {
        *st = (struct emogi_bc_stats){0};
        st->seconds = emogi_now() - t0;
        st->levels = b.levels;
        st->reached = b.tail;
        st->edges_examined = b.edges;
        st->edge_bytes = b.packed ? 0 : b.edges * b.w;
    }
    release(&b);
    return 0;
}

void emogi_bc_normalize(uint64_t nv, double *score)
{
    if (nv <= 2)
        return;
    const double scale = 1.0 / ((double)(nv - 1) * (double)(nv - 2));
#pragma omp parallel for schedule(static) if (nv >= PARALLEL_MIN_NV)
    for (uint64_t v = 0; v < nv; v++)
        score[v] *= scale;
}
