/*
 * none.c - dist.h in a build without MPI, in one file: dist_start stops
 * a process that mpirun started as one of several, saying how to get an
 * MPI build; the rest are never reached (the harness, traverse/run.c,
 * calls them only for such a process) and are here so that the tools
 * link.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "record.h"

void dist_start(int *argc, char ***argv, long world, struct dist *d)
{
    (void)argc;
    (void)argv;
    memset(d, 0, sizeof *d);
    d->size = 1;
    if (world <= 1)
        return;
    fprintf(stderr,
            "%s: started as one of %ld MPI processes, but built without MPI: rebuild "
            "with ./configure --with-mpi (Debian: apt-get install libopenmpi-dev "
            "openmpi-bin), or run one process\n",
            tool_name(), world);
    exit(1);
}

/* Never reached: D is never on. */
static _Noreturn void unreached(void)
{
    fprintf(stderr, "%s: built without MPI: rebuild with ./configure --with-mpi\n", tool_name());
    exit(1);
}

void dist_open_graph(struct dist *d, const char *graph, const char *path, unsigned need,
                     const struct dist_agreed *a, struct emogi_graph *g)
{
    (void)d, (void)graph, (void)path, (void)need, (void)a, (void)g;
    unreached();
}

void dist_bfs_run(struct dist *d, const struct emogi_graph *g, const struct dist_bfs_job *j)
{
    (void)d, (void)g, (void)j;
    unreached();
}

void dist_cc_run(struct dist *d, const struct emogi_graph *g, const struct dist_cc_job *j)
{
    (void)d, (void)g, (void)j;
    unreached();
}

void dist_sssp_run(struct dist *d, const struct emogi_graph *g, const struct dist_sssp_job *j)
{
    (void)d, (void)g, (void)j;
    unreached();
}

void dist_pagerank_run(struct dist *d, const struct emogi_graph *g,
                       const struct dist_pagerank_job *j)
{
    (void)d, (void)g, (void)j;
    unreached();
}

void dist_finish(struct dist *d)
{
    (void)d;
}
