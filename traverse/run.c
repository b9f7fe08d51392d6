/*
 * run.c - the harness of the traversal tools (run.h).
 *
 * Whether a process is a rank is read from the launcher's environment,
 * which costs a getenv: a plain run opens its graph and runs its kernels
 * without entering dist/ (the MPI layer), and a rank reaches dist/ only
 * through the calls below and its tool's dist_ALGO_run.  GPU ranks place
 * their ranges by the tool's own backend (tool_backend_open), which
 * dist/ calls back through struct dist_placer rather than includes: the
 * arrows stay traverse -> dist -> kernels, and one placement serves one
 * process and ranks alike.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

/* The world size mpirun announces in the environment (Open MPI, MPICH's
 * Hydra and other PMI launchers, MVAPICH), or 0 where none does. */
static long launcher_world_size(void)
{
    static const char *const names[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE",
                                        "MV2_COMM_WORLD_SIZE"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *s = getenv(names[i]);
        if (s && *s)
            return strtol(s, NULL, 10);
    }
    return 0;
}

void tool_run_start(int *argc, char ***argv, struct tool_run *r)
{
    memset(r, 0, sizeof *r);
    r->d.size = 1;
    const long world = launcher_world_size();
    if (world > 0)
        dist_start(argc, argv, world, &r->d);
    r->argc = *argc;
    r->argv = *argv;
}

/* The name opened, kept for g->path (and reachable, for leak checkers). */
static char *opened;

/* The file rank R opens for GRAPH: GRAPH with its "%d" replaced by R;
 * without one, GRAPH, or its part GRAPH.R when there is no file GRAPH
 * (the names emogi-convert --partitions gives).  A single process
 * (SINGLE) opens a file named GRAPH, "%d" and all, where there is one. */
static char *part_path(const char *graph, int r, int single)
{
    const char *pct = strstr(graph, "%d");
    size_t n = strlen(graph) + 24;
    char *p = malloc(n);
    if (!p) {
        fprintf(stderr, "%s: out of memory for %llu a file name\n", tool_name(),
                (unsigned long long)n);
        exit(1);
    }
    if (pct && !(single && access(graph, F_OK) == 0)) {
        snprintf(p, n, "%.*s%d%s", (int)(pct - graph), graph, r, pct + 2);
        return p;
    }
    snprintf(p, n, "%s.%d", graph, r);
    if (access(graph, F_OK) < 0 && errno == ENOENT && access(p, F_OK) == 0)
        return p;
    snprintf(p, n, "%s", graph);
    return p;
}

/* A single process takes a part only when it is the whole graph. */
static void single_checks(const struct emogi_graph *g, const char *path)
{
    if (!emogi_is_part(g) || g->part.count == 1)
        return;
    fprintf(stderr,
            "%s: %s is part %u of %u of a graph; run the tools under mpirun with all parts "
            "(mpirun -np %u), or use the whole file\n",
            tool_name(), path, g->part.index + 1, g->part.count, g->part.count);
    exit(1);
}

/* What the ranks gather from part files for the common options O. */
static unsigned dist_needs(const struct tool_opts *o)
{
    return (o->original_ids || o->source_input ? DIST_NEED_IDMAP : 0u) |
           (o->verify ? DIST_NEED_WHOLE : 0u);
}

static uint64_t hash_str(uint64_t h, const char *s)
{
    return dist_hash(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

/* What every rank must have been given alike (dist.h): the sources as O
 * holds them, and R's command line but the graph's name, O's graph (an
 * element of it: the options were parsed from it). */
static struct dist_agreed agreed(const struct tool_run *r, const struct tool_opts *o)
{
    const uint64_t n[4] = {(uint64_t)o->have_source, o->runs, o->runs ? o->seed : 0,
                           (uint64_t)o->original_ids};
    struct dist_agreed a = {dist_hash(DIST_HASH_START, n, sizeof n), DIST_HASH_START};
    a.sources = hash_str(hash_str(a.sources, o->source_text), o->source_input);
    for (int i = 1; i < r->argc; i++)
        if (r->argv[i] != o->graph)
            a.options = hash_str(a.options, r->argv[i]);
    return a;
}

void tool_run_open(struct tool_run *r, const struct tool_opts *o, unsigned need,
                   struct emogi_graph *g)
{
    opened = part_path(o->graph, r->d.rank, !r->d.on);
    if (r->d.on) {
        const struct dist_agreed a = agreed(r, o);
        dist_open_graph(&r->d, o->graph, opened, dist_needs(o) | need, &a, g);
        r->whole = r->d.whole;
        return;
    }
    emogi_error err;
    if (emogi_csr_open(opened, g, &err) < 0)
        tool_die(&err);
    single_checks(g, opened);
    r->whole = g;
}

static int place(struct dist_placer *p, const struct emogi_graph *range, int device,
                 const unsigned char *classes, uint64_t nclasses, uint64_t state_bytes,
                 struct dist_gpu *gpu, emogi_error *err)
{
    struct tool_run_gpu *t = (struct tool_run_gpu *)p;
    struct tool_opts mine = *t->o;
    mine.device = TOOL_DEVICE_GPU;
    mine.gpu = device;
    mine.in_classes = classes;
    mine.in_nclasses = nclasses;
    if (tool_backend_open(&t->b, range, &mine, state_bytes, t->what, err) < 0)
        return -1;
    gpu->out = &t->b.placed;
    gpu->in = (t->what & TOOL_PLACE_IN) ? tool_backend_in(&t->b) : NULL;
    gpu->kernel = t->b.kernel;
    gpu->link_bytes = 0;
    return 0;
}

static void unplace(struct dist_placer *p)
{
    tool_backend_close(&((struct tool_run_gpu *)p)->b);
}

struct dist_job tool_run_job(struct tool_run *r, const struct tool_opts *o, unsigned what,
                             void *ctx)
{
    r->gpu = (struct tool_run_gpu){{(what & TOOL_PLACE_FIRSTS) != 0, place, unplace}, o, what,
                                   {0}};
    return (struct dist_job){
        .graph = o->graph,
        .ids = tool_text_ids(o, r->whole),
        .out = o->out,
        .format = o->format,
        .stats = o->stats != TOOL_STATS_OFF,
        .verify = o->verify,
        /* GPU ranks only when asked: auto runs CPU ranks */
        .gpu = o->device == TOOL_DEVICE_GPU ? &r->gpu.p : NULL,
        .ctx = ctx,
    };
}

/* Rank 0 commits the --stats-file and the outputs (tool_stats_finish);
 * under ranks its renames wait for the vote that every rank joins
 * (tool_outputs_commit), the others with nothing of their own held. */
void tool_run_finish(struct tool_run *r)
{
    emogi_error err;
    if (r->d.rank == 0)
        tool_stats_finish();
    else if (r->d.on && tool_outputs_commit(&err) < 0)
        tool_die(&err);
    if (r->d.on)
        dist_finish(&r->d);
}
