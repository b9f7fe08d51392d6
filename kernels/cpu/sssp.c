/*
 * sssp.c - single-source shortest paths on the CPU (OpenMP): the reference
 * backend.
 *
 * Delta-stepping (U. Meyer, P. Sanders, "Delta-stepping: a parallelizable
 * shortest path algorithm", J. Algorithms 49(1), 2003), as the GAP
 * benchmark suite's sssp.cc runs it.  Vertices wait in buckets of width
 * delta by tentative distance; each step relaxes, in parallel, every
 * out-edge of the lowest non-empty bucket, and a vertex whose distance
 * drops is appended to the thread's own bucket for its new distance, so
 * no step shares a queue.  A thread whose share of the current bucket
 * stays small (under LOCAL_BIN entries) drains it alone before the next
 * barrier, which saves most steps on the long tail of a search.  A vertex
 * can sit in several buckets; a stale entry (its distance has since
 * dropped below the bucket) is skipped.
 *
 * The GAP trick kept here is that buckets are never sorted or deduplicated:
 * correctness only needs every lowered vertex to be relaxed again later,
 * so entries are plain appends and the only synchronisation is a
 * compare-and-swap on the distance.  Departures:
 *   - a vertex remembers the distance it last relaxed from and skips an
 *     entry that would relax it from the same one again (duplicates in one
 *     bucket are common; with this a search relaxes each edge of its
 *     component once: bench/journal/2026-11-21-emogi-sssp-on-the-cpu.md);
 *   - buckets live in a ring of RING slots per thread (a distance further
 *     ahead than the ring waits in its last slot, which is processed early
 *     and harmlessly), so a tiny --delta cannot allocate a bucket per
 *     distance, and the shared frontier grows as needed instead of holding
 *     one slot per edge;
 *   - every edge's candidate (neighbour, distance) waits in a queue of
 *     PIPE candidates between the prefetch of dist[neighbour] and the
 *     compare-and-swap, across list ends, and the list bounds of frontier
 *     entries a few ahead are prefetched: those random reads are the cost
 *     of the search.  A prefetch a fixed distance ahead within a list
 *     never serves a list's first edges, a large share of all where most
 *     lists are short; the queue serves every edge, plain or compressed
 *     (bench/journal/2026-11-27-cpu-backend-against-gap-sssp-ahead-too.md);
 *   - the distances and the done marks, read at random once an edge and
 *     once a frontier entry, sit on huge pages where the system gives them
 *     (random_array.h), so those reads do not also walk the page table
 *     (bench/journal/2026-12-07-cpu-sssp-distances-on-huge-pages.md).
 *
 * Compressed lists (clist_fast.h) are decoded a block at a time into the
 * same queue; their list offsets are prefetched with the frontier's, and
 * the weights stay plain, indexed by edge as for plain lists.
 *
 * Float distances are compared as their bit patterns (non-negative floats
 * order like unsigned integers), and each candidate is the float sum
 * dist[u] + w: the result is the per-path left-to-right float minimum that
 * emogi_sssp.h promises, whatever the order of relaxations.
 */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "clist_fast.h"
#include "emogi_sssp.h"
#include "random_array.h"
#include "sssp_float.h"

#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
#endif

#define RING 4096           /* bucket slots per thread, a power of two */
#define LOCAL_BIN 1000      /* GAP's kBinSizeThreshold */
#define PARALLEL_MIN_NE (1u << 18) /* below, a step costs less than waking threads */
#define PIPE 128             /* edges between a distance's prefetch and its use, a power of two */
#define FRONTIER_AHEAD 4    /* frontier entries ahead whose list bounds are prefetched */
#define LIST_AHEAD 2        /* and whose lists are */
#define NONE UINT64_MAX
#define FLOAT_INF_BITS 0x7f800000u

#define ALWAYS_INLINE static inline __attribute__((always_inline))

enum kind { K_U32, K_F32, K_UNIT };

struct bin {
    uint64_t *v;
    size_t n, cap;
};

struct sssp {
    const struct emogi_graph *g;
    void *dist;        /* uint64_t[], or uint32_t[] of float bits */
    void *done;        /* as dist: the distance each vertex last relaxed from */
    uint64_t delta_i;  /* integer kinds */
    double delta_f;    /* K_F32 */
    uint64_t *frontier;
    uint64_t frontier_n, frontier_cap;
    uint64_t curr, next, next_n; /* shared between the threads of a step */
    uint64_t steps, relaxed;
    int parallel, failed;
    int packed; /* lists compressed (clist_fast.h) */
    struct emogi_clist_dir lists;
};

