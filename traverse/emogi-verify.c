/*
 * emogi-verify - check a traversal result against its graph without
 * trusting the program that produced it.  One subcommand per algorithm,
 * each in the file of its checker (verify_bfs.c, verify_sssp.c,
 * verify_cc.c, verify_scc.c, verify_pagerank.c, verify_bc.c, verify_tc.c);
 * each reads its own result file and names the first violation.  See
 * emogi-verify(1).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tool.h"
#include "verify.h"

struct subcommand {
    const char *name;
    const char *synopsis;
    int (*run)(int argc, char **argv);
};

static const struct subcommand subcommands[] = {
    {"bfs", "bfs GRAPH (-s SOURCE | -S ID) [--original-ids] DEPTHS", verify_bfs_main},
    {"sssp", "sssp GRAPH (-s SOURCE | -S ID) [--original-ids] [--unit-weights] DIST",
     verify_sssp_main},
    {"cc", "cc GRAPH LABELS", verify_cc_main},
    {"scc", "scc GRAPH LABELS", verify_scc_main},
    {"pagerank",
     "pagerank GRAPH RANKS [--damping D --tolerance T --precision P --weighted --compare F]",
     verify_pagerank_main},
    {"bc", "bc GRAPH (-s SOURCE | -S ID | -n K [--seed S]) [--original-ids] [--normalize] SCORES",
     verify_bc_main},
    {"tc", "tc GRAPH COUNTS [--undirected]", verify_tc_main},
};
#define NSUB (sizeof subcommands / sizeof subcommands[0])

static void help(void)
{
    puts("usage: emogi-verify ALGORITHM GRAPH [options] RESULT\n"
         "Check a result file against its graph; exit 0 and 'ok' when it is right,\n"
         "1 naming the first violation.  RESULT may be '-' for standard input.");
    for (size_t i = 0; i < NSUB; i++)
        printf("  emogi-verify %s\n", subcommands[i].synopsis);
    puts("Every subcommand also takes " VERIFY_USAGE_STATS ":\n"
         "one record of the run (seconds, vertices, edges read, result ok or\n"
         "mismatch, peak memory) as text or JSON, on standard error or to FILE.\n"
         "  -s, --source V          bfs, sssp, bc: the source the result was searched from\n"
         "  -n, --runs K            bc: the K sources emogi-bc -n K drew (with --seed S)\n"
         "      --seed S            bc: the seed emogi-bc -n was given (default 1)\n"
         "      --normalize         bc: the scores were normalized as emogi-bc --normalize\n"
         "      --original-ids      bfs, sssp, bc: -s gives an input id, as -S does\n"
         "      --undirected        tc: check the undirected graph under a directed one\n"
         "      --json              the same as --stats=json\n"
         "  -h, --help              this help (after ALGORITHM: the subcommand's)\n"
         "      --version           print the version");
}

int main(int argc, char **argv)
{
    tool_init("emogi-verify");
    if (argc < 2)
        tool_usage_error("%s", "no algorithm given (bfs, sssp, cc, scc, pagerank, bc, tc)");
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        help();
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        tool_version();
    for (size_t i = 0; i < NSUB; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return subcommands[i].run(argc - 1, argv + 1);
    tool_usage_error("unknown algorithm '%s' (bfs, sssp, cc, scc, pagerank, bc, tc)", argv[1]);
}
