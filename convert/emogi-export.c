/*
 * emogi-export - write an emogi .csr file out in another graph format:
 * el, wel, mtx, gr, metis, sg or wsg, the formats emogi-convert reads, so
 * that every one of them goes .csr -> FORMAT -> .csr unchanged.
 *
 * The options, the checks and the notes are here; the writers are in
 * write/ (export.h), a row each, and the output's codec comes from the
 * table the input side reads by (codec.h): gzip'd when OUTPUT ends in
 * .gz, zstd'd when in .zst, replaced whole or not at all.  Only this file
 * prints: "emogi-export: FILE: message", exit 1; usage errors 2.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "codec.h"
#include "emogi_clist.h"
#include "emogi_csr.h"
#include "export.h"
#include "record.h"

#define PROG "emogi-export"

static const char usage_text[] =
    "usage: " PROG " el|wel|mtx|gr|metis|sg|wsg GRAPH.csr OUTPUT [--original-ids] [-q]\n"
    "       " PROG " el|wel|mtx|gr|metis|sg|wsg GRAPH.csr -o OUTPUT [--original-ids] [-q]\n"
    "         [--stats[=text|json]] [--json] [--stats-file FILE]\n";
static const char help_text[] =
    "Write an emogi .csr file in another graph format (see emogi-export(1)).\n\n"
    "  el, wel       edge list 'SRC DST', weighted 'SRC DST W' (0-based ids)\n"
    "  mtx           Matrix Market coordinate: general, or symmetric (one triangle)\n"
    "                for an undirected graph; pattern, integer or real values\n"
    "  gr            DIMACS shortest-path ('p sp N M', 'a U V W'; 1-based)\n"
    "  metis         METIS graph file (undirected graphs only)\n"
    "  sg, wsg       GAP benchmark suite serialized graph (binary)\n"
    "  OUTPUT        replaced whole when complete; .gz: gzip, .zst: zstd;\n"
    "                - is standard output\n"
    "  -o, --output OUTPUT the output, instead of the third argument\n"
    "      --original-ids  el, wel: the input's ids (or names), through the id map;\n"
    "                      mtx, gr, metis: the id map as comment lines\n"
    "      --stats[=FORM]  seconds, arcs and bytes written, rates and peak memory\n"
    "                      on stderr, in FORM text (the default) or json\n"
    "      --json          the same as --stats=json\n"
    "      --stats-file FILE  the --stats figures to FILE, not standard error\n"
    "  -q, --quiet         no notes\n"
    "  -h, --help, --version\n";

struct export_opts {
    const struct writer *w; /* FORMAT */
    const char *input, *output;
    int original, quiet;
    int stats;              /* enum tool_stats_form: --stats, --stats=json, --json */
    const char *stats_file; /* --stats-file: the figures there */
};

static _Noreturn void die(const emogi_error *err)
{
    fprintf(stderr, PROG ": %s\n", err->msg);
    exit(1);
}

static _Noreturn void usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, PROG ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    exit(2);
}

/* ---- the command line ---- */

