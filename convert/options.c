/*
 * options.c - emogi-convert's command line: getopt_long, checks, usage.
 *
 * Everything is checked before any input is read, so that a typo costs
 * nothing even when the input takes minutes to parse.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "emogi_csr.h"
#include "memory.h"
#include "options.h"
#include "split.h"
#include "parse_internal.h" /* csv_columns_parse */

static const char usage_text[] =
    "usage: emogi-convert el|wel|mtx|gr|metis|sg|wsg|adj|bel32|bel64 INPUT OUTPUT [options]\n"
    "       emogi-convert csv INPUT OUTPUT [--delimiter C] [--header] [--columns SRC,DST[,W]]\n"
    "       emogi-convert webgraph BASENAME OUTPUT [options]\n"
    "       emogi-convert kron|urand -s SCALE [-e EDGEFACTOR] [options] OUTPUT\n"
    "       emogi-convert csr INPUT.csr OUTPUT [--compress|--no-compress] [--id-width 4|8]\n"
    "                     [--drop-weights] [--transpose] [--reorder degree|bfs]\n"
    "                     [--no-provenance]\n"
    "       emogi-convert csr INPUT.csr OUTPUT --partitions N [re-encoding options]\n"
    "options: --undirected --directed --keep-self-loops --keep-duplicates --transpose\n"
    "         --combine min|max|sum|first\n"
    "         --relabel --weights none|random:LO:HI --seed S --id-width 4|8|auto\n"
    "         --memory SIZE --tmpdir DIR --reorder none|degree|bfs\n"
    "         --compress --no-compress --drop-weights --vertices N --no-provenance\n"
    "         --threads N --stats[=text|json] --json --stats-file FILE\n"
    "         -q --progress --no-progress -h --version\n";

/* The compressions this build decodes: zstd, xz and bzip2 are optional
 * (configure), and without one its input is refused by name. */
#ifdef HAVE_ZSTD
#define HELP_ZSTD ", zstd"
#else
#define HELP_ZSTD ""
#endif
#ifdef HAVE_LZMA
#define HELP_XZ ", xz"
#else
#define HELP_XZ ""
#endif
#ifdef HAVE_BZ2
#define HELP_BZIP2 ", bzip2"
#else
#define HELP_BZIP2 ""
#endif

