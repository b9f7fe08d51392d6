/*
 * emogi-bc - betweenness centrality over a .csr graph on the CPU or a
 * GPU, from one source (-s) or K sampled ones (-n), as GAP's bc.
 *
 * Opens and validates the graph, picks the sources, places it, runs one
 * Brandes search per source (emogi_bc.h), each adding its dependencies to
 * the scores, and writes the sums as float64: unnormalized (GAP's sums
 * before it divides by the largest), or with --normalize networkx's
 * convention.  See emogi-bc(1).
 *
 * What it says about its searches goes to standard error as key=value
 * lines, or JSON Lines with --stats=json (tool_record_*).  gteps counts
 * the neighbour entries both phases read.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bc.h"
#include "emogi_gpu_state.h"
#include "run.h"
#include "verify.h"

/* ---- options ---- */

static const char usage_text[] =
    "usage: emogi-bc GRAPH (-s SOURCE | -n K) [options]\n"
    "Betweenness centrality (Brandes) from one source or K sampled ones; writes the\n"
    "sum of the sources' dependencies per vertex as float64 little-endian.\n"
    "  -s, --source V          from vertex V alone\n"
    "  -S ID                   from the vertex whose input id is ID (-s ID\n"
    "                          --original-ids, for the source only)\n"
    "  -n, --runs K            from K vertices with out-edges, drawn with repeats\n"
    "      --seed S            seed for -n (default 1)\n"
    "      --normalize         divide by (n-1)(n-2), networkx's normalized=True\n"
    "  -o, --output FILE       scores to FILE ('-' stdout; default stdout)\n"
    "      --text              'vertex score' lines instead of raw arrays\n"
    TOOL_USAGE_ORIGINAL_IDS
    TOOL_USAGE_FORMAT
    TOOL_USAGE_BACKEND
    "      --stats[=FORM]      time, levels, reached, edges, GTEPS per search on stderr\n"
    TOOL_USAGE_STATS
    "      --verify            check the scores against a serial recomputation\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_NORMALIZE = TOOL_OPT_OWN };

static const struct option own_options[] = {
    {"normalize", no_argument, NULL, OPT_NORMALIZE},
    {NULL, 0, NULL, 0}};

struct bc_cli {
    struct tool_opts t;
    int normalize;
};

static int own_option(int code, const char *arg, void *ctx)
{
    (void)code, (void)arg;
    *(int *)ctx = 1;
    return 0;
}

/* The scores are one array whatever the source count, so they go to
 * standard output unless -o says otherwise, -n included. */
static void parse_options(int argc, char **argv, struct bc_cli *o)
{
    const struct tool_spec spec = {usage_text, 1, own_options, own_option, &o->normalize};
    o->normalize = 0;
    tool_parse_options(argc, argv, &spec, &o->t);
    if (!o->t.out) {
        o->t.out = "-";
        const struct tool_output outs[] = {{"-o", o->t.out}, {"--stats-file", o->t.stats_file}};
        tool_check_outputs(o->t.graph, outs, 2);
    }
}

/* ---- run ---- */

struct bc_tally {
    uint64_t searches;
    double seconds;
    double inv_gteps; /* sum of 1/rate, for the harmonic mean */
};

static void report_search(const struct bc_cli *o, struct bc_tally *t, uint64_t source,
                          const struct emogi_bc_stats *st, int on_cpu);
static void report_mean(const struct bc_cli *o, const struct bc_tally *t, double max_score);
static void check(const struct bc_cli *o, const struct emogi_graph *g, const uint64_t *sources,
                  uint64_t n, const double *score);

static double largest(const double *score, uint64_t nv)
{
    double m = 0;
    for (uint64_t v = 0; v < nv; v++)
        m = score[v] > m ? score[v] : m;
    return m;
}

