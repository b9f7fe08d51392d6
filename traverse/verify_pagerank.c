/*
 * verify_pagerank.c - is a rank array a PageRank fixed point?  The check
 * behind emogi-pagerank --verify and emogi-verify pagerank, and the
 * result files' precision, which both read.
 *
 * The check applies one more power iteration and measures how far it
 * moves the ranks.  It pushes along out-edges (each vertex adds
 * rank / out-degree to its out-neighbours, with atomic adds), where the
 * kernels pull over in-edges, so it needs no transpose and shares no
 * code with them.  Since an iteration contracts L1 distances by the
 * damping factor, a change of at most T puts the ranks within
 * T / (1 - d) of the exact PageRank.  Weighted, a vertex sends
 * rank * w / W along each out-edge of weight w, W the sum of its
 * out-weights (dangling when W is 0).
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_pagerank.h"
#include "verify.h"

static int check_values(const struct emogi_graph *g, const double *rank, struct pagerank_check *c,
                        emogi_error *err)
{
    double sum = 0;
    for (uint64_t v = 0; v < g->nv; v++) {
        if (!(rank[v] >= 0) || !isfinite(rank[v]))
            return emogi_fail(err, "vertex %llu has rank %g: not a finite number >= 0",
                              (unsigned long long)v, rank[v]);
        sum += rank[v];
    }
    c->sum = sum;
    double slack = c->precision == TOOL_F32 ? 1e-3 : 1e-6;
    if (g->nv && fabs(sum - 1) > slack)
        return emogi_fail(err, "the ranks sum to %.9g, not 1 (within %g)", sum, slack);
    return 0;
}

/* Edge E's weight when WEIGHTED, else 1. */
static double edge_weight(const struct emogi_graph *g, int weighted, uint64_t e)
{
    if (!weighted)
        return 1.0;
    return g->weight_type == EMOGI_WEIGHT_FLOAT32 ? (double)((const float *)g->weights)[e]
                                                  : (double)((const uint32_t *)g->weights)[e];
}

/* What one iteration sends each vertex along out-edges; returns the dangling rank. */
static double push(const struct emogi_graph *g, int weighted, const double *rank, double *next)
{
    double dangling = 0;
    uint64_t nread = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : dangling, nread)
    for (uint64_t u = 0; u < g->nv; u++) {
        double out = 0; /* u's out-degree or out-weight */
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
            out += edge_weight(g, weighted, e);
        if (!(out > 0)) {
            dangling += rank[u];
            continue;
        }
        nread += g->offsets[u + 1] - g->offsets[u];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t v = emogi_neighbor(g, e);
            double share = rank[u] * edge_weight(g, weighted, e) / out;
#pragma omp atomic
            next[v] += share;
        }
    }
    verify_count_edges(nread);
    return dangling;
}

static int check_ranks(const struct emogi_graph *g, const double *rank,
                       struct pagerank_check *c, emogi_error *err);

int verify_pagerank_ranks(const struct emogi_graph *g, const double *rank,
                          struct pagerank_check *c, emogi_error *err)
{
    struct emogi_graph plain;
    void *keep[2];
    if (tool_plain_view(g, &plain, keep, err) < 0)
        return -1;
    int rc = check_ranks(&plain, rank, c, err);
    tool_plain_free(keep);
    return rc;
}

static int check_ranks(const struct emogi_graph *g, const double *rank,
                       struct pagerank_check *c, emogi_error *err)
{
    c->sum = c->change = 0;
    if (c->weighted && !g->weights)
        return emogi_fail(err, "the graph has no weights (weighted PageRank needs them)");
    if (check_values(g, rank, c, err) < 0 || g->nv == 0)
        return g->nv == 0 ? 0 : -1;
    double *next = calloc(g->nv, sizeof *next);
    if (!next)
        return emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)g->nv);
    const double n = (double)g->nv, d = c->damping;
    double base = (1 - d) / n + d * push(g, c->weighted, rank, next) / n, change = 0;
#pragma omp parallel for reduction(+ : change)
    for (uint64_t v = 0; v < g->nv; v++)
        change += fabs(base + d * next[v] - rank[v]);
    c->change = change;
    double slack = c->precision == TOOL_F32 ? 0x1p-23 : 1e-12;
    if (change <= c->tolerance + slack) {
        free(next);
        return 0;
    }
    /* the place to look first: the vertex whose rank moves most */
    uint64_t worst = 0;
    double most = -1;
    for (uint64_t v = 0; v < g->nv; v++)
        if (fabs(base + d * next[v] - rank[v]) > most) {
            most = fabs(base + d * next[v] - rank[v]);
            worst = v;
        }
    free(next);
    return emogi_fail(err, "not a fixed point: one more iteration changes the ranks by "
                           "%.6g (L1), more than the tolerance %g; most at vertex %llu (by %.6g)",
                      change, c->tolerance, (unsigned long long)worst, most);
}

/* ---- result files ---- */

int pagerank_parse_precision(const char *s, enum tool_elem *out)
{
    if (strcmp(s, "float32") == 0)
        *out = TOOL_F32;
    else if (strcmp(s, "float64") == 0)
        *out = TOOL_F64;
    else
        return -1;
    return 0;
}

void pagerank_narrow(double *rank, uint64_t nv, enum tool_elem precision)
{
    if (precision != TOOL_F32)
        return;
    /* Ascending: float v overwrites part of double v/2, already read.
     * memcpy, because the two views of one buffer alias. */
    for (uint64_t v = 0; v < nv; v++) {
        float f = (float)rank[v];
        memcpy((char *)rank + 4 * v, &f, 4);
    }
}

