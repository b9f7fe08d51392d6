/*
 * bfs_report.c - what emogi-bfs says about its searches, as key=value
 * lines on standard error so scripts can pick fields out of them.
 *
 * Two edge rates: gteps counts the neighbour entries the search actually
 * read (edges_examined), which bottom-up levels keep far below the edge
 * count; g500_gteps counts, as Graph500 does, the input edges of the
 * traversed component whether read or not, which makes direction-
 * optimizing searches comparable with published figures.
 */
#include "config.h"

#include <stdio.h>

#include "bfs_report.h"

/* Input edges of the reached component: undirected edges are stored twice. */
static uint64_t component_edges(const struct emogi_graph *g, const uint32_t *depth)
{
    uint64_t sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (uint64_t v = 0; v < g->nv; v++)
        if (depth[v] != EMOGI_UNREACHED)
            sum += g->offsets[v + 1] - g->offsets[v];
    return g->flags & EMOGI_DIRECTED ? sum : sum / 2;
}

static double per_second(double x, double seconds)
{
    return seconds > 0 ? x / seconds : 0.0;
}

void bfs_report_search(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                       const struct emogi_bfs_stats *st, int stats, struct bfs_tally *t)
{
    t->searches++;
    t->seconds += st->seconds;
    if (!stats) {
        fprintf(stderr, "emogi-bfs: source=%llu seconds=%.6f\n", (unsigned long long)source,
                st->seconds);
        return;
    }
    uint64_t comp = component_edges(g, depth);
    double gteps = per_second((double)st->edges_examined, st->seconds) / 1e9;
    double g500 = per_second((double)comp, st->seconds) / 1e9;
    t->inv_gteps += gteps > 0 ? 1 / gteps : 0;
    t->inv_g500_gteps += g500 > 0 ? 1 / g500 : 0;
    fprintf(stderr,
            "emogi-bfs: source=%llu seconds=%.6f levels=%u reached=%llu edges_examined=%llu "
            "gteps=%.4f edge_gbps=%.3f component_edges=%llu g500_gteps=%.4f\n",
            (unsigned long long)source, st->seconds, st->levels, (unsigned long long)st->reached,
            (unsigned long long)st->edges_examined, gteps,
            per_second((double)st->edge_bytes, st->seconds) / 1e9, (unsigned long long)comp, g500);
}

void bfs_report_mean(const struct bfs_tally *t, int stats)
{
    if (t->searches == 0)
        return;
    double n = (double)t->searches;
    fprintf(stderr, "emogi-bfs: mean searches=%llu seconds=%.6f", (unsigned long long)t->searches,
            t->seconds / n);
    if (stats)
        fprintf(stderr, " gteps=%.4f g500_gteps=%.4f", t->inv_gteps > 0 ? n / t->inv_gteps : 0.0,
                t->inv_g500_gteps > 0 ? n / t->inv_g500_gteps : 0.0);
    fputc('\n', stderr);
}
