/*
 * tool.c - what every emogi tool shares: errors that name the program,
 * numbers on the command line, result arrays written and read back; and
 * the command line every traversal tool shares (graph, sources, output,
 * device, placement, kernel, threads, stats) with what it chooses: the
 * sources and the backend.
 *
 * Every destination goes through emogi_atomic_*, which writes standard
 * output, devices and FIFOs in place and replaces regular files whole.
 * Text is formatted a megabyte at a time rather than through stdio, whose
 * errors would surface only at fclose.  Reading back, a regular file's
 * size is known before reading, so a wrong-sized file fails without
 * allocating for it; a pipe is read up to one byte past the expected
 * size, which is enough to know it is too long.
 *
 * Random sources are picked as GAP and Graph500 pick them: uniform over
 * the vertices that have an out-edge, so no run measures an empty search.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "emogi_clist.h"
#include "tool.h"

/* ---- errors ---- */

static const char *help_command;
/* the graph, named in JSON load records */
static const char *stats_graph;

void tool_help_hint(const char *command)
{
    help_command = command;
}

void tool_open_graph(const char *path, struct emogi_graph *g)
{
    emogi_error err;
    if (emogi_csr_open(path, g, &err) < 0)
        tool_die(&err);
    if (emogi_is_part(g)) { /* its ids are another graph's: answers would be nonsense */
        fprintf(stderr, "%s: %s is part %u of %u of a graph; run the tools under mpirun with "
                        "all parts, or use the whole file\n",
                tool_name(), path, g->part.index + 1, g->part.count);
        exit(1);
    }
}

int tool_plain_view(const struct emogi_graph *g, struct emogi_graph *view, void *keep[2],
                    emogi_error *err)
{
    *view = *g;
    keep[0] = keep[1] = NULL;
    if (!emogi_compressed(g))
        return 0;
    if (emogi_clist_decompress(g->offsets, g->coffsets, g->cneighbors, g->nv, g->id_width,
                               &keep[0], err) < 0)
        return -1;
    if (g->t_coffsets &&
        emogi_clist_decompress(g->t_offsets, g->t_coffsets, g->t_cneighbors, g->nv, g->id_width,
                               &keep[1], err) < 0) {
        tool_plain_free(keep);
        return -1;
    }
    view->neighbors = keep[0];
    view->t_neighbors = keep[1];
    view->coffsets = view->t_coffsets = NULL;
    view->cneighbors = view->t_cneighbors = NULL;
    view->flags &= ~(uint32_t)EMOGI_COMPRESSED;
    return 0;
}

void tool_plain_free(void *keep[2])
{
    free(keep[0]);
    free(keep[1]);
    keep[0] = keep[1] = NULL;
}

_Noreturn void tool_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", tool_name());
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help'.\n", help_command ? help_command : tool_name());
    exit(2);
}

/* ---- numbers ---- */

int tool_parse_u64(const char *s, uint64_t *out)
{
    char *end;
    /* strtoull accepts "-1" as a huge number and leading blanks: refuse both. */
    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = x;
    return 0;
}

int tool_parse_real(const char *s, double *out)
{
    char *end;
    /* strtod skips blanks and takes "nan", "inf" and hex: none belong here. */
    if (!((s[0] >= '0' && s[0] <= '9') || s[0] == '.' || s[0] == '-'))
        return -1;
    errno = 0;
    double x = strtod(s, &end);
    if (errno || *end || end == s || !isfinite(x) || strpbrk(s, "xX"))
        return -1;
    *out = x;
    return 0;
}

int tool_trace_levels(void)
{
    const char *t = getenv("EMOGI_TRACE_LEVELS");
    return t && *t && strcmp(t, "0") != 0;
}

void tool_refuse_terminal(const char *path, int text, const char *what)
{
    if (path && !text && emogi_same_file(path, STDOUT_FILENO, "-", STDOUT_FILENO) &&
        isatty(STDOUT_FILENO)) {
        fprintf(stderr, "%s: standard output is a terminal: not writing binary %s to it "
                        "(use -o FILE, a pipe, or --text)\n",
                tool_name(), what);
        exit(1);
    }
}

