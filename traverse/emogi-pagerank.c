/*
 * emogi-pagerank - PageRank over a .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph, finds its in-edges (the graph itself,
 * its stored transpose, or one built in memory), places them on the GPU
 * when one is used, iterates until the ranks settle, and writes them as
 * float64 or float32.  See emogi-pagerank(1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_pagerank.h"
#include "run.h"
#include "verify.h"

/* ---- options ---- */

static const char usage_text[] =
    "usage: emogi-pagerank GRAPH [options]\n"
    "PageRank of every vertex of a .csr graph; writes float64 little-endian ranks.\n"
    "      --damping D         damping factor, 0 <= D < 1 (default 0.85)\n"
    "      --tolerance T       stop once an iteration changes the ranks by less than T\n"
    "                          in L1 norm (default 1e-4)\n"
    "      --max-iterations N  stop after N iterations at most (default 100)\n"
    "      --weighted          edge weights as transition probabilities (each out-edge's\n"
    "                          weight over its source's total); default: ignored\n"
    "      --precision P       result type: float64 (default) or float32\n"
    "      --method M          CPU iteration: gauss-seidel (default, fewer iterations)\n"
    "                          or jacobi (the same ranks whatever the thread count;\n"
    "                          always under mpirun)\n"
    "  -o, --output FILE       ranks to FILE ('-' stdout; default stdout)\n"
    "      --text              'vertex rank' lines instead of a raw array\n"
    "      --original-ids      --text names vertices by the graph's input ids (its id\n"
    "                          map, from --relabel or --reorder)\n"
    TOOL_USAGE_FORMAT
    TOOL_USAGE_BACKEND
    "      --stats[=FORM]      iterations, time, edge rates, last change on stderr\n"
    TOOL_USAGE_STATS
    "      --verify            check that the ranks are a fixed point within T\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_DAMPING = TOOL_OPT_OWN, OPT_TOLERANCE, OPT_MAX_ITERATIONS, OPT_PRECISION,
       OPT_METHOD, OPT_WEIGHTED };

static const struct option own_options[] = {
    {"damping", required_argument, NULL, OPT_DAMPING},
    {"tolerance", required_argument, NULL, OPT_TOLERANCE},
    {"max-iterations", required_argument, NULL, OPT_MAX_ITERATIONS},
    {"precision", required_argument, NULL, OPT_PRECISION},
    {"method", required_argument, NULL, OPT_METHOD},
    {"weighted", no_argument, NULL, OPT_WEIGHTED},
    {NULL, 0, NULL, 0}};

/* The CPU iteration (a GPU always runs Jacobi). */
enum pagerank_method { PAGERANK_GAUSS_SEIDEL, PAGERANK_JACOBI };

/* The shared traversal options plus the iteration's parameters and the
 * output type. */
struct pagerank_opts {
    struct tool_opts t;
    struct emogi_pagerank_params prm;
    enum tool_elem precision; /* TOOL_F32 or TOOL_F64 */
    enum pagerank_method method;
    int method_given; /* --method named: a distributed run refuses gauss-seidel */
};

static int own_option(int code, const char *arg, void *ctx)
{
    struct pagerank_opts *o = ctx;
    uint64_t n;
    switch (code) {
    case OPT_DAMPING:
        if (tool_parse_real(arg, &o->prm.damping) < 0 || o->prm.damping < 0 ||
            o->prm.damping >= 1)
            tool_usage_error("bad damping factor '%s' (0 <= D < 1)", arg);
        return 0;
    case OPT_TOLERANCE:
        if (tool_parse_real(arg, &o->prm.tolerance) < 0 || o->prm.tolerance < 0)
            tool_usage_error("bad tolerance '%s' (a number >= 0)", arg);
        return 0;
    case OPT_MAX_ITERATIONS:
        if (tool_parse_u64(arg, &n) < 0 || n < 1 || n > UINT32_MAX)
            tool_usage_error("bad iteration cap '%s' (1 to 4294967295)", arg);
        o->prm.max_iterations = (uint32_t)n;
        return 0;
    case OPT_PRECISION:
        if (pagerank_parse_precision(arg, &o->precision) < 0)
            tool_usage_error("bad precision '%s' (float32 or float64)", arg);
        return 0;
    case OPT_WEIGHTED:
        o->prm.weighted = 1;
        return 0;
    case OPT_METHOD:
        o->method_given = 1;
        if (strcmp(arg, "gauss-seidel") == 0)
            o->method = PAGERANK_GAUSS_SEIDEL;
        else if (strcmp(arg, "jacobi") == 0)
            o->method = PAGERANK_JACOBI;
        else
            tool_usage_error("bad method '%s' (gauss-seidel or jacobi)", arg);
        return 0;
    }
    return -1;
}

