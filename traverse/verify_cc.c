/*
 * verify_cc.c - checking connected-component labels without trusting the
 * program that computed them: the check behind emogi-cc --verify and
 * emogi-verify cc.
 *
 * Labels are right exactly when (1) each is the smallest id of its class:
 * label[v] <= v and label[label[v]] == label[v]; (2) they agree across
 * every edge, so no class is finer than a component; and (3) no class is
 * coarser: two vertices share a label only if a path joins them.  The
 * first two are parallel sweeps; the third compares with a plain
 * sequential union-find written here, independent of the backends'
 * Afforest, hooking the larger root under the smaller so each root is its
 * class's smallest id.  Violations are reported for the smallest vertex,
 * so the message does not depend on the thread count.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "verify.h"

#define NONE UINT64_MAX

static uint64_t first_non_minimal(const struct emogi_graph *g, const void *labels)
{
    uint64_t first = NONE;
#pragma omp parallel for reduction(min : first)
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t l = verify_label(labels, g->id_width, v);
        if ((l > v || verify_label(labels, g->id_width, l) != l) && v < first)
            first = v;
    }
    return first;
}

static uint64_t first_split_edge(const struct emogi_graph *g, const void *labels)
{
    uint64_t first = NONE, nread = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first) reduction(+ : nread)
    for (uint64_t u = 0; u < g->nv; u++) {
        uint64_t lu = verify_label(labels, g->id_width, u);
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1] && u < first; e++) {
            nread++;
            if (verify_label(labels, g->id_width, emogi_neighbor(g, e)) != lu)
                first = u;
        }
    }
    verify_count_edges(nread);
    return first;
}

static uint64_t find(uint64_t *parent, uint64_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

/* The smallest id of each vertex's component, by sequential union-find. */
static uint64_t *true_minima(const struct emogi_graph *g, emogi_error *err)
{
    uint64_t *parent = malloc((g->nv ? g->nv : 1) * sizeof *parent);
    if (!parent) {
        emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)g->nv);
        return NULL;
    }
    for (uint64_t v = 0; v < g->nv; v++)
        parent[v] = v;
    for (uint64_t u = 0; u < g->nv; u++) {
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t a = find(parent, u), b = find(parent, emogi_neighbor(g, e));
            if (a != b)
                parent[a > b ? a : b] = a < b ? a : b;
        }
    }
    verify_count_edges(g->offsets[g->nv]);
    for (uint64_t v = 0; v < g->nv; v++)
        parent[v] = find(parent, v);
    return parent;
}

static int check_not_coarser(const struct emogi_graph *g, const void *labels, emogi_error *err)
{
    uint64_t *min = true_minima(g, err);
    if (!min)
        return -1;
    int rc = 0;
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t l = verify_label(labels, g->id_width, v);
        if (l != min[v]) {
            rc = emogi_fail(err, "vertex %llu has label %llu but no path joins it to vertex "
                                 "%llu (its component's smallest id is %llu)",
                            (unsigned long long)v, (unsigned long long)l, (unsigned long long)l,
                            (unsigned long long)min[v]);
            break;
        }
    }
    free(min);
    return rc;
}

int verify_labels_canonical(const struct emogi_graph *g, const void *labels, emogi_error *err)
{
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "id width %u unsupported (4 or 8 bytes)", g->id_width);
    uint64_t v = first_non_minimal(g, labels);
    if (v == NONE)
        return 0;
    uint64_t l = verify_label(labels, g->id_width, v);
    if (l > v)
        return emogi_fail(err, "vertex %llu has label %llu, larger than its own id",
                          (unsigned long long)v, (unsigned long long)l);
    return emogi_fail(err, "vertex %llu has label %llu, but vertex %llu has label %llu: "
                           "labels must be their class's smallest id",
                      (unsigned long long)v, (unsigned long long)l, (unsigned long long)l,
                      (unsigned long long)verify_label(labels, g->id_width, l));
}

int verify_labels_plain(const struct emogi_graph *g, const void *labels,
                        int (*check)(const struct emogi_graph *, const void *, emogi_error *),
                        emogi_error *err)
{
    struct emogi_graph plain;
    void *keep[2];
    if (tool_plain_view(g, &plain, keep, err) < 0)
        return -1;
    int rc = check(&plain, labels, err);
    tool_plain_free(keep);
    return rc;
}

static int check_labels(const struct emogi_graph *g, const void *labels, emogi_error *err)
{
    if (verify_labels_canonical(g, labels, err) < 0)
        return -1;
    uint64_t v = first_split_edge(g, labels);
    if (v != NONE) {
        for (uint64_t e = g->offsets[v];; e++) {
            uint64_t u = emogi_neighbor(g, e);
            if (verify_label(labels, g->id_width, u) != verify_label(labels, g->id_width, v))
                return emogi_fail(err, "edge %llu -> %llu joins labels %llu and %llu",
                                  (unsigned long long)v, (unsigned long long)u,
                                  (unsigned long long)verify_label(labels, g->id_width, v),
                                  (unsigned long long)verify_label(labels, g->id_width, u));
        }
    }
    return check_not_coarser(g, labels, err);
}

/* ---- emogi-verify cc|scc GRAPH LABELS ---- */

int verify_cc_labels(const struct emogi_graph *g, const void *labels, emogi_error *err)
{
    return verify_labels_plain(g, labels, check_labels, err);
}

int verify_labels_main(int argc, char **argv, const char *name,
                       int (*verify)(const struct emogi_graph *, const void *, emogi_error *),
                       const char *what)
{
    static const struct option longopts[] = {VERIFY_STATS_LONGOPTS,
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    int c;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (verify_stats_option(c, optarg) == 0)
            continue;
        if (c != 'h')
            tool_usage_error("bad option: %s", argv[optind - 1]);
        printf("usage: emogi-verify %s GRAPH LABELS " VERIFY_USAGE_STATS "\n", name);
        exit(0);
    }
    if (optind + 2 != argc)
        tool_usage_error("usage: emogi-verify %s GRAPH LABELS " VERIFY_USAGE_STATS, name);
    const char *graph = argv[optind], *path = argv[optind + 1];
    verify_stats_start(name, graph, path, NULL);

    emogi_error err;
    struct emogi_graph g;
    void *labels;
    tool_open_graph(graph, &g);
    if (tool_read_array(path, g.id_width == 4 ? TOOL_U32 : TOOL_U64, g.nv, &labels, &err) < 0)
        tool_die(&err);
    verify_stats_checking();
    if (verify(&g, labels, &err) < 0)
        verify_mismatch(tool_input_name(path), &err, g.nv);
    uint64_t n = 0;
#pragma omp parallel for reduction(+ : n)
    for (uint64_t v = 0; v < g.nv; v++)
        n += verify_label(labels, g.id_width, v) == v;
    fprintf(stderr, "emogi-verify: %s: ok: %llu %s in %llu vertices\n", tool_input_name(path),
            (unsigned long long)n, what, (unsigned long long)g.nv);
    verify_stats_ok(g.nv);
    free(labels);
    emogi_csr_close(&g);
    return 0;
}

int verify_cc_main(int argc, char **argv)
{
    return verify_labels_main(argc, argv, "cc", verify_cc_labels, "components");
}
