/*
 * emogi-sssp - single-source shortest paths over a weighted .csr graph on
 * the CPU or a GPU.
 *
 * Opens and validates the graph, checks the weights once (non-negative,
 * no overflow), places it with its weights, runs one search per source
 * and writes the distances of the last one.  See emogi-sssp(1).
 *
 * What it says about its searches goes to standard error as key=value
 * lines, or JSON Lines with --stats=json (tool_record_*).  gteps counts
 * the edges relaxed (read), repeats included: a vertex whose distance
 * drops twice relaxes its list twice, so the figure
 * measures the rate of work, and edges_relaxed over the graph's edges the
 * overhead of the algorithm.  edge_gbps is the bytes of neighbour and
 * weight arrays read per second: on the GPU the 128-byte lines the kernels
 * requested, which the line splits into link_bytes (over PCIe) and
 * devmem_bytes (tool_record_link).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "emogi_sssp.h"
#include "run.h"
#include "verify.h"

/* ---- options ---- */

static const char usage_text[] =
    "usage: emogi-sssp GRAPH (-s SOURCE | -n N) [options]\n"
    "Single-source shortest paths over a weighted .csr graph; writes distances as\n"
    "uint64 (integer weights) or float32 (float weights) little-endian.\n"
    "  -s, --source V          start at vertex V\n"
    "  -S ID                   start at the vertex whose input id is ID (-s ID\n"
    "                          --original-ids, for the source only)\n"
    "  -n, --runs N            N searches from random vertices with out-edges\n"
    "      --seed S            seed for -n (default 1)\n"
    "  -o, --output FILE       distances to FILE ('-' stdout; default stdout, none with -n)\n"
    "      --text              'vertex distance' lines instead of raw arrays (-1: unreached)\n"
    TOOL_USAGE_ORIGINAL_IDS
    TOOL_USAGE_FORMAT
    "      --delta D           bucket width of the CPU and of MPI ranks (default:\n"
    "                          from the weights)\n"
    "      --unit-weights      every weight 1 (needed for graphs without weights)\n"
    TOOL_USAGE_BACKEND
    "      --stats[=FORM]      time, iterations, reached, edges, GTEPS per search on stderr\n"
    TOOL_USAGE_STATS
    "      --verify            check each result (no edge relaxable, every distance achieved)\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_DELTA = TOOL_OPT_OWN, OPT_UNIT };

static const struct option own_options[] = {
    {"delta", required_argument, NULL, OPT_DELTA},
    {"unit-weights", no_argument, NULL, OPT_UNIT},
    {NULL, 0, NULL, 0}};

/* The shared traversal options plus --delta and --unit-weights. */
struct sssp_cli {
    struct tool_opts t;
    struct emogi_sssp_opts s;
};

static int own_option(int code, const char *arg, void *ctx)
{
    struct emogi_sssp_opts *s = ctx;
    if (code == OPT_UNIT) {
        s->unit_weights = 1;
        return 0;
    }
    char *end;
    double d = strtod(arg, &end);
    if (end == arg || *end || !(d > 0) || !isfinite(d))
        tool_usage_error("bad delta '%s' (a positive number)", arg);
    s->delta = d;
    return 0;
}

static void parse_options(int argc, char **argv, struct sssp_cli *o)
{
    const struct tool_spec spec = {usage_text, 1, own_options, own_option, &o->s};
    o->s.unit_weights = 0;
    o->s.delta = 0;
    tool_parse_options(argc, argv, &spec, &o->t);
}

/* ---- run ---- */

/* Device memory the GPU search adds beside the offsets: a distance and an
 * activity stamp per vertex, and the queues of long lists
 * (emogi_kernel.h); --mem auto keeps it free. */
#define GPU_STAMP_BYTES 4

struct sssp_tally {
    uint64_t searches;
    double seconds;
    double inv_gteps; /* sum of 1/rate, for the harmonic mean */
};

/* What the report, the check and the text writer need, one process's or
 * rank 0's. */
struct sssp_run {
    const struct sssp_cli *o;
    struct sssp_tally tally;
};

static void report_delta(void *ctx, const struct emogi_graph *g, double delta);
static void report_search(void *ctx, uint64_t source, const struct emogi_sssp_stats *st,
                          int on_cpu);
static void report_mean(void *ctx);
static void check(void *ctx, const struct emogi_graph *g, uint64_t source, const void *dist);

