/*
 * verify_sssp.c - checking shortest-path distances without computing
 * them: the check behind emogi-sssp --verify and emogi-verify sssp.
 *
 * An array is the distance array from the source exactly when
 *   1. the source is at 0;
 *   2. no edge u -> v of weight w can still be relaxed: dist[u] + w is not
 *      below dist[v] (an unreached v counts as infinitely far, so a reached
 *      u must reach v);
 *   3. every reached vertex is reached from the source along tight edges,
 *      those with dist[u] + w == dist[v].
 * 2 bounds each distance from above by the path minimum, 3 from below (a
 * tight path sums to exactly the distance).  3 is stronger than "every
 * reached vertex has a tight in-edge", which a cycle of zero-weight edges
 * away from the source would satisfy with any distance; the weaker test
 * runs first because its message is the more useful one.  Sums are done as
 * the searches do them: uint64, or float32 left to right.  Violations are
 * found in parallel and reported for the smallest vertex, so the message
 * does not depend on the thread count.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_sssp.h"
#include "verify.h"

#define NONE UINT64_MAX

struct check {
    const struct emogi_graph *g;
    int flt, unit;
    const uint64_t *di; /* integer distances */
    const float *df;    /* float distances */
};

static bool reached(const struct check *c, uint64_t v)
{
    return c->flt ? c->df[v] != INFINITY : c->di[v] != EMOGI_SSSP_UNREACHED;
}

/* Whether edge E (u -> v) can still lower dist[v], and whether it is tight. */
static bool relaxable(const struct check *c, uint64_t u, uint64_t e, uint64_t v, bool *tight)
{
    if (c->flt) {
        float sum = c->df[u] + ((const float *)c->g->weights)[e];
        *tight = sum == c->df[v] && sum != INFINITY;
        return sum < c->df[v];
    }
    uint64_t w = c->unit ? 1 : ((const uint32_t *)c->g->weights)[e], du = c->di[u];
    if (du > EMOGI_SSSP_UNREACHED - 1 - w) { /* beyond every representable distance */
        *tight = false;
        return false;
    }
    *tight = du + w == c->di[v];
    return du + w < c->di[v];
}

static void format_dist(const struct check *c, uint64_t v, char *buf, size_t len)
{
    if (!reached(c, v))
        snprintf(buf, len, "unreached");
    else if (c->flt)
        snprintf(buf, len, "%.9g", (double)c->df[v]);
    else
        snprintf(buf, len, "%llu", (unsigned long long)c->di[v]);
}

static void format_weight(const struct check *c, uint64_t e, char *buf, size_t len)
{
    if (c->unit)
        snprintf(buf, len, "1");
    else if (c->flt)
        snprintf(buf, len, "%.9g", (double)((const float *)c->g->weights)[e]);
    else
        snprintf(buf, len, "%u", ((const uint32_t *)c->g->weights)[e]);
}

/* Smallest vertex whose float distance is NaN or negative. */
static uint64_t first_bad_value(const struct check *c)
{
    uint64_t first = NONE;
    if (!c->flt)
        return NONE;
#pragma omp parallel for reduction(min : first)
    for (uint64_t v = 0; v < c->g->nv; v++)
        if (!(c->df[v] >= 0.0f) && v < first)
            first = v;
    return first;
}

/* Smallest u with a relaxable out-edge; marks vertices with a tight in-edge. */
static uint64_t sweep_edges(const struct check *c, uint8_t *has_tight)
{
    const struct emogi_graph *g = c->g;
    uint64_t first = NONE, nread = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first) reduction(+ : nread)
    for (uint64_t u = 0; u < g->nv; u++) {
        if (!reached(c, u))
            continue;
        nread += g->offsets[u + 1] - g->offsets[u];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t v = emogi_neighbor(g, e);
            bool tight;
            if (relaxable(c, u, e, v, &tight) && u < first)
                first = u;
            else if (tight)
                __atomic_store_n(&has_tight[v], 1, __ATOMIC_RELAXED);
        }
    }
    verify_count_edges(nread);
    return first;
}

