/*
 * sssp_weights.c - what both SSSP backends need to know about the weights
 * before a search: the distance type, whether every weight is usable, and
 * the CPU's default bucket width.
 */
#include "config.h"

#include <float.h>
#include <math.h>

#include "emogi_clist.h"
#include "emogi_sssp.h"

#define NONE UINT64_MAX
/* evenly spaced weights for the mean: cheap, deterministic */
#define DELTA_SAMPLES EMOGI_SSSP_DELTA_SAMPLES
/* the buckets a search of the longest path may touch under the default */
#define DELTA_STEPS 1024

int emogi_sssp_float_dist(const struct emogi_graph *g, const struct emogi_sssp_opts *o)
{
    return !o->unit_weights && g->weight_type == EMOGI_WEIGHT_FLOAT32;
}

unsigned emogi_sssp_dist_size(const struct emogi_graph *g, const struct emogi_sssp_opts *o)
{
    return emogi_sssp_float_dist(g, o) ? 4 : 8;
}

/* The vertex whose list holds edge E: the last u with offsets[u] <= E. */
static uint64_t edge_source(const struct emogi_graph *g, uint64_t e)
{
    uint64_t lo = 0, hi = g->nv;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (g->offsets[mid] <= e)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The target of edge E out of U, plain or compressed (emogi_clist.h:
 * only E's block is decoded; an opened file's lists never fail). */
static uint64_t edge_target(const struct emogi_graph *g, uint64_t u, uint64_t e)
{
    if (!emogi_compressed(g))
        return emogi_neighbor(g, e);
    struct emogi_clist_iter it;
    uint64_t len, ids[EMOGI_CLIST_BLOCK], i = e - g->offsets[u];
    const unsigned char *list = emogi_clist_of(g->coffsets, g->cneighbors, u, &len);
    emogi_clist_iter_init(&it, list, len, emogi_degree(g, u), u);
    if (emogi_clist_seek(&it, i / EMOGI_CLIST_BLOCK) < 0 || emogi_clist_next(&it, ids) <= 0)
        return NONE;
    return ids[i % EMOGI_CLIST_BLOCK];
}

static int check_floats(const struct emogi_graph *g, uint64_t ea, uint64_t eb, emogi_error *err)
{
    const float *w = g->weights;
    uint64_t first = NONE;
#pragma omp parallel for reduction(min : first)
    for (uint64_t e = ea; e < eb; e++)
        if (!(w[e] >= 0.0f && w[e] <= FLT_MAX) && e < first) /* NaN fails both */
            first = e;
    if (first == NONE)
        return 0;
    /* negative weights are legal in a file (skew-symmetric matrices, real
     * inputs), so say what to do rather than only what is wrong */
    const uint64_t u = edge_source(g, first);
    return emogi_fail(err, "edge %llu -> %llu has weight %g: shortest paths need finite, "
                           "non-negative weights%s",
                      (unsigned long long)u, (unsigned long long)edge_target(g, u, first),
                      (double)w[first],
                      w[first] < 0 ? " (--unit-weights takes every weight as 1)" : "");
}

/* A path has at most nv-1 edges; refuse when its distance could pass
 * UINT64_MAX - 1 (all ones means unreached).  Only huge graphs can. */
static int check_overflow(const struct emogi_graph *g, const struct emogi_sssp_opts *o,
                          uint64_t ea, uint64_t eb, emogi_error *err)
{
    if (g->nv <= (1ull << 32))
        return 0;
    uint64_t maxw = 1;
    if (!o->unit_weights) {
        const uint32_t *w = g->weights;
        uint32_t m = 0;
#pragma omp parallel for reduction(max : m)
        for (uint64_t e = ea; e < eb; e++)
            m = w[e] > m ? w[e] : m;
        maxw = m;
    }
    if (maxw == 0 || g->nv - 1 <= (UINT64_MAX - 1) / maxw)
        return 0;
    return emogi_fail(err, "%llu vertices and weights up to %llu: a distance could overflow uint64",
                      (unsigned long long)g->nv, (unsigned long long)maxw);
}

int emogi_sssp_check_weights(const struct emogi_graph *g, const struct emogi_sssp_opts *o,
                             emogi_error *err)
{
    return emogi_sssp_check_weights_of(g, o, 0, g->nv, err);
}

int emogi_sssp_check_weights_of(const struct emogi_graph *g, const struct emogi_sssp_opts *o,
                                uint64_t lo, uint64_t hi, emogi_error *err)
{
    if (!o->unit_weights && (g->weight_type == EMOGI_WEIGHT_NONE || !g->weights))
        return emogi_fail(err, "the graph has no weights (--unit-weights takes every weight as 1)");
    if (!o->unit_weights && g->weight_type != EMOGI_WEIGHT_UINT32 &&
        g->weight_type != EMOGI_WEIGHT_FLOAT32)
        return emogi_fail(err, "unknown weight type %u", g->weight_type);
    const uint64_t ea = g->offsets[lo], eb = g->offsets[hi];
    if (emogi_sssp_float_dist(g, o))
        return check_floats(g, ea, eb, err);
    return check_overflow(g, o, ea, eb, err);
}

/* Mean and smallest positive weight of up to DELTA_SAMPLES evenly spaced
 * edges (*minpos 0 when none is positive). */
static void sample_weights(const struct emogi_graph *g, double *mean, double *minpos)
{
    uint64_t n = g->ne < DELTA_SAMPLES ? g->ne : DELTA_SAMPLES;
    double sum = 0, lo = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t e = (uint64_t)((double)i * (double)g->ne / (double)n);
        double w = g->weight_type == EMOGI_WEIGHT_FLOAT32 ? (double)((const float *)g->weights)[e]
                                                          : (double)((const uint32_t *)g->weights)[e];
        sum += w;
        if (w > 0 && (lo == 0 || w < lo))
            lo = w;
    }
    *mean = n ? sum / (double)n : 1.0;
    *minpos = lo;
}

