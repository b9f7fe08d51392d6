/*
 * emogi-verify - check a traversal result against its graph without
 * trusting the program that produced it.  One subcommand per algorithm;
 * each reads its own result file and names the first violation.  See
 * emogi-verify(1).
 */
#include "config.h"

#include <getopt.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bfs.h"
#include "tool.h"
#include "verify_bfs.h"
#include "verify_cc.h"
#include "verify_pagerank.h"
#include "verify_sssp.h"

struct subcommand {
    const char *name;
    const char *synopsis;
    int (*run)(int argc, char **argv);
};

static void depth_summary(const uint32_t *depth, uint64_t nv, uint64_t *reached, uint32_t *levels)
{
    uint64_t r = 0;
    uint32_t deepest = 0;
#pragma omp parallel for reduction(+ : r) reduction(max : deepest)
    for (uint64_t v = 0; v < nv; v++) {
        if (depth[v] != EMOGI_UNREACHED) {
            r++;
            deepest = depth[v] > deepest ? depth[v] : deepest;
        }
    }
    *reached = r;
    *levels = deepest + 1;
}

/* emogi-verify bfs GRAPH -s SOURCE DEPTHS */
static int verify_bfs_main(int argc, char **argv)
{
    static const struct option longopts[] = {{"source", required_argument, NULL, 's'},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    static const char usage[] = "usage: emogi-verify bfs GRAPH -s SOURCE DEPTHS";
    uint64_t source = 0;
    int have_source = 0, c;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            puts(usage);
            exit(0);
        }
        if (c != 's')
            tool_usage_error("bad option or missing argument: %s", argv[optind - 1]);
        if (tool_parse_u64(optarg, &source))
            tool_usage_error("bad source '%s'", optarg);
        have_source = 1;
    }
    if (!have_source || optind + 2 != argc)
        tool_usage_error("%s", usage);
    const char *graph = argv[optind], *path = argv[optind + 1];

    emogi_error err;
    struct emogi_graph g;
    uint32_t *depth;
    if (emogi_csr_open(graph, &g, &err) < 0)
        tool_die(&err);
    if (source >= g.nv) {
        emogi_fail(&err, "%s: source %llu out of range 0..%llu", graph,
                   (unsigned long long)source, (unsigned long long)(g.nv ? g.nv - 1 : 0));
        tool_die(&err);
    }
    if (tool_read_array(path, 4, g.nv, (void **)&depth, &err) < 0)
        tool_die(&err);
    if (verify_bfs_depths(&g, source, depth, &err) < 0)
        tool_die_about(tool_input_name(path), &err);
    uint64_t reached;
    uint32_t levels;
    depth_summary(depth, g.nv, &reached, &levels);
    fprintf(stderr, "emogi-verify: %s: ok: bfs from %llu reaches %llu of %llu vertices in %u levels\n",
            tool_input_name(path), (unsigned long long)source, (unsigned long long)reached,
            (unsigned long long)g.nv, levels);
    free(depth);
    emogi_csr_close(&g);
    return 0;
}

static const struct subcommand subcommands[] = {
    {"bfs", "bfs GRAPH -s SOURCE DEPTHS", verify_bfs_main},
    {"sssp", "sssp GRAPH -s SOURCE [--unit-weights] DIST", verify_sssp_main},
    {"cc", "cc GRAPH LABELS", verify_cc_main},
    {"pagerank", "pagerank GRAPH RANKS [--damping D --tolerance T --precision P --compare F]",
     verify_pagerank_main},
};
#define NSUB (sizeof subcommands / sizeof subcommands[0])

static void help(void)
{
    puts("usage: emogi-verify ALGORITHM GRAPH [options] RESULT\n"
         "Check a result file against its graph; exit 0 and 'ok' when it is right,\n"
         "1 naming the first violation.  RESULT may be '-' for standard input.");
    for (size_t i = 0; i < NSUB; i++)
        printf("  emogi-verify %s\n", subcommands[i].synopsis);
}

int main(int argc, char **argv)
{
    tool_init("emogi-verify");
    if (argc < 2)
        tool_usage_error("%s", "no algorithm given (bfs, sssp, cc, pagerank)");
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        help();
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        puts("emogi-verify (" PACKAGE_NAME ") " PACKAGE_VERSION);
        return 0;
    }
    for (size_t i = 0; i < NSUB; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return subcommands[i].run(argc - 1, argv + 1);
    tool_usage_error("unknown algorithm '%s' (bfs, sssp, cc, pagerank)", argv[1]);
}
