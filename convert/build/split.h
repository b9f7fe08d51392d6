/*
 * split.h - emogi-convert csr --partitions: one .csr into part files, one
 * per contiguous range of vertices of the balanced split
 * (emogi_partition()), each a .csr of its range with a part section
 * (emogi-csr(5), "Part files").
 */
#ifndef EMOGI_CONVERT_SPLIT_H
#define EMOGI_CONVERT_SPLIT_H

#include <stdint.h>

#include "emogi_csr.h"

/* Whether OUTPUT names its parts by a pattern: it holds "%d" once and no
 * other '%'.  -1 when it holds a '%' otherwise (a usage error). */
int split_is_pattern(const char *output);

/* The name of part K: OUTPUT with "%d" replaced by K when a pattern, else
 * OUTPUT.K.  A new string, or NULL when out of memory. */
char *split_part_name(const char *output, uint32_t k);

struct split_result {
    uint64_t nv, ne, t_ne; /* the whole graph's */
    uint64_t need;         /* bytes the split holds at its peak */
    double write_seconds;
};

/*
 * Write the NPARTS part files of graph G (a mapped file, or arrays built
 * in memory), read from INPUT (named in messages, and no part may be
 * it): the same as split_csr() after its open.
 */
int split_graph(const struct emogi_graph *g, const char *input, const char *output,
                uint32_t nparts, uint64_t memory, struct split_result *res, emogi_error *err);

/*
 * Write the NPARTS part files of the .csr INPUT, named by
 * split_part_name(OUTPUT, k), holding at most MEMORY bytes of their own
 * (the lists are written straight from the mapped input).  Every part
 * is written to a temporary first; they are renamed into place only when
 * all are complete, so a failure before then leaves every existing file
 * as it was.  0, -1 with ERR filled, or 1 when MEMORY is too small (res->need
 * says how much; nothing is written).  Each part's provenance is the
 * input's and a line naming the part; with PROVENANCE 0, or when the
 * input has none (--no-provenance), the parts have none either.
 */
int split_csr(const char *input, const char *output, uint32_t nparts, uint64_t memory,
              int provenance, struct split_result *res, emogi_error *err);

#endif
