/*
 * emogi-cc - connected components of a .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph, refuses a directed one without in-edges
 * (weak and strong components both need them), places it once (a
 * directed graph's transpose too, the same way), labels every vertex with
 * the smallest id of its component (weak by default, strong with
 * --strong: emogi_scc.h) and writes the labels.  An undirected graph's
 * strong components are its components, so --strong computes those.
 * See emogi-cc(1).
 *
 * The --stats line's component count and sizes come from the labels
 * themselves, not from the backend, so every backend is reported alike.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "emogi_cc.h"
#include "emogi_gpu_state.h"
#include "emogi_scc.h"
#include "run.h"
#include "verify.h"

/* ---- options ---- */

static const char usage_text[] =
    "usage: emogi-cc GRAPH [options]\n"
    "Connected components of a .csr graph (weak ones of a directed graph, which\n"
    "needs its transpose); writes each vertex's label, the smallest vertex id of\n"
    "its component, as little-endian uint32 (4-byte ids) or uint64 (8-byte ids).\n"
    "      --strong            strongly connected components of a directed graph\n"
    "                          (forward-backward, trimming and colouring; an\n"
    "                          undirected graph's are its components)\n"
    "  -o, --output FILE       labels to FILE ('-' stdout, the default)\n"
    "      --text              'vertex label' lines instead of a raw array\n"
    "      --original-ids      --text names vertices and labels by the graph's input\n"
    "                          ids (its id map, from --relabel or --reorder)\n"
    TOOL_USAGE_FORMAT
    "      --algorithm A       GPU algorithm of weak components: uf (union-find,\n"
    "                          default) or lp (EMOGI's label propagation); the CPU\n"
    "                          runs Afforest\n"
    "      --repeat N          run N times on the loaded graph (timing; default 1)\n"
    TOOL_USAGE_BACKEND
    "      --stats[=FORM]      time, passes, components, largest, edges read on stderr\n"
    TOOL_USAGE_STATS
    "      --verify            check the labels against a sequential union-find\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_ALGORITHM = TOOL_OPT_OWN, OPT_REPEAT, OPT_STRONG };

static const struct option own_options[] = {
    {"algorithm", required_argument, NULL, OPT_ALGORITHM},
    {"repeat", required_argument, NULL, OPT_REPEAT},
    {"strong", no_argument, NULL, OPT_STRONG},
    {NULL, 0, NULL, 0}};

/* The shared traversal options plus --algorithm, --repeat and --strong. */
struct cc_opts {
    struct tool_opts t;
    enum emogi_cc_algorithm algorithm; /* GPU only */
    int have_algorithm;                /* --algorithm was given */
    uint64_t repeat;                   /* runs on the placed graph, for timing */
    int strong;                        /* --strong */
};

static int own_option(int code, const char *arg, void *ctx)
{
    struct cc_opts *o = ctx;
    if (code == OPT_ALGORITHM && emogi_cc_algorithm_parse(arg, &o->algorithm) < 0)
        tool_usage_error("bad algorithm '%s' (uf or lp)", arg);
    o->have_algorithm |= code == OPT_ALGORITHM;
    o->strong |= code == OPT_STRONG;
    if (code == OPT_REPEAT && (tool_parse_u64(arg, &o->repeat) < 0 || o->repeat == 0))
        tool_usage_error("bad repeat count '%s'", arg);
    return 0;
}

static void parse_options(int argc, char **argv, struct cc_opts *o)
{
    const struct tool_spec spec = {usage_text, 0, own_options, own_option, o};
    o->algorithm = EMOGI_CC_UF;
    o->have_algorithm = 0;
    o->repeat = 1;
    o->strong = 0;
    tool_parse_options(argc, argv, &spec, &o->t);
    if (o->strong && o->have_algorithm)
        tool_usage_error("%s", "--algorithm chooses among weak-components methods; "
                               "--strong has one");
}

/* ---- run ---- */

