/*
 * run.h - the harness every traversal tool runs through: one process, or
 * one of several MPI ranks, told apart before anything else by the
 * launcher's environment, so that a process mpirun did not start never
 * enters dist/.  A tool is its options, then tool_run_open, its run
 * (its own loop for one process; for ranks its job handed to
 * dist_ALGO_run, with the same report, check and write functions as
 * hooks), then tool_run_finish.
 */
#ifndef EMOGI_RUN_H
#define EMOGI_RUN_H

#include "dist.h"
#include "tool.h"

/* A GPU rank's placement: the tool's backend on the rank's range. */
struct tool_run_gpu {
    struct dist_placer p; /* first: dist/ calls back through it */
    const struct tool_opts *o;
    unsigned what; /* TOOL_PLACE_* */
    struct tool_backend b;
};

struct tool_run {
    struct dist d; /* d.on: this process is one of several ranks */
    /* the command line, which the ranks agree on (dist_open_graph) */
    int argc;
    char **argv;
    /* every vertex's counts and offsets: the graph opened, or the ranks'
     * view of the whole (dist.h) */
    const struct emogi_graph *whole;
    struct tool_run_gpu gpu;
};

/* First thing after tool_init, before the options: under a launcher
 * (mpirun's environment, -np 1 included) dist_start, which starts MPI
 * for several processes and stops a build without MPI; otherwise only
 * R's fields are set. */
void tool_run_start(int *argc, char ***argv, struct tool_run *r);

/* Whether this process is one of several ranks. */
static inline int tool_run_ranks(const struct tool_run *r)
{
    return r->d.on;
}

/* O's graph into G, or "TOOL: message" and exit 1: a single process its
 * file (the one part of a graph in one part, emogi-convert
 * --partitions 1; more parts are for mpirun), ranks their view
 * (dist_open_graph).  NEED: the dist_need bits a tool adds to O's. */
void tool_run_open(struct tool_run *r, const struct tool_opts *o, unsigned need,
                   struct emogi_graph *g);

/* What every rank's job takes from O: its outputs, its --text ids
 * (VALUE_IS_ID aside, tool_write_array_ids), and for --device gpu the
 * backend placing WHAT (TOOL_PLACE_*) of each rank's range; CTX: the
 * tool's, for its hooks. */
struct dist_job tool_run_job(struct tool_run *r, const struct tool_opts *o, unsigned what,
                             void *ctx);

/* The end of a run: the --stats records finished (rank 0's), and the
 * ranks leave MPI. */
void tool_run_finish(struct tool_run *r);

#endif