static int report_edge(const struct check *c, uint64_t u, emogi_error *err)
{
    const struct emogi_graph *g = c->g;
    char du[64], dv[64], w[64];
    for (uint64_t e = g->offsets[u];; e++) {
        uint64_t v = emogi_neighbor(g, e);
        bool tight;
        if (!relaxable(c, u, e, v, &tight))
            continue;
        format_dist(c, u, du, sizeof du);
        format_dist(c, v, dv, sizeof dv);
        format_weight(c, e, w, sizeof w);
        if (!reached(c, v))
            return emogi_fail(err, "vertex %llu is unreached but its in-neighbour %llu at "
                                   "distance %s has an edge of weight %s to it",
                              (unsigned long long)v, (unsigned long long)u, du, w);
        return emogi_fail(err, "edge %llu -> %llu of weight %s can still be relaxed: %s + %s < %s",
                          (unsigned long long)u, (unsigned long long)v, w, du, w, dv);
    }
}

/* Smallest reached vertex other than the source that MARK does not hold. */
static uint64_t first_unmarked(const struct check *c, uint64_t source, const uint8_t *mark)
{
    uint64_t first = NONE;
#pragma omp parallel for reduction(min : first)
    for (uint64_t v = 0; v < c->g->nv; v++)
        if (v != source && reached(c, v) && !mark[v] && v < first)
            first = v;
    return first;
}

/* Mark (in SEEN) every vertex reached from SOURCE along tight edges:
 * level-synchronous, in parallel; -1 when out of memory. */
static int tight_closure(const struct check *c, uint64_t source, uint8_t *seen)
{
    const struct emogi_graph *g = c->g;
    uint64_t *cur = malloc(g->nv * sizeof *cur), *next = malloc(g->nv * sizeof *next);
    if (!cur || !next) {
        free(cur);
        free(next);
        return -1;
    }
    uint64_t n = 1, next_n = 0;
    cur[0] = source;
    seen[source] = 1;
    while (n > 0) {
        uint64_t nread = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : nread)
        for (uint64_t i = 0; i < n; i++) {
            uint64_t u = cur[i];
            nread += g->offsets[u + 1] - g->offsets[u];
            for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
                uint64_t v = emogi_neighbor(g, e);
                bool tight;
                (void)relaxable(c, u, e, v, &tight);
                if (tight && !__atomic_load_n(&seen[v], __ATOMIC_RELAXED) &&
                    !__atomic_exchange_n(&seen[v], 1, __ATOMIC_RELAXED))
                    next[__atomic_fetch_add(&next_n, 1, __ATOMIC_RELAXED)] = v;
            }
        }
        verify_count_edges(nread);
        uint64_t *t = cur;
        cur = next;
        next = t;
        n = next_n;
        next_n = 0;
    }
    free(cur);
    free(next);
    return 0;
}

static int check_source(const struct check *c, uint64_t source, emogi_error *err)
{
    if (source >= c->g->nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(c->g->nv ? c->g->nv - 1 : 0));
    if (c->flt ? c->df[source] == 0.0f : c->di[source] == 0)
        return 0;
    char d[64];
    format_dist(c, source, d, sizeof d);
    return emogi_fail(err, "source %llu is at distance %s, not 0", (unsigned long long)source, d);
}

static int check_paths(const struct check *c, uint64_t source, uint8_t *mark, emogi_error *err)
{
    char d[64];
    uint64_t v, u = sweep_edges(c, mark);
    if (u != NONE)
        return report_edge(c, u, err);
    if ((v = first_unmarked(c, source, mark)) != NONE) {
        format_dist(c, v, d, sizeof d);
        return emogi_fail(err, "vertex %llu at distance %s has no in-edge that achieves it",
                          (unsigned long long)v, d);
    }
    memset(mark, 0, c->g->nv);
    if (tight_closure(c, source, mark) < 0)
        return emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)c->g->nv);
    if ((v = first_unmarked(c, source, mark)) != NONE) {
        format_dist(c, v, d, sizeof d);
        return emogi_fail(err, "vertex %llu at distance %s is not reached from the source along "
                               "edges that achieve the distances (a cycle of zero-weight edges?)",
                          (unsigned long long)v, d);
    }
    return 0;
}

static int check_dist(const struct emogi_graph *g, uint64_t source,
                      const struct emogi_sssp_opts *o, const void *dist, emogi_error *err);

