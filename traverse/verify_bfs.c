/*
 * verify_bfs.c - checking a BFS result the Graph500 way, without running
 * BFS: the check behind emogi-bfs --verify and emogi-verify bfs.
 *
 * A depth array is a BFS from the source exactly when the source is at 0,
 * every edge u->v keeps depth[v] <= depth[u] + 1 (an unreached v counts as
 * infinitely deep, so a reached u must reach v), and every other reached
 * vertex has an in-neighbour exactly one level up.  Only out-edges are
 * needed: one parallel sweep over all edges, plain or compressed, checks
 * the first two and marks the vertices that have a parent candidate.
 * Violations are found in parallel and then reported for the smallest
 * vertex, so the message does not depend on the thread count.
 */
#include "config.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "emogi_bfs.h"
#include "emogi_clist.h"
#include "verify.h"

#define NONE UINT64_MAX

uint64_t verify_edges_read;

void verify_count_edges(uint64_t n)
{
    __atomic_fetch_add(&verify_edges_read, n, __ATOMIC_RELAXED);
}

static bool edge_breaks_levels(const uint32_t *depth, uint64_t u, uint64_t v)
{
    if (depth[u] == EMOGI_UNREACHED)
        return false;
    return depth[v] == EMOGI_UNREACHED || depth[v] > depth[u] + 1;
}

/* The out-edges of reached U: whether one breaks levels (*V is then its
 * target); marks parent candidates in HAS_PARENT unless it is NULL, and
 * adds the entries read to *NREAD.  -1 for a corrupt compressed list. */
static int sweep_list(const struct emogi_lists *out, const uint32_t *depth, uint64_t u,
                      uint8_t *has_parent, uint64_t *v, uint64_t *nread)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    int n;
    emogi_list_open(&r, out, u);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int i = 0; i < n; i++) {
            ++*nread;
            if (edge_breaks_levels(depth, u, ids[i])) {
                *v = ids[i];
                return 1;
            }
            if (has_parent && depth[ids[i]] == depth[u] + 1)
                __atomic_store_n(&has_parent[ids[i]], 1, __ATOMIC_RELAXED);
        }
    return n < 0 ? -1 : 0;
}

/* Smallest u with an out-edge that breaks levels or a corrupt list
 * (*CORRUPT set then); marks parent candidates. */
static uint64_t sweep_edges(const struct emogi_graph *g, const uint32_t *depth, uint8_t *has_parent,
                            bool *corrupt)
{
    const struct emogi_lists out = emogi_lists_out(g);
    uint64_t first = NONE, first_corrupt = NONE, nread = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first, first_corrupt) \
    reduction(+ : nread)
    for (uint64_t u = 0; u < g->nv; u++) {
        if (depth[u] == EMOGI_UNREACHED)
            continue;
        uint64_t v;
        int rc = sweep_list(&out, depth, u, has_parent, &v, &nread);
        if (rc != 0 && u < first)
            first = u;
        if (rc < 0 && u < first_corrupt)
            first_corrupt = u;
    }
    verify_count_edges(nread);
    *corrupt = first != NONE && first == first_corrupt;
    return first;
}

/* The first edge of U that breaks levels, named. */
static int report_edge(const struct emogi_graph *g, const uint32_t *depth, uint64_t u,
                       emogi_error *err)
{
    const struct emogi_lists out = emogi_lists_out(g);
    uint64_t v = 0, nread = 0;
    sweep_list(&out, depth, u, NULL, &v, &nread);
    verify_count_edges(nread);
    if (depth[v] == EMOGI_UNREACHED)
        return emogi_fail(err, "vertex %llu is unreached but its in-neighbour %llu is at depth %u",
                          (unsigned long long)v, (unsigned long long)u, depth[u]);
    return emogi_fail(err, "edge %llu -> %llu skips levels: depth %u to depth %u",
                      (unsigned long long)u, (unsigned long long)v, depth[u], depth[v]);
}

static uint64_t first_orphan(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                             const uint8_t *has_parent)
{
    uint64_t first = NONE;
#pragma omp parallel for reduction(min : first)
    for (uint64_t v = 0; v < g->nv; v++)
        if (v != source && depth[v] != EMOGI_UNREACHED && !has_parent[v] && v < first)
            first = v;
    return first;
}