/* The graph opened and checked, the sources picked, the backend chosen:
 * returns the distance array to fill. */
static void *open_all(struct sssp_run *ctx, struct tool_run *r, struct emogi_graph *g,
                      struct tool_backend *b, uint64_t **sources, uint64_t *n)
{
    const struct sssp_cli *o = ctx->o;
    emogi_error err;
    double t0 = emogi_now();
    tool_run_open(r, &o->t, 0, g);
    if (emogi_sssp_check_weights(g, &o->s, &err) < 0)
        tool_die_about(o->t.graph, &err);
    double open_s = emogi_now() - t0;
    if (!(*sources = tool_pick_sources(&o->t, g, n, &err)))
        tool_die(&err);
    unsigned size = emogi_sssp_dist_size(g, &o->s);
    void *dist = malloc(g->nv * size);
    if (!dist) {
        emogi_fail(&err, "out of memory for %llu distances", (unsigned long long)g->nv);
        tool_die(&err);
    }
    if (tool_backend_open(b, g, &o->t, g->nv * (size + GPU_STAMP_BYTES) + emogi_aside_bytes(g->ne),
                          o->s.unit_weights ? 0 : TOOL_PLACE_WEIGHTS, &err) < 0)
        tool_die(&err);
    if (o->t.stats) {
        tool_backend_report_load(b, open_s);
        if (!b->on_gpu)
            report_delta(ctx, g, o->s.delta > 0 ? o->s.delta : emogi_sssp_default_delta(g, &o->s));
    }
    return dist;
}

/* Text shows unreached as -1; for float distances that is a copy with
 * +infinity replaced, which no true distance (never negative) can be. */
static void write_results(void *ctx, const struct emogi_graph *g, void *dist)
{
    const struct sssp_cli *o = ((const struct sssp_run *)ctx)->o;
    emogi_error err;
    int flt = emogi_sssp_float_dist(g, &o->s);
    if (!o->t.out)
        return;
    const void *out = dist;
    float *shown = NULL;
    if (flt && o->t.text) {
        if (!(shown = malloc(g->nv * sizeof *shown))) {
            emogi_fail(&err, "out of memory for %llu distances", (unsigned long long)g->nv);
            tool_die(&err);
        }
        for (uint64_t v = 0; v < g->nv; v++)
            shown[v] = ((const float *)dist)[v] == INFINITY ? -1.0f : ((const float *)dist)[v];
        out = shown;
    }
    if (tool_write_array_ids(o->t.out, out, flt ? TOOL_F32 : TOOL_U64, g->nv, o->t.format,
                             tool_text_ids(&o->t, g), 0, &err) < 0)
        tool_die(&err);
    free(shown);
}

/* One process: a search per source, the last one's distances written. */
static void run(struct sssp_run *ctx, struct tool_run *r)
{
    const struct sssp_cli *o = ctx->o;
    struct emogi_graph g;
    struct tool_backend b;
    uint64_t n, *sources;
    void *dist = open_all(ctx, r, &g, &b, &sources, &n);
    for (uint64_t i = 0; i < n; i++) {
        emogi_error err;
        struct emogi_sssp_stats st = {0};
        int rc = b.on_gpu ? emogi_sssp_gpu(&b.placed, sources[i], &o->s, b.kernel, dist, &st, &err)
                          : emogi_sssp_cpu(&g, sources[i], &o->s, dist, &st, &err);
        if (rc < 0)
            tool_die_about(o->t.graph, &err);
        if (o->t.stats || o->t.runs)
            report_search(ctx, sources[i], &st, !b.on_gpu);
        if (o->t.verify)
            check(ctx, &g, sources[i], dist);
    }
    if (o->t.runs)
        report_mean(ctx);
    tool_backend_close(&b);
    tool_outputs_hold(); /* -o replaced with the --stats-file */
    write_results(ctx, &g, dist);
    tool_run_finish(r);
    free(dist);
    free(sources);
    emogi_csr_close(&g);
}

/* Ranks (dist/sssp.c): the sources picked from the whole graph before
 * each rank takes its range. */
