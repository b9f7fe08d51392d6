/*
 * emogi-bfs - breadth-first search over a .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph (so a corrupt file fails here, before any
 * GPU reads it), places it once, runs one search per source, and writes
 * the depths (and parents) of the last search.  See emogi-bfs(1).
 *
 * What it says about its searches goes to standard error as key=value
 * lines, or JSON Lines with --stats=json (tool_record_*), so scripts can
 * pick fields out of them.  Two edge rates: gteps counts the neighbour
 * entries the search actually read (edges_examined),
 * which bottom-up levels keep far below the edge count; g500_gteps counts,
 * as Graph500 does, the input edges of the traversed component whether
 * read or not, which makes direction-optimizing searches comparable with
 * published figures.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bfs.h"
#include "run.h"
#include "verify.h"

/* ---- options ---- */

static const char usage_text[] =
    "usage: emogi-bfs GRAPH (-s SOURCE | -n N) [options]\n"
    "Breadth-first search over a .csr graph; writes depths as uint32 little-endian.\n"
    "  -s, --source V          start at vertex V\n"
    "  -S ID                   start at the vertex whose input id is ID (-s ID\n"
    "                          --original-ids, for the source only)\n"
    "  -n, --runs N            N searches from random vertices with out-edges\n"
    "      --seed S            seed for -n (default 1)\n"
    "  -o, --output FILE       depths to FILE ('-' stdout; default stdout, none with -n)\n"
    "      --parents FILE      parents as uint64 (unreached: all ones) to FILE\n"
    "      --direction D       auto (top-down, bottom-up while the frontier is large),\n"
    "                          push (top-down only), pull (bottom-up only) or gap\n"
    "                          (auto by the GAP benchmark suite's rule alone)\n"
    "      --alpha A           go bottom-up when the frontier's out-edges exceed 1/A\n"
    "                          of the unexplored edges (default 15)\n"
    "      --beta B            go back top-down when the frontier is under 1/B of the\n"
    "                          vertices and shrinking, and (auto) its lists outweigh\n"
    "                          those left unreached (default 18)\n"
    "      --first-ids on|off  bottom-up levels test one in-neighbour of each vertex, from\n"
    "                          the head of its list, kept in GPU memory, before the list\n"
    "                          (lists' heads over the link, or compressed; default on)\n"
    "      --text              'vertex value' lines instead of raw arrays (-1: none)\n"
    TOOL_USAGE_ORIGINAL_IDS
    TOOL_USAGE_FORMAT
    TOOL_USAGE_BACKEND
    "      --stats[=FORM]      time, levels, reached, edges, GTEPS, link bytes per search\n"
    TOOL_USAGE_STATS
    "      --verify            check each result the Graph500 way\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_PARENTS = TOOL_OPT_OWN, OPT_DIRECTION, OPT_ALPHA, OPT_BETA, OPT_FIRST_IDS };

static const struct option own_options[] = {
    {"parents", required_argument, NULL, OPT_PARENTS},
    {"direction", required_argument, NULL, OPT_DIRECTION},
    {"alpha", required_argument, NULL, OPT_ALPHA},
    {"beta", required_argument, NULL, OPT_BETA},
    {"first-ids", required_argument, NULL, OPT_FIRST_IDS},
    {NULL, 0, NULL, 0}};

/* The shared traversal options plus --parents and the direction's. */
struct bfs_opts {
    struct tool_opts t;
    const char *parents; /* or NULL */
    int no_first_ids;    /* --first-ids off */
    struct emogi_bfs_opts search;
};

/* --alpha and --beta: a positive ratio. */
static double threshold(const char *fmt, const char *arg)
{
    double x;
    if (tool_parse_real(arg, &x) < 0 || !(x > 0) || x > 1e15)
        tool_usage_error(fmt, arg);
    return x;
}

static int own_option(int code, const char *arg, void *ctx)
{
    struct bfs_opts *o = ctx;
    switch (code) {
    case OPT_PARENTS: o->parents = arg; break;
    case OPT_DIRECTION:
        if (emogi_direction_parse(arg, &o->search.direction) < 0)
            tool_usage_error("bad --direction '%s' (auto, push, pull, gap)", arg);
        break;
    case OPT_ALPHA: o->search.alpha = threshold("bad --alpha '%s' (a positive number)", arg); break;
    case OPT_BETA: o->search.beta = threshold("bad --beta '%s' (a positive number)", arg); break;
    case OPT_FIRST_IDS:
        if (strcmp(arg, "on") != 0 && strcmp(arg, "off") != 0)
            tool_usage_error("bad --first-ids '%s' (on, off)", arg);
        o->no_first_ids = strcmp(arg, "off") == 0;
        break;
    }
    return 0;
}

