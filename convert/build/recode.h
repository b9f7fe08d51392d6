/*
 * recode.h - the encodings of a built graph's neighbour lists: compress
 * a graph in memory for --compress, and re-encode an existing .csr (the
 * input format csr): compress or decompress, change the id width, drop
 * the weights, add the transpose, renumber the vertices (--reorder).
 */
#ifndef EMOGI_CONVERT_RECODE_H
#define EMOGI_CONVERT_RECODE_H

#include <stdint.h>

#include "emogi_csr.h"

/* Compressed arrays that a graph's const pointers alias. */
struct recoded {
    uint64_t *coff, *t_coff;
    unsigned char *bytes, *t_bytes;
};

/* Compress G's lists (both directions) into R and point G at them: G's
 * neighbors and t_neighbors become NULL, its flags get EMOGI_COMPRESSED.
 * The plain arrays are left to their owner. */
int recode_compress(struct emogi_graph *g, struct recoded *r, emogi_error *err);
void recoded_free(struct recoded *r);

/* What emogi-convert csr changes. */
struct recode_opts {
    int compress;      /* 1 compress, 0 plain, -1 as the input is */
    uint32_t id_width; /* 0: the input's */
    int drop_weights;
    int transpose;     /* add in-edges to a directed graph that has none */
    int reorder;       /* an enum reorder_by, or -1: keep the order */
    uint64_t memory;   /* --memory: bounds a reordering (it holds the graph) */
    const char *note;  /* provenance line added when the graph's content changes */
    uint32_t partitions; /* write this many part files (split.h) instead of one */
    int no_provenance;   /* drop the input's provenance, write none */
};

/* What the re-encoded graph held, for --stats. */
struct recode_result {
    uint64_t nv, ne, t_ne, file_bytes;
    double reorder_seconds, write_seconds;
    uint64_t need; /* bytes a reordering holds at its peak */
};

/* Re-encode the .csr INPUT into OUTPUT (in memory, written atomically;
 * or into o->partitions part files named after OUTPUT, split_graph()):
 * 0, -1 with ERR filled, or 1 when the reordering asked for needs more
 * than o->memory (res->need says how much; nothing is written). */
int recode_csr(const char *input, const char *output, const struct recode_opts *o,
               struct recode_result *res, emogi_error *err);

#endif