/* ---- options ---- */

enum { OPT_SEED = 256, OPT_TEXT, OPT_FORMAT, OPT_DEVICE, OPT_MEM, OPT_ADVICE, OPT_KERNEL,
       OPT_GPU_MEMORY, OPT_HYBRID, OPT_THREADS, OPT_STATS, OPT_VERIFY, OPT_VERSION };
enum { OPT_ORIGINAL_IDS = 300 };
enum { OPT_JSON = 400, OPT_STATS_FILE };

static const struct option common[] = {
    {"source", required_argument, NULL, 's'},   {"runs", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, OPT_SEED}, {"output", required_argument, NULL, 'o'},
    {"text", no_argument, NULL, OPT_TEXT},       {"format", required_argument, NULL, OPT_FORMAT},
    {"device", required_argument, NULL, OPT_DEVICE},
    {"mem", required_argument, NULL, OPT_MEM},   {"uvm-advice", required_argument, NULL, OPT_ADVICE},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"gpu-memory", required_argument, NULL, OPT_GPU_MEMORY},
    {"hybrid", required_argument, NULL, OPT_HYBRID},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"stats", optional_argument, NULL, OPT_STATS}, {"verify", no_argument, NULL, OPT_VERIFY},
    {"json", no_argument, NULL, OPT_JSON}, {"stats-file", required_argument, NULL, OPT_STATS_FILE},
    {"help", no_argument, NULL, 'h'},            {"version", no_argument, NULL, OPT_VERSION},
    {"original-ids", no_argument, NULL, OPT_ORIGINAL_IDS},
};
#define NCOMMON (sizeof common / sizeof common[0])
#define MAX_OWN 32

static uint64_t number(const char *s, const char *what)
{
    uint64_t x;
    if (tool_parse_u64(s, &x))
        tool_usage_error(what, s);
    return x;
}

static void parse_device(const char *s, struct tool_opts *o)
{
    if (strcmp(s, "auto") == 0)
        o->device = TOOL_DEVICE_AUTO;
    else if (strcmp(s, "cpu") == 0)
        o->device = TOOL_DEVICE_CPU;
    else if (strcmp(s, "gpu") == 0)
        o->device = TOOL_DEVICE_GPU;
    else if (strncmp(s, "gpu:", 4) == 0 && s[4] >= '0' && s[4] <= '9' && strlen(s) < 9) {
        o->device = TOOL_DEVICE_GPU;
        o->gpu = (int)number(s + 4, "bad device ordinal '%s'");
    } else {
        tool_usage_error("bad device '%s' (auto, cpu, gpu or gpu:N)", s);
    }
}

static void parse_placement(int c, const char *arg, struct tool_opts *o)
{
    if (c == OPT_MEM && emogi_mem_parse(arg, &o->mem) < 0)
        tool_usage_error("bad memory placement '%s' (auto, device, hybrid, zerocopy, uvm)", arg);
    if (c == OPT_ADVICE && emogi_uvm_advice_parse(arg, &o->advice) < 0)
        tool_usage_error("bad UVM advice '%s' (read-mostly, accessed-by, prefetch)", arg);
    if (c == OPT_KERNEL && emogi_kernel_parse(arg, &o->kernel) < 0)
        tool_usage_error("bad kernel '%s' (naive, merged, aligned)", arg);
    if (c == OPT_GPU_MEMORY && emogi_parse_size(arg, &o->gpu_memory) < 0)
        tool_usage_error("--gpu-memory wants a size such as 800M or 12G, not '%s'", arg);
    if (c == OPT_HYBRID && emogi_hybrid_rule_parse(arg, &o->hybrid) < 0)
        tool_usage_error("bad hybrid rule '%s' (heads, prefix)", arg);
}