int verify_sssp_dist(const struct emogi_graph *g, uint64_t source, const struct emogi_sssp_opts *o,
                     const void *dist, emogi_error *err)
{
    struct emogi_graph plain;
    void *keep[2];
    if (tool_plain_view(g, &plain, keep, err) < 0)
        return -1;
    int rc = check_dist(&plain, source, o, dist, err);
    tool_plain_free(keep);
    return rc;
}

static int check_dist(const struct emogi_graph *g, uint64_t source,
                      const struct emogi_sssp_opts *o, const void *dist, emogi_error *err)
{
    struct check c = {.g = g, .flt = emogi_sssp_float_dist(g, o), .unit = o->unit_weights};
    if (c.flt)
        c.df = dist;
    else
        c.di = dist;
    if (!c.unit && !g->weights)
        return emogi_fail(err, "the graph has no weights (--unit-weights takes every weight as 1)");
    uint64_t bad = first_bad_value(&c);
    if (bad != NONE)
        return emogi_fail(err, "vertex %llu has distance %.9g: distances are non-negative",
                          (unsigned long long)bad, (double)c.df[bad]);
    if (check_source(&c, source, err) < 0)
        return -1;
    uint8_t *mark = calloc(g->nv, 1);
    if (!mark)
        return emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)g->nv);
    int rc = check_paths(&c, source, mark, err);
    free(mark);
    return rc;
}

/* ---- emogi-verify sssp GRAPH -s SOURCE [--unit-weights] DIST ---- */

static const char usage[] =
    "usage: emogi-verify sssp GRAPH (-s SOURCE | -S ID) [--original-ids] [--unit-weights] DIST\n"
    "                         " VERIFY_USAGE_STATS;

static void parse(int argc, char **argv, const char **source, const char **input_how,
                  struct emogi_sssp_opts *o)
{
    enum { OPT_UNIT = 256 };
    static const struct option longopts[] = {{"source", required_argument, NULL, 's'},
                                              {"original-ids", no_argument, NULL, VERIFY_OPT_IDS},
                                              {"unit-weights", no_argument, NULL, OPT_UNIT},
                                              VERIFY_STATS_LONGOPTS,
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    int have_source = 0, original_ids = 0, c;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "s:S:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            puts(usage);
            exit(0);
        } else if (c == OPT_UNIT) {
            o->unit_weights = 1;
        } else if (verify_stats_option(c, optarg) == 0) {
            continue;
        } else if (verify_source_option(c, optarg, source, input_how, &original_ids) == 0) {
            have_source |= c != VERIFY_OPT_IDS;
        } else {
            tool_usage_error("bad option or missing argument: %s", argv[optind - 1]);
        }
    }
    if (!have_source || optind + 2 != argc)
        tool_usage_error("%s", usage);
    if (original_ids && !*input_how)
        *input_how = "--original-ids";
    verify_source_checked(*source, *input_how);
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
    uint64_t source;
    const char *text = NULL, *input_how = NULL;
    struct emogi_sssp_opts o = {0};
    parse(argc, argv, &text, &input_how, &o);
    const char *graph = argv[optind], *path = argv[optind + 1];
    verify_stats_start("sssp", graph, path, NULL);

    emogi_error err;
    struct emogi_graph g;
    void *dist;
    tool_open_graph(graph, &g);
    if (g.weight_type == EMOGI_WEIGHT_NONE)
        o.unit_weights = 1; /* the only reading an unweighted graph has */
    if (tool_resolve_source_text(graph, &g, text, input_how, &source, &err) < 0)
        tool_die(&err);
    if (emogi_sssp_check_weights(&g, &o, &err) < 0)
        tool_die_about(graph, &err);
    if (tool_read_array(path, emogi_sssp_dist_size(&g, &o) == 4 ? TOOL_F32 : TOOL_U64, g.nv, &dist,
                        &err) < 0)
        tool_die(&err);
    verify_stats_checking();
    if (verify_sssp_dist(&g, source, &o, dist, &err) < 0)
        verify_mismatch(tool_input_name(path), &err, g.nv);
    char line[160];
    summary(&g, emogi_sssp_float_dist(&g, &o), dist, line, sizeof line);
    fprintf(stderr, "emogi-verify: %s: ok: sssp from %llu %s\n", tool_input_name(path),
            (unsigned long long)source, line);
    verify_stats_ok(g.nv);
    free(dist);
    emogi_csr_close(&g);
    return 0;
}
