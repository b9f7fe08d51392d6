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
#include "cc_link.h"

#define ROUNDS 2        /* GAP's neighbour_rounds */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Link every vertex with its neighbour number R; count the reads. */
ALWAYS_INLINE void sample_round(const struct emogi_graph *g, void *comp, uint64_t r, unsigned w,
                                uint64_t *examined)
{
    const uint64_t n = emogi_cc_sample(g->offsets, g->neighbors, 0, 0, g->nv, comp, r, w, w);
    __atomic_fetch_add(examined, n, __ATOMIC_RELAXED);
}

/* The same on compressed lists: entry R is in each list's first block,
 * decoded once for the prefetch and again, from cache, for the link;
 * the list bytes are asked for EMOGI_CC_PREFETCH vertices before that. */
ALWAYS_INLINE void sample_round_packed(const struct emogi_graph *g, void *comp, uint64_t r,
                                       unsigned w, uint64_t *examined)
{
    const uint64_t *off = g->offsets;
    const struct emogi_clist_dir lists =
        emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, g->nv);
    uint64_t n = 0;
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK) nowait
    for (uint64_t u = 0; u < g->nv; u++) {
        const uint64_t ahead = u + EMOGI_CC_PREFETCH;
        if (ahead + EMOGI_CC_PREFETCH < g->nv)
            __builtin_prefetch(lists.bytes + lists.coff[ahead + EMOGI_CC_PREFETCH]);
        if (ahead < g->nv && off[ahead] + r < off[ahead + 1])
            emogi_cc_prefetch(comp, emogi_clist_entry(&lists, ahead, (unsigned)r), w);
        if (off[u] + r < off[u + 1]) {
            emogi_cc_link(comp, u, emogi_clist_entry(&lists, u, (unsigned)r), w);
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
            emogi_cc_link(comp, u, emogi_cc_get(nbr, e, w), w);
        return d - from;
    }
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned k, i = (unsigned)from; /* the first block skips FROM entries */
    emogi_clist_open(&c, lists, u);
    while ((k = emogi_clist_read(&c, ids)) > 0) {
        for (; i < k; i++)
            emogi_cc_link(comp, u, ids[i], w);
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
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK) nowait
    for (uint64_t u = 0; u < g->nv; u++) {
        if (emogi_cc_get(comp, u, w) == c)
            continue;
        n += link_list(comp, u, g->offsets, g->neighbors, packed ? &out_lists : NULL, ROUNDS, w);
        if (directed)
            n += link_list(comp, u, g->t_offsets, g->t_neighbors, packed ? &in_lists : NULL, 0,
                           w);
    }
    __atomic_fetch_add(examined, n, __ATOMIC_RELAXED);
}

/* Run by every thread of the team; *C (shared) holds the sampled root. */
ALWAYS_INLINE void afforest(const struct emogi_graph *g, void *comp, unsigned w,
                            uint64_t *examined, uint64_t *c)
{
#pragma omp for schedule(static)
    for (uint64_t n = 0; n < g->nv; n++)
        emogi_cc_put(comp, n, n, w);
    for (uint64_t r = 0; r < ROUNDS; r++) {
        if (emogi_compressed(g))
            sample_round_packed(g, comp, r, w, examined);
        else
            sample_round(g, comp, r, w, examined);
#pragma omp barrier
        emogi_cc_compress(comp, g->nv, w);
    }
#pragma omp single
    *c = emogi_cc_frequent_label(comp, g->nv, w);
    final_round(g, comp, *c, w, examined);
#pragma omp barrier
    emogi_cc_compress(comp, g->nv, w);
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