void pagerank_widen(void *buf, uint64_t nv, enum tool_elem precision)
{
    if (precision != TOOL_F32)
        return;
    /* Descending: double v covers floats 2v and 2v+1, already read. */
    for (uint64_t v = nv; v-- > 0;) {
        float f;
        memcpy(&f, (const char *)buf + 4 * v, 4);
        double d = f;
        memcpy((char *)buf + 8 * v, &d, 8);
    }
}

/* ---- emogi-verify pagerank ---- */

struct verify_args {
    struct pagerank_check c;
    const char *graph, *ranks, *compare;
};

static const char usage[] =
    "usage: emogi-verify pagerank GRAPH RANKS [--damping D] [--tolerance T]\n"
    "                             [--precision float32|float64] [--weighted]\n"
    "                             [--compare OTHER] " VERIFY_USAGE_STATS;

static void parse(int argc, char **argv, struct verify_args *a)
{
    enum { OPT_DAMPING = 256, OPT_TOLERANCE, OPT_PRECISION, OPT_COMPARE, OPT_WEIGHTED };
    static const struct option longopts[] = {
        {"damping", required_argument, NULL, OPT_DAMPING},
        {"tolerance", required_argument, NULL, OPT_TOLERANCE},
        {"precision", required_argument, NULL, OPT_PRECISION},
        {"compare", required_argument, NULL, OPT_COMPARE},
        {"weighted", no_argument, NULL, OPT_WEIGHTED},
        VERIFY_STATS_LONGOPTS,
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (verify_stats_option(c, optarg) == 0)
            continue;
        switch (c) {
        case 'h': puts(usage); exit(0);
        case OPT_DAMPING:
            if (tool_parse_real(optarg, &a->c.damping) < 0 || a->c.damping < 0 ||
                a->c.damping >= 1)
                tool_usage_error("bad damping factor '%s' (0 <= D < 1)", optarg);
            break;
        case OPT_TOLERANCE:
            if (tool_parse_real(optarg, &a->c.tolerance) < 0 || a->c.tolerance < 0)
                tool_usage_error("bad tolerance '%s' (a number >= 0)", optarg);
            break;
        case OPT_PRECISION:
            if (pagerank_parse_precision(optarg, &a->c.precision) < 0)
                tool_usage_error("bad precision '%s' (float32 or float64)", optarg);
            break;
        case OPT_COMPARE: a->compare = optarg; break;
        case OPT_WEIGHTED: a->c.weighted = 1; break;
        default: tool_usage_error("bad option or missing argument: %s", argv[optind - 1]);
        }
    }
    if (optind + 2 != argc)
        tool_usage_error("%s", usage);
    a->graph = argv[optind];
    a->ranks = argv[optind + 1];
}

/* A result file as nv float64 values, whatever its precision. */
static double *read_ranks(const char *path, uint64_t nv, enum tool_elem precision)
{
    emogi_error err;
    void *buf;
    if (tool_read_array(path, precision, nv, &buf, &err) < 0)
        tool_die(&err);
    if (precision == TOOL_F32) {
        void *wide = realloc(buf, (nv ? nv : 1) * sizeof(double));
        if (!wide) {
            emogi_fail(&err, "out of memory for %llu ranks", (unsigned long long)nv);
            tool_die_about(tool_input_name(path), &err);
        }
        buf = wide;
        pagerank_widen(buf, nv, precision);
    }
    return buf;
}

/* The L1 distance of A and B, and in *AT the vertex where they differ most. */
static double l1_distance(const double *a, const double *b, uint64_t n, uint64_t *at)
{
    double sum = 0, most = -1;
    *at = 0;
    for (uint64_t v = 0; v < n; v++) {
        double d = fabs(a[v] - b[v]);
        sum += d;
        if (d > most || d != d) { /* a NaN is the most of all */
            most = d != d ? INFINITY : d;
            *at = v;
        }
    }
    return sum;
}

int verify_pagerank_main(int argc, char **argv)
{
    struct verify_args a = {
        {EMOGI_PAGERANK_DAMPING, EMOGI_PAGERANK_TOLERANCE, TOOL_F64, 0, 0, 0}, NULL, NULL, NULL};
    tool_help_hint("emogi-verify pagerank");
    parse(argc, argv, &a);
    verify_stats_start("pagerank", a.graph, a.ranks, a.compare);
    emogi_error err;
    struct emogi_graph g;
    tool_open_graph(a.graph, &g);
    double *rank = read_ranks(a.ranks, g.nv, a.c.precision);
    double *other = a.compare ? read_ranks(a.compare, g.nv, a.c.precision) : NULL;
    const char *name = tool_input_name(a.ranks);
    verify_stats_checking();
    if (verify_pagerank_ranks(&g, rank, &a.c, &err) < 0)
        verify_mismatch(name, &err, g.nv);
    double dist = 0;
    if (other) {
        uint64_t at;
        dist = l1_distance(rank, other, g.nv, &at);
        if (!(dist <= a.c.tolerance)) {
            emogi_fail(&err, "differs from %s by %.6g (L1), more than the tolerance %g; most at "
                             "vertex %llu (%.17g here, %.17g there)",
                       tool_input_name(a.compare), dist, a.c.tolerance, (unsigned long long)at,
                       rank[at], other[at]);
            free(other);
            verify_mismatch(name, &err, g.nv);
        }
        free(other);
    }
    fprintf(stderr, "emogi-verify: %s: ok: pagerank of %llu vertices, sum %.9g, "
                    "one more iteration changes it by %.3g (L1)",
            name, (unsigned long long)g.nv, a.c.sum, a.c.change);
    if (a.compare)
        fprintf(stderr, ", %.3g from %s", dist, tool_input_name(a.compare));
    fputc('\n', stderr);
    verify_stats_ok(g.nv);
    free(rank);
    emogi_csr_close(&g);
    return 0;
}