static void parse_stats(int c, const char *arg, struct tool_opts *o)
{
    if (c == OPT_STATS_FILE) {
        o->stats_file = arg;
        return;
    }
    int form = c == OPT_JSON ? TOOL_STATS_JSON : tool_stats_form(arg, o->stats);
    if (form < 0)
        tool_usage_error("bad --stats form '%s' (text or json)", arg);
    o->stats = form;
}

static void parse_one(const struct tool_spec *t, int c, const char *arg, struct tool_opts *o)
{
    switch (c) {
    case 's': case 'S':
        /* an input id may be a name (--string-ids), looked up once the graph is open */
        o->source_text = arg;
        o->source_is_name = tool_parse_u64(arg, &o->source) != 0;
        o->have_source = 1;
        o->source_input = c == 'S' ? "-S" : NULL;
        break;
    case OPT_ORIGINAL_IDS: o->original_ids = 1; break;
    case 'n':
        if ((o->runs = number(arg, "bad run count '%s'")) == 0)
            tool_usage_error("bad run count '%s'", arg);
        break;
    case OPT_SEED: o->seed = number(arg, "bad seed '%s'"); break;
    case 'o': o->out = arg; break;
    case OPT_TEXT: o->text = 1; break;
    case OPT_FORMAT:
        if (strcmp(arg, "raw") == 0)
            o->format = TOOL_FORMAT_RAW;
        else if (strcmp(arg, "npy") == 0)
            o->format = TOOL_FORMAT_NPY;
        else
            tool_usage_error("bad format '%s' (raw or npy)", arg);
        break;
    case OPT_DEVICE: parse_device(arg, o); break;
    case OPT_MEM: case OPT_ADVICE: case OPT_KERNEL: case OPT_GPU_MEMORY: case OPT_HYBRID:
        parse_placement(c, arg, o);
        break;
    case OPT_THREADS:
        o->threads = (int)number(arg, "bad thread count '%s'");
        if (o->threads < 1 || o->threads > 4096)
            tool_usage_error("bad thread count '%s'", arg);
        break;
    case OPT_STATS: case OPT_JSON: case OPT_STATS_FILE: parse_stats(c, arg, o); break;
    case OPT_VERIFY: o->verify = 1; break;
    case 'h': fputs(t->usage, stdout); exit(0);
    case OPT_VERSION: printf("%s (" PACKAGE_NAME ") " PACKAGE_VERSION "\n", tool_name()); exit(0);
    default:
        if (c >= TOOL_OPT_OWN && t->own_option && t->own_option(c, arg, t->ctx) == 0)
            break;
        if (c >= TOOL_OPT_OWN)
            tool_usage_error("bad value '%s'", arg ? arg : "");
        fprintf(stderr, "Try '%s --help'.\n", tool_name());
        exit(2);
    }
}

static void check_sources(const struct tool_spec *t, struct tool_opts *o)
{
    if (!t->takes_source) {
        if (o->have_source || o->runs)
            tool_usage_error("%s", "-s and -n do not apply: the result covers every vertex");
        if (!o->out)
            o->out = "-";
        return;
    }
    if (o->have_source == (o->runs > 0))
        tool_usage_error("%s", o->have_source
                                   ? "-s (or -S) and -n exclude each other"
                                   : "give a source (-s V or -S ID) or a run count (-n N)");
    if (!o->out && !o->runs)
        o->out = "-";
}

static const char *shown(const char *path)
{
    return strcmp(path, "-") == 0 ? "- (standard output)" : path;
}

void tool_check_outputs(const char *graph, const struct tool_output *outs, int n)
{
    /* the graph is always a path: a file named "-" is not standard input */
    const char *graph_path = strcmp(graph, "-") == 0 ? "./-" : graph;
    for (int i = 0; i < n; i++) {
        if (!outs[i].path)
            continue;
        if (emogi_same_file(outs[i].path, STDOUT_FILENO, graph_path, STDIN_FILENO)) {
            fprintf(stderr, "%s: %s %s is the graph file %s: writing it would destroy the graph\n",
                    tool_name(), outs[i].option, shown(outs[i].path), graph);
            exit(2);
        }
        for (int j = 0; j < i; j++)
            if (outs[j].path &&
                emogi_same_file(outs[i].path, STDOUT_FILENO, outs[j].path, STDOUT_FILENO)) {
                fprintf(stderr, "%s: %s %s and %s %s are the same file or stream: one result "
                                "would overwrite the other\n",
                        tool_name(), outs[j].option, shown(outs[j].path), outs[i].option,
                        shown(outs[i].path));
                exit(2);
            }
    }
}

