/*
 * emogi-bfs - breadth-first search over a .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph (so a corrupt file fails here, before any
 * GPU reads it), places it once, runs one search per source, and writes
 * the depths (and parents) of the last search.  See emogi-bfs(1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bfs_backend.h"
#include "bfs_options.h"
#include "bfs_report.h"
#include "tool_output.h"
#include "tool_sources.h"
#include "verify_bfs.h"

static _Noreturn void die(const emogi_error *err)
{
    fprintf(stderr, "emogi-bfs: %s\n", err->msg);
    exit(1);
}

/* For errors of the kernels, which do not know the file's name. */
static _Noreturn void die_about(const char *graph, const emogi_error *err)
{
    fprintf(stderr, "emogi-bfs: %s: %s\n", graph, err->msg);
    exit(1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* -s V, or -n random ones; a source past the graph is the user's error. */
static uint64_t *pick_sources(const struct bfs_opts *o, const struct emogi_graph *g, uint64_t *n,
                              emogi_error *err)
{
    *n = o->runs ? o->runs : 1;
    uint64_t *s = malloc(*n * sizeof *s);
    if (!s) {
        emogi_fail(err, "%s: out of memory for %llu sources", o->graph, (unsigned long long)*n);
        return NULL;
    }
    if (o->runs) {
        emogi_error why;
        if (tool_random_sources(g, *n, o->seed, s, &why) == 0)
            return s;
        emogi_fail(err, "%s: %s", o->graph, why.msg);
    } else if (g->nv == 0) {
        emogi_fail(err, "%s: the graph has no vertices", o->graph);
    } else if (o->source < g->nv) {
        s[0] = o->source;
        return s;
    } else {
        emogi_fail(err, "%s: source %llu out of range 0..%llu", o->graph,
                   (unsigned long long)o->source, (unsigned long long)(g->nv - 1));
    }
    free(s);
    return NULL;
}

static void check(const struct bfs_opts *o, const struct emogi_graph *g, uint64_t source,
                  const uint32_t *depth)
{
    emogi_error err;
    if (verify_bfs_depths(g, source, depth, &err) < 0) {
        fprintf(stderr, "emogi-bfs: %s: source %llu: wrong result: %s\n", o->graph,
                (unsigned long long)source, err.msg);
        exit(1);
    }
    fprintf(stderr, "emogi-bfs: source=%llu verified\n", (unsigned long long)source);
}

static void write_results(const struct bfs_opts *o, const struct emogi_graph *g, uint64_t source,
                          const uint32_t *depth)
{
    emogi_error err;
    if (o->out && tool_write_array(o->out, depth, 4, g->nv, o->text, &err) < 0)
        die(&err);
    if (!o->parents)
        return;
    uint64_t *parent = malloc(g->nv * sizeof *parent);
    if (!parent) {
        emogi_fail(&err, "out of memory for %llu parents", (unsigned long long)g->nv);
        die(&err);
    }
    if (emogi_bfs_parents(g, source, depth, parent, &err) < 0)
        die_about(o->graph, &err);
    if (tool_write_array(o->parents, parent, 8, g->nv, o->text, &err) < 0)
        die(&err);
    free(parent);
}

/* Raw arrays on a terminal help nobody and can garble it (as zstd refuses). */
static void refuse_binary_terminal(const struct bfs_opts *o)
{
    int depths = o->out && strcmp(o->out, "-") == 0;
    int parents = o->parents && strcmp(o->parents, "-") == 0;
    if (!o->text && (depths || parents) && isatty(STDOUT_FILENO)) {
        fputs("emogi-bfs: standard output is a terminal: not writing binary arrays to it "
              "(use -o FILE, a pipe, or --text)\n", stderr);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    struct bfs_opts o;
    bfs_parse_options(argc, argv, &o);
#ifdef _OPENMP
    if (o.threads)
        omp_set_num_threads(o.threads);
#endif
    emogi_atomic_install_signals();
    refuse_binary_terminal(&o);

    emogi_error err;
    struct emogi_graph g;
    double t0 = now();
    if (emogi_csr_open(o.graph, &g, &err) < 0)
        die(&err);
    double open_s = now() - t0;
    uint64_t n, *sources = pick_sources(&o, &g, &n, &err);
    if (!sources)
        die(&err);
    uint32_t *depth = malloc(g.nv * sizeof *depth);
    if (!depth) {
        emogi_fail(&err, "out of memory for %llu depths", (unsigned long long)g.nv);
        die(&err);
    }
    struct bfs_backend b;
    if (bfs_backend_open(&b, &g, &o, &err) < 0)
        die(&err);
    if (o.stats)
        bfs_report_load(&b, open_s);

    struct bfs_tally tally = {0};
    for (uint64_t i = 0; i < n; i++) {
        struct emogi_bfs_stats st = {0};
        if (bfs_backend_run(&b, sources[i], depth, &st, &err) < 0)
            die_about(o.graph, &err);
        if (o.stats || o.runs)
            bfs_report_search(&g, sources[i], depth, &st, o.stats, &tally);
        if (o.verify)
            check(&o, &g, sources[i], depth);
    }
    if (o.runs)
        bfs_report_mean(&tally, o.stats);
    bfs_backend_close(&b);
    write_results(&o, &g, sources[n - 1], depth);
    free(depth);
    free(sources);
    emogi_csr_close(&g);
    return 0;
}
