/* verify_sssp_main.c - emogi-verify sssp GRAPH -s SOURCE [--unit-weights] DIST */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tool.h"
#include "verify_sssp.h"

static const char usage[] = "usage: emogi-verify sssp GRAPH -s SOURCE [--unit-weights] DIST";

static void parse(int argc, char **argv, uint64_t *source, struct emogi_sssp_opts *o)
{
    enum { OPT_UNIT = 256 };
    static const struct option longopts[] = {{"source", required_argument, NULL, 's'},
                                              {"unit-weights", no_argument, NULL, OPT_UNIT},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    int have_source = 0, c;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            puts(usage);
            exit(0);
        } else if (c == OPT_UNIT) {
            o->unit_weights = 1;
        } else if (c == 's') {
            if (tool_parse_u64(optarg, source))
                tool_usage_error("bad source '%s'", optarg);
            have_source = 1;
        } else {
            tool_usage_error("bad option or missing argument: %s", argv[optind - 1]);
        }
    }
    if (!have_source || optind + 2 != argc)
        tool_usage_error("%s", usage);
}

/* Reached vertices and the largest finite distance, for the 'ok' line. */
static void summary(const struct emogi_graph *g, int flt, const void *dist, char *buf, size_t len)
{
    uint64_t r = 0, maxi = 0;
    float maxf = 0;
    for (uint64_t v = 0; v < g->nv; v++) {
        if (flt && ((const float *)dist)[v] != INFINITY) {
            r++;
            maxf = fmaxf(maxf, ((const float *)dist)[v]);
        } else if (!flt && ((const uint64_t *)dist)[v] != EMOGI_SSSP_UNREACHED) {
            r++;
            maxi = ((const uint64_t *)dist)[v] > maxi ? ((const uint64_t *)dist)[v] : maxi;
        }
    }
    if (flt)
        snprintf(buf, len, "reaches %llu of %llu vertices, farthest at %.9g",
                 (unsigned long long)r, (unsigned long long)g->nv, (double)maxf);
    else
        snprintf(buf, len, "reaches %llu of %llu vertices, farthest at %llu",
                 (unsigned long long)r, (unsigned long long)g->nv, (unsigned long long)maxi);
}

int verify_sssp_main(int argc, char **argv)
{
    uint64_t source = 0;
    struct emogi_sssp_opts o = {0};
    parse(argc, argv, &source, &o);
    const char *graph = argv[optind], *path = argv[optind + 1];

    emogi_error err;
    struct emogi_graph g;
    void *dist;
    if (emogi_csr_open(graph, &g, &err) < 0)
        tool_die(&err);
    if (g.weight_type == EMOGI_WEIGHT_NONE)
        o.unit_weights = 1; /* the only reading an unweighted graph has */
    if (source >= g.nv) {
        emogi_fail(&err, "%s: source %llu out of range 0..%llu", graph,
                   (unsigned long long)source, (unsigned long long)(g.nv ? g.nv - 1 : 0));
        tool_die(&err);
    }
    if (emogi_sssp_check_weights(&g, &o, &err) < 0)
        tool_die_about(graph, &err);
    if (tool_read_array(path, emogi_sssp_dist_size(&g, &o), g.nv, &dist, &err) < 0)
        tool_die(&err);
    if (verify_sssp_dist(&g, source, &o, dist, &err) < 0)
        tool_die_about(tool_input_name(path), &err);
    char line[160];
    summary(&g, emogi_sssp_float_dist(&g, &o), dist, line, sizeof line);
    fprintf(stderr, "emogi-verify: %s: ok: sssp from %llu %s\n", tool_input_name(path),
            (unsigned long long)source, line);
    free(dist);
    emogi_csr_close(&g);
    return 0;
}
