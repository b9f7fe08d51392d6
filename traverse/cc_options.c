/* cc_options.c - emogi-cc argument parsing; usage errors exit 2. */
#include "config.h"

#include "cc_options.h"
#include "tool_args.h"

static const char usage_text[] =
    "usage: emogi-cc GRAPH [options]\n"
    "Connected components of a .csr graph (weak ones of a directed graph, which\n"
    "needs its transpose); writes each vertex's label, the smallest vertex id of\n"
    "its component, as little-endian uint32 (4-byte ids) or uint64 (8-byte ids).\n"
    "  -o, --output FILE       labels to FILE ('-' stdout, the default)\n"
    "      --text              'vertex label' lines instead of a raw array\n"
    "      --algorithm A       GPU algorithm: uf (union-find, default) or lp\n"
    "                          (EMOGI's label propagation); the CPU runs Afforest\n"
    "      --repeat N          run N times on the loaded graph (timing; default 1)\n"
    "      --device D          auto, cpu, gpu or gpu:N (default auto)\n"
    "      --mem M             GPU edge placement: auto, device, zerocopy, uvm\n"
    "      --uvm-advice A      read-mostly, accessed-by or prefetch (with --mem uvm)\n"
    "      --kernel K          GPU kernel: naive, merged, aligned (default aligned)\n"
    "      --threads N         CPU threads (default: OpenMP's)\n"
    "      --stats             time, passes, components, largest, edges read on stderr\n"
    "      --verify            check the labels against a sequential union-find\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_ALGORITHM = TRAV_OPT_TOOL, OPT_REPEAT };

static const struct option cc_options[] = {
    {"algorithm", required_argument, NULL, OPT_ALGORITHM},
    {"repeat", required_argument, NULL, OPT_REPEAT},
    {NULL, 0, NULL, 0}};

static int cc_opt(int code, const char *arg, void *ctx)
{
    struct cc_opts *o = ctx;
    if (code == OPT_ALGORITHM && emogi_cc_algorithm_parse(arg, &o->algorithm) < 0)
        trav_usage_error("emogi-cc", "bad algorithm '%s' (uf or lp)", arg);
    if (code == OPT_REPEAT && (tool_parse_u64(arg, &o->repeat) < 0 || o->repeat == 0))
        trav_usage_error("emogi-cc", "bad repeat count '%s'", arg);
    return 0;
}

void cc_parse_options(int argc, char **argv, struct cc_opts *o)
{
    const struct trav_tool tool = {"emogi-cc", usage_text, 0, cc_options, cc_opt, o};
    o->algorithm = EMOGI_CC_UF;
    o->repeat = 1;
    trav_parse_options(argc, argv, &tool, &o->t);
}