static const char help_text[] =
    "Convert a graph into an emogi .csr file (see emogi-convert(1)).\n\n"
    "  el, wel, mtx         edge list, weighted edge list, Matrix Market (INPUT - is stdin;\n"
    "                       gzip, lz4" HELP_ZSTD HELP_XZ HELP_BZIP2 " inputs are decompressed)\n"
    "  csv                  delimited fields (SNAP, LDBC, cuGraph): --delimiter C\n"
    "                       (',' default; tab or \\t, '|'), --header (the first line\n"
    "                       names the columns), --columns SRC,DST[,W] (1-based\n"
    "                       indices or header names; default 1,2); quotes as RFC 4180\n"
    "  gr                   DIMACS shortest-path file ('p sp N M', 'a U V W')\n"
    "  metis                METIS graph file ('N M [FMT [NCON]]', a line per vertex)\n"
    "  bel32, bel64         binary edge list: pairs of little-endian uint32 / uint64 ids\n"
    "  sg, wsg              GAP benchmark suite serialized graph, unweighted / weighted\n"
    "  adj                  WebGraph's ASCII adjacency form (node count, then a line\n"
    "                       of successors per node)\n"
    "  webgraph             a BVGraph: BASENAME.graph, .properties (.offsets optional)\n"
    "  kron, urand          generate a Kronecker (Graph500) or uniform random graph\n"
    "  csr                  re-encode an emogi .csr file (in memory)\n"
    "  OUTPUT               a .csr file, replaced whole when complete; - (standard\n"
    "                       output), a FIFO or a device is written in place\n"
    "  -s, --scale SCALE    generators: 2^SCALE vertices\n"
    "  -e, --edge-factor N  generators: N * 2^SCALE edges (default 16)\n"
    "      --undirected     store every edge in both directions\n"
    "      --directed       store edges as given\n"
    "      --keep-self-loops, --keep-duplicates\n"
    "      --combine HOW    the weight duplicates keep: min (default), max, sum or first\n"
    "      --transpose      also store in-edges (directed graphs)\n"
    "      --relabel        compact ids to 0..n-1 and store the id map; el, wel,\n"
    "                       csv files whose ids are names are read again as\n"
    "                       --string-ids\n"
    "      --string-ids     el, wel, csv: ids are names (any token), numbered in\n"
    "                       byte order and stored; implies --relabel\n"
    "      --weights SPEC   none, or random:LO:HI (uint32, seeded by --seed)\n"
    "      --seed S         seed for generators and random weights (default 1)\n"
    "      --id-width W     4, 8 or auto (default auto)\n"
    "      --memory SIZE    the most memory to use, e.g. 12G (default: half of the\n"
    "                       physical memory or of the cgroup's limit); larger graphs\n"
    "                       are built through sorted runs on disk\n"
    "      --tmpdir DIR     where the runs go (default: OUTPUT's folder, or $TMPDIR\n"
    "                       or /tmp when OUTPUT is a stream or a device)\n"
    "      --reorder KIND   none, degree (descending) or bfs: renumber vertices for\n"
    "                       locality, keeping the map to the input's ids\n"
    "      --compress       compressed neighbour lists (emogi-csr(5))\n"
    "      --no-compress    plain lists (the default, except for a compressed csr input)\n"
    "      --drop-weights   store no weights (the same as --weights none)\n"
    "      --vertices N     N vertices, ids 0..N-1: ids past the largest used are\n"
    "                       isolated vertices (el, wel, csv, bel; others must agree)\n"
    "      --no-provenance  write no provenance section (input, options, date): the\n"
    "                       same graph then gives the same bytes from any input\n"
    "      --partitions N   csr: split into N part files OUTPUT.0 .. OUTPUT.N-1 (or\n"
    "                       OUTPUT with %d replaced by 0 .. N-1), balanced by edges\n"
    "                       and vertices, for the tools' distributed runs\n"
    "      --threads N      threads (default: all)\n"
    "      --stats[=FORM]   phase times, rates and peak memory on stderr, in FORM\n"
    "                       text (default) or json (one JSON object)\n"
    "      --json           the same as --stats=json\n"
    "      --stats-file FILE  the --stats figures to FILE, not standard error\n"
    "  -q, --quiet          no progress or notes\n"
    "      --progress, --no-progress\n"
    "  -h, --help, --version\n";

enum {
    OPT_UNDIRECTED = 256,
    OPT_DIRECTED,
    OPT_KEEP_LOOPS,
    OPT_KEEP_DUPS,
    OPT_COMBINE,
    OPT_TRANSPOSE,
    OPT_RELABEL,
    OPT_WEIGHTS,
    OPT_SEED,
    OPT_ID_WIDTH,
    OPT_THREADS,
    OPT_STATS,
    OPT_JSON,
    OPT_STATS_FILE,
    OPT_PROGRESS,
    OPT_NO_PROGRESS,
    OPT_VERSION,
    OPT_MEMORY,
    OPT_TMPDIR,
    OPT_REORDER,
    OPT_COMPRESS,
    OPT_NO_COMPRESS,
    OPT_DROP_WEIGHTS,
    OPT_VERTICES,
    OPT_PARTITIONS,
    OPT_DELIMITER,
    OPT_HEADER,
    OPT_COLUMNS,
    OPT_STRING_IDS,
    OPT_NO_PROVENANCE
};

