/*
 * verify_bc.c - are these betweenness scores those of the graph from
 * these sources?  The check behind emogi-bc --verify and emogi-verify bc.
 *
 * The scores are recomputed serially by Brandes' algorithm in its
 * textbook form, as GAP's BCVerifier does: a FIFO BFS that records
 * depths and path counts, then the vertices in the reverse of the order
 * they were reached, each adding sigma[u] / sigma[w] * (1 + delta[w]) for
 * every out-neighbour w one level deeper.  It shares no code with the
 * kernels (which publish a coefficient per vertex and read no depths in
 * their backward phase).  Scores must agree within a relative 1e-9 of the
 * larger of the two values and the largest score, since the kernels sum
 * in another order.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bc.h"
#include "verify.h"

#define UNSEEN UINT32_MAX
#define TOLERANCE 1e-9

struct recompute {
    const struct emogi_graph *g;
    uint32_t *depth;
    double *sigma, *delta;
    uint64_t *order;
};

/* One source's dependencies added into WANT. */
static void one_source(struct recompute *c, uint64_t s, double *want)
{
    const struct emogi_graph *g = c->g;
    for (uint64_t v = 0; v < g->nv; v++) {
        c->depth[v] = UNSEEN;
        c->sigma[v] = 0;
        c->delta[v] = 0;
    }
    c->depth[s] = 0;
    c->sigma[s] = 1;
    uint64_t head = 0, tail = 0;
    c->order[tail++] = s;
    while (head < tail) {
        uint64_t u = c->order[head++];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t w = emogi_neighbor(g, e);
            if (c->depth[w] == UNSEEN) {
                c->depth[w] = c->depth[u] + 1;
                c->order[tail++] = w;
            }
            if (c->depth[w] == c->depth[u] + 1)
                c->sigma[w] += c->sigma[u];
        }
    }
    uint64_t nread = 0;
    while (tail > 0) {
        uint64_t u = c->order[--tail];
        nread += 2 * (g->offsets[u + 1] - g->offsets[u]);
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t w = emogi_neighbor(g, e);
            if (c->depth[w] == c->depth[u] + 1)
                c->delta[u] += c->sigma[u] / c->sigma[w] * (1 + c->delta[w]);
        }
        if (u != s)
            want[u] += c->delta[u];
    }
    verify_count_edges(nread);
}

/* The first vertex whose score is not a finite number >= 0, or that
 * differs from WANT beyond the tolerance. */
static int compare(uint64_t nv, const double *got, const double *want, emogi_error *err)
{
    double top = 0;
    for (uint64_t v = 0; v < nv; v++)
        top = want[v] > top ? want[v] : top;
    for (uint64_t v = 0; v < nv; v++) {
        if (!(got[v] >= 0) || !isfinite(got[v]))
            return emogi_fail(err, "vertex %llu has score %g: not a finite number >= 0",
                              (unsigned long long)v, got[v]);
        double scale = fmax(fmax(fabs(got[v]), fabs(want[v])), top);
        if (fabs(got[v] - want[v]) > TOLERANCE * scale)
            return emogi_fail(err, "vertex %llu has score %.17g, not %.17g (within %g of %g)",
                              (unsigned long long)v, got[v], want[v], TOLERANCE, scale);
    }
    return 0;
}

int verify_bc_scores(const struct emogi_graph *g, const uint64_t *sources, uint64_t n,
                     int normalize, const double *score, emogi_error *err)
{
    void *keep[2];
    struct emogi_graph view;
    if (tool_plain_view(g, &view, keep, err) < 0)
        return -1;
    const uint64_t nv = view.nv ? view.nv : 1;
    struct recompute c = {&view, malloc(nv * sizeof *c.depth), malloc(nv * sizeof *c.sigma),
                          malloc(nv * sizeof *c.delta), malloc(nv * sizeof *c.order)};
    double *want = calloc(nv, sizeof *want);
    int rc = 0;
    if (!c.depth || !c.sigma || !c.delta || !c.order || !want) {
        rc = emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)view.nv);
    } else {
        for (uint64_t i = 0; i < n; i++) {
            if (sources[i] >= view.nv) {
                rc = emogi_fail(err, "source %llu out of range (%llu vertices)",
                                (unsigned long long)sources[i], (unsigned long long)view.nv);
                break;
            }
            one_source(&c, sources[i], want);
        }
        if (rc == 0 && normalize && view.nv > 2)
            for (uint64_t v = 0; v < view.nv; v++)
                want[v] /= (double)(view.nv - 1) * (double)(view.nv - 2);
        if (rc == 0)
            rc = compare(view.nv, score, want, err);
    }
    free(c.depth);
    free(c.sigma);
    free(c.delta);
    free(c.order);
    free(want);
    tool_plain_free(keep);
    return rc;
}