ALWAYS_INLINE uint64_t id_at(const void *a, uint64_t i, unsigned w)
{
    return w == 4 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}

ALWAYS_INLINE uint64_t load_dist(const struct sssp *s, uint64_t v, enum kind k)
{
    if (k == K_F32)
        return __atomic_load_n(&((uint32_t *)s->dist)[v], __ATOMIC_RELAXED);
    return __atomic_load_n(&((uint64_t *)s->dist)[v], __ATOMIC_RELAXED);
}

/* The candidate distance through edge E from a vertex at DU. */
ALWAYS_INLINE uint64_t through(const void *weights, uint64_t du, uint64_t e, enum kind k)
{
    if (k == K_UNIT)
        return du + 1;
    if (k == K_U32)
        return du + ((const uint32_t *)weights)[e];
    float sum = emogi_f32_of_bits((uint32_t)du) + ((const float *)weights)[e];
    return emogi_bits_of_f32(sum);
}

/* True when U has already relaxed its edges from DU: again would offer
 * every neighbour the same candidates.  Else records DU.  A race between
 * two copies of U only repeats work. */
ALWAYS_INLINE bool relaxed_before(struct sssp *s, uint64_t u, uint64_t du, enum kind k)
{
    if (k == K_F32) {
        uint32_t *p = &((uint32_t *)s->done)[u];
        if (__atomic_load_n(p, __ATOMIC_RELAXED) == (uint32_t)du)
            return true;
        __atomic_store_n(p, (uint32_t)du, __ATOMIC_RELAXED);
        return false;
    }
    uint64_t *p = &((uint64_t *)s->done)[u];
    if (__atomic_load_n(p, __ATOMIC_RELAXED) == du)
        return true;
    __atomic_store_n(p, du, __ATOMIC_RELAXED);
    return false;
}

