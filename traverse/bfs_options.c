/* bfs_options.c - emogi-bfs argument parsing; usage errors exit 2. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfs_options.h"

static const char usage_text[] =
    "usage: emogi-bfs GRAPH (-s SOURCE | -n N) [options]\n"
    "Breadth-first search over a .csr graph; writes depths as uint32 little-endian.\n"
    "  -s, --source V          start at vertex V\n"
    "  -n, --runs N            N searches from random vertices with out-edges\n"
    "      --seed S            seed for -n (default 1)\n"
    "  -o, --output FILE       depths to FILE ('-' stdout; default stdout, none with -n)\n"
    "      --parents FILE      parents as uint64 (unreached: all ones) to FILE\n"
    "      --text              'vertex value' lines instead of raw arrays (-1: none)\n"
    "      --device D          auto, cpu, gpu or gpu:N (default auto)\n"
    "      --mem M             GPU edge placement: auto, device, zerocopy, uvm\n"
    "      --uvm-advice A      read-mostly, accessed-by or prefetch (with --mem uvm)\n"
    "      --kernel K          GPU kernel: naive, merged, aligned (default aligned)\n"
    "      --threads N         CPU threads (default: OpenMP's)\n"
    "      --stats             time, levels, reached, edges, GTEPS per search on stderr\n"
    "      --verify            check each result the Graph500 way\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_SEED = 256, OPT_PARENTS, OPT_TEXT, OPT_DEVICE, OPT_MEM, OPT_ADVICE, OPT_KERNEL,
       OPT_THREADS, OPT_STATS, OPT_VERIFY, OPT_VERSION };

static const struct option longopts[] = {
    {"source", required_argument, NULL, 's'},   {"runs", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, OPT_SEED}, {"output", required_argument, NULL, 'o'},
    {"parents", required_argument, NULL, OPT_PARENTS},
    {"text", no_argument, NULL, OPT_TEXT},       {"device", required_argument, NULL, OPT_DEVICE},
    {"mem", required_argument, NULL, OPT_MEM},   {"uvm-advice", required_argument, NULL, OPT_ADVICE},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"stats", no_argument, NULL, OPT_STATS},     {"verify", no_argument, NULL, OPT_VERIFY},
    {"help", no_argument, NULL, 'h'},            {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0}};

static _Noreturn void usage_error(const char *fmt, const char *arg)
{
    fputs("emogi-bfs: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'emogi-bfs --help'.\n", stderr);
    exit(2);
}

static uint64_t number(const char *s, const char *what)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || s[0] == '+' || s[0] == ' ')
        usage_error(what, s);
    return x;
}

static void parse_device(const char *s, struct bfs_opts *o)
{
    if (strcmp(s, "auto") == 0)
        o->device = BFS_DEVICE_AUTO;
    else if (strcmp(s, "cpu") == 0)
        o->device = BFS_DEVICE_CPU;
    else if (strcmp(s, "gpu") == 0)
        o->device = BFS_DEVICE_GPU;
    else if (strncmp(s, "gpu:", 4) == 0 && s[4] >= '0' && s[4] <= '9' && strlen(s) < 9) {
        o->device = BFS_DEVICE_GPU;
        o->gpu = (int)number(s + 4, "bad device ordinal '%s'");
    } else {
        usage_error("bad device '%s' (auto, cpu, gpu or gpu:N)", s);
    }
}

static void parse_one(int c, const char *arg, struct bfs_opts *o)
{
    switch (c) {
    case 's': o->source = number(arg, "bad source '%s'"); o->have_source = 1; break;
    case 'n':
        if ((o->runs = number(arg, "bad run count '%s'")) == 0)
            usage_error("bad run count '%s'", arg);
        break;
    case OPT_SEED: o->seed = number(arg, "bad seed '%s'"); break;
    case 'o': o->out = arg; break;
    case OPT_PARENTS: o->parents = arg; break;
    case OPT_TEXT: o->text = 1; break;
    case OPT_DEVICE: parse_device(arg, o); break;
    case OPT_MEM:
        if (emogi_mem_parse(arg, &o->mem) < 0)
            usage_error("bad memory placement '%s' (auto, device, zerocopy, uvm)", arg);
        break;
    case OPT_ADVICE:
        if (emogi_uvm_advice_parse(arg, &o->advice) < 0)
            usage_error("bad UVM advice '%s' (read-mostly, accessed-by, prefetch)", arg);
        break;
    case OPT_KERNEL:
        if (emogi_kernel_parse(arg, &o->kernel) < 0)
            usage_error("bad kernel '%s' (naive, merged, aligned)", arg);
        break;
    case OPT_THREADS:
        o->threads = (int)number(arg, "bad thread count '%s'");
        if (o->threads < 1 || o->threads > 4096)
            usage_error("bad thread count '%s'", arg);
        break;
    case OPT_STATS: o->stats = 1; break;
    case OPT_VERIFY: o->verify = 1; break;
    case 'h': fputs(usage_text, stdout); exit(0);
    case OPT_VERSION: puts("emogi-bfs (" PACKAGE_NAME ") " PACKAGE_VERSION); exit(0);
    default: fputs("Try 'emogi-bfs --help'.\n", stderr); exit(2);
    }
}

void bfs_parse_options(int argc, char **argv, struct bfs_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->kernel = EMOGI_KERNEL_ALIGNED;
    o->mem = EMOGI_MEM_AUTO;
    o->advice = EMOGI_UVM_READ_MOSTLY;
    int c;
    while ((c = getopt_long(argc, argv, "s:n:o:h", longopts, NULL)) != -1)
        parse_one(c, optarg, o);
    if (optind + 1 != argc)
        usage_error("%s", optind == argc ? "no graph given" : "more than one graph given");
    o->graph = argv[optind];
    if (o->have_source == (o->runs > 0))
        usage_error("%s", o->have_source ? "-s and -n exclude each other"
                                         : "give a source (-s V) or a run count (-n N)");
    if (!o->out && !o->runs)
        o->out = "-";
}
