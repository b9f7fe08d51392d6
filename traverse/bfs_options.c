/* bfs_options.c - emogi-bfs argument parsing; usage errors exit 2. */
#include "config.h"

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

enum { OPT_PARENTS = TRAV_OPT_TOOL };

static const struct option parents_option[] = {
    {"parents", required_argument, NULL, OPT_PARENTS}, {NULL, 0, NULL, 0}};

static int parents_opt(int code, const char *arg, void *ctx)
{
    (void)code;
    ((struct bfs_opts *)ctx)->parents = arg;
    return 0;
}

void bfs_parse_options(int argc, char **argv, struct bfs_opts *o)
{
    const struct trav_tool tool = {"emogi-bfs", usage_text, 1, parents_option, parents_opt, o};
    o->parents = NULL;
    trav_parse_options(argc, argv, &tool, &o->t);
    const struct trav_output outs[] = {{"-o", o->t.out}, {"--parents", o->parents}};
    trav_check_outputs("emogi-bfs", o->t.graph, outs, 2);
}
