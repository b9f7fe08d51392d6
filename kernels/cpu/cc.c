/*
 * cc.c - connected components on the CPU (OpenMP): the reference backend.
 *
 * Afforest (M. Sutton, T. Ben-Nun, A. Barak, "Optimizing Parallel Graph
 * Connectivity Computation via Subgraph Sampling", IPDPS 2018), following
 * the GAP benchmark suite's cc.cc.  Every vertex starts as its own tree.
 * Two sampling rounds link each vertex with its first, then its second
 * neighbour and flatten the trees; by then most of a power-law graph sits
 * in one tree.  The root of that tree is found from 1024 random samples,
 * and the final round links every remaining edge except those of vertices
 * already in it: most of the edge array is never read.  An edge u-v of a
 * skipped u is still linked from v's side, because v's list holds u (an
 * undirected graph is stored symmetric) or v's in-list does (a directed
 * graph's transpose, which is why weak components need it).
 *
 * Linking hooks the larger root under the smaller one, so label[x] <= x
 * holds throughout and every root is the smallest id of its tree: after
 * the last flattening each label already is its component's minimal id,
 * the canonical form every backend writes.
 *
 * Compressed lists (emogi_clist.h) give the same links in the same order:
 * a sampling round decodes the first block of each list, the final round
 * each list a block at a time, so the labels and the entries counted are
 * those of the plain file.
 *
 * Both id widths share one body: the workers are always_inline and called
 * with a constant width, so each loop is compiled for 4- and 8-byte labels.
 */
#include "config.h"

#include <stdbool.h>

#include "emogi_cc.h"
#include "clist_fast.h"

#define ROUNDS 2        /* GAP's neighbour_rounds */
#define SAMPLES 1024    /* GAP's SampleFrequentElement */
#define CHUNK 16384     /* GAP's dynamic schedule for the link loops */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE uint64_t get(const void *a, uint64_t i, unsigned w)
{
    return w == 4 ? __atomic_load_n(&((const uint32_t *)a)[i], __ATOMIC_RELAXED)
                  : __atomic_load_n(&((const uint64_t *)a)[i], __ATOMIC_RELAXED);
}

ALWAYS_INLINE void put(void *a, uint64_t i, uint64_t v, unsigned w)
{
    if (w == 4)
        __atomic_store_n(&((uint32_t *)a)[i], (uint32_t)v, __ATOMIC_RELAXED);
    else
        __atomic_store_n(&((uint64_t *)a)[i], v, __ATOMIC_RELAXED);
}

ALWAYS_INLINE bool cas(void *a, uint64_t i, uint64_t old, uint64_t new_, unsigned w)
{
    if (w == 4) {
        uint32_t o = (uint32_t)old;
        return __atomic_compare_exchange_n(&((uint32_t *)a)[i], &o, (uint32_t)new_, false,
                                           __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    }
    return __atomic_compare_exchange_n(&((uint64_t *)a)[i], &old, new_, false, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
}

/* Ids of the iteration PREFETCH ahead are known now, their labels are far
 * apart in memory: asking for them early overlaps the cache misses that
 * otherwise serialise the sampling and flattening loops (kron 22, one
 * thread: 260 ms without, 198 ms with; 8 to 64 ahead measured alike). */
#define PREFETCH 16

ALWAYS_INLINE void prefetch(const void *a, uint64_t i, unsigned w)
{
    __builtin_prefetch((const char *)a + i * w, 1);
}

/* GAP's Link: walk both sides up and hook the higher root under the lower. */
ALWAYS_INLINE void link(void *comp, uint64_t u, uint64_t v, unsigned w)
{
    uint64_t p1 = get(comp, u, w), p2 = get(comp, v, w);
    while (p1 != p2) {
        uint64_t high = p1 > p2 ? p1 : p2, low = p1 + p2 - high;
        uint64_t p_high = get(comp, high, w);
        if (p_high == low || (p_high == high && cas(comp, high, high, low, w)))
            break;
        p1 = get(comp, get(comp, high, w), w);
        p2 = get(comp, low, w);
    }
}

ALWAYS_INLINE void compress(void *comp, uint64_t nv, unsigned w)
{
#pragma omp for schedule(dynamic, CHUNK)
    for (uint64_t n = 0; n < nv; n++) {
        if (n + PREFETCH < nv)
            prefetch(comp, get(comp, n + PREFETCH, w), w);
        uint64_t c = get(comp, n, w);
        while (c != get(comp, c, w))
            c = get(comp, c, w);
        put(comp, n, c, w);
    }
}

/* Link every vertex with its neighbour number R; count the reads. */
ALWAYS_INLINE void sample_round(const struct emogi_graph *g, void *comp, uint64_t r, unsigned w,
                                uint64_t *examined)
{
    const uint64_t *off = g->offsets;
    uint64_t n = 0;
#pragma omp for schedule(dynamic, CHUNK) nowait
    for (uint64_t u = 0; u < g->nv; u++) {
        const uint64_t ahead = u + PREFETCH;
        if (ahead < g->nv && off[ahead] + r < off[ahead + 1])
            prefetch(comp, get(g->neighbors, off[ahead] + r, w), w);
        if (off[u] + r < off[u + 1]) {
            link(comp, u, get(g->neighbors, off[u] + r, w), w);
            n++;
        }
    }
    __atomic_fetch_add(examined, n, __ATOMIC_RELAXED);
}

/* The same on compressed lists: entry R is in each list's first block,
 * decoded once for the prefetch and again, from cache, for the link;
 * the list bytes are asked for PREFETCH vertices before that. */
ALWAYS_INLINE void sample_round_packed(const struct emogi_graph *g, void *comp, uint64_t r,
                                       unsigned w, uint64_t *examined)
{
    const uint64_t *off = g->offsets;
    const struct emogi_clist_dir lists =
        emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, g->nv);
    uint64_t n = 0;
#pragma omp for schedule(dynamic, CHUNK) nowait
    for (uint64_t u = 0; u < g->nv; u++) {
        const uint64_t ahead = u + PREFETCH;
        if (ahead + PREFETCH < g->nv)
            __builtin_prefetch(lists.bytes + lists.coff[ahead + PREFETCH]);
        if (ahead < g->nv && off[ahead] + r < off[ahead + 1])
            prefetch(comp, emogi_clist_entry(&lists, ahead, (unsigned)r), w);
        if (off[u] + r < off[u + 1]) {
            link(comp, u, emogi_clist_entry(&lists, u, (unsigned)r), w);
            n++;
        }
    }
    __atomic_fetch_add(examined, n, __ATOMIC_RELAXED);
}

/* Link U with entries FROM.. (FROM < EMOGI_CLIST_BLOCK) of its list:
 * plain NBR, or compressed in LISTS when that is set; the count of
 * entries linked. */
ALWAYS_INLINE uint64_t link_list(void *comp, uint64_t u, const uint64_t *off, const void *nbr,
                                 const struct emogi_clist_dir *lists, uint64_t from, unsigned w)
{
    const uint64_t d = off[u + 1] - off[u];
    if (d <= from)
        return 0;
    if (!lists) {
        for (uint64_t e = off[u] + from; e < off[u + 1]; e++)
            link(comp, u, get(nbr, e, w), w);
        return d - from;
    }
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned k, i = (unsigned)from; /* the first block skips FROM entries */
    emogi_clist_open(&c, lists, u);
    while ((k = emogi_clist_read(&c, ids)) > 0) {
        for (; i < k; i++)
            link(comp, u, ids[i], w);
        i = 0;
    }
    return d - from;
}

/* The final round: every edge of a vertex outside tree C. */
ALWAYS_INLINE void final_round(const struct emogi_graph *g, void *comp, uint64_t c, unsigned w,
                               uint64_t *examined)
{
    const bool directed = g->flags & EMOGI_DIRECTED, packed = emogi_compressed(g);
    struct emogi_clist_dir out_lists = {0}, in_lists = {0};
    if (packed) {
        out_lists = emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, g->nv);
        if (directed)
            in_lists = emogi_clist_dir_of(g->t_offsets, g->t_coffsets, g->t_cneighbors, g->nv);
    }
    uint64_t n = 0;
#pragma omp for schedule(dynamic, CHUNK) nowait
    for (uint64_t u = 0; u < g->nv; u++) {
        if (get(comp, u, w) == c)
            continue;
        n += link_list(comp, u, g->offsets, g->neighbors, packed ? &out_lists : NULL, ROUNDS, w);
        if (directed)
            n += link_list(comp, u, g->t_offsets, g->t_neighbors, packed ? &in_lists : NULL, 0,
                           w);
    }
    __atomic_fetch_add(examined, n, __ATOMIC_RELAXED);
}

