/*
 * stats.h - emogi-convert's --stats: the figures of a run, gathered as
 * it goes, and reported at its end as text lines or one JSON record
 * (stats.c, the program's own: it reports through common/'s record.h).
 */
#ifndef EMOGI_CONVERT_STATS_H
#define EMOGI_CONVERT_STATS_H

#include <stdint.h>

#include "build.h"
#include "ooc.h"
#include "options.h"

/* What --stats reports. */
struct convert_stats {
    double parse, reorder, write, total; /* seconds */
    struct build_times build;            /* the in-memory build's phases */
    uint64_t bytes_in, bytes_text; /* parse only: compressed and text bytes */
    uint64_t edges_in;             /* edges read or generated */
    uint64_t nv, ne, t_ne;
    uint64_t self_loops_dropped, duplicates_dropped;
    uint64_t file_bytes;
    const char *source_phase; /* "parse", "decode" or "generate" */
    struct ooc_stats ooc;     /* out of core (all 0 when built in memory) */
};

/* What the in-memory build made; what a csr input's re-encoding or split
 * made (its graph decoded, not parsed). */
void stats_from_build(struct convert_stats *st, const struct built_graph *b);
void stats_from_csr(struct convert_stats *st, uint64_t nv, uint64_t ne, uint64_t t_ne,
                    double write_seconds);
/* --stats: the text lines or the JSON record, to standard error or the
 * --stats-file (committed here, at the end of a successful run); T0: when
 * the run began. */
void stats_report(const struct convert_opts *o, struct convert_stats *st, double t0);

#endif