void tool_parse_options(int argc, char **argv, const struct tool_spec *t, struct tool_opts *o)
{
    struct option all[NCOMMON + MAX_OWN + 1];
    size_t n = NCOMMON;
    memcpy(all, common, sizeof common);
    for (const struct option *e = t->own; e && e->name && n < NCOMMON + MAX_OWN; e++)
        all[n++] = *e;
    memset(&all[n], 0, sizeof all[n]);

    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->kernel = EMOGI_KERNEL_ALIGNED;
    o->mem = EMOGI_MEM_AUTO;
    o->advice = EMOGI_UVM_READ_MOSTLY;
    int c;
    while ((c = getopt_long(argc, argv, t->takes_source ? "s:S:n:o:h" : "o:h", all, NULL)) != -1)
        parse_one(t, c, optarg, o);
    if (optind + 1 != argc)
        tool_usage_error("%s", optind == argc ? "no graph given" : "more than one graph given");
    o->graph = argv[optind];
    if (o->text && o->format != TOOL_FORMAT_AUTO)
        tool_usage_error("--text and --format %s exclude each other",
                         o->format == TOOL_FORMAT_NPY ? "npy" : "raw");
    if (o->text)
        o->format = TOOL_FORMAT_TEXT;
    check_sources(t, o);
    if (o->original_ids && o->have_source && !o->source_input)
        o->source_input = "--original-ids";
    if (o->source_is_name && !o->source_input)
        tool_usage_error("bad source '%s'", o->source_text);
    if (o->stats_file && !o->stats)
        o->stats = TOOL_STATS_TEXT;
    const struct tool_output outs[] = {{"-o", o->out}, {"--stats-file", o->stats_file}};
    tool_check_outputs(o->graph, outs, 2);
#ifdef _OPENMP
    if (o->threads)
        omp_set_num_threads(o->threads);
#endif
    stats_graph = o->graph;
    tool_stats_open(o->stats == TOOL_STATS_JSON, o->stats_file);
}

/* ---- sources ---- */

/* The id map, when the source was given as an input id (-S,
 * --original-ids): the search records name that id too. */
static const uint64_t *source_ids;

/* Draws before giving up on rejection and listing the candidates instead. */
#define REJECT_TRIES 4096

/* splitmix64: tiny, portable, and good enough to pick vertices */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Rejection sampling is fast when many vertices have edges; else list them. */
static int draw(const struct emogi_graph *g, uint64_t *state, uint64_t **cand, uint64_t *ncand,
                uint64_t *out, emogi_error *err)
{
    for (int i = 0; !*cand && i < REJECT_TRIES; i++) {
        uint64_t v = next_random(state) % g->nv;
        if (emogi_degree(g, v) > 0) {
            *out = v;
            return 0;
        }
    }
    if (!*cand) {
        *cand = malloc(g->nv * sizeof **cand);
        if (!*cand)
            return emogi_fail(err, "out of memory listing source candidates");
        for (uint64_t v = 0; v < g->nv; v++)
            if (emogi_degree(g, v) > 0)
                (*cand)[(*ncand)++] = v;
    }
    *out = (*cand)[next_random(state) % *ncand];
    return 0;
}

/* N vertices with out-degree > 0, drawn uniformly (with replacement) by a
 * generator seeded with SEED; -1 when no vertex has an out-edge. */
static int random_sources(const struct emogi_graph *g, uint64_t n, uint64_t seed, uint64_t *out,
                          emogi_error *err)
{
    if (g->ne == 0)
        return emogi_fail(err, "no vertex has an out-edge to start from");
    uint64_t state = seed, *cand = NULL, ncand = 0;
    int rc = 0;
    for (uint64_t i = 0; i < n && rc == 0; i++)
        rc = draw(g, &state, &cand, &ncand, &out[i], err);
    free(cand);
    return rc;
}