static const struct option longopts[] = {
    {"scale", required_argument, NULL, 's'},
    {"edge-factor", required_argument, NULL, 'e'},
    {"undirected", no_argument, NULL, OPT_UNDIRECTED},
    {"directed", no_argument, NULL, OPT_DIRECTED},
    {"keep-self-loops", no_argument, NULL, OPT_KEEP_LOOPS},
    {"keep-duplicates", no_argument, NULL, OPT_KEEP_DUPS},
    {"combine", required_argument, NULL, OPT_COMBINE},
    {"transpose", no_argument, NULL, OPT_TRANSPOSE},
    {"relabel", no_argument, NULL, OPT_RELABEL},
    {"string-ids", no_argument, NULL, OPT_STRING_IDS},
    {"weights", required_argument, NULL, OPT_WEIGHTS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"id-width", required_argument, NULL, OPT_ID_WIDTH},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"stats", optional_argument, NULL, OPT_STATS},
    {"json", no_argument, NULL, OPT_JSON},
    {"stats-file", required_argument, NULL, OPT_STATS_FILE},
    {"quiet", no_argument, NULL, 'q'},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"memory", required_argument, NULL, OPT_MEMORY},
    {"tmpdir", required_argument, NULL, OPT_TMPDIR},
    {"reorder", required_argument, NULL, OPT_REORDER},
    {"compress", no_argument, NULL, OPT_COMPRESS},
    {"no-compress", no_argument, NULL, OPT_NO_COMPRESS},
    {"drop-weights", no_argument, NULL, OPT_DROP_WEIGHTS},
    {"no-provenance", no_argument, NULL, OPT_NO_PROVENANCE},
    {"vertices", required_argument, NULL, OPT_VERTICES},
    {"partitions", required_argument, NULL, OPT_PARTITIONS},
    {"delimiter", required_argument, NULL, OPT_DELIMITER},
    {"header", no_argument, NULL, OPT_HEADER},
    {"columns", required_argument, NULL, OPT_COLUMNS},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0}};

static int edgefactor_given;

static _Noreturn void out_of_memory(void)
{
    fputs("emogi-convert: out of memory\n", stderr);
    exit(1);
}

static void usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "emogi-convert: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    exit(2);
}

static uint64_t parse_u64(const char *s, const char *what, uint64_t max)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-' || v > max)
        usage_error(what, s);
    return v;
}

static void parse_weights(const char *s, struct build_opts *b)
{
    unsigned long long lo, hi;
    int used = 0;
    if (strcmp(s, "none") == 0) {
        b->weights = BUILD_WEIGHTS_NONE;
        return;
    }
    if (sscanf(s, "random:%llu:%llu%n", &lo, &hi, &used) != 2 || s[used] || lo > hi ||
        hi > UINT32_MAX || strchr(s, '-'))
        usage_error("--weights wants none or random:LO:HI with 0 <= LO <= HI <= 4294967295, "
                    "not '%s'",
                    s);
    b->weights = BUILD_WEIGHTS_RANDOM;
    b->wlo = (uint32_t)lo;
    b->whi = (uint32_t)hi;
}

static uint32_t parse_id_width(const char *s)
{
    if (strcmp(s, "auto") == 0)
        return 0;
    if (strcmp(s, "4") == 0 || strcmp(s, "8") == 0)
        return (uint32_t)(s[0] - '0');
    usage_error("--id-width wants 4, 8 or auto, not '%s'", s);
    return 0;
}

static uint64_t parse_size(const char *s)
{
    uint64_t bytes;
    if (emogi_parse_size(s, &bytes) < 0)
        usage_error("--memory wants a size such as 800M or 12G, not '%s'", s);
    return bytes;
}

static int combine_given;

static enum build_combine parse_combine(const char *s)
{
    static const char *const names[] = {"min", "max", "sum", "first"};
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0)
            return (enum build_combine)i;
    usage_error("--combine wants min, max, sum or first, not '%s'", s);
    return COMBINE_MIN;
}

/* --combine picks among input weights: refused where there are none to
 * pick from, or where duplicates are not collapsed at all. */
static void refuse_combine(const struct convert_opts *o)
{
    int unweighted = o->source == SOURCE_ADJ || o->source == SOURCE_WEBGRAPH ||
                     (o->source == SOURCE_TEXT && !input_format_info(o->format)->weighted);
    const char *why = o->build.keep_duplicates ? "--keep-duplicates keeps every duplicate"
                      : o->build.weights != BUILD_WEIGHTS_INPUT ? "the input weights are not kept"
                      : o->source == SOURCE_KRON || o->source == SOURCE_URAND ||
                              o->source == SOURCE_CSR
                          ? "it builds on no input weights"
                      : unweighted ? "the format carries no weights"
                                   : NULL;
    if (combine_given && why)
        usage_error("--combine does not apply here: %s", why);
}