static void parse_options(int argc, char **argv, struct pagerank_opts *o)
{
    const struct tool_spec spec = {usage_text, 0, own_options, own_option, o};
    o->prm.damping = EMOGI_PAGERANK_DAMPING;
    o->prm.tolerance = EMOGI_PAGERANK_TOLERANCE;
    o->prm.max_iterations = EMOGI_PAGERANK_MAX_ITERATIONS;
    o->prm.weighted = 0;
    o->precision = TOOL_F64;
    o->method = PAGERANK_GAUSS_SEIDEL;
    o->method_given = 0;
    tool_parse_options(argc, argv, &spec, &o->t);
}

/* ---- run ---- */

/* Device memory the GPU run adds beside the in-edge offsets: ranks and
 * contributions (8 bytes each) and, for directed graphs, the out-edge
 * offsets, a change sum a 32-vertex chunk and two sums a 2048-vertex span
 * (under a byte), and weighted the out-weight sums; --mem auto keeps it
 * free. */
#define GPU_STATE_BYTES_PER_VERTEX 25
#define GPU_WEIGHTED_BYTES_PER_VERTEX 8

/* The smallest tolerance the CPU keeps float32 contributions for. */
#define PAGERANK_F32_TOLERANCE 1e-5

static void report(void *ctx, const struct emogi_pagerank_stats *st, int on_cpu);
static void warn_unconverged(void *ctx, const struct emogi_pagerank_stats *st);
static void check(void *ctx, const struct emogi_graph *g, double *rank);

/* The CPU's contributions: float32 where the tolerance allows. */
static enum emogi_pagerank_store cpu_store(const struct pagerank_opts *o)
{
    return o->prm.tolerance >= PAGERANK_F32_TOLERANCE ? EMOGI_PAGERANK_STORE_F32
                                                      : EMOGI_PAGERANK_STORE_F64;
}

/* The contributions, read at random every iteration, are kept in float32
 * when the tolerance is far above float32's rounding (emogi_pagerank.h):
 * half the bytes, a seventh of the time
 * (bench/journal/2026-11-24-cpu-backend-against-gap-one-graph-one-run.md). */
static int run_cpu(const struct pagerank_opts *o, const struct emogi_graph *in, double *rank,
                   struct emogi_pagerank_stats *st, emogi_error *err)
{
    enum emogi_pagerank_store store = cpu_store(o);
    if (o->method == PAGERANK_JACOBI)
        return emogi_pagerank_cpu_jacobi(in, &o->prm, store, rank, st, err);
    return emogi_pagerank_cpu_gs(in, &o->prm, store, rank, st, err);
}

static void run(struct pagerank_opts *o, const struct emogi_graph *g,
                const struct emogi_graph *in, double *rank, double open_s)
{
    emogi_error err;
    struct tool_backend b;
    const uint64_t state = in->nv * (GPU_STATE_BYTES_PER_VERTEX +
                                     (o->prm.weighted ? GPU_WEIGHTED_BYTES_PER_VERTEX : 0));
    if (tool_backend_open(&b, in, &o->t, state, o->prm.weighted ? TOOL_PLACE_WEIGHTS : 0,
                          &err) < 0)
        tool_die(&err);
    if (o->t.stats)
        tool_backend_report_load(&b, open_s);
    struct emogi_pagerank_stats st = {0};
    int rc = b.on_gpu ? emogi_pagerank_gpu(&b.placed, &o->prm, b.kernel, rank, &st, &err)
                      : run_cpu(o, in, rank, &st, &err);
    if (rc < 0)
        tool_die_about(g->path, &err);
    const int on_cpu = !b.on_gpu;
    tool_backend_close(&b);
    if (o->t.stats)
        report(NULL, &st, on_cpu);
    warn_unconverged(o, &st);
}

/* One process: the in-edges built, PageRank run, the ranks checked and
 * written. */
static void run_single(struct pagerank_opts *o, const struct emogi_graph *g, double t0)
{
    emogi_error err;
    struct emogi_graph in;
    if ((o->prm.weighted ? emogi_pagerank_in_edges_weighted(g, &in, &err)
                         : emogi_pagerank_in_edges(g, &in, &err)) < 0)
        tool_die_about(o->t.graph, &err);
    double open_s = emogi_now() - t0;
    double *rank = malloc((g->nv ? g->nv : 1) * sizeof *rank);
    if (!rank) {
        emogi_fail(&err, "out of memory for %llu ranks", (unsigned long long)g->nv);
        tool_die(&err);
    }
    run(o, g, &in, rank, open_s);
    if (o->t.verify)
        check(o, g, rank);
    pagerank_narrow(rank, g->nv, o->precision);
    tool_outputs_hold(); /* -o replaced with the --stats-file */
    if (tool_write_array_ids(o->t.out, rank, o->precision, g->nv, o->t.format,
                             tool_text_ids(&o->t, g), 0, &err) < 0)
        tool_die(&err);
    free(rank);
    emogi_pagerank_in_edges_free(g, &in);
}

