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

#include "bfs_options.h"
#include "bfs_report.h"
#include "trav_backend.h"
#include "tool_output.h"
#include "tool_sources.h"
#include "verify_bfs.h"
#include "tool_die.h"

/* Device memory the GPU search adds beside the offsets: depths and two
 * frontiers, 4 bytes per vertex each; --mem auto keeps it free. */
#define GPU_STATE_BYTES_PER_VERTEX 12

static _Noreturn void die(const emogi_error *err)
{
    tool_die("emogi-bfs", err);
}

static _Noreturn void die_about(const char *graph, const emogi_error *err)
{
    tool_die_about("emogi-bfs", graph, err);
}

static void check(const struct bfs_opts *o, const struct emogi_graph *g, uint64_t source,
                  const uint32_t *depth)
{
    emogi_error err;
    if (verify_bfs_depths(g, source, depth, &err) < 0) {
        fprintf(stderr, "emogi-bfs: %s: source %llu: wrong result: %s\n", o->t.graph,
                (unsigned long long)source, err.msg);
        exit(1);
    }
    fprintf(stderr, "emogi-bfs: source=%llu verified\n", (unsigned long long)source);
}

static void write_results(const struct bfs_opts *o, const struct emogi_graph *g, uint64_t source,
                          const uint32_t *depth)
{
    emogi_error err;
    if (o->t.out && tool_write_array(o->t.out, depth, 4, g->nv, o->t.text, &err) < 0)
        die(&err);
    if (!o->parents)
        return;
    uint64_t *parent = malloc(g->nv * sizeof *parent);
    if (!parent) {
        emogi_fail(&err, "out of memory for %llu parents", (unsigned long long)g->nv);
        die(&err);
    }
    if (emogi_bfs_parents(g, source, depth, parent, &err) < 0)
        die_about(o->t.graph, &err);
    if (tool_write_array(o->parents, parent, 8, g->nv, o->t.text, &err) < 0)
        die(&err);
    free(parent);
}

static void refuse_binary_terminal(const struct bfs_opts *o)
{
    if (tool_binary_to_terminal(o->t.out, o->t.text) ||
        tool_binary_to_terminal(o->parents, o->t.text)) {
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
    if (o.t.threads)
        omp_set_num_threads(o.t.threads);
#endif
    emogi_atomic_install_signals();
    refuse_binary_terminal(&o);

    emogi_error err;
    struct emogi_graph g;
    double t0 = emogi_now();
    if (emogi_csr_open(o.t.graph, &g, &err) < 0)
        die(&err);
    double open_s = emogi_now() - t0;
    uint64_t n, *sources = tool_pick_sources(&o.t, &g, &n, &err);
    if (!sources)
        die(&err);
    uint32_t *depth = malloc(g.nv * sizeof *depth);
    if (!depth) {
        emogi_fail(&err, "out of memory for %llu depths", (unsigned long long)g.nv);
        die(&err);
    }
    struct trav_backend b;
    if (trav_backend_open(&b, &g, &o.t, g.nv * GPU_STATE_BYTES_PER_VERTEX, 0, &err) < 0)
        die(&err);
    if (o.t.stats)
        trav_backend_report_load(&b, "emogi-bfs", open_s);

    struct bfs_tally tally = {0};
    for (uint64_t i = 0; i < n; i++) {
        struct emogi_bfs_stats st = {0};
        int rc = b.on_gpu ? emogi_bfs_gpu(&b.placed, sources[i], b.kernel, depth, &st, &err)
                          : emogi_bfs_cpu(&g, sources[i], depth, &st, &err);
        if (rc < 0)
            die_about(o.t.graph, &err);
        if (o.t.stats || o.t.runs)
            bfs_report_search(&g, sources[i], depth, &st, o.t.stats, &tally);
        if (o.t.verify)
            check(&o, &g, sources[i], depth);
    }
    if (o.t.runs)
        bfs_report_mean(&tally, o.t.stats);
    trav_backend_close(&b);
    write_results(&o, &g, sources[n - 1], depth);
    free(depth);
    free(sources);
    emogi_csr_close(&g);
    return 0;
}