static void run(const struct bc_cli *o, struct tool_run *r)
{
    emogi_error err;
    struct emogi_graph g;
    struct tool_backend b;
    uint64_t n, *sources;
    double t0 = emogi_now();
    tool_run_open(r, &o->t, 0, &g);
    double open_s = emogi_now() - t0;
    if (!(sources = tool_pick_sources(&o->t, &g, &n, &err)))
        tool_die(&err);
    double *score = calloc(g.nv ? g.nv : 1, sizeof *score);
    if (!score) {
        emogi_fail(&err, "out of memory for %llu scores", (unsigned long long)g.nv);
        tool_die(&err);
    }
    /* the in-edges for bottom-up levels: a directed graph's stored transpose */
    if (tool_backend_open(&b, &g, &o->t, emogi_bc_gpu_state_bytes(&g), TOOL_PLACE_IN, &err) < 0)
        tool_die(&err);
    const struct emogi_placed *in = b.on_gpu ? tool_backend_in(&b) : NULL;
    if (o->t.stats)
        tool_backend_report_load(&b, open_s);
    struct bc_tally tally = {0};
    for (uint64_t i = 0; i < n; i++) {
        struct emogi_bc_stats st = {0};
        int rc = b.on_gpu ? emogi_bc_gpu(&b.placed, in, sources[i], b.kernel, score, &st, &err)
                          : emogi_bc_cpu(&g, sources[i], score, &st, &err);
        if (rc < 0)
            tool_die_about(o->t.graph, &err);
        report_search(o, &tally, sources[i], &st, !b.on_gpu);
    }
    if (o->normalize)
        emogi_bc_normalize(g.nv, score);
    report_mean(o, &tally, largest(score, g.nv));
    if (o->t.verify)
        check(o, &g, sources, n, score);
    tool_backend_close(&b);
    tool_outputs_hold(); /* -o replaced with the --stats-file */
    if (tool_write_array_ids(o->t.out, score, TOOL_F64, g.nv, o->t.format, tool_text_ids(&o->t, &g),
                             0, &err) < 0)
        tool_die(&err);
    tool_run_finish(r);
    free(score);
    free(sources);
    emogi_csr_close(&g);
}

int main(int argc, char **argv)
{
    struct bc_cli o;
    struct tool_run r;
    tool_init("emogi-bc");
    tool_run_start(&argc, &argv, &r);
    parse_options(argc, argv, &o);
    /* the sums over sources have no rank layer yet: refuse rather than
     * let each rank score its range from its own searches */
    if (tool_run_ranks(&r)) {
        fprintf(stderr, "emogi-bc: MPI ranks are not supported yet; run one process\n");
        exit(1);
    }
    emogi_atomic_install_signals();
    tool_refuse_terminal(o.t.out, o.t.text, "arrays");
    run(&o, &r);
    return 0;
}

/* ---- report ---- */

/* One line per search: time only, or every figure with --stats (the link
 * figures are the GPU's alone). */
static void report_search(const struct bc_cli *o, struct bc_tally *t, uint64_t source,
                          const struct emogi_bc_stats *st, int on_cpu)
{
    t->searches++;
    t->seconds += st->seconds;
    if (!o->t.stats && !o->t.runs)
        return;
    tool_record_begin("search", NULL);
    tool_record_source(source);
    tool_record_real("seconds", "%.6f", st->seconds);
    if (!o->t.stats) {
        tool_record_end();
        return;
    }
    double gteps = tool_rate((double)st->edges_examined, st->seconds) / 1e9;
    t->inv_gteps += gteps > 0 ? 1 / gteps : 0;
    tool_record_u64("levels", st->levels);
    tool_record_u64("reached", st->reached);
    tool_record_u64("edges_examined", st->edges_examined);
    tool_record_real("gteps", "%.4f", gteps);
    if (!on_cpu)
        tool_record_link(st->link_bytes, st->devmem_bytes, st->seconds);
    tool_record_peak_memory();
    tool_record_end();
}

static void report_mean(const struct bc_cli *o, const struct bc_tally *t, double max_score)
{
    if (!o->t.stats && !o->t.runs)
        return;
    double n = (double)t->searches;
    tool_record_begin("mean", "mean");
    tool_record_u64("searches", t->searches);
    tool_record_real("seconds", "%.6f", t->seconds / n);
    if (o->t.stats) {
        tool_record_real("gteps", "%.4f", t->inv_gteps > 0 ? n / t->inv_gteps : 0.0);
        tool_record_str("normalized", o->normalize ? "networkx" : "no");
        tool_record_real("max_score", "%.17g", max_score);
        tool_record_peak_memory();
    }
    tool_record_end();
}

/* --verify: a serial recomputation that shares no code with the kernels
 * (verify_bc.c). */
static void check(const struct bc_cli *o, const struct emogi_graph *g, const uint64_t *sources,
                  uint64_t n, const double *score)
{
    emogi_error err;
    if (verify_bc_scores(g, sources, n, o->normalize, score, &err) < 0) {
        fprintf(stderr, "emogi-bc: %s: wrong result: %s\n", o->t.graph, err.msg);
        exit(1);
    }
    tool_message("verified", "sources=%llu verified", (unsigned long long)n);
}