int main(int argc, char **argv)
{
    struct pagerank_opts o;
    struct tool_run r;
    tool_init("emogi-pagerank");
    tool_run_start(&argc, &argv, &r);
    parse_options(argc, argv, &o);
    if (tool_run_ranks(&r) && o.method_given && o.method == PAGERANK_GAUSS_SEIDEL)
        tool_usage_error("%s: its result depends on thread timing; under mpirun PageRank "
                         "runs --method jacobi",
                         "--method gauss-seidel");
    if (tool_run_ranks(&r) && o.prm.weighted && o.t.device == TOOL_DEVICE_GPU)
        tool_usage_error("%s: GPU ranks run unweighted PageRank only; under mpirun "
                         "--weighted runs CPU ranks (--device cpu)",
                         "--weighted --device gpu");
    emogi_atomic_install_signals();
    tool_refuse_terminal(o.t.out, o.t.text, "arrays");

    struct emogi_graph g;
    double t0 = emogi_now();
    tool_run_open(&r, &o.t, DIST_NEED_IN_OFFSETS, &g);
    if (tool_run_ranks(&r)) { /* dist/pagerank.c: Jacobi, each rank its range */
        const struct dist_pagerank_job job = {tool_run_job(&r, &o.t, 0, &o), &o.prm,
                                              cpu_store(&o), o.precision, pagerank_narrow,
                                              report, warn_unconverged, check};
        dist_pagerank_run(&r.d, &g, &job);
    } else {
        run_single(&o, &g, t0);
    }
    tool_run_finish(&r);
    emogi_csr_close(&g);
    return 0;
}

/* ---- report ---- */

/* The GPU does not count edges_examined yet: its line leaves it out; the
 * link figures are the GPU's alone. */
static void report(void *ctx, const struct emogi_pagerank_stats *st, int on_cpu)
{
    (void)ctx;
    tool_record_begin("run", NULL);
    tool_record_u64("iterations", st->iterations);
    tool_record_flag("converged", st->converged);
    tool_record_real("seconds", "%.6f", st->seconds);
    tool_record_real("seconds_per_iteration", "%.6f",
                     st->iterations ? st->seconds / st->iterations : 0.0);
    tool_record_real("delta", "%.6g", st->delta);
    tool_record_u64("edges_read", st->edges_read);
    tool_record_real("geps", "%.4f", tool_rate((double)st->edges_read, st->seconds) / 1e9);
    tool_record_real("edge_gbps", "%.3f", tool_rate((double)st->edge_bytes, st->seconds) / 1e9);
    if (on_cpu)
        tool_record_u64("edges_examined", st->edges_examined);
    else
        tool_record_link(st->link_bytes, st->devmem_bytes, st->seconds);
    tool_record_peak_memory();
    tool_record_end();
}

static void warn_unconverged(void *ctx, const struct emogi_pagerank_stats *st)
{
    const struct pagerank_opts *o = ctx;
    if (!st->converged)
        tool_message("warning", "%s: warning: not converged after %u iterations "
                                "(last L1 change %.6g, tolerance %g)",
                o->t.graph, st->iterations, st->delta, o->prm.tolerance);
}

/* --verify: one more iteration, pushed along out-edges (verify_pagerank.c),
 * on the ranks rounded to the output precision first, so that it checks
 * what is written. */
static void check(void *ctx, const struct emogi_graph *g, double *rank)
{
    const struct pagerank_opts *o = ctx;
    emogi_error err;
    if (o->precision == TOOL_F32) {
        pagerank_narrow(rank, g->nv, TOOL_F32);
        pagerank_widen(rank, g->nv, TOOL_F32);
    }
    struct pagerank_check c = {o->prm.damping, o->prm.tolerance, o->precision, 0, 0,
                               (int)o->prm.weighted};
    if (verify_pagerank_ranks(g, rank, &c, &err) < 0) {
        fprintf(stderr, "emogi-pagerank: %s: wrong result: %s\n", o->t.graph, err.msg);
        exit(1);
    }
    tool_message("verified", "verified: one more iteration changes the ranks by %.3g", c.change);
}