static enum reorder_kind parse_reorder(const char *s)
{
    if (strcmp(s, "none") == 0)
        return REORDER_NONE;
    if (strcmp(s, "degree") == 0)
        return REORDER_DEGREE;
    if (strcmp(s, "bfs") == 0)
        return REORDER_BFS;
    usage_error("--reorder wants none, degree or bfs, not '%s'", s);
    return REORDER_NONE;
}

/* One character, or tab spelled "\t" or "tab"; not a quote or a newline. */
static char parse_delimiter(const char *s)
{
    if (strcmp(s, "\\t") == 0 || strcmp(s, "tab") == 0)
        return '\t';
    if (strlen(s) != 1 || s[0] == '"' || s[0] == '\n' || s[0] == '\r')
        usage_error("--delimiter wants one character (or tab, \\t), not '%s'", s);
    return s[0];
}

/* The csv options: only for csv, and --columns must read. */
static void check_csv(const struct convert_opts *o)
{
    const struct csv_opts *c = &o->csv;
    if (o->source != SOURCE_TEXT || o->format != FORMAT_CSV) {
        if (c->delimiter || c->header || c->columns)
            usage_error("%s: --delimiter, --header and --columns are for csv", o->format_name);
        return;
    }
    struct csv_columns cols;
    char msg[256];
    if (csv_columns_parse(c->columns, &cols, msg, sizeof msg))
        usage_error("%s", msg);
    for (int i = 0; i < cols.n; i++)
        if (cols.name[i][0] && !c->header)
            usage_error("--columns names '%s': that needs --header", cols.name[i]);
}

static void defaults(struct convert_opts *o)
{
    memset(o, 0, sizeof *o);
    o->directed = -1;
    o->progress = -1;
    o->edgefactor = 16;
    o->build.seed = 1;
    o->memory = memory_default();
    o->compress = -1;
}

/* --stats alone keeps a form already chosen (--json --stats is JSON). */
static void parse_stats(const char *arg, struct convert_opts *o)
{
    if (arg && strcmp(arg, "json") == 0)
        o->stats = STATS_JSON;
    else if (arg && strcmp(arg, "text") == 0)
        o->stats = STATS_TEXT;
    else if (arg)
        usage_error("bad --stats form '%s' (text or json)", arg);
    else if (!o->stats)
        o->stats = STATS_TEXT;
}

