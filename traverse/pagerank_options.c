/* pagerank_options.c - emogi-pagerank argument parsing; usage errors exit 2. */
#include "config.h"

#include <string.h>

#include "pagerank_args.h"
#include "pagerank_options.h"
#include "tool_args.h"

static const char usage_text[] =
    "usage: emogi-pagerank GRAPH [options]\n"
    "PageRank of every vertex of a .csr graph; writes float64 little-endian ranks.\n"
    "      --damping D         damping factor, 0 <= D < 1 (default 0.85)\n"
    "      --tolerance T       stop once an iteration changes the ranks by less than T\n"
    "                          in L1 norm (default 1e-4)\n"
    "      --max-iterations N  stop after N iterations at most (default 100)\n"
    "      --precision P       result type: float64 (default) or float32\n"
    "      --method M          CPU iteration: gauss-seidel (default, fewer iterations)\n"
    "                          or jacobi (the same ranks whatever the thread count)\n"
    "  -o, --output FILE       ranks to FILE ('-' stdout; default stdout)\n"
    "      --text              'vertex rank' lines instead of a raw array\n"
    "      --device D          auto, cpu, gpu or gpu:N (default auto)\n"
    "      --mem M             GPU edge placement: auto, device, zerocopy, uvm\n"
    "      --uvm-advice A      read-mostly, accessed-by or prefetch (with --mem uvm)\n"
    "      --kernel K          GPU kernel: naive, merged, aligned (default aligned)\n"
    "      --threads N         CPU threads (default: OpenMP's)\n"
    "      --stats             iterations, time, edge rates, last change on stderr\n"
    "      --verify            check that the ranks are a fixed point within T\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_DAMPING = TRAV_OPT_TOOL, OPT_TOLERANCE, OPT_MAX_ITERATIONS, OPT_PRECISION,
       OPT_METHOD };

static const struct option pagerank_options[] = {
    {"damping", required_argument, NULL, OPT_DAMPING},
    {"tolerance", required_argument, NULL, OPT_TOLERANCE},
    {"max-iterations", required_argument, NULL, OPT_MAX_ITERATIONS},
    {"precision", required_argument, NULL, OPT_PRECISION},
    {"method", required_argument, NULL, OPT_METHOD},
    {NULL, 0, NULL, 0}};

static int pagerank_opt(int code, const char *arg, void *ctx)
{
    struct pagerank_opts *o = ctx;
    uint64_t n;
    switch (code) {
    case OPT_DAMPING:
        if (pagerank_parse_real(arg, &o->prm.damping) < 0 || o->prm.damping < 0 ||
            o->prm.damping >= 1)
            trav_usage_error("emogi-pagerank", "bad damping factor '%s' (0 <= D < 1)", arg);
        return 0;
    case OPT_TOLERANCE:
        if (pagerank_parse_real(arg, &o->prm.tolerance) < 0 || o->prm.tolerance < 0)
            trav_usage_error("emogi-pagerank", "bad tolerance '%s' (a number >= 0)", arg);
        return 0;
    case OPT_MAX_ITERATIONS:
        if (tool_parse_u64(arg, &n) < 0 || n < 1 || n > UINT32_MAX)
            trav_usage_error("emogi-pagerank", "bad iteration cap '%s' (1 to 4294967295)", arg);
        o->prm.max_iterations = (uint32_t)n;
        return 0;
    case OPT_PRECISION:
        if (pagerank_parse_precision(arg, &o->precision) < 0)
            trav_usage_error("emogi-pagerank", "bad precision '%s' (float32 or float64)", arg);
        return 0;
    case OPT_METHOD:
        if (strcmp(arg, "gauss-seidel") == 0)
            o->method = PAGERANK_GAUSS_SEIDEL;
        else if (strcmp(arg, "jacobi") == 0)
            o->method = PAGERANK_JACOBI;
        else
            trav_usage_error("emogi-pagerank", "bad method '%s' (gauss-seidel or jacobi)", arg);
        return 0;
    }
    return -1;
}

void pagerank_parse_options(int argc, char **argv, struct pagerank_opts *o)
{
    const struct trav_tool tool = {"emogi-pagerank", usage_text, 0, pagerank_options,
                                   pagerank_opt, o};
    o->prm.damping = EMOGI_PAGERANK_DAMPING;
    o->prm.tolerance = EMOGI_PAGERANK_TOLERANCE;
    o->prm.max_iterations = EMOGI_PAGERANK_MAX_ITERATIONS;
    o->precision = TOOL_F64;
    o->method = PAGERANK_GAUSS_SEIDEL;
    trav_parse_options(argc, argv, &tool, &o->t);
}