/* ---- emogi-verify bc GRAPH (-s SOURCE | -n K [--seed S]) [--normalize] SCORES ---- */

static const char usage[] =
    "usage: emogi-verify bc GRAPH (-s SOURCE | -S ID | -n K [--seed S]) [--original-ids]\n"
    "                       [--normalize] SCORES " VERIFY_USAGE_STATS;

struct bc_args {
    struct tool_opts t; /* the sources, as emogi-bc's options give them */
    int normalize;
};

static void parse(int argc, char **argv, struct bc_args *a)
{
    enum { OPT_NORMALIZE = 256, OPT_SEED };
    static const struct option longopts[] = {{"source", required_argument, NULL, 's'},
                                              {"runs", required_argument, NULL, 'n'},
                                              {"seed", required_argument, NULL, OPT_SEED},
                                              {"original-ids", no_argument, NULL, VERIFY_OPT_IDS},
                                              {"normalize", no_argument, NULL, OPT_NORMALIZE},
                                              VERIFY_STATS_LONGOPTS,
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    int have_source = 0, original_ids = 0, c;
    memset(a, 0, sizeof *a);
    a->t.seed = 1;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "s:S:n:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            puts(usage);
            exit(0);
        } else if (c == OPT_NORMALIZE) {
            a->normalize = 1;
        } else if (c == 'n') {
            if (tool_parse_u64(optarg, &a->t.runs) < 0 || a->t.runs == 0)
                tool_usage_error("bad run count '%s'", optarg);
        } else if (c == OPT_SEED) {
            if (tool_parse_u64(optarg, &a->t.seed) < 0)
                tool_usage_error("bad seed '%s'", optarg);
        } else if (verify_stats_option(c, optarg) == 0) {
            continue;
        } else if (verify_source_option(c, optarg, &a->t.source_text, &a->t.source_input,
                                        &original_ids) == 0) {
            have_source |= c != VERIFY_OPT_IDS;
        } else {
            tool_usage_error("bad option or missing argument: %s", argv[optind - 1]);
        }
    }
    if (have_source == (a->t.runs > 0) || optind + 2 != argc)
        tool_usage_error("%s", usage);
    a->t.have_source = have_source;
    if (original_ids && have_source && !a->t.source_input)
        a->t.source_input = "--original-ids";
    if (have_source)
        verify_source_checked(a->t.source_text, a->t.source_input);
    a->t.graph = argv[optind];
}

int verify_bc_main(int argc, char **argv)
{
    struct bc_args a;
    parse(argc, argv, &a);
    const char *graph = argv[optind], *path = argv[optind + 1];
    verify_stats_start("bc", graph, path, NULL);

    emogi_error err;
    struct emogi_graph g;
    uint64_t n, *sources;
    void *score;
    tool_open_graph(graph, &g);
    if (!(sources = tool_pick_sources(&a.t, &g, &n, &err)))
        tool_die(&err);
    if (tool_read_array(path, TOOL_F64, g.nv, &score, &err) < 0)
        tool_die(&err);
    verify_stats_checking();
    if (verify_bc_scores(&g, sources, n, a.normalize, score, &err) < 0)
        verify_mismatch(tool_input_name(path), &err, g.nv);
    fprintf(stderr, "emogi-verify: %s: ok: bc from %llu source%s over %llu vertices\n",
            tool_input_name(path), (unsigned long long)n, n == 1 ? "" : "s",
            (unsigned long long)g.nv);
    verify_stats_ok(g.nv);
    free(score);
    free(sources);
    emogi_csr_close(&g);
    return 0;
}