static void set_option(int c, const char *arg, struct convert_opts *o)
{
    struct build_opts *b = &o->build;
    switch (c) {
    case 's': o->scale = (int)parse_u64(arg, "--scale wants a number from 1 to 40, not '%s'", 40);
        if (o->scale < 1)
            usage_error("--scale wants a number from 1 to 40, not '%s'", arg);
        break;
    case 'e': o->edgefactor = parse_u64(arg, "--edge-factor wants a positive number, not '%s'",
                                        1u << 20);
        if (!o->edgefactor)
            usage_error("--edge-factor wants a positive number, not '%s'", arg);
        edgefactor_given = 1;
        break;
    case OPT_UNDIRECTED: o->directed = 0; break;
    case OPT_DIRECTED: o->directed = 1; break;
    case OPT_KEEP_LOOPS: b->keep_self_loops = 1; break;
    case OPT_KEEP_DUPS: b->keep_duplicates = 1; break;
    case OPT_COMBINE: b->combine = parse_combine(arg); combine_given = 1; break;
    case OPT_TRANSPOSE: b->transpose = 1; break;
    case OPT_RELABEL: b->relabel = 1; break;
    case OPT_STRING_IDS: o->string_ids = b->relabel = 1; break;
    case OPT_WEIGHTS: parse_weights(arg, b); break;
    case OPT_SEED: b->seed = parse_u64(arg, "--seed wants a non-negative number, not '%s'",
                                       UINT64_MAX);
        break;
    case OPT_ID_WIDTH: b->id_width = parse_id_width(arg); break;
    case OPT_THREADS: o->threads = (int)parse_u64(arg, "--threads wants 1 to 4096, not '%s'",
                                                  4096);
        if (o->threads < 1)
            usage_error("--threads wants 1 to 4096, not '%s'", arg);
        break;
    case OPT_STATS: parse_stats(arg, o); break;
    case OPT_JSON: o->stats = STATS_JSON; break;
    case OPT_STATS_FILE: o->stats_file = arg; break;
    case OPT_MEMORY: o->memory = parse_size(arg); break;
    case OPT_TMPDIR: o->tmpdir = arg; break;
    case OPT_REORDER: o->reorder = parse_reorder(arg); break;
    case OPT_COMPRESS: o->compress = 1; break;
    case OPT_NO_COMPRESS: o->compress = 0; break;
    case OPT_DROP_WEIGHTS: o->drop_weights = 1; b->weights = BUILD_WEIGHTS_NONE; break;
    case OPT_NO_PROVENANCE: o->no_provenance = 1; break;
    case OPT_VERTICES: o->vertices = parse_u64(arg, "--vertices wants a positive number, not '%s'",
                                               UINT64_MAX - 1);
        if (!o->vertices)
            usage_error("--vertices wants a positive number, not '%s'", arg);
        break;
    case OPT_PARTITIONS: o->partitions = (uint32_t)parse_u64(
            arg, "--partitions wants a number from 1 to 4294967295, not '%s'", UINT32_MAX);
        if (!o->partitions)
            usage_error("--partitions wants a number from 1 to 4294967295, not '%s'", arg);
        break;
    case OPT_DELIMITER: o->csv.delimiter = parse_delimiter(arg); break;
    case OPT_HEADER: o->csv.header = 1; break;
    case OPT_COLUMNS: o->csv.columns = arg; break;
    case 'q': o->quiet = 1; break;
    case OPT_PROGRESS: o->progress = 1; break;
    case OPT_NO_PROGRESS: o->progress = 0; break;
    case 'h': fputs(usage_text, stdout); fputs(help_text, stdout); exit(0);
    case OPT_VERSION: printf("emogi-convert (" PACKAGE_NAME ") %s\n", PACKAGE_VERSION); exit(0);
    default: fputs(usage_text, stderr); exit(2);
    }
}

static void positionals(int n, char **args, struct convert_opts *o)
{
    if (n < 1)
        usage_error("%s", "missing FORMAT");
    o->format_name = args[0];
    if (strcmp(args[0], "kron") == 0 || strcmp(args[0], "urand") == 0) {
        o->source = args[0][0] == 'k' ? SOURCE_KRON : SOURCE_URAND;
        if (n != 2)
            usage_error("%s: a generator takes one OUTPUT and no INPUT", args[0]);
        if (!o->scale)
            usage_error("%s: -s SCALE is required", args[0]);
        o->output = args[1];
    } else {
        if (strcmp(args[0], "webgraph") == 0)
            o->source = SOURCE_WEBGRAPH;
        else if (strcmp(args[0], "adj") == 0)
            o->source = SOURCE_ADJ;
        else if (strcmp(args[0], "csr") == 0)
            o->source = SOURCE_CSR;
        else if (input_format_parse(args[0], &o->format) == 0)
            o->source = SOURCE_TEXT;
        else
            usage_error("unknown FORMAT '%s' (el, wel, csv, mtx, gr, metis, sg, wsg, bel32, bel64, "
                        "adj, webgraph, csr, kron, urand)",
                        args[0]);
        if (n != 3)
            usage_error("%s: wants INPUT and OUTPUT", args[0]);
        if (o->scale || edgefactor_given)
            usage_error("%s: -s and -e are only for the generators kron and urand", args[0]);
        o->input = args[1];
        o->output = args[2];
    }
}

static const char *stream_name(const char *path, const char *std)
{
    return strcmp(path, "-") == 0 ? std : path;
}

/* OUTPUT replaces its file only when complete, but by then an input it
 * names is gone: refuse, whatever the spelling (./x, a link, a hard link). */
static void refuse_output_over(const struct convert_opts *o, const char *input)
{
    if (!emogi_same_file(o->output, STDOUT_FILENO, input, STDIN_FILENO))
        return;
    fprintf(stderr, "emogi-convert: OUTPUT %s is the same file as the input %s: refusing to "
                    "overwrite the input\n",
            stream_name(o->output, "(standard output)"), stream_name(input, "(standard input)"));
    exit(2);
}