/* The most frequent label among SAMPLES random vertices (splitmix64, fixed
 * seed: the choice only saves work, never changes the answer). */
static uint64_t frequent_label(const void *comp, uint64_t nv, unsigned w)
{
    uint64_t pick[SAMPLES], x = 0x9e3779b97f4a7c15ull, best = 0;
    unsigned best_n = 0;
    for (unsigned i = 0; i < SAMPLES; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        pick[i] = get(comp, (z ^ (z >> 31)) % nv, w);
    }
    /* 1024 entries: a quadratic count is a millisecond and needs no map. */
    for (unsigned i = 0; i < SAMPLES; i++) {
        unsigned n = 0;
        for (unsigned j = 0; j < SAMPLES; j++)
            n += pick[j] == pick[i];
        if (n > best_n) {
            best_n = n;
            best = pick[i];
        }
    }
    return best;
}

/* Run by every thread of the team; *C (shared) holds the sampled root. */
ALWAYS_INLINE void afforest(const struct emogi_graph *g, void *comp, unsigned w,
                            uint64_t *examined, uint64_t *c)
{
#pragma omp for schedule(static)
    for (uint64_t n = 0; n < g->nv; n++)
        put(comp, n, n, w);
    for (uint64_t r = 0; r < ROUNDS; r++) {
        if (emogi_compressed(g))
            sample_round_packed(g, comp, r, w, examined);
        else
            sample_round(g, comp, r, w, examined);
#pragma omp barrier
        compress(comp, g->nv, w);
    }
#pragma omp single
    *c = frequent_label(comp, g->nv, w);
    final_round(g, comp, *c, w, examined);
#pragma omp barrier
    compress(comp, g->nv, w);
}

int emogi_cc_cpu(const struct emogi_graph *g, void *labels, struct emogi_cc_stats *st,
                 emogi_error *err)
{
    if (emogi_cc_check_graph(g, err) < 0)
        return -1;
    uint64_t examined = 0, c = 0;
    double t0 = emogi_now();
    if (g->nv > 0) {
        /* Below a few thousand vertices waking threads costs more than the work. */
#pragma omp parallel if (g->nv >= 4096)
        {
            if (g->id_width == 4)
                afforest(g, labels, 4, &examined, &c);
            else
                afforest(g, labels, 8, &examined, &c);
        }
    }
    if (st) {
        st->seconds = emogi_now() - t0;
        st->passes = ROUNDS + 1;
        st->edges_examined = examined;
        st->edge_bytes = examined * g->id_width;
        st->link_bytes = st->devmem_bytes = 0; /* no link on the CPU */
    }
    return 0;
}