/* The vertex whose input id is ID, or -1: a scan of the map, in parallel,
 * since a run looks up one source: it reads the map once and needs no
 * memory, where an index (sorted or hashed) would cost O(n log n) or 8n
 * bytes before the first lookup.  emogi-convert writes distinct input
 * ids; a map with repeats, which validation does not rule out, gives the
 * smallest vertex, whatever the thread count. */
static int64_t find_input_id(const uint64_t *idmap, uint64_t nv, uint64_t id)
{
    uint64_t first = UINT64_MAX;
#pragma omp parallel for reduction(min : first)
    for (uint64_t v = 0; v < nv; v++)
        if (idmap[v] == id && v < first)
            first = v;
    return first == UINT64_MAX ? -1 : (int64_t)first;
}

int tool_resolve_source(const char *graph, const struct emogi_graph *g, uint64_t id,
                        const char *input_how, uint64_t *v, emogi_error *err)
{
    const unsigned long long last = g->nv ? (unsigned long long)(g->nv - 1) : 0;
    if (g->nv == 0)
        return emogi_fail(err, "%s: the graph has no vertices", graph);
    if (input_how && g->idmap) {
        int64_t found = find_input_id(g->idmap, g->nv, id);
        if (found < 0)
            return emogi_fail(err, "%s: source %llu (an input id, %s) is not in the graph's id map",
                              graph, (unsigned long long)id, input_how);
        *v = (uint64_t)found;
        return 0;
    }
    if (id < g->nv) {
        *v = id;
        return 0;
    }
    if (input_how)
        return emogi_fail(err, "%s: source %llu (an input id, %s) out of range 0..%llu: the graph "
                               "has no id map, so its input ids are its own",
                          graph, (unsigned long long)id, input_how, last);
    return emogi_fail(err, "%s: source %llu out of range (compact ids 0..%llu)", graph,
                      (unsigned long long)id, last);
}

int tool_resolve_source_text(const char *graph, const struct emogi_graph *g, const char *text,
                             const char *input_how, uint64_t *v, emogi_error *err)
{
    uint64_t id;
    int is_name = tool_parse_u64(text, &id) != 0;
    if (input_how && (g->flags & EMOGI_IDNAMES)) {
        if (emogi_csr_find_name(g, text, strlen(text), v) == 0)
            return 0;
        return emogi_fail(err, "%s: source '%s' (an input name, %s) is not among the graph's names",
                          graph, text, input_how);
    }
    if (is_name)
        return emogi_fail(err, "%s: source '%s' is a name, but the graph has no names (it was not "
                               "converted with --string-ids)", graph, text);
    return tool_resolve_source(graph, g, id, input_how, v, err);
}

const struct emogi_graph *tool_text_ids(const struct tool_opts *o, const struct emogi_graph *g)
{
    return o->original_ids && (g->idmap || (g->flags & EMOGI_IDNAMES)) ? g : NULL;
}

uint64_t *tool_pick_sources(const struct tool_opts *o, const struct emogi_graph *g, uint64_t *n,
                            emogi_error *err)
{
    *n = o->runs ? o->runs : 1;
    uint64_t *s = malloc(*n * sizeof *s);
    if (!s) {
        emogi_fail(err, "%s: out of memory for %llu sources", o->graph, (unsigned long long)*n);
        return NULL;
    }
    if (o->runs) {
        emogi_error why;
        if (random_sources(g, *n, o->seed, s, &why) == 0)
            return s;
        emogi_fail(err, "%s: %s", o->graph, why.msg);
    } else if (tool_resolve_source_text(o->graph, g, o->source_text, o->source_input, &s[0],
                                        err) == 0) {
        source_ids = o->source_input && !(g->flags & EMOGI_IDNAMES) ? g->idmap : NULL;
        return s;
    }
    free(s);
    return NULL;
}

