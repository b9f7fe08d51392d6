/*
 * emogi-info - describe a .csr file: header, sections, degree statistics,
 * provenance; check its checksums; or dump its edges as text.
 * A thin main over libemogi: see info.h for the parts.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "info.h"

#define PROG "emogi-info"

static void usage(FILE *f)
{
    fprintf(f, "usage: " PROG " [--verify] [--json] GRAPH.csr\n"
               "       " PROG " --edges [--original-ids] GRAPH.csr\n"
               "  -c, --verify        check every section's crc32 (exit 1 on a mismatch)\n"
               "  -j, --json          print the report as one JSON object\n"
               "  -e, --edges         print the edges as 'src dst [weight]' lines instead\n"
               "  -o, --original-ids  with --edges, print input ids through the idmap\n"
               "  -h, --help          show this help\n"
               "  -V, --version       show the version\n");
}

struct info_opts {
    int verify, json, edges, original;
    const char *path;
};

static void parse_args(int argc, char **argv, struct info_opts *o)
{
    static const struct option longs[] = {
        {"verify", no_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
        {"edges", no_argument, NULL, 'e'},  {"original-ids", no_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},   {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "cjeohV", longs, NULL)) != -1) {
        switch (c) {
        case 'c': o->verify = 1; break;
        case 'j': o->json = 1; break;
        case 'e': o->edges = 1; break;
        case 'o': o->original = 1; break;
        case 'h': usage(stdout); exit(0);
        case 'V': printf(PROG " (emogi) %s\n", PACKAGE_VERSION); exit(0);
        default: usage(stderr); exit(2);
        }
    }
    if (optind + 1 != argc) {
        fprintf(stderr, PROG ": %s\n", optind == argc ? "no graph given" : "one graph at a time");
        usage(stderr);
        exit(2);
    }
    if (o->original && !o->edges) {
        fprintf(stderr, PROG ": --original-ids only applies to --edges\n");
        exit(2);
    }
    if (o->edges && o->json) {
        fprintf(stderr, PROG ": --edges and --json do not combine\n");
        exit(2);
    }
    o->path = argv[optind];
}

static int report(const struct emogi_graph *g, const struct info_opts *o, emogi_error *err)
{
    struct degree_stats s;
    if (o->edges)
        return info_print_edges(stdout, g, o->original) == 0 ? 0 : emogi_fail(err, "standard output: %s", strerror(errno));
    if (degree_stats_compute(g, &s, err) < 0)
        return -1;
    if (o->json)
        info_print_json(stdout, g, &s, o->verify ? "ok" : NULL);
    else
        info_print_text(stdout, g, &s, o->verify ? "ok" : NULL);
    return 0;
}

int main(int argc, char **argv)
{
    struct info_opts o = {0};
    struct emogi_graph g;
    emogi_error err;
    parse_args(argc, argv, &o);
    if (emogi_csr_open(o.path, &g, &err) < 0 || (o.verify && emogi_csr_verify(&g, &err) < 0) ||
        report(&g, &o, &err) < 0) {
        fprintf(stderr, PROG ": %s\n", err.msg);
        return 1;
    }
    emogi_csr_close(&g);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": standard output: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