static void run_ranks(struct sssp_run *ctx, struct tool_run *r)
{
    const struct sssp_cli *o = ctx->o;
    emogi_error err;
    struct emogi_graph g;
    uint64_t n, *sources;
    double t0 = emogi_now();
    tool_run_open(r, &o->t, 0, &g);
    if (!(sources = tool_pick_sources(&o->t, r->whole, &n, &err)))
        tool_die(&err);
    const struct dist_sssp_job job = {
        tool_run_job(r, &o->t, o->s.unit_weights ? 0 : TOOL_PLACE_WEIGHTS, ctx),
        &o->s, sources, n, o->t.runs != 0, o->t.text, t0,
        report_delta, report_search, report_mean, check, write_results};
    dist_sssp_run(&r->d, &g, &job);
    free(sources);
    emogi_csr_close(&g);
    tool_run_finish(r);
}

int main(int argc, char **argv)
{
    struct sssp_cli o;
    struct tool_run r;
    tool_init("emogi-sssp");
    tool_run_start(&argc, &argv, &r);
    parse_options(argc, argv, &o);
    emogi_atomic_install_signals();
    tool_refuse_terminal(o.t.out, o.t.text, "arrays");
    struct sssp_run ctx = {&o, {0}};
    if (tool_run_ranks(&r))
        run_ranks(&ctx, &r);
    else
        run(&ctx, &r);
    return 0;
}

/* ---- report ---- */

static void report_delta(void *ctx, const struct emogi_graph *g, double delta)
{
    const struct sssp_cli *o = ((const struct sssp_run *)ctx)->o;
    double d = delta;
    if (!emogi_sssp_float_dist(g, &o->s))
        d = floor(d);
    tool_record_begin("delta", NULL);
    tool_record_real("delta", "%.9g", d);
    tool_record_str("distances", emogi_sssp_float_dist(g, &o->s) ? "float32" : "uint64");
    tool_record_end();
}

/* One line per search: time only, or every figure with STATS (the GPU
 * does not count edges_examined yet: its line leaves it out; the link
 * figures are the GPU's alone). */
static void report_search(void *ctx, uint64_t source, const struct emogi_sssp_stats *st,
                          int on_cpu)
{
    struct sssp_run *c = ctx;
    struct sssp_tally *t = &c->tally;
    const int stats = c->o->t.stats;
    t->searches++;
    t->seconds += st->seconds;
    tool_record_begin("search", NULL);
    tool_record_source(source);
    tool_record_real("seconds", "%.6f", st->seconds);
    if (!stats) {
        tool_record_end();
        return;
    }
    double gteps = tool_rate((double)st->edges_relaxed, st->seconds) / 1e9;
    t->inv_gteps += gteps > 0 ? 1 / gteps : 0;
    tool_record_u64("iterations", st->iterations);
    tool_record_u64("reached", st->reached);
    tool_record_u64("edges_relaxed", st->edges_relaxed);
    tool_record_real("gteps", "%.4f", gteps);
    tool_record_real("edge_gbps", "%.3f", tool_rate((double)st->edge_bytes, st->seconds) / 1e9);
    if (on_cpu)
        tool_record_u64("edges_examined", st->edges_examined);
    else
        tool_record_link(st->link_bytes, st->devmem_bytes, st->seconds);
    tool_record_peak_memory();
    tool_record_end();
}

static void report_mean(void *ctx)
{
    const struct sssp_run *c = ctx;
    const struct sssp_tally *t = &c->tally;
    const int stats = c->o->t.stats;
    if (t->searches == 0)
        return;
    double n = (double)t->searches;
    tool_record_begin("mean", "mean");
    tool_record_u64("searches", t->searches);
    tool_record_real("seconds", "%.6f", t->seconds / n);
    if (stats) {
        tool_record_real("gteps", "%.4f", t->inv_gteps > 0 ? n / t->inv_gteps : 0.0);
        tool_record_peak_memory();
    }
    tool_record_end();
}

/* --verify: no edge relaxable, every distance achieved (verify_sssp.c). */
static void check(void *ctx, const struct emogi_graph *g, uint64_t source, const void *dist)
{
    const struct sssp_cli *o = ((const struct sssp_run *)ctx)->o;
    emogi_error err;
    if (verify_sssp_dist(g, source, &o->s, dist, &err) < 0) {
        fprintf(stderr, "emogi-sssp: %s: source %llu: wrong result: %s\n", o->t.graph,
                (unsigned long long)source, err.msg);
        exit(1);
    }
    tool_message("verified", "source=%llu verified", (unsigned long long)source);
}