void tool_record_source(uint64_t source)
{
    tool_record_u64("source", source);
    if (source_ids)
        tool_record_u64("source_id", source_ids[source]);
}

/* ---- backend ---- */

static int choose_gpu(const struct tool_opts *o, int *gpu, emogi_error *err)
{
    emogi_error why = {{0}};
    int n = emogi_gpu_count(&why);
    if (o->device == TOOL_DEVICE_CPU || (o->device == TOOL_DEVICE_AUTO && n <= 0)) {
        *gpu = -1;
        return 0;
    }
    if (n <= 0)
        return emogi_fail(err, "a GPU was requested but none is usable: %s",
                          why.msg[0] ? why.msg : "no CUDA device");
    if (o->gpu >= n)
        return emogi_fail(err, "GPU %d was requested but only %d %s usable", o->gpu, n,
                          n == 1 ? "is" : "are");
    *gpu = o->device == TOOL_DEVICE_GPU ? o->gpu : 0;
    return 0;
}

/* Whether the placement must find room for a directed graph's stored
 * transpose beside its out-edges. */
static int has_transpose(const struct emogi_graph *g)
{
    return (g->flags & EMOGI_DIRECTED) && g->t_offsets;
}

/* The transpose takes the graph's placement and split, which the graph's
 * budget counted it in (tool_backend_open), so the two together stay
 * within --gpu-memory; FIRSTS: an id of each list's head too. */
static int place_in(struct tool_backend *b, const struct tool_opts *o, int firsts,
                    emogi_error *err)
{
    struct emogi_graph *view = &b->in_view;
    *view = *b->g;
    view->offsets = b->g->t_offsets;
    view->neighbors = b->g->t_neighbors;
    view->coffsets = b->g->t_coffsets;
    view->cneighbors = b->g->t_cneighbors;
    view->weights = NULL;
    view->t_offsets = NULL;
    view->t_neighbors = NULL;
    view->t_weights = NULL;
    view->t_coffsets = NULL;
    view->t_cneighbors = NULL;
    /* A whole graph's transpose holds as many entries as its out-lists;
     * one MPI rank's range of it (emogi_range_open) holds its own count:
     * all of it on the GPU when the out-lists are, or when the out-lists'
     * split (a multiple of 32) reaches past it. */
    view->ne = view->offsets[view->nv];
    uint64_t split = b->placed.split;
    if (split >= b->g->ne || split >= view->ne)
        split = view->ne;
    struct emogi_place_opts po = {
        .device = b->placed.device,
        .mem = b->placed.mem,
        .advice = o->advice,
        .presplit = 1,
        .rule = o->hybrid,
        .split = split,
        .with_firsts = firsts,
        .classes = o->in_classes,
        .nclasses = o->in_nclasses,
    };
    if (emogi_place(view, &po, &b->in, err) < 0)
        return -1;
    b->has_in = 1;
    return 0;
}

const struct emogi_placed *tool_backend_in(const struct tool_backend *b)
{
    if (!(b->g->flags & EMOGI_DIRECTED))
        return &b->placed;
    return b->has_in ? &b->in : NULL;
}

