/*
 * emogi-sssp - single-source shortest paths over a weighted .csr graph on
 * the CPU or a GPU.
 *
 * Opens and validates the graph, checks the weights once (non-negative,
 * no overflow), places it with its weights, runs one search per source
 * and writes the distances of the last one.  See emogi-sssp(1).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "sssp_options.h"
#include "sssp_report.h"
#include "tool_output.h"
#include "tool_sources.h"
#include "trav_backend.h"
#include "verify_sssp.h"
#include "tool_die.h"

/* Device memory the GPU search adds beside the offsets: a distance and an
 * activity stamp per vertex; --mem auto keeps it free. */
#define GPU_STAMP_BYTES 4

static _Noreturn void die(const emogi_error *err)
{
    tool_die("emogi-sssp", err);
}

static _Noreturn void die_about(const char *graph, const emogi_error *err)
{
    tool_die_about("emogi-sssp", graph, err);
}

static void check(const struct sssp_cli *o, const struct emogi_graph *g, uint64_t source,
                  const void *dist)
{
    emogi_error err;
    if (verify_sssp_dist(g, source, &o->s, dist, &err) < 0) {
        fprintf(stderr, "emogi-sssp: %s: source %llu: wrong result: %s\n", o->t.graph,
                (unsigned long long)source, err.msg);
        exit(1);
    }
    fprintf(stderr, "emogi-sssp: source=%llu verified\n", (unsigned long long)source);
}

/* Text shows unreached as -1; for float distances that is a copy with
 * +infinity replaced, which no true distance (never negative) can be. */
static void write_results(const struct sssp_cli *o, const struct emogi_graph *g, void *dist)
{
    emogi_error err;
    int flt = emogi_sssp_float_dist(g, &o->s);
    if (!o->t.out)
        return;
    const void *out = dist;
    float *shown = NULL;
    if (flt && o->t.text) {
        if (!(shown = malloc(g->nv * sizeof *shown))) {
            emogi_fail(&err, "out of memory for %llu distances", (unsigned long long)g->nv);
            die(&err);
        }
        for (uint64_t v = 0; v < g->nv; v++)
            shown[v] = ((const float *)dist)[v] == INFINITY ? -1.0f : ((const float *)dist)[v];
        out = shown;
    }
    if (tool_write_typed(o->t.out, out, flt ? TOOL_F32 : TOOL_U64, g->nv, o->t.text, &err) < 0)
        die(&err);
    free(shown);
}

static void report_cpu_delta(const struct sssp_cli *o, const struct emogi_graph *g)
{
    double d = o->s.delta > 0 ? o->s.delta : emogi_sssp_default_delta(g, &o->s);
    if (!emogi_sssp_float_dist(g, &o->s))
        d = floor(d);
    fprintf(stderr, "emogi-sssp: delta=%.9g distances=%s\n", d,
            emogi_sssp_float_dist(g, &o->s) ? "float32" : "uint64");
}

static void *open_all(struct sssp_cli *o, struct emogi_graph *g, struct trav_backend *b,
                      uint64_t **sources, uint64_t *n)
{
    emogi_error err;
    double t0 = emogi_now();
    if (emogi_csr_open(o->t.graph, g, &err) < 0)
        die(&err);
    if (emogi_sssp_check_weights(g, &o->s, &err) < 0)
        die_about(o->t.graph, &err);
    double open_s = emogi_now() - t0;
    if (!(*sources = tool_pick_sources(&o->t, g, n, &err)))
        die(&err);
    unsigned size = emogi_sssp_dist_size(g, &o->s);
    void *dist = malloc(g->nv * size);
    if (!dist) {
        emogi_fail(&err, "out of memory for %llu distances", (unsigned long long)g->nv);
        die(&err);
    }
    if (trav_backend_open(b, g, &o->t, g->nv * (size + GPU_STAMP_BYTES), !o->s.unit_weights,
                          &err) < 0)
        die(&err);
    if (o->t.stats) {
        trav_backend_report_load(b, "emogi-sssp", open_s);
        if (!b->on_gpu)
            report_cpu_delta(o, g);
    }
    return dist;
}

int main(int argc, char **argv)
{
    struct sssp_cli o;
    sssp_parse_options(argc, argv, &o);
#ifdef _OPENMP
    if (o.t.threads)
        omp_set_num_threads(o.t.threads);
#endif
    emogi_atomic_install_signals();
    if (tool_binary_to_terminal(o.t.out, o.t.text)) {
        fputs("emogi-sssp: standard output is a terminal: not writing binary arrays to it "
              "(use -o FILE, a pipe, or --text)\n", stderr);
        return 1;
    }

    struct emogi_graph g;
    struct trav_backend b;
    uint64_t n, *sources;
    void *dist = open_all(&o, &g, &b, &sources, &n);
    struct sssp_tally tally = {0};
    for (uint64_t i = 0; i < n; i++) {
        emogi_error err;
        struct emogi_sssp_stats st = {0};
        int rc = b.on_gpu ? emogi_sssp_gpu(&b.placed, sources[i], &o.s, b.kernel, dist, &st, &err)
                          : emogi_sssp_cpu(&g, sources[i], &o.s, dist, &st, &err);
        if (rc < 0)
            die_about(o.t.graph, &err);
        if (o.t.stats || o.t.runs)
            sssp_report_search(sources[i], &st, o.t.stats, &tally);
        if (o.t.verify)
            check(&o, &g, sources[i], dist);
    }
    if (o.t.runs)
        sssp_report_mean(&tally, o.t.stats);
    trav_backend_close(&b);
    write_results(&o, &g, dist);
    free(dist);
    free(sources);
    emogi_csr_close(&g);
    return 0;
}
