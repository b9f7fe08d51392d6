/*
 * info.h - the parts of emogi-info: degree statistics, the text and JSON
 * reports, and the edge dump.  emogi-info.c only parses options.
 */
#ifndef EMOGI_INFO_H
#define EMOGI_INFO_H

#include <stdio.h>

#include "emogi_csr.h"

/* Bucket 0 counts degree 0; bucket k >= 1 counts degrees 2^(k-1) .. 2^k - 1. */
#define INFO_BUCKETS 65

struct degree_stats {
    uint64_t min, max;
    uint64_t sinks;    /* out-degree 0 */
    uint64_t isolated; /* no edge in or out */
    double mean;
    uint64_t hist[INFO_BUCKETS];
    int nbuckets; /* buckets 0 .. nbuckets-1 are printed */
};

int degree_stats_compute(const struct emogi_graph *g, struct degree_stats *s, emogi_error *err);
/* The lowest degree bucket K holds: 0, then 1, 2, 4, ... */
uint64_t degree_bucket_low(int k);
uint64_t degree_bucket_high(int k);

/* CHECKSUMS: NULL when not verified, else "ok". */
void info_print_text(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                     const char *checksums);
void info_print_json(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                     const char *checksums);

/* "src dst[ weight]" lines; ORIGINAL maps ids through the idmap when present. */
int info_print_edges(FILE *out, const struct emogi_graph *g, int original);

#endif
