/*
 * progress.h - phase messages and --stats for emogi-convert, on stderr.
 */
#ifndef EMOGI_CONVERT_PROGRESS_H
#define EMOGI_CONVERT_PROGRESS_H

#include <stdint.h>

/* Progress lines go out only when ENABLED (decided once by the caller). */
void progress_init(int enabled);
/* "emogi-convert: sorting (12.3 s)": a phase starts. */
void progress_phase(const char *phase);

double wall_seconds(void);

/* What --stats reports. */
struct convert_stats {
    double parse, relabel, scatter, sort, weights, write, total; /* seconds */
    uint64_t bytes_in, bytes_text; /* parse only: compressed and text bytes */
    uint64_t edges_in;             /* edges read or generated */
    uint64_t nv, ne, t_ne;
    uint64_t self_loops_dropped, duplicates_dropped;
    uint64_t file_bytes;
    const char *source_phase; /* "parse" or "generate" */
};
void stats_print(const struct convert_stats *s);

#endif