int tool_backend_open(struct tool_backend *b, const struct emogi_graph *g,
                      const struct tool_opts *o, uint64_t state_bytes, unsigned what,
                      emogi_error *err)
{
    const int with_in = (what & TOOL_PLACE_IN) && has_transpose(g);
    /* the in-lists' first ids: the graph's own when undirected, else its
     * transpose's, which place_in adds where the budget kept them room */
    const int directed = (g->flags & EMOGI_DIRECTED) != 0;
    const int firsts = (what & TOOL_PLACE_FIRSTS) && (with_in || !directed);
    int gpu;
    memset(b, 0, sizeof *b);
    b->g = g;
    b->kernel = o->kernel;
    if (choose_gpu(o, &gpu, err) < 0)
        return -1;
    if (gpu < 0)
        return 0;
    struct emogi_place_opts po = {
        .device = gpu,
        .mem = o->mem,
        .advice = o->advice,
        /* a transpose's offsets, and its list offsets when compressed */
        .state_bytes = state_bytes +
                       (with_in ? (emogi_compressed(g) ? 2 : 1) * (g->nv + 1) * sizeof(uint64_t)
                                : 0),
        .with_weights = (what & TOOL_PLACE_WEIGHTS) != 0,
        .gpu_memory = o->gpu_memory,
        .rule = o->hybrid,
        .extra_edge_bytes = with_in ? emogi_edge_bytes(g, 1) : 0,
        .with_firsts = firsts && !directed,
        .firsts_bytes = firsts ? g->nv * (uint64_t)g->id_width : 0,
        .classes = o->in_classes,
        .nclasses = o->in_nclasses,
    };
    if (emogi_place(g, &po, &b->placed, err) < 0)
        return -1;
    b->on_gpu = 1;
    if (with_in && place_in(b, o, firsts && b->placed.kept_firsts, err) < 0) {
        tool_backend_close(b);
        return -1;
    }
    return 0;
}

void tool_backend_close(struct tool_backend *b)
{
    if (b->has_in)
        emogi_unplace(&b->in);
    if (b->on_gpu)
        emogi_unplace(&b->placed);
    b->on_gpu = b->has_in = 0;
}

/* " edges=N split=S device_edge_fraction=F": the entries of each edge
 * array in device memory (S of N), and by which rule the lines were
 * chosen when hybrid, ending the record; then the placement's note, if
 * any, in a record of its own. */
static void record_split(const struct emogi_placed *p)
{
    const uint64_t n = p->g->ne, split = p->d_coffsets ? p->split : p->nbr.split;
    /* Compressed lists are placed as words: the fraction is theirs. */
    const uint64_t in_dev = p->nbr.n ? p->nbr.split : 1, all = p->nbr.n ? p->nbr.n : 1;
    tool_record_u64("edges", n);
    tool_record_u64("split", split);
    tool_record_real("device_edge_fraction", "%.4f", (double)in_dev / (double)all);
    if (p->d_coffsets)
        tool_record_u64("compressed_bytes", p->g->coffsets[p->g->nv]);
    if (p->mem == EMOGI_MEM_HYBRID)
        tool_record_str("hybrid", p->nbr.hot ? "heads" : "prefix");
    tool_record_peak_memory();
    tool_record_end();
    if (p->stats.note[0]) {
        tool_record_begin("load_note", "load note:");
        tool_record_note("note", p->stats.note);
        tool_record_end();
    }
}

/* The phases and bytes of one placement. */
static void record_placement(const struct emogi_load_stats *s)
{
    tool_record_real("file_seconds", "%.6f", s->file_s);
    tool_record_real("pin_seconds", "%.6f", s->pin_s);
    tool_record_real("h2d_seconds", "%.6f", s->h2d_s);
    tool_record_u64("device_bytes", s->device_bytes);
    tool_record_u64("pinned_bytes", s->pinned_bytes);
    tool_record_u64("managed_bytes", s->managed_bytes);
}

void tool_backend_report_load(const struct tool_backend *b, double open_s)
{
    char device[32] = "cpu";
    const struct emogi_placed *p = &b->placed;
    if (b->on_gpu)
        snprintf(device, sizeof device, "gpu:%d", p->device);
    tool_record_begin("load", "load");
    tool_record_json_str("graph", stats_graph);
    tool_record_str("device", device);
    if (!b->on_gpu) {
        tool_record_real("open_seconds", "%.6f", open_s);
        tool_record_peak_memory();
        tool_record_end();
        return;
    }
    tool_record_str("mem", emogi_mem_name(p->mem));
    tool_record_str("kernel", emogi_kernel_name(b->kernel));
    tool_record_real("open_seconds", "%.6f", open_s);
    record_placement(&p->stats);
    record_split(p);
    if (!b->has_in)
        return;
    tool_record_begin("load_transpose", "load transpose");
    tool_record_str("mem", emogi_mem_name(b->in.mem));
    record_placement(&b->in.stats);
    record_split(&b->in);
}
