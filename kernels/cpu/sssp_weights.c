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

/*
 * Meyer and Sanders bound the work by delta ~ (max weight) / (degree).
 * Here a vertex never relaxes twice from the same distance (sssp.c), so
 * repeated work comes only from vertices lowered within a bucket after
 * they were relaxed, which needs delta above the smallest weights: twice
 * the smallest weight keeps that rare, a quarter of the mean keeps steps
 * few when the smallest weight is large: the smaller of the two.  Over a
 * wide range of widths the work stays one pass over the edges and the
 * time barely moves, and where the smallest weight is small, a quarter
 * of the mean alone is slower than twice the smallest
 * (bench/journal/2026-11-21-emogi-sssp-on-the-cpu.md).  Integer widths
 * are whole numbers of at least 1.
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
    if (g->weight_type == EMOGI_WEIGHT_FLOAT32)
        return d > 0 && isfinite(d) ? d : 1.0;
    d = floor(d);
    return d >= 1.0 ? d : 1.0;
}