static void parse_options(int argc, char **argv, struct bfs_opts *o)
{
    const struct tool_spec spec = {usage_text, 1, own_options, own_option, o};
    o->parents = NULL;
    o->no_first_ids = 0;
    memset(&o->search, 0, sizeof o->search);
    tool_parse_options(argc, argv, &spec, &o->t);
    const struct tool_output outs[] = {
        {"-o", o->t.out}, {"--parents", o->parents}, {"--stats-file", o->t.stats_file}};
    tool_check_outputs(o->t.graph, outs, 3);
}

/* ---- run ---- */

/* Device memory the GPU search adds beside the offsets, per vertex: a
 * 4-byte depth, the top-down queue (one id), and under a byte for the two
 * frontier bitmaps, bottom-up's bitmap of vertices to test, the scan
 * that makes the queue and the sparse levels' two queues (nv/64 ids
 * each); and the queues of long lists (emogi_kernel.h); --mem auto keeps
 * it free. */
static uint64_t gpu_state_bytes(const struct emogi_graph *g)
{
    return g->nv * (4 + (uint64_t)g->id_width + 1) + emogi_aside_bytes(g->ne);
}

struct bfs_tally {
    uint64_t searches;
    double seconds;
    double inv_gteps, inv_g500_gteps; /* sums of 1/rate, for harmonic means */
};

/* What the report and the check need, one process's or rank 0's. */
struct bfs_run {
    const struct bfs_opts *o;
    struct bfs_tally tally;
};

static void report_search(void *ctx, const struct emogi_graph *g, int on_gpu, uint64_t source,
                          const struct emogi_bfs_stats *st);
static void report_mean(void *ctx);
static void check(void *ctx, const struct emogi_graph *g, uint64_t source, const uint32_t *depth);

static void write_results(const struct bfs_opts *o, const struct emogi_graph *g, uint64_t source,
                          const uint32_t *depth)
{
    emogi_error err;
    const struct emogi_graph *ids = tool_text_ids(&o->t, g);
    if (o->t.out &&
        tool_write_array_ids(o->t.out, depth, TOOL_U32, g->nv, o->t.format, ids, 0, &err) < 0)
        tool_die(&err);
    if (!o->parents)
        return;
    uint64_t *parent = malloc(g->nv * sizeof *parent);
    if (!parent) {
        emogi_fail(&err, "out of memory for %llu parents", (unsigned long long)g->nv);
        tool_die(&err);
    }
    if (emogi_bfs_parents(g, source, depth, parent, &err) < 0)
        tool_die_about(o->t.graph, &err);
    if (tool_write_array_ids(o->parents, parent, TOOL_U64, g->nv, o->t.format, ids, 1, &err) < 0)
        tool_die(&err);
    free(parent);
}

/* TOOL_PLACE_FIRSTS where bottom-up levels may run, unless --first-ids
 * off; else 0. */
static unsigned firsts_flag(const struct bfs_opts *o)
{
    return o->search.direction == EMOGI_DIR_PUSH || o->no_first_ids ? 0 : TOOL_PLACE_FIRSTS;
}

/* EMOGI_TRACE_LEVELS: a line per level of a one-process search, as
 * dist/bfs.c prints a distributed one's, to set the two side by side. */
static void trace_level(void *arg, uint32_t level, enum emogi_direction way, uint64_t found,
                        double seconds)
{
    (void)arg;
    tool_message("level", "level level=%u direction=%s found=%llu seconds=%.6f", level, way == EMOGI_DIR_PULL ? "bottom-up" : "top-down", (unsigned long long)found,
            seconds);
}

/* One process: the graph placed once, a search per source, the last
 * one's depths written. */
static void run(struct bfs_run *ctx, struct bfs_opts *o, const struct emogi_graph *g,
                const uint64_t *sources, uint64_t n, double open_s)
{
    emogi_error err;
    uint32_t *depth = malloc(g->nv * sizeof *depth);
    if (!depth) {
        emogi_fail(&err, "out of memory for %llu depths", (unsigned long long)g->nv);
        tool_die(&err);
    }
    struct tool_backend b;
    /* Bottom-up levels read in-edges: a directed graph's transpose is
     * placed too, and one id from each in-list's head (the first ids),
     * which settle most of a Kronecker graph's bottom-up vertices without
     * a read of their lists
     * (bench/journal/2026-11-27-which-in-neighbour-to-keep.md). */
    const unsigned what =
        o->search.direction == EMOGI_DIR_PUSH ? 0 : TOOL_PLACE_IN | firsts_flag(o);
    if (tool_backend_open(&b, g, &o->t, gpu_state_bytes(g), what, &err) < 0)
        tool_die(&err);
    o->search.kernel = b.kernel;
    o->search.in = b.on_gpu ? tool_backend_in(&b) : NULL;
    if (tool_trace_levels())
        o->search.level_done = trace_level;
    if (o->t.stats)
        tool_backend_report_load(&b, open_s);

    for (uint64_t i = 0; i < n; i++) {
        struct emogi_bfs_stats st = {0};
        int rc = b.on_gpu ? emogi_bfs_gpu(&b.placed, sources[i], &o->search, depth, &st, &err)
                          : emogi_bfs_cpu_with(g, sources[i], &o->search, depth, &st, &err);
        if (rc < 0)
            tool_die_about(o->t.graph, &err);
        if (o->t.stats || o->t.runs)
            report_search(ctx, g, b.on_gpu, sources[i], &st);
        if (o->t.verify)
            check(ctx, g, sources[i], depth);
    }
    if (o->t.runs)
        report_mean(ctx);
    tool_backend_close(&b);
    tool_outputs_hold(); /* -o and --parents replace the old files together */
    write_results(o, g, sources[n - 1], depth);
    free(depth);
}

