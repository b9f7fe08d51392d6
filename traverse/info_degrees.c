/*
 * info_degrees.c - out-degree statistics for emogi-info: min, max, mean,
 * vertices without out-edges, isolated vertices (no edge either way), and
 * a log2 histogram.  Isolation needs in-degrees: the transpose has them;
 * without it one pass over the neighbours marks every vertex that is some
 * edge's target in a bitmap (nv/8 bytes, not nv counters).
 */
#include <stdlib.h>

#include "info.h"

#ifdef _OPENMP
#define INFO_PRAGMA(...) _Pragma(#__VA_ARGS__)
#define INFO_OMP(...) INFO_PRAGMA(omp __VA_ARGS__)
#else
#define INFO_OMP(...)
#endif

static int bucket_of(uint64_t d)
{
    return d == 0 ? 0 : 64 - __builtin_clzll(d);
}

uint64_t degree_bucket_low(int k)
{
    return k == 0 ? 0 : 1ull << (k - 1);
}

uint64_t degree_bucket_high(int k)
{
    return k == 0 ? 0 : k == 64 ? UINT64_MAX : (1ull << k) - 1;
}

/* A bitmap of vertices with at least one in-edge, or NULL when out of memory. */
static uint64_t *mark_targets(const struct emogi_graph *g)
{
    uint64_t *has_in = calloc(g->nv / 64 + 1, sizeof *has_in);
    if (!has_in)
        return NULL;
    INFO_OMP(parallel for schedule(static))
    for (uint64_t i = 0; i < g->ne; i++) {
        uint64_t v = emogi_neighbor(g, i);
        __atomic_fetch_or(&has_in[v / 64], 1ull << (v % 64), __ATOMIC_RELAXED);
    }
    return has_in;
}

int degree_stats_compute(const struct emogi_graph *g, struct degree_stats *s, emogi_error *err)
{
    uint64_t mn = UINT64_MAX, mx = 0, sinks = 0, isolated = 0;
    uint64_t hist[INFO_BUCKETS] = {0};
    const uint64_t *t_off = g->t_offsets;
    uint64_t *has_in = NULL;
    if (!t_off && (g->flags & EMOGI_DIRECTED) && !(has_in = mark_targets(g)))
        return emogi_fail(err, "%s: out of memory for a %llu-vertex bitmap", g->path,
                          (unsigned long long)g->nv);
    INFO_OMP(parallel for schedule(static) reduction(min : mn) reduction(max : mx) \
             reduction(+ : sinks, isolated, hist[:INFO_BUCKETS]))
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t d = emogi_degree(g, v);
        mn = d < mn ? d : mn;
        mx = d > mx ? d : mx;
        hist[bucket_of(d)]++;
        if (d == 0) {
            sinks++;
            /* undirected graphs are symmetric: no out-edge means no edge at all */
            int in = t_off ? t_off[v + 1] > t_off[v] : has_in ? (has_in[v / 64] >> (v % 64)) & 1 : 0;
            isolated += !in;
        }
    }
    free(has_in);
    s->min = g->nv ? mn : 0;
    s->max = mx;
    s->sinks = sinks;
    s->isolated = isolated;
    s->mean = g->nv ? (double)g->ne / (double)g->nv : 0.0;
    s->nbuckets = g->nv ? bucket_of(mx) + 1 : 0;
    for (int k = 0; k < INFO_BUCKETS; k++)
        s->hist[k] = hist[k];
    return 0;
}
