/*
 * options.c - the command line every traversal tool shares (graph,
 * sources, output, device, placement, kernel, threads, stats), each
 * tool's own options after it (tool.h: struct tool_spec), and the check
 * that no output overwrites the graph or another output.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "tool.h"

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

/* Note a GPU-only option OPT once in o->gpu_options. */
static void note_gpu_option(struct tool_opts *o, const char *opt)
{
    if (strstr(o->gpu_options, opt))
        return;
    size_t len = strlen(o->gpu_options);
    snprintf(o->gpu_options + len, sizeof o->gpu_options - len, "%s%s", len ? ", " : "", opt);
}

static void parse_placement(int c, const char *arg, struct tool_opts *o)
{
    note_gpu_option(o, c == OPT_MEM ? "--mem" : c == OPT_ADVICE ? "--uvm-advice"
                       : c == OPT_KERNEL ? "--kernel" : c == OPT_GPU_MEMORY ? "--gpu-memory"
                       : "--hybrid");
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
    case OPT_VERSION: tool_version();
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
    if (t->takes_source != 1) {
        if (o->have_source || o->runs)
            tool_usage_error("%s", "-s and -n do not apply: the result covers every vertex");
        if (!o->out && t->takes_source == 0)
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
    while ((c = getopt_long(argc, argv, t->takes_source == 1 ? "s:S:n:o:h" : "o:h", all, NULL)) != -1)
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
    tool_stats_open(o->stats == TOOL_STATS_JSON, o->stats_file);
    if (o->device == TOOL_DEVICE_CPU && o->gpu_options[0])
        tool_message("warning", "warning: %s: for a GPU only, ignored with --device cpu",
                     o->gpu_options);
}
