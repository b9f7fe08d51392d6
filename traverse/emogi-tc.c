/*
 * emogi-tc - triangles of an undirected .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph, refuses a directed one unless
 * --undirected asks for the undirected graph under it (built in memory,
 * emogi_tc_symmetric), places it once, counts, and prints the total on
 * standard output; with -o (or --text) it writes instead the triangles at
 * each vertex, uint64 per vertex.  See emogi-tc(1).
 *
 * The --stats line's total comes from the backend's count, and with -o
 * the per-vertex counts sum to three times it (checked before writing),
 * so every backend is reported alike.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "emogi_tc.h"
#include "run.h"
#include "verify.h"

/* ---- options ---- */

static const char usage_text[] =
    "usage: emogi-tc GRAPH [options]\n"
    "Triangles of an undirected .csr graph (self-loops and duplicate edges ignored);\n"
    "prints the total, or with -o writes the triangles at each vertex as\n"
    "little-endian uint64.\n"
    "  -o, --output FILE       per-vertex counts to FILE ('-' stdout); the total\n"
    "                          then goes to --stats alone when FILE is stdout\n"
    "      --text              'vertex count' lines instead of a raw array (to\n"
    "                          stdout without -o)\n"
    "      --original-ids      --text names vertices by the graph's input ids (its\n"
    "                          id map, from --relabel or --reorder)\n"
    TOOL_USAGE_FORMAT
    "      --undirected        count a directed graph's underlying undirected graph\n"
    "                          (built in memory) instead of refusing it\n"
    "      --repeat N          run N times on the loaded graph (timing; default 1)\n"
    TOOL_USAGE_BACKEND
    "      --stats[=FORM]      time, triangles, oriented edges, entries read on stderr\n"
    TOOL_USAGE_STATS
    "      --verify            check the counts against an independent count\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_UNDIRECTED = TOOL_OPT_OWN, OPT_REPEAT };

static const struct option own_options[] = {
    {"undirected", no_argument, NULL, OPT_UNDIRECTED},
    {"repeat", required_argument, NULL, OPT_REPEAT},
    {NULL, 0, NULL, 0}};

/* The shared traversal options plus --undirected and --repeat. */
struct tc_opts {
    struct tool_opts t;
    int undirected;  /* symmetrize a directed graph */
    uint64_t repeat; /* runs on the placed graph, for timing */
    int per_vertex;  /* -o or --text: the counts are written */
};

static int own_option(int code, const char *arg, void *ctx)
{
    struct tc_opts *o = ctx;
    if (code == OPT_UNDIRECTED)
        o->undirected = 1;
    if (code == OPT_REPEAT && (tool_parse_u64(arg, &o->repeat) < 0 || o->repeat == 0))
        tool_usage_error("bad repeat count '%s'", arg);
    return 0;
}

static void parse_options(int argc, char **argv, struct tc_opts *o)
{
    const struct tool_spec spec = {usage_text, 2, own_options, own_option, o};
    o->undirected = 0;
    o->repeat = 1;
    tool_parse_options(argc, argv, &spec, &o->t);
    o->per_vertex = o->t.out != NULL || o->t.text;
    if (!o->t.out)
        o->t.out = "-";
}

/* ---- run ---- */

/* Whether PATH is standard output ("-", or another name for the file it
 * is): the counts take it, and the total is left to --stats. */
