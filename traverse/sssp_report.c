/*
 * sssp_report.c - what emogi-sssp says about its searches, as key=value
 * lines on standard error so scripts can pick fields out of them.
 *
 * gteps counts the edges relaxed (read), repeats included: a vertex whose
 * distance drops twice relaxes its list twice, so the figure measures the
 * rate of work, and edges_relaxed over the graph's edges the overhead of
 * the algorithm.  edge_gbps is the bytes of neighbour and weight arrays
 * read (on the GPU as fetched, alignment slack included) per second.
 */
#include "config.h"

#include <stdio.h>

#include "sssp_report.h"

static double per_second(double x, double seconds)
{
    return seconds > 0 ? x / seconds : 0.0;
}

void sssp_report_search(uint64_t source, const struct emogi_sssp_stats *st, int stats,
                        struct sssp_tally *t)
{
    t->searches++;
    t->seconds += st->seconds;
    if (!stats) {
        fprintf(stderr, "emogi-sssp: source=%llu seconds=%.6f\n", (unsigned long long)source,
                st->seconds);
        return;
    }
    double gteps = per_second((double)st->edges_relaxed, st->seconds) / 1e9;
    t->inv_gteps += gteps > 0 ? 1 / gteps : 0;
    fprintf(stderr,
            "emogi-sssp: source=%llu seconds=%.6f iterations=%llu reached=%llu "
            "edges_relaxed=%llu gteps=%.4f edge_gbps=%.3f\n",
            (unsigned long long)source, st->seconds, (unsigned long long)st->iterations,
            (unsigned long long)st->reached, (unsigned long long)st->edges_relaxed, gteps,
            per_second((double)st->edge_bytes, st->seconds) / 1e9);
}

void sssp_report_mean(const struct sssp_tally *t, int stats)
{
    if (t->searches == 0)
        return;
    double n = (double)t->searches;
    fprintf(stderr, "emogi-sssp: mean searches=%llu seconds=%.6f", (unsigned long long)t->searches,
            t->seconds / n);
    if (stats)
        fprintf(stderr, " gteps=%.4f", t->inv_gteps > 0 ? n / t->inv_gteps : 0.0);
    fputc('\n', stderr);
}
