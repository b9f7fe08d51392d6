/*
 * ooc_internal.h - the run file's encoding, shared by ooc_run.c (writer)
 * and ooc_merge.c (reader).
 *
 * A run side (the out-edges or in-edges of one run) is a sequence of
 * cells; a cell holds the lists of source ids [c << 16, (c+1) << 16) as
 * records, sources ascending:
 *
 *     varint  source - next    (next: the cell's first id, then previous source + 1)
 *     varint  degree
 *     varint  first neighbour, then each neighbour minus the one before
 *     varint  weight key of each neighbour (weighted runs only)
 *
 * Ids are the input's own (before --relabel), so runs built with different
 * compactions merge directly.  LEB128 varints of sorted gaps take 2-3
 * bytes per arc on Kronecker graphs, against 8 or 16 for raw pairs: the
 * runs, not the CPU, are what limits a conversion at scale.
 */
#ifndef EMOGI_CONVERT_OOC_INTERNAL_H
#define EMOGI_CONVERT_OOC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ooc.h"
#include "pio.h"

#define OOC_CELL_SHIFT 16

struct ooc_cell {
    uint64_t cell, off, len; /* the cell's bytes: [off, off+len) of the run file */
};

struct ooc_runside {
    struct ooc_cell *cells; /* ascending by cell */
    uint64_t ncells;
    uint64_t maxdeg; /* the longest list: the merge's buffers are sized from it */
    int weighted; /* records carry weight keys */
    int real;     /* those keys are float_key()s, else uint32 weights */
};

struct ooc_side {
    struct ooc_runside *runs;
    uint64_t nruns, cap;
};

static inline size_t varint_put(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        p[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}

#define VARINT_MAX 10

static inline size_t varint_len(uint64_t v)
{
    size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

/* Write the buffered edges as the last run. */
int ooc_flush_last(struct ooc *s, emogi_error *err);

/* ---- the plan (ooc_plan.c) ---- */
void ooc_setup(struct ooc *s, const struct build_opts *bo);
/* Bytes of --memory left to the run being built, beside what is held. */
uint64_t ooc_room(const struct ooc *s);
/* Bytes of each thread's encoder buffer. */
uint64_t ooc_encode_buffer(const struct ooc *s);
/* The build options of a run; RELABEL: compact its ids. */
struct build_opts ooc_run_opts(const struct ooc *s, int relabel);
/* What writing a run of N edges with ids below NV holds at its peak. */
uint64_t ooc_run_need(const struct ooc *s, uint64_t n, uint64_t nv, int weighted, int relabel);
/* Whether such a run compacts its ids. */
int ooc_run_relabel(const struct ooc *s, uint64_t n, uint64_t nv, int weighted);
/* Whether such a run fits in ooc_room(). */
int ooc_fits(const struct ooc *s, uint64_t n, uint64_t nv, int weighted);
/* The most edges, up to TAKE, with ids below NV that a run holds alone. */
uint64_t ooc_fitting(const struct ooc *s, uint64_t take, uint64_t nv, int weighted);
/* -1, with the figure, when the vertices (or --relabel's ids) cannot fit. */
int ooc_check_vertices(const struct ooc *s, emogi_error *err);

/* The bytes a merge holds whatever its threads: offsets of NV vertices,
 * --relabel's ids, the cell tables (ooc_write.c). */
uint64_t ooc_merge_fixed(const struct ooc *s, uint64_t nv);
/* The least a merge's thread holds (ooc_merge.c): its share when every
 * buffer is at its smallest. */
uint64_t ooc_merge_worker_min(const struct ooc *s);
/* The most entries one source's lists can have over all runs of a side. */
uint64_t ooc_merge_maxtotal(const struct ooc *s);


#endif