int verify_bfs_depths(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                      emogi_error *err)
{
    if (source >= g->nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(g->nv ? g->nv - 1 : 0));
    if (depth[source] != 0)
        return emogi_fail(err, "source %llu is at depth %u, not 0", (unsigned long long)source,
                          depth[source]);
    uint8_t *has_parent = calloc(g->nv, 1);
    if (!has_parent)
        return emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)g->nv);
    int rc = 0;
    bool corrupt;
    uint64_t u = sweep_edges(g, depth, has_parent, &corrupt);
    if (u != NONE && corrupt) {
        rc = emogi_fail(err, "the compressed list of vertex %llu is corrupt",
                        (unsigned long long)u);
    } else if (u != NONE) {
        rc = report_edge(g, depth, u, err);
    } else if ((u = first_orphan(g, source, depth, has_parent)) != NONE) {
        if (depth[u] == 0)
            rc = emogi_fail(err, "vertex %llu is at depth 0 but is not the source",
                            (unsigned long long)u);
        else
            rc = emogi_fail(err, "vertex %llu at depth %u has no in-neighbour at depth %u",
                            (unsigned long long)u, depth[u], depth[u] - 1);
    }
    free(has_parent);
    return rc;
}

/* ---- emogi-verify bfs GRAPH -s SOURCE DEPTHS ---- */

void verify_source_checked(const char *source, const char *input_how)
{
    uint64_t id;
    if (!input_how && tool_parse_u64(source, &id))
        tool_usage_error("bad source '%s'", source);
}

int verify_source_option(int c, const char *arg, const char **source, const char **input_how,
                         int *original_ids)
{
    if (c == VERIFY_OPT_IDS) {
        *original_ids = 1;
        return 0;
    }
    if (c != 's' && c != 'S')
        return -1;
    *source = arg;
    *input_how = c == 'S' ? "-S" : NULL;
    return 0;
}

static void depth_summary(const uint32_t *depth, uint64_t nv, uint64_t *reached, uint32_t *levels)
{
    uint64_t r = 0;
    uint32_t deepest = 0;
#pragma omp parallel for reduction(+ : r) reduction(max : deepest)
    for (uint64_t v = 0; v < nv; v++) {
        if (depth[v] != EMOGI_UNREACHED) {
            r++;
            deepest = depth[v] > deepest ? depth[v] : deepest;
        }
    }
    *reached = r;
    *levels = deepest + 1;
}

static void parse(int argc, char **argv, const char **source, const char **input_how)
{
    static const struct option longopts[] = {{"source", required_argument, NULL, 's'},
                                              {"original-ids", no_argument, NULL, VERIFY_OPT_IDS},
                                              VERIFY_STATS_LONGOPTS,
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    static const char usage[] =
        "usage: emogi-verify bfs GRAPH (-s SOURCE | -S ID) [--original-ids] DEPTHS\n"
        "                        " VERIFY_USAGE_STATS;
    int have_source = 0, original_ids = 0, c;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "s:S:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            puts(usage);
            exit(0);
        }
        if (verify_stats_option(c, optarg) == 0)
            continue;
        if (verify_source_option(c, optarg, source, input_how, &original_ids) < 0)
            tool_usage_error("bad option or missing argument: %s", argv[optind - 1]);
        have_source |= c != VERIFY_OPT_IDS;
    }
    if (!have_source || optind + 2 != argc)
        tool_usage_error("%s", usage);
    if (original_ids && !*input_how)
        *input_how = "--original-ids";
    verify_source_checked(*source, *input_how);
}

int verify_bfs_main(int argc, char **argv)
{
    uint64_t source;
    const char *text = NULL, *input_how = NULL;
    parse(argc, argv, &text, &input_how);
    const char *graph = argv[optind], *path = argv[optind + 1];
    verify_stats_start("bfs", graph, path, NULL);

    emogi_error err;
    struct emogi_graph g;
    uint32_t *depth;
    tool_open_graph(graph, &g);
    if (tool_resolve_source_text(graph, &g, text, input_how, &source, &err) < 0)
        tool_die(&err);
    if (tool_read_array(path, TOOL_U32, g.nv, (void **)&depth, &err) < 0)
        tool_die(&err);
    verify_stats_checking();
    if (verify_bfs_depths(&g, source, depth, &err) < 0)
        verify_mismatch(tool_input_name(path), &err, g.nv);
    uint64_t reached;
    uint32_t levels;
    depth_summary(depth, g.nv, &reached, &levels);
    fprintf(stderr, "emogi-verify: %s: ok: bfs from %llu reaches %llu of %llu vertices in %u levels\n",
            tool_input_name(path), (unsigned long long)source, (unsigned long long)reached,
            (unsigned long long)g.nv, levels);
    verify_stats_ok(g.nv);
    free(depth);
    emogi_csr_close(&g);
    return 0;
}
