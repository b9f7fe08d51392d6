/*
 * bfs.h - the CPU and GPU ranks' BFS state, shared by its two files:
 * bfs.c (the search, the run and the parents), bfs_top_down.c (the
 * top-down levels and their exchange of ids) and bfs_bottom_up.c (the
 * bottom-up levels and their frontier bitmaps).
 * Internal to dist/.
 */
#ifndef EMOGI_DIST_BFS_H
#define EMOGI_DIST_BFS_H

#include "emogi_ranks.h"
#include "ranks.h"

/* The per-neighbour and per-vertex steps, inlined into their loops: out
 * of line, a call for every vertex claimed and every bottom-up vertex
 * cost two CPU ranks 8% of a kron 21 search's time
 * (bench/journal/2026-11-27-cpu-ranks-bfs-the-inner-steps-inlined.md). */
#define DBFS_INLINE static inline __attribute__((always_inline))

#define BU_CHUNK 1024 /* a multiple of 64: threads own whole words of the next bitmap */

struct dbfs {
    struct dist *d;
    const struct emogi_graph *g; /* the mapped graph: this rank's lists */
    const struct emogi_graph *w; /* the whole graph's counts and offsets (d->whole) */
    struct emogi_lists out, in;
    int has_in;
    uint32_t *depth;             /* hi - lo, this rank's */
    uint64_t *queue, *next;      /* global ids of this rank's frontier */
    uint64_t queue_n, next_n;
    uint64_t *front, *curr;      /* front: nv bits, all ranks'; curr: this rank's slice */
    uint64_t *todo;              /* CPU bottom-up: a slice of this rank's unvisited
                                    vertices with in-edges */
    uint64_t *slices;            /* every rank's slice, when not all start on a word */
    uint64_t *sent;              /* nv bits: ids sent to their owner */
    uint64_t *out_ids;           /* ids to send this level */
    uint64_t out_n, out_cap;
    int narrow;                  /* ids travel as 4-byte offsets into their owner's range */
    uint64_t scout;              /* out-edges of this rank's new frontier */
    uint32_t level;
    uint64_t examined;
    int corrupt;                 /* a compressed list did not decode */
    struct emogi_dbfs_gpu *gpu;  /* a GPU rank: the lists and depths on the GPU */
    struct dist_xchg *xchg;      /* its frontier bitmap's exchange on the device, or NULL */
    struct dist_xchg *ids;       /* its top-down ids' exchange */
    struct emogi_bfs_opts o;     /* the run's */
    int peers;                   /* GPU ranks read each other's arrays (dist_bfs_peers_open) */
    uint64_t *counts;            /* 2 * size: counts and displacements for MPI */
    int trace;                   /* EMOGI_TRACE_LEVELS: every rank's figures, rank 0 prints */
    double gpu_seconds;          /* in the GPU's calls, copies included */
    double lists_seconds;        /* reading lists: top-down's expand, bottom-up's
                                    tests (GPU or CPU), for the trace */
    double mark, comm_mark, gpu_mark, lists_mark; /* at the level's start */
    uint64_t link_mark;                /* the GPU's link bytes then */
};

/* bfs.c: the level's start and its trace line (EMOGI_TRACE_LEVELS), and
 * the threads for a host loop over N items. */
void dbfs_level_start(struct dbfs *b);
void dbfs_level_done(struct dbfs *b, uint32_t level, const char *direction, uint64_t found);
int dbfs_host_threads(const struct dbfs *b, uint64_t n);

/* bfs_top_down.c: thread T's share [*I0, *I1) of N items among *USED
 * threads, a few sums over all ranks, whether ids travel as 4-byte
 * offsets, and one top-down level (the first from a broadcast): GLOBAL
 * gets the new frontier's out-edges and vertices over all ranks. */
void dbfs_thread_share(uint64_t n, uint64_t *i0, uint64_t *i1, int *t, int *used);
void dbfs_sums(struct dist *d, uint64_t *x, int n);
int dbfs_narrow_ids(const struct dist *d);
void dbfs_td_step(struct dbfs *b, uint64_t reach, uint64_t global[2]);
void dbfs_first_level(struct dbfs *b, uint64_t source, uint64_t global[2]);

/* bfs_bottom_up.c: the words of this rank's frontier slice, whether every
 * range starts on a word, and a run of bottom-up levels from *FRONTIER
 * vertices whose lists hold *REACH entries (both updated, PULL_LEVELS
 * counted), returning the vertices found. */
uint64_t dbfs_slice_words(const struct dist *d);
int dbfs_word_aligned(const struct dist *d);
uint64_t dbfs_run_bottom_up(struct dbfs *b, const struct emogi_bfs_opts *o, double beta,
                            uint64_t *frontier, uint64_t *reach, uint32_t *pull_levels);

#endif
