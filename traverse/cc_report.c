/*
 * cc_report.c - emogi-cc's --stats line.  The component count and sizes
 * come from the labels themselves, not from the backend, so every backend
 * is reported alike.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cc_report.h"

static uint64_t label_at(const void *labels, unsigned w, uint64_t v)
{
    return w == 4 ? ((const uint32_t *)labels)[v] : ((const uint64_t *)labels)[v];
}

int cc_summary(const struct emogi_graph *g, const void *labels, uint64_t *components,
               uint64_t *largest, emogi_error *err)
{
    uint64_t *size = calloc(g->nv ? g->nv : 1, sizeof *size);
    if (!size)
        return emogi_fail(err, "out of memory for %llu component sizes",
                          (unsigned long long)g->nv);
    uint64_t n = 0, big = 0;
    const unsigned w = g->id_width;
#pragma omp parallel
    {
#pragma omp for reduction(+ : n)
        for (uint64_t v = 0; v < g->nv; v++) {
            uint64_t l = label_at(labels, w, v);
            n += l == v;
            if (l < g->nv)
                __atomic_fetch_add(&size[l], 1, __ATOMIC_RELAXED);
        }
#pragma omp for reduction(max : big)
        for (uint64_t v = 0; v < g->nv; v++)
            big = size[v] > big ? size[v] : big;
    }
    free(size);
    *components = n;
    *largest = big;
    return 0;
}

static double per_second(double x, double seconds)
{
    return seconds > 0 ? x / seconds : 0.0;
}

void cc_report(const struct emogi_graph *g, const char *algorithm, const void *labels,
               const struct emogi_cc_stats *st)
{
    uint64_t n = 0, big = 0;
    emogi_error err;
    if (cc_summary(g, labels, &n, &big, &err) < 0) {
        fprintf(stderr, "emogi-cc: %s\n", err.msg);
        return;
    }
    fprintf(stderr,
            "emogi-cc: algorithm=%s seconds=%.6f passes=%u components=%llu largest=%llu "
            "edges_examined=%llu gteps=%.4f edge_gbps=%.3f\n",
            algorithm, st->seconds, st->passes, (unsigned long long)n, (unsigned long long)big,
            (unsigned long long)st->edges_examined,
            per_second((double)st->edges_examined, st->seconds) / 1e9,
            per_second((double)st->edge_bytes, st->seconds) / 1e9);
}