static void report(void *ctx, const struct emogi_graph *g, const char *algorithm,
                   const void *labels, const struct emogi_cc_stats *st, int on_gpu);
static void report_seconds(void *ctx, const struct emogi_cc_stats *st);
static void check(void *ctx, const struct emogi_graph *g, const void *labels);

static void run(const struct cc_opts *o, const struct emogi_graph *g, void *labels,
                double open_s)
{
    emogi_error err;
    struct tool_backend b;
    /* what the GPU run adds beside the graph (emogi_gpu_state.h); --mem
     * auto keeps it free */
    if (tool_backend_open(&b, g, &o->t,
                          o->strong ? emogi_scc_gpu_state_bytes(g) : emogi_cc_gpu_state_bytes(g),
                          TOOL_PLACE_IN, &err) < 0)
        tool_die(&err);
    /* Weak components of a directed graph read both sides. */
    const struct emogi_placed *in = b.has_in ? &b.in : NULL;
    if (o->t.stats)
        tool_backend_report_load(&b, open_s);

    /* An undirected graph's strong components are its weak ones. */
    const int strong = o->strong && (g->flags & EMOGI_DIRECTED);
    const char *name = strong ? (b.on_gpu ? "multistep" : "multistep-cpu")
                       : b.on_gpu ? emogi_cc_algorithm_name(o->algorithm)
                                  : "afforest-cpu";
    for (uint64_t i = 0; i < o->repeat; i++) {
        struct emogi_cc_stats st = {0};
        int rc;
        if (strong)
            rc = b.on_gpu ? emogi_scc_gpu(&b.placed, in, b.kernel, labels, &st, &err)
                          : emogi_scc_cpu(g, labels, &st, &err);
        else
            rc = b.on_gpu ? emogi_cc_gpu(&b.placed, in, o->algorithm, b.kernel, labels, &st,
                                         &err)
                          : emogi_cc_cpu(g, labels, &st, &err);
        if (rc < 0)
            tool_die_about(o->t.graph, &err);
        if (o->t.stats)
            report((void *)o, g, name, labels, &st, b.on_gpu);
        else if (o->repeat > 1)
            report_seconds(NULL, &st);
    }
    tool_backend_close(&b);
}

int main(int argc, char **argv)
{
    struct cc_opts o;
    struct tool_run r;
    tool_init("emogi-cc");
    tool_run_start(&argc, &argv, &r);
    parse_options(argc, argv, &o);
    emogi_atomic_install_signals();
    tool_refuse_terminal(o.t.out, o.t.text, "labels");

    emogi_error err;
    struct emogi_graph g;
    double t0 = emogi_now();
    tool_run_open(&r, &o.t, 0, &g);
    double open_s = emogi_now() - t0;
    if ((o.strong ? emogi_scc_check_graph(&g, &err) : emogi_cc_check_graph(&g, &err)) < 0)
        tool_die_about(o.t.graph, &err);
    if (tool_run_ranks(&r) && o.strong) {
        emogi_fail(&err, "--strong runs in one process; MPI ranks label weak components only");
        tool_die(&err);
    }
    if (tool_run_ranks(&r)) { /* dist/cc.c: each rank labels its range */
        const struct dist_cc_job job = {tool_run_job(&r, &o.t, TOOL_PLACE_IN, &o), o.algorithm,
                                        o.repeat, report, report_seconds, check};
        dist_cc_run(&r.d, &g, &job);
        tool_run_finish(&r);
        emogi_csr_close(&g);
        return 0;
    }
    void *labels = malloc((g.nv ? g.nv : 1) * g.id_width);
    if (!labels) {
        emogi_fail(&err, "out of memory for %llu labels", (unsigned long long)g.nv);
        tool_die(&err);
    }
    run(&o, &g, labels, open_s);
    if (o.t.verify)
        check(&o, &g, labels);
    tool_outputs_hold(); /* -o replaced with the --stats-file */
    if (tool_write_array_ids(o.t.out, labels, g.id_width == 4 ? TOOL_U32 : TOOL_U64, g.nv,
                             o.t.format, tool_text_ids(&o.t, &g), 1, &err) < 0)
        tool_die(&err);
    tool_run_finish(&r);
    free(labels);
    emogi_csr_close(&g);
    return 0;
}

