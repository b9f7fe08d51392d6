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
    int compress; /* --compress: lists go out encoded (emogi_clist.h) */
    const uint64_t *ids; /* --relabel: input id of each final id */
    uint64_t nids;
    uint64_t *offsets; /* pass 1 fills degrees by final id; pass 2 reads offsets, or
                        * compressing, fills each list's bytes */
    int out_fd;
    const char *out_path;
    uint64_t nb_off, w_off; /* the sections' places in the output (nb: cneighbors) */
    size_t cursor_buf;      /* bytes of read buffer per run and thread */
    size_t out_buf;         /* neighbours a thread gathers before it writes */
    int threads;            /* as many as --memory has room for */
    uint64_t *self_loops; /* pass 1 adds the self-loops the lists keep, unless NULL */
    uint64_t *cells, ncells;
    uint32_t *crc_nb, *crc_w; /* per cell, pass 2 */
    uint64_t *cell_arcs;
    /* compressing: each cell's bytes of lists (pass 1 counts them), and
     * where its weights and lists start (merge_cell_starts) */
    uint64_t *cell_bytes, *arc_at, *byte_at;
};

/* What one merging thread holds: a cursor and read buffer per run, its
 * output buffer, and the lists of one source (up to MAXTOTAL entries),
 * COMPRESSing also a buffer that holds the encoding of the longest. */
uint64_t merge_worker_bytes(uint64_t runs, uint64_t cursor_buf, uint64_t out_buf,
                            uint64_t maxtotal, int compress);
/* the least buffers: smaller reads and writes cost more than they save */
#define MERGE_CURSOR_MIN 512 /* bytes of read buffer per run */
#define MERGE_OUT_MIN 1024   /* neighbours per write */

int merge_cells(struct merge *m, emogi_error *err);
int merge_pass(const struct merge *m, int pass, emogi_error *err);
/* Compressing, after pass 1: each cell's starts; the bytes of all lists. */
uint64_t merge_cell_starts(struct merge *m);
void merge_crcs(const struct merge *m, uint32_t *nb, uint32_t *w);
void merge_free_cells(struct merge *m);

#endif