/* The files the run reads, in *NAMES (freed by the caller): a WebGraph
 * basename's three, else INPUT itself, none for a generator.  The count. */
static size_t input_files(const struct convert_opts *o, char *names[3])
{
    static const char *const webgraph_parts[] = {".properties", ".graph", ".offsets"};
    size_t n = 0;
    if (o->source == SOURCE_KRON || o->source == SOURCE_URAND)
        return 0;
    for (size_t i = 0; i < (o->source == SOURCE_WEBGRAPH ? 3u : 1u); i++) {
        const char *ext = o->source == SOURCE_WEBGRAPH ? webgraph_parts[i] : "";
        size_t len = strlen(o->input) + strlen(ext) + 1;
        if (!(names[n] = malloc(len)))
            out_of_memory();
        snprintf(names[n++], len, "%s%s", o->input, ext);
    }
    return n;
}

static void refuse_output_over_inputs(const struct convert_opts *o)
{
    char *in[3];
    size_t n = input_files(o, in);
    for (size_t i = 0; i < n; i++)
        refuse_output_over(o, in[i]);
    for (size_t i = 0; i < n; i++)
        free(in[i]);
}

/* A re-encoding keeps the graph: options that would build another one
 * have nothing to act on. */
static void refuse_build_options(const struct convert_opts *o)
{
    const struct build_opts *b = &o->build;
    const char *bad = o->directed >= 0      ? "--directed/--undirected"
                      : b->keep_self_loops  ? "--keep-self-loops"
                      : b->keep_duplicates  ? "--keep-duplicates"
                      : b->relabel          ? "--relabel"
                      : o->vertices         ? "--vertices"
                      : b->weights == BUILD_WEIGHTS_RANDOM ? "--weights random"
                                                   : NULL;
    if (bad)
        usage_error("csr: %s does not apply to a re-encoding (see emogi-convert(1))", bad);
}

/* --partitions splits a .csr, into regular files named after OUTPUT. */
static void check_partitions(const struct convert_opts *o)
{
    if (!o->partitions)
        return;
    if (o->source != SOURCE_CSR)
        usage_error("%s: --partitions splits a .csr: convert first, then emogi-convert csr "
                    "OUTPUT.csr PARTS --partitions N", o->format_name);
    if (strcmp(o->output, "-") == 0)
        usage_error("%s", "--partitions writes files named after OUTPUT, not standard output");
    if (split_is_pattern(o->output) < 0)
        usage_error("--partitions: OUTPUT '%s' may hold %%d once, for the part's number, and "
                    "no other %%", o->output);
    /* OUTPUT.0 beside a device, a FIFO or a folder is no part of it */
    struct stat st;
    if (split_is_pattern(o->output) == 0 && stat(o->output, &st) == 0 && !S_ISREG(st.st_mode))
        usage_error("--partitions writes files named after OUTPUT: '%s' is not a regular file "
                    "(a device, a FIFO or a folder), and its parts would be named beside it",
                    o->output);
}

/* The part files' names, checked against the --stats-file: as many as can
 * be open at once (split.c refuses more parts). */
static const char *stats_over_part(const struct convert_opts *o, char **part)
{
    struct rlimit r;
    uint64_t most = getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_max != RLIM_INFINITY
                        ? (uint64_t)r.rlim_max : UINT32_MAX;
    *part = NULL;
    for (uint64_t k = 0; k < o->partitions && k <= most; k++) {
        if (!(*part = split_part_name(o->output, (uint32_t)k)))
            out_of_memory();
        if (emogi_same_file(o->stats_file, STDOUT_FILENO, *part, STDOUT_FILENO))
            return "the part file";
        free(*part);
        *part = NULL;
    }
    return NULL;
}

/* The --stats-file replaces its file at the end: never the output or an
 * input (whatever the spelling). */
