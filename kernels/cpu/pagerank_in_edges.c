/*
 * pagerank_in_edges.c - the in-edges PageRank pulls over, as a graph.
 *
 * An undirected graph is its own transpose and a directed one may carry
 * its transpose; only a directed graph without one needs building.  The
 * build is a counting sort by target: in-degrees counted in parallel,
 * then one pass over the sources in ascending order, so every in-list
 * comes out ascending, exactly as emogi-convert --transpose stores it,
 * and both give the same ranks bit for bit.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "clist_fast.h"
#include "emogi_pagerank.h"

/* G's transpose seen as a graph: its out-edges are G's in-edges. */
static void transposed_view(const struct emogi_graph *g, const uint64_t *t_off,
                            const void *t_nbr, const void *t_w, struct emogi_graph *in)
{
    *in = *g;
    in->flags = EMOGI_DIRECTED | EMOGI_TRANSPOSE;
    in->offsets = t_off;
    in->neighbors = t_nbr;
    in->t_offsets = g->offsets;
    in->t_neighbors = g->neighbors;
    in->weights = t_w;
    in->t_weights = t_w ? g->weights : NULL;
    in->weight_type = t_w ? g->weight_type : EMOGI_WEIGHT_NONE;
    in->idmap = NULL;
    in->provenance = NULL;
    in->provenance_len = 0;
    /* A stored compressed transpose stays compressed; built in-lists are plain. */
    if (emogi_compressed(g) && t_off == g->t_offsets) {
        in->flags |= EMOGI_COMPRESSED;
        in->coffsets = g->t_coffsets;
        in->cneighbors = g->t_cneighbors;
        in->t_coffsets = g->coffsets;
        in->t_cneighbors = g->cneighbors;
    } else {
        in->coffsets = in->t_coffsets = NULL;
        in->cneighbors = in->t_cneighbors = NULL;
    }
}

/* Call VISIT(V, ARG) for each entry V of U's out-list, plain or compressed
 * (clist_fast.h). */
static inline void each_out(const struct emogi_graph *g, uint64_t u,
                            void (*visit)(uint64_t v, void *arg), void *arg)
{
    if (!emogi_compressed(g)) {
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
            visit(emogi_neighbor(g, e), arg);
        return;
    }
    const struct emogi_clist_dir lists =
        emogi_clist_dir_of(g->offsets, g->coffsets, g->cneighbors, g->nv);
    struct emogi_clist_cursor c;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    unsigned n;
    emogi_clist_open(&c, &lists, u);
    while ((n = emogi_clist_read(&c, ids)) > 0)
        for (unsigned i = 0; i < n; i++)
            visit(ids[i], arg);
}

static void count_one(uint64_t v, void *t_off)
{
    __atomic_fetch_add(&((uint64_t *)t_off)[v + 1], 1, __ATOMIC_RELAXED);
}

static void count_in_degrees(const struct emogi_graph *g, uint64_t *t_off)
{
    memset(t_off, 0, (g->nv + 1) * sizeof *t_off);
    if (emogi_compressed(g)) {
#pragma omp parallel for schedule(dynamic, 1024)
        for (uint64_t u = 0; u < g->nv; u++)
            each_out(g, u, count_one, t_off);
    } else {
#pragma omp parallel for schedule(static)
        for (uint64_t e = 0; e < g->ne; e++)
            count_one(emogi_neighbor(g, e), t_off);
    }
    for (uint64_t v = 0; v < g->nv; v++)
        t_off[v + 1] += t_off[v];
}

/* Where the in-lists are being filled, and the source being placed. */
struct filling {
    uint64_t *next;
    void *t_nbr;
    uint32_t width;
    uint64_t u;
};

static void place(uint64_t v, void *arg)
{
    struct filling *f = arg;
    uint64_t at = f->next[v]++;
    if (f->width == 4)
        ((uint32_t *)f->t_nbr)[at] = (uint32_t)f->u;
    else
        ((uint64_t *)f->t_nbr)[at] = f->u;
}

/* Sources in ascending order: each in-list fills ascending. */
static void fill_in_lists(const struct emogi_graph *g, const uint64_t *t_off, uint64_t *next,
                          void *t_nbr)
{
    struct filling f = {next, t_nbr, g->id_width, 0};
    memcpy(next, t_off, g->nv * sizeof *next);
    for (f.u = 0; f.u < g->nv; f.u++) {
        if (emogi_compressed(g)) {
            each_out(g, f.u, place, &f);
            continue;
        }
        for (uint64_t e = g->offsets[f.u]; e < g->offsets[f.u + 1]; e++)
            place(emogi_neighbor(g, e), &f);
    }
}

int emogi_pagerank_in_edges(const struct emogi_graph *g, struct emogi_graph *in,
                            emogi_error *err)
{
    if (!(g->flags & EMOGI_DIRECTED)) {
        *in = *g;
        return 0;
    }
    if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets && (g->t_neighbors || g->t_coffsets)) {
        transposed_view(g, g->t_offsets, g->t_neighbors, g->t_weights, in);
        return 0;
    }
    uint64_t *t_off = malloc((g->nv + 1) * sizeof *t_off);
    uint64_t *next = malloc((g->nv ? g->nv : 1) * sizeof *next);
    void *t_nbr = malloc(g->ne ? g->ne * g->id_width : 1);
    if (!t_off || !next || !t_nbr) {
        free(t_off), free(next), free(t_nbr);
        return emogi_fail(err, "out of memory for the in-edges (%llu edges; "
                               "emogi-convert --transpose stores them in the file)",
                          (unsigned long long)g->ne);
    }
    count_in_degrees(g, t_off);
    fill_in_lists(g, t_off, next, t_nbr);
    free(next);
    transposed_view(g, t_off, t_nbr, NULL, in);
    return 0;
}

void emogi_pagerank_in_edges_free(const struct emogi_graph *g, struct emogi_graph *in)
{
    if (in->offsets != g->offsets && in->offsets != g->t_offsets) {
        free((void *)in->offsets);
        free((void *)in->neighbors);
    }
    memset(in, 0, sizeof *in);
}
