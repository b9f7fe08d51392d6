/* trav_options.c - the shared traversal command line; usage errors exit 2. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emogi_csr.h"
#include "tool_args.h"
#include "tool_die.h"
#include "trav_options.h"

enum { OPT_SEED = 256, OPT_TEXT, OPT_DEVICE, OPT_MEM, OPT_ADVICE, OPT_KERNEL, OPT_THREADS,
       OPT_STATS, OPT_VERIFY, OPT_VERSION };

static const struct option common[] = {
    {"source", required_argument, NULL, 's'},   {"runs", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, OPT_SEED}, {"output", required_argument, NULL, 'o'},
    {"text", no_argument, NULL, OPT_TEXT},       {"device", required_argument, NULL, OPT_DEVICE},
    {"mem", required_argument, NULL, OPT_MEM},   {"uvm-advice", required_argument, NULL, OPT_ADVICE},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"stats", no_argument, NULL, OPT_STATS},     {"verify", no_argument, NULL, OPT_VERIFY},
    {"help", no_argument, NULL, 'h'},            {"version", no_argument, NULL, OPT_VERSION},
};
#define NCOMMON (sizeof common / sizeof common[0])
#define MAX_EXTRA 32

_Noreturn void trav_usage_error(const char *tool, const char *fmt, const char *arg)
{
    tool_usage_error(tool, fmt, arg);
}

static uint64_t number(const struct trav_tool *t, const char *s, const char *what)
{
    uint64_t x;
    if (tool_parse_u64(s, &x))
        trav_usage_error(t->name, what, s);
    return x;
}

static void parse_device(const struct trav_tool *t, const char *s, struct trav_opts *o)
{
    if (strcmp(s, "auto") == 0)
        o->device = TRAV_DEVICE_AUTO;
    else if (strcmp(s, "cpu") == 0)
        o->device = TRAV_DEVICE_CPU;
    else if (strcmp(s, "gpu") == 0)
        o->device = TRAV_DEVICE_GPU;
    else if (strncmp(s, "gpu:", 4) == 0 && s[4] >= '0' && s[4] <= '9' && strlen(s) < 9) {
        o->device = TRAV_DEVICE_GPU;
        o->gpu = (int)number(t, s + 4, "bad device ordinal '%s'");
    } else {
        trav_usage_error(t->name, "bad device '%s' (auto, cpu, gpu or gpu:N)", s);
    }
}

static void parse_placement(const struct trav_tool *t, int c, const char *arg, struct trav_opts *o)
{
    if (c == OPT_MEM && emogi_mem_parse(arg, &o->mem) < 0)
        trav_usage_error(t->name, "bad memory placement '%s' (auto, device, zerocopy, uvm)", arg);
    if (c == OPT_ADVICE && emogi_uvm_advice_parse(arg, &o->advice) < 0)
        trav_usage_error(t->name, "bad UVM advice '%s' (read-mostly, accessed-by, prefetch)", arg);
    if (c == OPT_KERNEL && emogi_kernel_parse(arg, &o->kernel) < 0)
        trav_usage_error(t->name, "bad kernel '%s' (naive, merged, aligned)", arg);
}

static void parse_one(const struct trav_tool *t, int c, const char *arg, struct trav_opts *o)
{
    switch (c) {
    case 's': o->source = number(t, arg, "bad source '%s'"); o->have_source = 1; break;
    case 'n':
        if ((o->runs = number(t, arg, "bad run count '%s'")) == 0)
            trav_usage_error(t->name, "bad run count '%s'", arg);
        break;
    case OPT_SEED: o->seed = number(t, arg, "bad seed '%s'"); break;
    case 'o': o->out = arg; break;
    case OPT_TEXT: o->text = 1; break;
    case OPT_DEVICE: parse_device(t, arg, o); break;
    case OPT_MEM: case OPT_ADVICE: case OPT_KERNEL: parse_placement(t, c, arg, o); break;
    case OPT_THREADS:
        o->threads = (int)number(t, arg, "bad thread count '%s'");
        if (o->threads < 1 || o->threads > 4096)
            trav_usage_error(t->name, "bad thread count '%s'", arg);
        break;
    case OPT_STATS: o->stats = 1; break;
    case OPT_VERIFY: o->verify = 1; break;
    case 'h': fputs(t->usage, stdout); exit(0);
    case OPT_VERSION: printf("%s (" PACKAGE_NAME ") " PACKAGE_VERSION "\n", t->name); exit(0);
    default:
        if (c >= TRAV_OPT_TOOL && t->extra_opt && t->extra_opt(c, arg, t->ctx) == 0)
            break;
        if (c >= TRAV_OPT_TOOL)
            trav_usage_error(t->name, "bad value '%s'", arg ? arg : "");
        fprintf(stderr, "Try '%s --help'.\n", t->name);
        exit(2);
    }
}

static void check_sources(const struct trav_tool *t, struct trav_opts *o)
{
    if (!t->takes_source) {
        if (o->have_source || o->runs)
            trav_usage_error(t->name, "%s", "-s and -n do not apply: the result covers every vertex");
        if (!o->out)
            o->out = "-";
        return;
    }
    if (o->have_source == (o->runs > 0))
        trav_usage_error(t->name, "%s", o->have_source ? "-s and -n exclude each other"
                                                       : "give a source (-s V) or a run count (-n N)");
    if (!o->out && !o->runs)
        o->out = "-";
}

static const char *shown(const char *path)
{
    return strcmp(path, "-") == 0 ? "- (standard output)" : path;
}

void trav_check_outputs(const char *tool, const char *graph, const struct trav_output *outs,
                        int n)
{
    /* the graph is always a path: a file named "-" is not standard input */
    const char *graph_path = strcmp(graph, "-") == 0 ? "./-" : graph;
    for (int i = 0; i < n; i++) {
        if (!outs[i].path)
            continue;
        if (emogi_same_file(outs[i].path, STDOUT_FILENO, graph_path, STDIN_FILENO)) {
            fprintf(stderr, "%s: %s %s is the graph file %s: writing it would destroy the graph\n",
                    tool, outs[i].option, shown(outs[i].path), graph);
            exit(2);
        }
        for (int j = 0; j < i; j++)
            if (outs[j].path &&
                emogi_same_file(outs[i].path, STDOUT_FILENO, outs[j].path, STDOUT_FILENO)) {
                fprintf(stderr, "%s: %s %s and %s %s are the same file or stream: one result "
                                "would overwrite the other\n",
                        tool, outs[j].option, shown(outs[j].path), outs[i].option,
                        shown(outs[i].path));
                exit(2);
            }
    }
}

void trav_parse_options(int argc, char **argv, const struct trav_tool *t, struct trav_opts *o)
{
    struct option all[NCOMMON + MAX_EXTRA + 1];
    size_t n = NCOMMON;
    memcpy(all, common, sizeof common);
    for (const struct option *e = t->extra; e && e->name && n < NCOMMON + MAX_EXTRA; e++)
        all[n++] = *e;
    memset(&all[n], 0, sizeof all[n]);

    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->kernel = EMOGI_KERNEL_ALIGNED;
    o->mem = EMOGI_MEM_AUTO;
    o->advice = EMOGI_UVM_READ_MOSTLY;
    int c;
    while ((c = getopt_long(argc, argv, t->takes_source ? "s:n:o:h" : "o:h", all, NULL)) != -1)
        parse_one(t, c, optarg, o);
    if (optind + 1 != argc)
        trav_usage_error(t->name, "%s", optind == argc ? "no graph given" : "more than one graph given");
    o->graph = argv[optind];
    check_sources(t, o);
    const struct trav_output out = {"-o", o->out};
    trav_check_outputs(t->name, o->graph, &out, 1);
}