static void check_stats_file(struct convert_opts *o)
{
    if (!o->stats_file)
        return;
    if (!o->stats)
        o->stats = STATS_TEXT;
    const char *what = NULL, *name = NULL;
    char *in[3], *part = NULL;
    size_t n = input_files(o, in);
    if (emogi_same_file(o->stats_file, STDOUT_FILENO, o->output, STDOUT_FILENO))
        what = "OUTPUT", name = stream_name(o->output, "(standard output)");
    for (size_t i = 0; i < n && !what; i++) /* every file read, however it is named */
        if (emogi_same_file(o->stats_file, STDOUT_FILENO, in[i], STDIN_FILENO))
            what = "the input", name = stream_name(in[i], "(standard input)");
    if (!what && o->partitions && (what = stats_over_part(o, &part)))
        name = part;
    if (what) {
        fprintf(stderr, "emogi-convert: --stats-file %s is the same file or stream as %s %s\n",
                stream_name(o->stats_file, "(standard output)"), what, name);
        fputs(usage_text, stderr);
        exit(2);
    }
    for (size_t i = 0; i < n; i++)
        free(in[i]);
}

/* --string-ids: names come from the text edge lists, and they keep name
 * order, which a renumbering would break. */
static void check_string_ids(const struct convert_opts *o)
{
    if (!o->string_ids)
        return;
    if (o->source != SOURCE_TEXT || !input_format_info(o->format)->edge_list)
        usage_error("%s: --string-ids reads el, wel and csv, whose ids may be names",
                    o->format_name);
    if (o->reorder != REORDER_NONE)
        usage_error("%s", "--string-ids and --reorder do not combine: vertices stay in the "
                          "order of their names");
}

/* A generator's scale is its vertex count; --relabel counts the ids used. */
static void refuse_vertices(const struct convert_opts *o)
{
    if (o->vertices && (o->source == SOURCE_KRON || o->source == SOURCE_URAND))
        usage_error("%s: --vertices does not apply to a generator: -s SCALE gives 2^SCALE "
                    "vertices", o->format_name);
    if (o->vertices && o->build.relabel)
        usage_error("%s", "--vertices and --relabel do not combine: --relabel numbers only the "
                          "ids the edges use");
}

void options_parse(int argc, char **argv, struct convert_opts *o)
{
    int c;
    defaults(o);
    while ((c = getopt_long(argc, argv, "s:e:qh", longopts, NULL)) != -1)
        set_option(c, optarg, o);
    positionals(argc - optind, argv + optind, o);
    refuse_combine(o);
    if (o->source == SOURCE_CSR)
        refuse_build_options(o);
    refuse_vertices(o);
    check_string_ids(o);
    check_partitions(o);
    check_csv(o);
    if (!o->partitions) /* parts are named after OUTPUT: split_csr() checks each */
        refuse_output_over_inputs(o);
    check_stats_file(o);
}

void options_describe(const struct convert_opts *o, char *buf, size_t len)
{
    const struct build_opts *b = &o->build;
    int n = snprintf(buf, len, "%s%s%s%s%s%s", o->directed ? "--directed" : "--undirected",
                     b->keep_self_loops ? " --keep-self-loops" : "",
                     b->keep_duplicates ? " --keep-duplicates" : "",
                     b->transpose ? " --transpose" : "", b->relabel ? " --relabel" : "",
                     b->weights == BUILD_WEIGHTS_NONE ? " --weights none" : "");
    if (n < 0 || (size_t)n >= len)
        return;
    if (b->weights == BUILD_WEIGHTS_RANDOM)
        n += snprintf(buf + n, len - (size_t)n, " --weights random:%" PRIu32 ":%" PRIu32,
                      b->wlo, b->whi);
    int generated = o->source == SOURCE_KRON || o->source == SOURCE_URAND;
    if ((size_t)n < len && generated)
        n += snprintf(buf + n, len - (size_t)n, " -s %d -e %" PRIu64, o->scale, o->edgefactor);
    if ((size_t)n < len && (generated || b->weights == BUILD_WEIGHTS_RANDOM))
        n += snprintf(buf + n, len - (size_t)n, " --seed %" PRIu64, b->seed);
    if ((size_t)n < len && o->vertices)
        n += snprintf(buf + n, len - (size_t)n, " --vertices %" PRIu64, o->vertices);
    if ((size_t)n < len && b->id_width)
        n += snprintf(buf + n, len - (size_t)n, " --id-width %" PRIu32, b->id_width);
    if ((size_t)n < len && b->combine != COMBINE_MIN)
        n += snprintf(buf + n, len - (size_t)n, " --combine %s",
                      b->combine == COMBINE_MAX   ? "max"
                      : b->combine == COMBINE_SUM ? "sum"
                                                  : "first");
    if ((size_t)n < len && o->reorder != REORDER_NONE)
        n += snprintf(buf + n, len - (size_t)n, " --reorder %s",
                      o->reorder == REORDER_DEGREE ? "degree" : "bfs");
    if ((size_t)n < len && o->csv.delimiter)
        n += snprintf(buf + n, len - (size_t)n, o->csv.delimiter == '\t' ? " --delimiter tab"
                                                : " --delimiter '%c'", o->csv.delimiter);
    if ((size_t)n < len && o->csv.header)
        n += snprintf(buf + n, len - (size_t)n, " --header");
    if ((size_t)n < len && o->string_ids)
        n += snprintf(buf + n, len - (size_t)n, " --string-ids");
    if ((size_t)n < len && o->csv.columns)
        snprintf(buf + n, len - (size_t)n, " --columns %.200s", o->csv.columns);
}