static void parse_args(int argc, char **argv, struct export_opts *o)
{
    static const struct option longopts[] = {{"original-ids", no_argument, NULL, 'I'},
                                             {"output", required_argument, NULL, 'o'},
                                             {"quiet", no_argument, NULL, 'q'},
                                             {"stats", optional_argument, NULL, 'S'},
                                             {"json", no_argument, NULL, 'J'},
                                             {"stats-file", required_argument, NULL, 'F'},
                                             {"help", no_argument, NULL, 'h'},
                                             {"version", no_argument, NULL, 'V'},
                                             {NULL, 0, NULL, 0}};
    int c;
    memset(o, 0, sizeof *o);
    while ((c = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'I': o->original = 1; break;
        case 'o':
            if (o->output)
                usage_error("-o/--output given twice ('%s')", optarg);
            o->output = optarg;
            break;
        case 'q': o->quiet = 1; break;
        case 'S':
            if ((o->stats = tool_stats_form(optarg, o->stats)) < 0)
                usage_error("bad --stats form '%s' (text or json)", optarg);
            break;
        case 'J': o->stats = TOOL_STATS_JSON; break;
        case 'F': o->stats_file = optarg; break;
        case 'h': fputs(usage_text, stdout); fputs(help_text, stdout); exit(0);
        case 'V': printf(PROG " (" PACKAGE_NAME ") %s\n", PACKAGE_VERSION); exit(0);
        default: fputs(usage_text, stderr); exit(2);
        }
    }
    int want = o->output ? 2 : 3; /* OUTPUT by -o, or as the third argument */
    if (o->output && argc - optind == 3)
        usage_error("OUTPUT given twice: by -o (%s) and as the third argument", o->output);
    if (argc - optind != want)
        usage_error("%s", o->output ? "wants FORMAT and GRAPH.csr (and -o OUTPUT)"
                                    : "wants FORMAT, GRAPH.csr and OUTPUT (or -o OUTPUT)");
    if (!(o->w = writer_find(argv[optind])))
        usage_error("unknown FORMAT '%s' (el, wel, mtx, gr, metis, sg, wsg)", argv[optind]);
    o->input = argv[optind + 1];
    if (!o->output)
        o->output = argv[optind + 2];
    if (o->original && o->w->ids && !o->w->comment) {
        char why[256];
        snprintf(why, sizeof why, "%s %s, so it cannot carry the input's ids or names; el and "
                                  "wel write them as ids, mtx, gr and metis as comments",
                 o->w->name, o->w->ids);
        usage_error("--original-ids: %s", why);
    }
    if (emogi_same_file(o->output, STDOUT_FILENO, o->input, STDIN_FILENO))
        usage_error("OUTPUT %s is the input: refusing to overwrite it", o->output);
    if (o->stats_file && !o->stats)
        o->stats = TOOL_STATS_TEXT;
    if (o->stats_file && emogi_same_file(o->stats_file, STDOUT_FILENO, o->output, STDOUT_FILENO))
        usage_error("--stats-file %s is the same file or stream as OUTPUT", o->stats_file);
    if (o->stats_file && emogi_same_file(o->stats_file, STDOUT_FILENO, o->input, STDIN_FILENO))
        usage_error("--stats-file %s is the same file as the input", o->stats_file);
}

/* --stats: one record, "emogi-export: stats key=value ..." or a JSON
 * object, to standard error or the --stats-file (committed here). */
static void report_stats(const struct export_opts *o, const struct exporter *x, double seconds)
{
    if (!o->stats)
        return;
    tool_record_begin("run", "stats");
    tool_record_str("format", o->w->name);
    tool_record_str("input", o->input);
    tool_record_str("output", o->output);
    tool_record_u64("vertices", x->g->nv);
    tool_record_u64("arcs_written", x->arcs);
    tool_record_u64("text_bytes", x->out.raw_bytes);
    tool_record_u64("output_bytes", x->out.file_bytes);
    tool_record_real("seconds", "%.6f", seconds);
    tool_record_real("arcs_per_second", "%.0f", tool_rate((double)x->arcs, seconds));
    tool_record_real("output_bytes_per_second", "%.0f",
                     tool_rate((double)x->out.file_bytes, seconds));
    if (o->stats == TOOL_STATS_JSON)
        tool_record_peak_memory();
    else {
        struct rusage ru;
        if (getrusage(RUSAGE_SELF, &ru) == 0)
            tool_record_real("peak_memory_mib", "%.1f", (double)ru.ru_maxrss / 1024.0);
    }
    tool_record_end();
    tool_stats_finish();
}

/* sg and wsg are binary, as is anything compressed: not for a terminal. */
static void check_terminal(const struct export_opts *o)
{
    int binary = o->w->binary || codec_for_output(o->output);
    if (binary && emogi_same_file(o->output, STDOUT_FILENO, "-", STDOUT_FILENO) &&
        isatty(STDOUT_FILENO)) {
        fprintf(stderr, PROG ": standard output is a terminal: not writing binary output to "
                        "it (give a file, or a pipe)\n");
        exit(1);
    }
}

static void note_unit_weights(const struct export_opts *o, const struct emogi_graph *g)
{
    if (!g->weights && o->w->weights && !o->quiet)
        fprintf(stderr, PROG ": note: %s has no weights: every %s weight written is 1\n",
                o->input, o->w->name);
}

/* A file's id map or names that the output leaves out: said in one line,
 * with where they can be had, since the import numbers the vertices
 * 0..N-1 (or 1..N) and the input's ids are otherwise gone. */
