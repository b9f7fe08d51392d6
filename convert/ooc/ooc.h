/*
 * ooc.h - building a .csr larger than memory: sorted runs on disk, merged.
 *
 * Edges stream in (ooc_add) and collect in a buffer sized from --memory.
 * While everything fits in one buffer nothing touches the disk and the
 * caller builds in memory, as without runs (ooc_take_edges), if that build fits
 * (ooc_fits_in_memory).  Otherwise each buffer's worth of edges becomes a
 * run: the in-memory builder (build.h) turns it into sorted, deduplicated
 * neighbour lists, which are delta-coded into one temporary file in
 * --tmpdir, indexed by cells of 2^16 source ids.  ooc_finish() merges the
 * runs cell by cell in parallel, twice (counts for the offsets, then the
 * lists, encoded as they go out with --compress), writing the sections
 * straight to their places in the output file, with the same bytes and
 * checksums emogi_csr_write() would give.
 * The run file is unlinked as soon as it is created, so nothing is left
 * behind however the program ends.
 *
 * What "within --memory" means, phase by phase.  --memory (B) bounds the
 * sum of every array the converter allocates whose size depends on the
 * input; the program itself (code, libraries, thread stacks, buffers of a
 * fixed size) is the overhead emogi-convert(1) gives a figure for.
 *
 *   reading    the reader's block of text and the edges parsed from it
 *              (ooc_hold: the reader says how much), beside the buffer
 *   a run      the buffer and its build (build_need(), ids compacted when
 *              that needs less), the encoder's buffers, the run's cells;
 *              beside the reader's share, the cell tables of earlier runs
 *              and --relabel's set of ids.  A buffer is given the most
 *              edges that fit; an edge whose ids would make it not fit
 *              sends the buffer to disk first.
 *   in memory  build_need() (and reorder_need() for --reorder) of the
 *              whole graph: built in memory only when that fits
 *   the merge  8 bytes per vertex of offsets, --relabel's ids, the cell
 *              tables, and per thread a read buffer per run, the lists of
 *              one source and an output buffer (--compress: and a buffer
 *              for the encoding of one source's lists): threads are left
 *              out until it fits
 *
 *   names      --string-ids out of core: the sorted names, their offsets
 *              and (while the input is read) their index, beside every
 *              phase above (ooc_keep); the first reading, for the names
 *              alone, holds only them and the reader's block.  Names past
 *              that go to disk (names_disk.h): then only their offsets and
 *              a sparse index are kept
 *
 * --string-ids numbers vertices by their names' ranks, known only once
 * every name is read.  While the graph fits, one reading gathers names and
 * edges in provisional ids and the build renumbers them; a run is never
 * written in provisional ids: when one is due the caller drops the edges,
 * reads on for the names alone, sorts them, and reads the input again,
 * each token looked up to its rank, so the runs and the merge see integer
 * ids as for any other input, and the names go into the file beside them.
 *
 * What must be whole at once - 8 bytes per vertex of offsets, 16 per id
 * with --relabel - is checked as soon as the vertex count is known (the
 * first edges, an mtx size line, a generator's scale): past the bound the
 * conversion stops at once, naming the figure.
 */
#ifndef EMOGI_CONVERT_OOC_H
#define EMOGI_CONVERT_OOC_H

#include <stdint.h>

#include "build.h"
#include "edges.h"

struct ooc_opts {
    uint64_t memory;    /* --memory: bytes the converter may use */
    const char *tmpdir; /* where the run file goes */
    uint64_t nv_hint;   /* vertices, when known before the edges (0: unknown) */
    const char *name;   /* the input (or generator), for messages */
    uint64_t run_edges; /* at most this many edges a run (0: as --memory allows) */
    int reorder;        /* --reorder: the graph must be built in memory */
    int compress;       /* --compress: the merge writes compressed lists */
    int string_ids;     /* --string-ids, first reading: ids are provisional, a run
                           is refused (the caller reads the input again) */
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
    const uint64_t *name_offsets; /* --string-ids: the id-names sections, or NULL */
    const char *names;            /* NULL: they lie in names_fd from names_pos */
    int names_fd;
    uint64_t names_pos;
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
    int threads;
    uint64_t chunk;              /* edges the buffer may take, 0 until planned */
    struct edge_list buf;
    uint64_t buf_nv;  /* the buffer's ids are below it */
    uint64_t seen_nv; /* every id seen is below it */
    uint64_t held;    /* bytes the reader holds beside the buffer (ooc_hold) */
    uint64_t meta;    /* bytes of the runs' cell tables */
    uint64_t kept;    /* bytes held until the file is written (ooc_keep) */
    int fd; /* the run file (already unlinked), -1 before the first run */
    char *run_path;
    uint64_t file_pos;
    struct ooc_side *side; /* [0] out-edges, [1] in-edges (--transpose) */
    uint64_t *ids, nids;   /* --relabel: every input id seen, ascending */
    int any_real;          /* some run stored float weights */
    uint64_t entries;    /* edges handed to the runs */
    uint64_t self_loops; /* dropped inside runs */
    struct ooc_stats st;
};

void ooc_init(struct ooc *s, const struct ooc_opts *o);
/* The reader holds BYTES beside what it hands over (its block and the
 * edges parsed from it): the runs get the rest of --memory. */
void ooc_hold(struct ooc *s, uint64_t bytes);
/* The caller holds BYTES until the file is written (--string-ids' names):
 * runs and merge get the rest of --memory. */
void ooc_keep(struct ooc *s, uint64_t bytes);
/* Every id is below NV (an mtx size line, a generator's scale). */
void ooc_set_vertices(struct ooc *s, uint64_t nv);
/* Edges the next buffer may take, for BO and WEIGHTED input (the
 * generators cut their output to it); -1 when --memory cannot hold the
 * vertices or a single edge's run. */
int ooc_plan(struct ooc *s, const struct build_opts *bo, int weighted, uint64_t *edges,
             emogi_error *err);
/* Take E's edges (E is left empty); full buffers become runs. */
int ooc_add(struct ooc *s, struct edge_list *e, const struct build_opts *bo, emogi_error *err);
/* Whether any run was written: if not, ooc_take_edges() gives the edges
 * back for the in-memory build. */
int ooc_spilled(const struct ooc *s);
/* Whether the buffered graph (ids below NV, weights WK) can be built in
 * memory (with --reorder's renumbering): *NEED is what that holds. */
int ooc_fits_in_memory(const struct ooc *s, uint64_t nv, enum weight_kind wk, uint64_t *need);
/* The same for a graph of EDGES edges known before they are read. */
int ooc_build_fits(const struct ooc *s, const struct build_opts *bo, uint64_t edges,
                   uint64_t nv, int edge_weights, enum weight_kind wk, uint64_t *need);
void ooc_take_edges(struct ooc *s, struct edge_list *e);
/* Write the last run, merge, write OUT->path atomically. */
int ooc_finish(struct ooc *s, const struct ooc_output *out, struct ooc_result *res,
               emogi_error *err);
void ooc_free(struct ooc *s);

#endif