/* Fail before a long parse, not after, when OUTPUT cannot be created (a
 * regular file is created in its folder) or opened (a FIFO or device is
 * written in place); a .csr is binary, so standard output must not be a
 * terminal. */
void options_check_output(const char *output)
{
    if (emogi_output_is_direct(output)) {
        if (emogi_same_file(output, STDOUT_FILENO, "-", STDOUT_FILENO) && isatty(STDOUT_FILENO)) {
            fputs("emogi-convert: standard output is a terminal: not writing a binary .csr "
                  "to it (give a file, or a pipe)\n", stderr);
            exit(1);
        }
        if (strcmp(output, "-") != 0 && access(output, W_OK) != 0) {
            fprintf(stderr, "emogi-convert: %s: %s\n", output, strerror(errno));
            exit(1);
        }
        return;
    }
    char *copy = strdup(output);
    if (!copy)
        out_of_memory();
    const char *dir = dirname(copy);
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "emogi-convert: %s: cannot create a file in folder %s: %s\n", output,
                dir, strerror(errno));
        exit(1);
    }
    free(copy);
}

/* The runs (and the spool for an output written in place) go beside a
 * regular OUTPUT; a stream or a device has no folder of ours. */
char *options_tmpdir(const char *output)
{
    const char *env = getenv("TMPDIR");
    char *copy = strdup(output);
    if (!copy)
        out_of_memory();
    char *d = emogi_output_is_direct(output) ? strdup(env && *env ? env : "/tmp")
                                             : strdup(dirname(copy));
    free(copy);
    if (!d)
        out_of_memory();
    return d;
}

/* EMOGI_CONVERT_RUN_EDGES: at most this many edges a run (the tests make
 * many runs of small graphs with it); 0 or unset: as --memory allows. */
uint64_t options_run_edges(void)
{
    const char *v = getenv("EMOGI_CONVERT_RUN_EDGES");
    char *end;
    if (!v || !*v)
        return 0;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (errno || *end || v[0] == '-') {
        fprintf(stderr, "emogi-convert: EMOGI_CONVERT_RUN_EDGES wants a number, not '%s'\n", v);
        exit(2);
    }
    return n;
}

/* "key: value" lines; SOURCE_DATE_EPOCH pins the date for reproducible files.
 * NULL (and 0) with --no-provenance: the file then holds only the graph. */
char *options_provenance(const struct convert_opts *o, size_t *len)
{
    char opts[512], date[64];
    *len = 0;
    if (o->no_provenance)
        return NULL;
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    time_t now = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    options_describe(o, opts, sizeof opts);
    const char *input = o->input ? o->input : "(generated)";
    size_t cap = strlen(input) + strlen(opts) + 256;
    char *p = malloc(cap);
    if (!p)
        out_of_memory();
    int n = snprintf(p, cap, "tool: emogi-convert %s\ninput: %s\nformat: %s\noptions: %s\ndate: %s\n",
                     PACKAGE_VERSION, strcmp(input, "-") == 0 ? "(standard input)" : input,
                     o->format_name, opts, date);
    *len = (size_t)n;
    return p;
}
