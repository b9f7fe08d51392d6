/* sssp_options.c - emogi-sssp argument parsing; usage errors exit 2. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "sssp_options.h"

static const char usage_text[] =
    "usage: emogi-sssp GRAPH (-s SOURCE | -n N) [options]\n"
    "Single-source shortest paths over a weighted .csr graph; writes distances as\n"
    "uint64 (integer weights) or float32 (float weights) little-endian.\n"
    "  -s, --source V          start at vertex V\n"
    "  -n, --runs N            N searches from random vertices with out-edges\n"
    "      --seed S            seed for -n (default 1)\n"
    "  -o, --output FILE       distances to FILE ('-' stdout; default stdout, none with -n)\n"
    "      --text              'vertex distance' lines instead of raw arrays (-1: unreached)\n"
    "      --delta D           CPU bucket width (default: from the weights)\n"
    "      --unit-weights      every weight 1 (needed for graphs without weights)\n"
    "      --device D          auto, cpu, gpu or gpu:N (default auto)\n"
    "      --mem M             GPU edge placement: auto, device, zerocopy, uvm\n"
    "      --uvm-advice A      read-mostly, accessed-by or prefetch (with --mem uvm)\n"
    "      --kernel K          GPU kernel: naive, merged, aligned (default aligned)\n"
    "      --threads N         CPU threads (default: OpenMP's)\n"
    "      --stats             time, iterations, reached, edges, GTEPS per search on stderr\n"
    "      --verify            check each result (no edge relaxable, every distance achieved)\n"
    "  -h, --help              this help\n"
    "      --version           print the version\n";

enum { OPT_DELTA = TRAV_OPT_TOOL, OPT_UNIT };

static const struct option sssp_options[] = {
    {"delta", required_argument, NULL, OPT_DELTA},
    {"unit-weights", no_argument, NULL, OPT_UNIT},
    {NULL, 0, NULL, 0}};

static int sssp_opt(int code, const char *arg, void *ctx)
{
    struct emogi_sssp_opts *s = ctx;
    if (code == OPT_UNIT) {
        s->unit_weights = 1;
        return 0;
    }
    char *end;
    double d = strtod(arg, &end);
    if (end == arg || *end || !(d > 0) || !isfinite(d))
        trav_usage_error("emogi-sssp", "bad delta '%s' (a positive number)", arg);
    s->delta = d;
    return 0;
}

void sssp_parse_options(int argc, char **argv, struct sssp_cli *o)
{
    const struct trav_tool tool = {"emogi-sssp", usage_text, 1, sssp_options, sssp_opt, &o->s};
    o->s.unit_weights = 0;
    o->s.delta = 0;
    trav_parse_options(argc, argv, &tool, &o->t);
}