int main(int argc, char **argv)
{
    struct bfs_opts o;
    struct tool_run r;
    tool_init("emogi-bfs");
    tool_run_start(&argc, &argv, &r);
    parse_options(argc, argv, &o);
    o.search.count_reached_edges = o.t.stats; /* the component's edges, for g500_gteps */
    emogi_atomic_install_signals();
    tool_refuse_terminal(o.t.out, o.t.text, "arrays");
    tool_refuse_terminal(o.parents, o.t.text, "arrays");

    emogi_error err;
    struct emogi_graph g;
    double t0 = emogi_now();
    tool_run_open(&r, &o.t, 0, &g);
    double open_s = emogi_now() - t0;
    uint64_t n, *sources = tool_pick_sources(&o.t, r.whole, &n, &err);
    if (!sources)
        tool_die(&err);
    struct bfs_run ctx = {&o, {0}};
    if (tool_run_ranks(&r)) { /* dist/bfs.c: each rank its range's part of each search */
        const struct dist_bfs_job job = {
            tool_run_job(&r, &o.t, TOOL_PLACE_IN | firsts_flag(&o), &ctx),
            &o.search, sources, n, o.t.runs != 0, tool_trace_levels(), o.parents,
            report_search, report_mean, check};
        dist_bfs_run(&r.d, &g, &job);
    } else {
        run(&ctx, &o, &g, sources, n, open_s);
    }
    tool_run_finish(&r);
    free(sources);
    emogi_csr_close(&g);
    return 0;
}

/* ---- report ---- */

/* One line per search: time only, or every figure with STATS. */
static void report_search(void *ctx, const struct emogi_graph *g, int on_gpu, uint64_t source,
                          const struct emogi_bfs_stats *st)
{
    struct bfs_run *c = ctx;
    struct bfs_tally *t = &c->tally;
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
    /* the component's input edges: stored twice when undirected */
    uint64_t comp = st->reached_edges;
    if (!(g->flags & EMOGI_DIRECTED))
        comp /= 2;
    double gteps = tool_rate((double)st->edges_examined, st->seconds) / 1e9;
    double g500 = tool_rate((double)comp, st->seconds) / 1e9;
    t->inv_gteps += gteps > 0 ? 1 / gteps : 0;
    t->inv_g500_gteps += g500 > 0 ? 1 / g500 : 0;
    tool_record_u64("levels", st->levels);
    tool_record_u64("reached", st->reached);
    tool_record_u64("edges_examined", st->edges_examined);
    tool_record_real("gteps", "%.4f", gteps);
    tool_record_real("edge_gbps", "%.3f", tool_rate((double)st->edge_bytes, st->seconds) / 1e9);
    tool_record_u64("component_edges", comp);
    tool_record_real("g500_gteps", "%.4f", g500);
    tool_record_u64("push_levels", st->push_levels);
    tool_record_u64("pull_levels", st->pull_levels);
    if (on_gpu)
        tool_record_link(st->link_bytes, st->devmem_bytes, st->seconds);
    tool_record_peak_memory();
    tool_record_end();
}

static void report_mean(void *ctx)
{
    const struct bfs_run *c = ctx;
    const struct bfs_tally *t = &c->tally;
    const int stats = c->o->t.stats;
    if (t->searches == 0)
        return;
    double n = (double)t->searches;
    tool_record_begin("mean", "mean");
    tool_record_u64("searches", t->searches);
    tool_record_real("seconds", "%.6f", t->seconds / n);
    if (stats) {
        tool_record_real("gteps", "%.4f", t->inv_gteps > 0 ? n / t->inv_gteps : 0.0);
        tool_record_real("g500_gteps", "%.4f",
                         t->inv_g500_gteps > 0 ? n / t->inv_g500_gteps : 0.0);
        tool_record_peak_memory();
    }
    tool_record_end();
}

/* --verify: the Graph500 check (verify_bfs.c), which shares no code with the search. */
static void check(void *ctx, const struct emogi_graph *g, uint64_t source, const uint32_t *depth)
{
    const struct bfs_opts *o = ((const struct bfs_run *)ctx)->o;
    emogi_error err;
    if (verify_bfs_depths(g, source, depth, &err) < 0) {
        fprintf(stderr, "emogi-bfs: %s: source %llu: wrong result: %s\n", o->t.graph,
                (unsigned long long)source, err.msg);
        exit(1);
    }
    tool_message("verified", "source=%llu verified", (unsigned long long)source);
}
