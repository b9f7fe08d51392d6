/*
 * ooc_merge.h - one side's merge (ooc_merge.c), driven by ooc_write.c.
 */
#ifndef EMOGI_CONVERT_OOC_MERGE_H
#define EMOGI_CONVERT_OOC_MERGE_H

#include "ooc_internal.h"

struct merge {
    const struct ooc *s;
    const struct ooc_side *side;
    const struct build_opts *bo;
    int keep_dups, weighted, real, random, width;
    const uint64_t *ids; /* --relabel: input id of each final id */
    uint64_t nids;
    uint64_t *offsets; /* pass 1 fills degrees by final id; pass 2 reads offsets */
    int out_fd;
    const char *out_path;
    uint64_t nb_off, w_off; /* the sections' places in the output */
    size_t cursor_buf;      /* bytes of read buffer per run and thread */
    uint64_t *cells, ncells;
    uint32_t *crc_nb, *crc_w; /* per cell, pass 2 */
    uint64_t *cell_arcs;
};

int merge_cells(struct merge *m, emogi_error *err);
int merge_pass(const struct merge *m, int pass, emogi_error *err);
void merge_crcs(const struct merge *m, uint32_t *nb, uint32_t *w);
void merge_free_cells(struct merge *m);

#endif
