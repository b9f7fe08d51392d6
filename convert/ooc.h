/*
 * ooc.h - building a .csr larger than memory: sorted runs on disk, merged.
 *
 * Edges stream in (ooc_add) and collect in a buffer sized from --memory.
 * While everything fits in one buffer nothing touches the disk and the
 * caller builds in memory as before (ooc_take_edges).  Once the buffer
 * fills, each buffer's worth of edges becomes a run: the in-memory
 * builder (build.h) turns it into sorted, deduplicated neighbour lists,
 * which are delta-coded into one temporary file in --tmpdir, indexed by
 * cells of 2^16 source ids.  ooc_finish() merges the runs cell by cell in
 * parallel, twice (counts for the offsets, then the lists), writing the
 * sections straight to their places in the output file, with the same
 * bytes and checksums emogi_csr_write() would give.  The run file is
 * unlinked as soon as it is created, so nothing is left behind however the
 * program ends.
 */
#ifndef EMOGI_CONVERT_OOC_H
#define EMOGI_CONVERT_OOC_H

#include <stdint.h>

#include "build.h"
#include "edges.h"

struct ooc_opts {
    uint64_t memory;    /* bytes the converter may use (a target) */
    const char *tmpdir; /* where the run file goes */
    uint64_t nv_hint;   /* vertices, when known before the edges (0: unknown) */
};

struct ooc_stats {
    uint64_t runs, run_bytes, run_arcs; /* arcs stored in runs, both sides */
    uint64_t chunk;                     /* edges per run */
    double run_seconds, merge_seconds;
};

/* What the merge needs beyond the runs. */
struct ooc_output {
    const char *path;
    uint64_t nv;        /* without --relabel: every id is below it */
    enum weight_kind wk; /* over the whole input */
    const char *provenance;
    size_t provenance_len;
};

/* What the merge wrote, for --stats. */
struct ooc_result {
    uint64_t nv, ne, t_ne, file_bytes;
    uint64_t self_loops_dropped, duplicates_dropped;
};

struct ooc_side;

struct ooc {
    struct ooc_opts o;
    const struct build_opts *bo; /* resolved; set by the first ooc_add */
    uint64_t chunk;              /* edges per run, 0 until planned */
    struct edge_list buf;
    int fd; /* the run file (already unlinked), -1 before the first run */
    char *run_path;
    uint64_t file_pos;
    struct ooc_side *side; /* [0] out-edges, [1] in-edges (--transpose) */
    uint64_t *ids, nids;   /* --relabel: every input id seen, ascending */
    int any_real;          /* some run stored float weights */
    uint64_t self_loops, dups; /* dropped inside runs */
    struct ooc_stats st;
};

void ooc_init(struct ooc *s, const struct ooc_opts *o);
/* Edges per run for BO, WEIGHTED input (the generators cut their output
 * to this size); fixes the run size on first call. */
uint64_t ooc_plan(struct ooc *s, const struct build_opts *bo, int weighted);
/* Take E's edges (E is left empty); full buffers become runs. */
int ooc_add(struct ooc *s, struct edge_list *e, const struct build_opts *bo, emogi_error *err);
/* Whether any run was written: if not, ooc_take_edges() gives the edges
 * back for the in-memory build. */
int ooc_spilled(const struct ooc *s);
void ooc_take_edges(struct ooc *s, struct edge_list *e);
/* Write the last run, merge, write OUT->path atomically. */
int ooc_finish(struct ooc *s, const struct ooc_output *out, struct ooc_result *res,
               emogi_error *err);
void ooc_free(struct ooc *s);

#endif