/* Lower dist[v] to D if that is lower; true when this call lowered it. */
ALWAYS_INLINE bool lower(struct sssp *s, uint64_t v, uint64_t d, enum kind k)
{
    if (k == K_F32) {
        uint32_t *p = &((uint32_t *)s->dist)[v], old = __atomic_load_n(p, __ATOMIC_RELAXED);
        while ((uint32_t)d < old)
            if (__atomic_compare_exchange_n(p, &old, (uint32_t)d, true, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                return true;
        return false;
    }
    uint64_t *p = &((uint64_t *)s->dist)[v], old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (d < old)
        if (__atomic_compare_exchange_n(p, &old, d, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return true;
    return false;
}

/* Bucket of distance D, at most the ring's last slot ahead of CURR. */
ALWAYS_INLINE uint64_t bucket(const struct sssp *s, uint64_t d, uint64_t curr, enum kind k)
{
    const uint64_t last = curr + (RING - 1);
    if (k == K_F32) {
        double b = floor((double)emogi_f32_of_bits((uint32_t)d) / s->delta_f);
        return b >= (double)last ? last : (uint64_t)b;
    }
    uint64_t b = d / s->delta_i;
    return b > last ? last : b;
}

static bool bin_push(struct bin *b, uint64_t v)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        uint64_t *a = realloc(b->v, cap * sizeof *a);
        if (!a)
            return false;
        b->v = a;
        b->cap = cap;
    }
    b->v[b->n++] = v;
    return true;
}

struct local {
    struct bin ring[RING];
    struct bin scratch; /* the current bucket while this thread drains it */
    uint64_t relaxed;
    bool failed;
};

/* Offer V the candidate D; a lowered V waits in the bucket of D. */
ALWAYS_INLINE void offer(struct sssp *s, struct local *l, uint64_t v, uint64_t d, uint64_t curr,
                         enum kind k)
{
    if (lower(s, v, d, k) && !bin_push(&l->ring[bucket(s, d, curr, k) & (RING - 1)], v))
        l->failed = true;
}

/* Candidates in flight: each edge's (v, d) waits PIPE edges, whatever list
 * they come from, between the prefetch of dist[v] and the offer. */
struct pipe {
    uint64_t v[PIPE], d[PIPE];
    uint64_t n; /* candidates ever queued; the last min(n, PIPE) wait */
};

/* Queue candidate number N, (V, D), offering the one PIPE before it. */
ALWAYS_INLINE uint64_t enqueue(struct sssp *s, struct local *l, struct pipe *p, uint64_t n,
                               uint64_t v, uint64_t d, uint64_t curr, enum kind k)
{
    const unsigned slot = (unsigned)n & (PIPE - 1);
    __builtin_prefetch((const char *)s->dist + v * (k == K_F32 ? 4 : 8), 1, 3);
    if (n >= PIPE)
        offer(s, l, p->v[slot], p->d[slot], curr, k);
    p->v[slot] = v;
    p->d[slot] = d;
    return n + 1;
}

ALWAYS_INLINE void pipe_flush(struct sssp *s, struct local *l, struct pipe *p, uint64_t curr,
                              enum kind k)
{
    for (uint64_t i = p->n > PIPE ? p->n - PIPE : 0; i < p->n; i++)
        offer(s, l, p->v[i & (PIPE - 1)], p->d[i & (PIPE - 1)], curr, k);
    p->n = 0;
}

/* U's compressed list (clist_fast.h), decoded a block at a time; entry
 * i of the list is still edge offsets[u] + i for the weights. */
ALWAYS_INLINE void relax_packed(struct sssp *s, struct local *l, struct pipe *p, uint64_t u,
                                uint64_t du, uint64_t curr, enum kind k)
{
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK], e = s->g->offsets[u], n = p->n;
    unsigned got;
    emogi_clist_open(&c, &s->lists, u);
    while ((got = emogi_clist_read(&c, ids)) > 0)
        for (unsigned i = 0; i < got; i++, e++)
            n = enqueue(s, l, p, n, ids[i], through(s->g->weights, du, e, k), curr, k);
    p->n = n;
}

/* Relax U's out-edges from distance DU (U's distance, or one a moment old). */
ALWAYS_INLINE void relax(struct sssp *s, struct local *l, struct pipe *p, uint64_t u, uint64_t du,
                         uint64_t curr, unsigned w, enum kind k)
{
    const uint64_t *off = s->g->offsets;
    const void *nbr = s->g->neighbors, *wt = s->g->weights;
    if (relaxed_before(s, u, du, k))
        return;
    const uint64_t start = off[u], end = off[u + 1];
    if (s->packed) {
        relax_packed(s, l, p, u, du, curr, k);
    } else {
        uint64_t n = p->n;
        for (uint64_t e = start; e < end; e++)
            n = enqueue(s, l, p, n, id_at(nbr, e, w), through(wt, du, e, k), curr, k);
        p->n = n;
    }
    l->relaxed += end - start;
}

/* Relax the shared frontier's live entries, then drain small own buckets. */
ALWAYS_INLINE void step(struct sssp *s, struct local *l, uint64_t curr, unsigned w, enum kind k)
{
    struct pipe p;
    p.n = 0;
#pragma omp for schedule(dynamic, 64) nowait
    for (uint64_t i = 0; i < s->frontier_n; i++) {
        if (i + FRONTIER_AHEAD < s->frontier_n) {
            uint64_t a = s->frontier[i + FRONTIER_AHEAD];
            __builtin_prefetch(&s->g->offsets[a], 0, 3);
            __builtin_prefetch((const char *)s->dist + a * (k == K_F32 ? 4 : 8), 0, 3);
            __builtin_prefetch((const char *)s->done + a * (k == K_F32 ? 4 : 8), 1, 3);
            if (s->packed) /* where a's list starts, and then the list */
                __builtin_prefetch(&s->lists.coff[a], 0, 3);
        }
        if (i + LIST_AHEAD < s->frontier_n) {
            uint64_t a = s->frontier[i + LIST_AHEAD];
            if (s->packed)
                __builtin_prefetch(s->lists.bytes + s->lists.coff[a], 0, 3);
            else
                __builtin_prefetch((const char *)s->g->neighbors + s->g->offsets[a] * w, 0, 3);
        }
        uint64_t u = s->frontier[i], du = load_dist(s, u, k);
        if (bucket(s, du, curr, k) >= curr)
            relax(s, l, &p, u, du, curr, w, k);
    }
    pipe_flush(s, l, &p, curr, k);
    struct bin *cb = &l->ring[curr & (RING - 1)];
    while (cb->n > 0 && cb->n < LOCAL_BIN && !l->failed) {
        struct bin t = l->scratch;
        l->scratch = *cb;
        *cb = t;
        cb->n = 0;
        for (size_t i = 0; i < l->scratch.n; i++)
            relax(s, l, &p, l->scratch.v[i], load_dist(s, l->scratch.v[i], k), curr, w, k);
        pipe_flush(s, l, &p, curr, k);
    }
}

static uint64_t first_nonempty(const struct local *l, uint64_t curr)
{
    for (uint64_t b = curr; b < curr + RING; b++)
        if (l->ring[b & (RING - 1)].n > 0)
            return b;
    return NONE;
}

static void next_frontier(struct sssp *s)
{
    if (s->next_n > s->frontier_cap) {
        uint64_t cap = s->next_n + s->next_n / 2;
        uint64_t *f = realloc(s->frontier, cap * sizeof *f);
        if (!f) {
            s->failed = 1;
            s->next = NONE;
            s->next_n = 0;
        } else {
            s->frontier = f;
            s->frontier_cap = cap;
        }
    }
    s->frontier_n = s->next_n;
    s->next_n = 0;
    s->curr = s->failed ? NONE : s->next;
    s->next = NONE;
    s->steps++;
}

/* Steps until no thread holds a bucket; every thread runs this loop. */
ALWAYS_INLINE void search(struct sssp *s, struct local *l, unsigned w, enum kind k)
{
    while (s->curr != NONE) {
        const uint64_t curr = s->curr;
        step(s, l, curr, w, k);
        uint64_t mine = l->failed ? NONE : first_nonempty(l, curr);
        uint64_t seen = __atomic_load_n(&s->next, __ATOMIC_RELAXED);
        while (mine < seen && !__atomic_compare_exchange_n(&s->next, &seen, mine, true,
                                                            __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            ;
        if (l->failed)
            __atomic_store_n(&s->failed, 1, __ATOMIC_RELAXED);
#pragma omp barrier
        const uint64_t nb = s->failed ? NONE : s->next;
        struct bin *b = nb != NONE ? &l->ring[nb & (RING - 1)] : NULL;
        uint64_t at = 0;
        if (b)
            at = __atomic_fetch_add(&s->next_n, (uint64_t)b->n, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp single
        next_frontier(s);
        if (b && b->n && !s->failed) { /* an empty bin may never have been allocated */
            memcpy(s->frontier + at, b->v, b->n * sizeof *b->v);
            b->n = 0;
        }
#pragma omp barrier
    }
}

static void run(struct sssp *s, struct local *locals, unsigned w, enum kind k)
{
#pragma omp parallel if (s->parallel)
    {
        struct local *l = &locals[omp_get_thread_num()];
        if (w == 4 && k == K_U32)
            search(s, l, 4, K_U32);
        else if (w == 4 && k == K_F32)
            search(s, l, 4, K_F32);
        else if (w == 4)
            search(s, l, 4, K_UNIT);
        else if (k == K_U32)
            search(s, l, 8, K_U32);
        else if (k == K_F32)
            search(s, l, 8, K_F32);
        else
            search(s, l, 8, K_UNIT);
        __atomic_fetch_add(&s->relaxed, l->relaxed, __ATOMIC_RELAXED);
    }
}

static void free_locals(struct local *locals, int n)
{
    for (int t = 0; locals && t < n; t++) {
        for (size_t i = 0; i < RING; i++)
            free(locals[t].ring[i].v);
        free(locals[t].scratch.v);
    }
    free(locals);
}

/* Every distance unreached, and no vertex relaxed yet. */
static void init_dist(const struct sssp *s, uint64_t nv, enum kind k)
{
    if (k == K_F32) {
        uint32_t *d = s->dist, *r = s->done;
#pragma omp parallel for schedule(static) if (s->parallel)
        for (uint64_t v = 0; v < nv; v++)
            d[v] = r[v] = FLOAT_INF_BITS;
    } else {
        uint64_t *d = s->dist, *r = s->done;
#pragma omp parallel for schedule(static) if (s->parallel)
        for (uint64_t v = 0; v < nv; v++)
            d[v] = r[v] = EMOGI_SSSP_UNREACHED;
    }
}

static uint64_t count_reached(const struct sssp *s, uint64_t nv, enum kind k)
{
    uint64_t r = 0;
#pragma omp parallel for reduction(+ : r) if (s->parallel)
    for (uint64_t v = 0; v < nv; v++)
        r += k == K_F32 ? ((const uint32_t *)s->dist)[v] != FLOAT_INF_BITS
                        : ((const uint64_t *)s->dist)[v] != EMOGI_SSSP_UNREACHED;
    return r;
}

static int setup(struct sssp *s, const struct emogi_graph *g, const struct emogi_sssp_opts *o,
                 uint64_t source, void *dist, enum kind k, emogi_error *err)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->dist = dist;
    s->parallel = g->ne >= PARALLEL_MIN_NE;
    s->packed = emogi_compressed(g);
    if (s->packed)
        s->lists = emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, g->nv);
    double delta = o->delta > 0 ? o->delta : emogi_sssp_default_delta(g, o);
    if (k == K_F32) {
        if (!(delta > 0 && isfinite(delta)))
            return emogi_fail(err, "sssp: bad delta %g", delta);
        s->delta_f = delta;
    } else {
        if (!(delta >= 1 && delta < 1.8e19))
            return emogi_fail(err, "sssp: delta %g: integer weights need a delta of at least 1",
                              delta);
        s->delta_i = (uint64_t)delta;
    }
    s->frontier_cap = 1024;
    s->frontier = malloc(s->frontier_cap * sizeof *s->frontier);
    s->done = emogi_random_array(g->nv * (k == K_F32 ? 4 : 8));
    emogi_random_advise(dist, g->nv * (k == K_F32 ? 4 : 8)); /* before init_dist touches it */
    if (!s->frontier || !s->done)
        return emogi_fail(err, "sssp: out of memory for the frontier");
    s->frontier[0] = source;
    s->frontier_n = 1;
    s->curr = 0; /* the source's bucket */
    s->next = NONE;
    return 0;
}

static enum kind kind_of(const struct emogi_graph *g, const struct emogi_sssp_opts *o)
{
    if (o->unit_weights)
        return K_UNIT;
    return g->weight_type == EMOGI_WEIGHT_FLOAT32 ? K_F32 : K_U32;
}

int emogi_sssp_cpu(const struct emogi_graph *g, uint64_t source, const struct emogi_sssp_opts *o,
                   void *dist, struct emogi_sssp_stats *st, emogi_error *err)
{
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "sssp: id width %u is neither 4 nor 8", g->id_width);
    if (source >= g->nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(g->nv ? g->nv - 1 : 0));
    if (!o->unit_weights && (!g->weights || (g->weight_type != EMOGI_WEIGHT_UINT32 &&
                                             g->weight_type != EMOGI_WEIGHT_FLOAT32)))
        return emogi_fail(err, "sssp: the graph has no usable weights");
    const enum kind k = kind_of(g, o);
    double t0 = emogi_now();
    struct sssp s;
    if (setup(&s, g, o, source, dist, k, err) < 0) {
        free(s.frontier);
        free(s.done);
        return -1;
    }
    int nt = s.parallel ? omp_get_max_threads() : 1;
    struct local *locals = calloc((size_t)nt, sizeof *locals);
    if (!locals) {
        free(s.frontier);
        free(s.done);
        return emogi_fail(err, "sssp: out of memory for %d threads' buckets", nt);
    }
    init_dist(&s, g->nv, k);
    if (k == K_F32)
        ((uint32_t *)dist)[source] = 0;
    else
        ((uint64_t *)dist)[source] = 0;
    run(&s, locals, g->id_width, k);
    free_locals(locals, nt);
    free(s.frontier);
    free(s.done);
    if (s.failed)
        return emogi_fail(err, "sssp: out of memory for buckets");
    if (st) {
        st->seconds = emogi_now() - t0;
        st->iterations = s.steps;
        st->reached = count_reached(&s, g->nv, k);
        st->edges_relaxed = s.relaxed;
        st->edges_examined = s.relaxed; /* every entry read is relaxed */
        st->edge_bytes = s.relaxed * (g->id_width + (k == K_UNIT ? 0 : 4));
        st->link_bytes = st->devmem_bytes = 0; /* no link on the CPU */
    }
    return 0;
}