/* ---- report ---- */

/* Components and the largest one's size, from canonical labels of G's id
 * width (a component is counted at the vertex that labels it). */
static int summary(const struct emogi_graph *g, const void *labels, uint64_t *components,
                   uint64_t *largest, emogi_error *err)
{
    uint64_t *size = calloc(g->nv ? g->nv : 1, sizeof *size);
    if (!size)
        return emogi_fail(err, "out of memory for %llu component sizes",
                          (unsigned long long)g->nv);
    uint64_t n = 0, big = 0;
    const unsigned w = g->id_width;
#pragma omp parallel
    {
#pragma omp for reduction(+ : n)
        for (uint64_t v = 0; v < g->nv; v++) {
            uint64_t l = verify_label(labels, w, v);
            n += l == v;
            if (l < g->nv)
                __atomic_fetch_add(&size[l], 1, __ATOMIC_RELAXED);
        }
#pragma omp for reduction(max : big)
        for (uint64_t v = 0; v < g->nv; v++)
            big = size[v] > big ? size[v] : big;
    }
    free(size);
    *components = n;
    *largest = big;
    return 0;
}

/* "emogi-cc: algorithm=... seconds=... passes=... components=... ...",
 * with the link figures on a GPU. */
static void report(void *ctx, const struct emogi_graph *g, const char *algorithm,
                   const void *labels, const struct emogi_cc_stats *st, int on_gpu)
{
    const struct cc_opts *o = ctx;
    uint64_t n = 0, big = 0;
    emogi_error err;
    if (summary(g, labels, &n, &big, &err) < 0) {
        fprintf(stderr, "emogi-cc: %s\n", err.msg);
        return;
    }
    tool_record_begin("run", NULL);
    tool_record_str("algorithm", algorithm);
    /* Which components a directed graph's labels are; an undirected
     * graph has one kind. */
    if (g->flags & EMOGI_DIRECTED)
        tool_record_str("connection", o && o->strong ? "strong" : "weak");
    tool_record_real("seconds", "%.6f", st->seconds);
    tool_record_u64("passes", st->passes);
    tool_record_u64("components", n);
    tool_record_u64("largest", big);
    tool_record_u64("edges_examined", st->edges_examined);
    tool_record_real("gteps", "%.4f", tool_rate((double)st->edges_examined, st->seconds) / 1e9);
    tool_record_real("edge_gbps", "%.3f", tool_rate((double)st->edge_bytes, st->seconds) / 1e9);
    if (on_gpu)
        tool_record_link(st->link_bytes, st->devmem_bytes, st->seconds);
    tool_record_peak_memory();
    tool_record_end();
}

/* --repeat without --stats: the time alone. */
static void report_seconds(void *ctx, const struct emogi_cc_stats *st)
{
    (void)ctx;
    tool_record_begin("run", NULL);
    tool_record_real("seconds", "%.6f", st->seconds);
    tool_record_end();
}

/* --verify: against a sequential union-find, or Tarjan's search for
 * --strong (verify_cc.c). */
static void check(void *ctx, const struct emogi_graph *g, const void *labels)
{
    const struct cc_opts *o = ctx;
    emogi_error err;
    const int strong = o->strong && (g->flags & EMOGI_DIRECTED);
    if ((strong ? verify_scc_labels(g, labels, &err) : verify_cc_labels(g, labels, &err)) < 0) {
        fprintf(stderr, "emogi-cc: %s: wrong result: %s\n", o->t.graph, err.msg);
        exit(1);
    }
    tool_message("verified", "labels verified");
}
