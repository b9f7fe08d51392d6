/* bfs_report.h - emogi-bfs's lines on standard error: load, each search, the mean. */
#ifndef EMOGI_BFS_REPORT_H
#define EMOGI_BFS_REPORT_H

#include <stdint.h>

#include "emogi_bfs.h"

struct bfs_tally {
    uint64_t searches;
    double seconds;
    double inv_gteps, inv_g500_gteps; /* sums of 1/rate, for harmonic means */
};

/* One line per search: time only, or every figure with STATS. */
void bfs_report_search(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                       const struct emogi_bfs_stats *st, int stats, struct bfs_tally *t);
void bfs_report_mean(const struct bfs_tally *t, int stats);

#endif
