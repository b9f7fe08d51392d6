/*
 * verify_tc.c - checking triangle counts without trusting the program
 * that computed them: the check behind emogi-tc --verify and emogi-verify
 * tc.
 *
 * The counts are recomputed by another method than the backends': no
 * orientation by degree and no merges, but for every vertex u its larger
 * neighbours marked in an array of stamps, then for each larger
 * neighbour v each of v's larger neighbours w looked up there, so each
 * triangle u < v < w is met once, by id order.  Self-loops and repeated
 * entries are skipped as the backends skip them.  The counts must match
 * entry for entry (and their total, three triangles' corners each, the
 * total claimed); a mismatch is reported for the smallest vertex, so the
 * message does not depend on the thread count.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_tc.h"
#include "verify.h"

#define NONE UINT64_MAX

/* Triangles at each vertex of the plain G, into T (nv entries). */
static int recount(const struct emogi_graph *g, uint64_t *t, emogi_error *err)
{
    int failed = 0;
    uint64_t nread = 0;
    memset(t, 0, g->nv * sizeof *t);
#pragma omp parallel reduction(+ : nread)
    {
        uint64_t *stamp = calloc(g->nv ? g->nv : 1, sizeof *stamp);
        if (!stamp)
            __atomic_store_n(&failed, 1, __ATOMIC_RELAXED);
        else {
#pragma omp for schedule(dynamic, 64)
            for (uint64_t u = 0; u < g->nv; u++) {
                const uint64_t end = g->offsets[u + 1];
                for (uint64_t e = g->offsets[u]; e < end; e++)
                    if (emogi_neighbor(g, e) > u)
                        stamp[emogi_neighbor(g, e)] = u + 1;
                uint64_t here = 0, last_v = NONE;
                for (uint64_t e = g->offsets[u]; e < end; e++) {
                    const uint64_t v = emogi_neighbor(g, e);
                    if (v <= u || v == last_v)
                        continue;
                    last_v = v;
                    uint64_t last_w = NONE;
                    for (uint64_t f = g->offsets[v]; f < g->offsets[v + 1]; f++) {
                        const uint64_t w = emogi_neighbor(g, f);
                        if (w <= v || w == last_w || stamp[w] != u + 1)
                            continue;
                        last_w = w;
                        here++;
                        __atomic_fetch_add(&t[v], 1, __ATOMIC_RELAXED);
                        __atomic_fetch_add(&t[w], 1, __ATOMIC_RELAXED);
                    }
                    nread += g->offsets[v + 1] - g->offsets[v];
                }
                nread += 2 * (end - g->offsets[u]);
                if (here)
                    __atomic_fetch_add(&t[u], here, __ATOMIC_RELAXED);
            }
        }
        free(stamp);
    }
    verify_count_edges(nread);
    if (failed)
        return emogi_fail(err, "out of memory for the stamps of %llu vertices",
                          (unsigned long long)g->nv);
    return 0;
}

static int compare(const struct emogi_graph *g, uint64_t total, const uint64_t *counts,
                   const uint64_t *t, emogi_error *err)
{
    uint64_t first = NONE, sum = 0;
#pragma omp parallel for reduction(min : first) reduction(+ : sum)
    for (uint64_t v = 0; v < g->nv; v++) {
        sum += t[v];
        if (counts && counts[v] != t[v] && v < first)
            first = v;
    }
    if (first != NONE)
        return emogi_fail(err, "vertex %llu is in %llu triangles, the result says %llu",
                          (unsigned long long)first, (unsigned long long)t[first],
                          (unsigned long long)counts[first]);
    if (sum / 3 != total)
        return emogi_fail(err, "the graph has %llu triangles, the result says %llu",
                          (unsigned long long)(sum / 3), (unsigned long long)total);
    return 0;
}

int verify_tc_counts(const struct emogi_graph *g, uint64_t total, const uint64_t *counts,
                     emogi_error *err)
{
    if (emogi_tc_check_graph(g, err) < 0)
        return -1;
    struct emogi_graph plain;
    void *keep[2];
    uint64_t *t = malloc((g->nv ? g->nv : 1) * sizeof *t);
    if (!t)
        return emogi_fail(err, "out of memory for %llu counts", (unsigned long long)g->nv);
    if (tool_plain_view(g, &plain, keep, err) < 0) {
        free(t);
        return -1;
    }
    int rc = recount(&plain, t, err);
    if (rc == 0)
        rc = compare(&plain, total, counts, t, err);
    tool_plain_free(keep);
    free(t);
    return rc;
}

/* ---- emogi-verify tc GRAPH COUNTS ---- */

int verify_tc_main(int argc, char **argv)
{
    enum { OPT_UNDIRECTED = 330 };
    static const struct option longopts[] = {VERIFY_STATS_LONGOPTS,
                                              {"undirected", no_argument, NULL, OPT_UNDIRECTED},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    static const char usage[] =
        "usage: emogi-verify tc GRAPH COUNTS [--undirected] " VERIFY_USAGE_STATS;
    int c, undirected = 0;
    opterr = 0; /* getopt would name the subcommand as the program */
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (verify_stats_option(c, optarg) == 0)
            continue;
        if (c == OPT_UNDIRECTED) {
            undirected = 1;
            continue;
        }
        if (c != 'h')
            tool_usage_error("bad option: %s", argv[optind - 1]);
        puts(usage);
        exit(0);
    }
    if (optind + 2 != argc)
        tool_usage_error("%s", usage);
    const char *graph = argv[optind], *path = argv[optind + 1];
    verify_stats_start("tc", graph, path, NULL);

    emogi_error err;
    struct emogi_graph file, sym, *g = &file;
    uint64_t *counts;
    tool_open_graph(graph, &file);
    if ((file.flags & EMOGI_DIRECTED) && undirected) {
        if (emogi_tc_symmetric(&file, &sym, &err) < 0)
            tool_die_about(graph, &err);
        g = &sym;
    }
    if (emogi_tc_check_graph(g, &err) < 0) {
        fprintf(stderr, "emogi-verify: %s: %s (--undirected checks the one under it)\n", graph,
                err.msg);
        exit(1);
    }
    if (tool_read_array(path, TOOL_U64, g->nv, (void **)&counts, &err) < 0)
        tool_die(&err);
    verify_stats_checking();
    uint64_t corners = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        corners += counts[v];
    if (corners % 3 != 0) {
        emogi_fail(&err, "the counts sum to %llu, not a multiple of 3 (each triangle has "
                         "three corners)", (unsigned long long)corners);
        verify_mismatch(tool_input_name(path), &err, g->nv);
    }
    if (verify_tc_counts(g, corners / 3, counts, &err) < 0)
        verify_mismatch(tool_input_name(path), &err, g->nv);
    fprintf(stderr, "emogi-verify: %s: ok: %llu triangles in %llu vertices\n",
            tool_input_name(path), (unsigned long long)(corners / 3), (unsigned long long)g->nv);
    verify_stats_ok(g->nv);
    free(counts);
    if (g == &sym)
        emogi_tc_symmetric_free(&sym);
    emogi_csr_close(&file);
    return 0;
}