static void note_dropped_ids(const struct export_opts *o, const struct emogi_graph *g)
{
    int names = (g->flags & EMOGI_IDNAMES) != 0;
    if (o->quiet || (!names && !g->idmap) || (o->original && (!o->w->ids || o->w->comment)))
        return;
    fprintf(stderr, PROG ": note: %s: %s of its %" PRIu64 " vertices are not written: %s %s (%s)\n",
            o->input, names ? "the names" : "the input ids (id map)", g->nv, o->w->name,
            o->w->ids ? o->w->ids : "writes ids 0..N-1",
            !o->w->ids     ? "--original-ids writes them"
            : o->w->comment ? "--original-ids writes them as comments"
                            : "emogi-info --ids prints them");
}

/* --original-ids leaves out the '# Nodes:' line, so a vertex without arcs
 * (whose only edges were self-loops, dropped on conversion) is not in the
 * edge list: say how many, since the import will have fewer vertices. */
static void note_lost_vertices(const struct export_opts *o, const struct emogi_graph *g)
{
    if (o->quiet || !o->original || !(g->idmap || (g->flags & EMOGI_IDNAMES)) || o->w->ids)
        return;
    uint64_t lost = 0, outless = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        outless += g->offsets[v + 1] == g->offsets[v];
    if (!outless)
        return;
    if (!export_directed(g)) /* an undirected graph's out-lists are its edges */
        lost = outless;
    else {
        unsigned char *seen = calloc(g->nv / 8 + 1, 1);
        struct emogi_lists l = emogi_lists_out(g);
        if (!seen)
            return; /* only a note */
        for (uint64_t u = 0; u < g->nv; u++) {
            struct emogi_list_reader r;
            uint64_t ids[EMOGI_CLIST_BLOCK];
            int n;
            emogi_list_open(&r, &l, u);
            while ((n = emogi_list_next(&r, ids)) > 0)
                for (int i = 0; i < n; i++)
                    seen[ids[i] / 8] |= (unsigned char)(1u << (ids[i] % 8));
        }
        for (uint64_t v = 0; v < g->nv; v++)
            lost += g->offsets[v + 1] == g->offsets[v] && !(seen[v / 8] >> (v % 8) & 1);
        free(seen);
    }
    if (lost)
        fprintf(stderr, PROG ": note: %s: %" PRIu64 " %s no arcs, so an edge list under "
                        "--original-ids leaves %s out\n",
                o->input, lost, lost == 1 ? "vertex has" : "vertices have",
                lost == 1 ? "it" : "them");
}

int main(int argc, char **argv)
{
    struct export_opts o;
    struct emogi_graph g;
    emogi_error err;
    double t0 = emogi_now();
    emogi_atomic_install_signals();
    emogi_atomic_hold(); /* the output and the stats file replace their old files together */
    tool_init(PROG);
    parse_args(argc, argv, &o);
    check_terminal(&o);
    if (o.stats) /* a --stats-file that cannot be made fails now, not after the work */
        tool_stats_open(o.stats == TOOL_STATS_JSON, o.stats_file);
    if (emogi_csr_open(o.input, &g, &err))
        die(&err);
    if (emogi_is_part(&g)) { /* its neighbours are the whole graph's ids, its sources its own */
        emogi_fail(&err, "%s is part %u of %u of a graph, which holds only its vertices' lists; "
                         "export the whole file", o.input, g.part.index + 1, g.part.count);
        die(&err);
    }
    struct exporter x = {.w = o.w, .input = o.input, .original = o.original, .g = &g,
                         .lists = emogi_lists_out(&g), .err = &err, .base = o.w->one_based,
                         .weights = o.w->weights};
    if (export_check(&x) || out_open(&x.out, o.output, &err))
        die(&err);
    note_unit_weights(&o, &g);
    note_dropped_ids(&o, &g);
    note_lost_vertices(&o, &g);
    if (export_graph(&x)) {
        out_abort(&x.out);
        die(&err);
    }
    if (out_commit(&x.out, &err))
        die(&err);
    report_stats(&o, &x, emogi_now() - t0);
    if (emogi_atomic_commit_held(&err))
        die(&err);
    emogi_csr_close(&g);
    return 0;
}