/* The mean out-degree of the vertices that evenly spaced edges leave,
 * sum d^2 / sum d over the vertices: the degree of a vertex a search
 * reaches along an edge.  Reads offsets only (MPI ranks hold the whole
 * graph's offsets but not its lists), walking forward from one sample's
 * vertex to the next's. */
static double edge_degree(const struct emogi_graph *g)
{
    const uint64_t ne = g->offsets[g->nv];
    const uint64_t n = ne < DELTA_SAMPLES ? ne : DELTA_SAMPLES;
    uint64_t u = 0;
    double sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t e = (uint64_t)((double)i * (double)ne / (double)n), step = 1;
        while (u + step < g->nv && g->offsets[u + step] <= e) /* gallop, then halve */
            step *= 2;
        for (step /= 2; step > 0; step /= 2)
            if (u + step < g->nv && g->offsets[u + step] <= e)
                u += step;
        sum += (double)(g->offsets[u + 1] - g->offsets[u]);
    }
    return n ? sum / (double)n : 0;
}

/*
 * Two widths, the larger wins.  The first keeps repeated work rare where
 * a search branches much (power-law graphs): a vertex never relaxes twice
 * from the same distance (sssp.c), so extra work comes only from
 * vertices lowered within a bucket after they were relaxed, which needs
 * delta above the smallest weights: twice the smallest weight, or a
 * quarter of the mean when the smallest is large
 * (bench/journal/2026-11-21-emogi-sssp-on-the-cpu.md).
 *
 * The second follows Meyer and Sanders' delta ~ (weight) / (degree), with
 * the degree taken as the branching b of a search: the edges out of a
 * vertex it reaches along an edge (edge_degree), less the edge back on an
 * undirected graph.  A bucket of mean / (b - 1) spans 1 / (b - 1) hops,
 * over which the vertices within reach grow by a constant factor, so few
 * can be reached twice within it; where b is near 1 (paths, trees, roads
 * of long chains) it spans many hops, and the steps, each a few barriers,
 * stay few.  It is capped at mean x nv / DELTA_STEPS, about DELTA_STEPS
 * buckets for the longest search a graph can hold (a path of nv - 1
 * edges): graphs too small to take that many steps keep the first width.
 * Figures in bench/journal/2026-12-07-sssp-default-delta.md.  Integer
 * widths are whole numbers of at least 1.
 */
double emogi_sssp_default_delta(const struct emogi_graph *g, const struct emogi_sssp_opts *o)
{
    if (o->unit_weights || !g->weights || g->ne == 0)
        return 1.0;
    double mean, minpos;
    sample_weights(g, &mean, &minpos);
    double d = mean / 4;
    if (minpos > 0 && 2 * minpos < d)
        d = 2 * minpos;
    double wide = mean * (double)g->nv / DELTA_STEPS;
    if (g->offsets) {
        double b = edge_degree(g) - ((g->flags & EMOGI_DIRECTED) ? 0 : 1);
        if (b > 1 && mean / (b - 1) < wide)
            wide = mean / (b - 1);
    }
    if (wide > d)
        d = wide;
    if (g->weight_type == EMOGI_WEIGHT_FLOAT32)
        return d > 0 && isfinite(d) ? d : 1.0;
    d = floor(d);
    if (d > 0x1p62) /* wider than any distance reached in time: one bucket */
        d = 0x1p62;
    return d >= 1.0 ? d : 1.0;
}