static int is_stdout(const char *path)
{
    struct stat a, b;
    if (strcmp(path, "-") == 0)
        return 1;
    return fstat(1, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

static void report(const char *algorithm, const struct emogi_tc_stats *st, int on_gpu,
                   int symmetrized);
static void check(const struct tc_opts *o, const struct emogi_graph *g, uint64_t total,
                  const uint64_t *counts);

/* Count G's triangles (O->repeat times), the last run's counts in
 * COUNTS when not NULL; the total. */
static uint64_t run(const struct tc_opts *o, const struct emogi_graph *g, uint64_t *counts,
                    double open_s, int symmetrized)
{
    emogi_error err;
    struct tool_backend b;
    if (tool_backend_open(&b, g, &o->t, emogi_tc_gpu_state_bytes(g, counts != NULL), 0, &err) <
        0)
        tool_die(&err);
    if (o->t.stats)
        tool_backend_report_load(&b, open_s);
    uint64_t total = 0;
    for (uint64_t i = 0; i < o->repeat; i++) {
        struct emogi_tc_stats st = {0};
        int rc = b.on_gpu ? emogi_tc_gpu(&b.placed, b.kernel, counts, &st, &err)
                          : emogi_tc_cpu(g, counts, &st, &err);
        if (rc < 0)
            tool_die_about(o->t.graph, &err);
        total = st.triangles;
        if (o->t.stats || o->repeat > 1)
            report(b.on_gpu ? "tc-gpu" : "tc-cpu", &st, b.on_gpu, symmetrized);
    }
    tool_backend_close(&b);
    return total;
}

int main(int argc, char **argv)
{
    struct tc_opts o;
    struct tool_run r;
    tool_init("emogi-tc");
    tool_run_start(&argc, &argv, &r);
    parse_options(argc, argv, &o);
    if (tool_run_ranks(&r)) {
        fprintf(stderr, "emogi-tc: MPI ranks are not supported yet: run it as one process\n");
        exit(1);
    }
    emogi_atomic_install_signals();
    if (o.per_vertex)
        tool_refuse_terminal(o.t.out, o.t.text, "counts");

    emogi_error err;
    struct emogi_graph file, sym, *g = &file;
    double t0 = emogi_now();
    tool_run_open(&r, &o.t, 0, &file);
    int symmetrized = 0;
    if ((file.flags & EMOGI_DIRECTED) && o.undirected) {
        if (emogi_tc_symmetric(&file, &sym, &err) < 0)
            tool_die_about(o.t.graph, &err);
        g = &sym;
        symmetrized = 1;
    }
    double open_s = emogi_now() - t0;
    if (emogi_tc_check_graph(g, &err) < 0) {
        fprintf(stderr, "emogi-tc: %s: %s (--undirected counts the one under it)\n", o.t.graph,
                err.msg);
        exit(1);
    }
    uint64_t *counts = NULL;
    if (o.per_vertex && !(counts = malloc((g->nv ? g->nv : 1) * sizeof *counts))) {
        emogi_fail(&err, "out of memory for %llu counts", (unsigned long long)g->nv);
        tool_die(&err);
    }
    const uint64_t total = run(&o, g, counts, open_s, symmetrized);
    if (o.t.verify)
        check(&o, g, total, counts);
    tool_outputs_hold(); /* -o replaced with the --stats-file */
    if (counts && tool_write_array_ids(o.t.out, counts, TOOL_U64, g->nv, o.t.format,
                                       tool_text_ids(&o.t, &file), 0, &err) < 0)
        tool_die(&err);
    if (!counts || !is_stdout(o.t.out))
        printf("%llu\n", (unsigned long long)total);
    if (fflush(stdout) != 0) {
        emogi_fail(&err, "standard output: write failed");
        tool_die(&err);
    }
    tool_run_finish(&r);
    free(counts);
    if (symmetrized)
        emogi_tc_symmetric_free(&sym);
    emogi_csr_close(&file);
    return 0;
}

/* ---- report ---- */

/* "emogi-tc: algorithm=... seconds=... triangles=... ...", with the link
 * figures on a GPU. */
static void report(const char *algorithm, const struct emogi_tc_stats *st, int on_gpu,
                   int symmetrized)
{
    tool_record_begin("run", NULL);
    tool_record_str("algorithm", algorithm);
    tool_record_real("seconds", "%.6f", st->seconds);
    if (!on_gpu)
        tool_record_real("orient_seconds", "%.6f", st->orient_seconds);
    tool_record_u64("triangles", st->triangles);
    if (!on_gpu)
        tool_record_flag("relabelled", st->relabelled);
    tool_record_flag("symmetrized", symmetrized);
    if (!on_gpu)
        tool_record_u64("oriented_edges", st->oriented_edges);
    tool_record_u64("edges_examined", st->edges_examined);
    tool_record_real("edge_gbps", "%.3f", tool_rate((double)st->edge_bytes, st->seconds) / 1e9);
    if (on_gpu)
        tool_record_link(st->link_bytes, st->devmem_bytes, st->seconds);
    tool_record_peak_memory();
    tool_record_end();
}

/* --verify: against the independent count of verify_tc.c. */
static void check(const struct tc_opts *o, const struct emogi_graph *g, uint64_t total,
                  const uint64_t *counts)
{
    emogi_error err;
    if (verify_tc_counts(g, total, counts, &err) < 0) {
        fprintf(stderr, "emogi-tc: %s: wrong result: %s\n", o->t.graph, err.msg);
        exit(1);
    }
    tool_message("verified", "triangles verified");
}
