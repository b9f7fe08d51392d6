/* sssp_report.h - emogi-sssp's lines on standard error: each search, the mean. */
#ifndef EMOGI_SSSP_REPORT_H
#define EMOGI_SSSP_REPORT_H

#include <stdint.h>

#include "emogi_sssp.h"

struct sssp_tally {
    uint64_t searches;
    double seconds;
    double inv_gteps; /* sum of 1/rate, for the harmonic mean */
};

/* One line per search: time only, or every figure with STATS. */
void sssp_report_search(uint64_t source, const struct emogi_sssp_stats *st, int stats,
                        struct sssp_tally *t);
void sssp_report_mean(const struct sssp_tally *t, int stats);

#endif
