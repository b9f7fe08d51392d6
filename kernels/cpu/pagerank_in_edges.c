/*
 * pagerank_in_edges.c - the in-edges PageRank pulls over, as a graph.
 *
 * An undirected graph is its own transpose and a directed one may carry
 * its transpose; only a directed graph without one needs building.  The
 * build is a counting sort by target: in-degrees counted in parallel,
 * then one pass over the sources in ascending order, so every in-list
 * comes out ascending, exactly as emogi-convert --transpose stores it,
 * and both give the same ranks bit for bit.  Weighted PageRank carries
 * each edge's weight along into the in-lists.
 */
#include "config.h"

#include <math.h>
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

/* Where the in-lists (and their weights, T_W, or NULL) are being
 * filled, the source being placed and its out-edge E being visited. */
struct filling {
    uint64_t *next;
    void *t_nbr;
    uint32_t *t_w;
    const uint32_t *w; /* the out-edges' weights (4 bytes whatever their type) */
    uint32_t width;
    uint64_t u, e;
};

static void place(uint64_t v, void *arg)
{
    struct filling *f = arg;
    uint64_t at = f->next[v]++;
    if (f->width == 4)
        ((uint32_t *)f->t_nbr)[at] = (uint32_t)f->u;
    else
        ((uint64_t *)f->t_nbr)[at] = f->u;
    if (f->t_w)
        f->t_w[at] = f->w[f->e];
    f->e++;
}

/* Sources in ascending order: each in-list fills ascending. */
static void fill_in_lists(const struct emogi_graph *g, const uint64_t *t_off, uint64_t *next,
                          void *t_nbr, uint32_t *t_w)
{
    struct filling f = {next, t_nbr, t_w, g->weights, g->id_width, 0, 0};
    memcpy(next, t_off, g->nv * sizeof *next);
    for (f.u = 0; f.u < g->nv; f.u++) {
        f.e = g->offsets[f.u];
        if (emogi_compressed(g)) {
            each_out(g, f.u, place, &f);
            continue;
        }
        for (uint64_t e = g->offsets[f.u]; e < g->offsets[f.u + 1]; e++)
            place(emogi_neighbor(g, e), &f);
    }
}

/* The in-edges, with their weights when WEIGHTED (G has them). */
static int in_edges(const struct emogi_graph *g, int weighted, struct emogi_graph *in,
                    emogi_error *err)
{
    if (!(g->flags & EMOGI_DIRECTED)) {
        *in = *g;
        return 0;
    }
    if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets && (g->t_neighbors || g->t_coffsets) &&
        (!weighted || g->t_weights)) {
        transposed_view(g, g->t_offsets, g->t_neighbors, g->t_weights, in);
        return 0;
    }
    uint64_t *t_off = malloc((g->nv + 1) * sizeof *t_off);
    uint64_t *next = malloc((g->nv ? g->nv : 1) * sizeof *next);
    void *t_nbr = malloc(g->ne ? g->ne * g->id_width : 1);
    uint32_t *t_w = weighted ? malloc(g->ne ? g->ne * sizeof *t_w : 1) : NULL;
    if (!t_off || !next || !t_nbr || (weighted && !t_w)) {
        free(t_off), free(next), free(t_nbr), free(t_w);
        return emogi_fail(err, "out of memory for the in-edges (%llu edges; "
                               "emogi-convert --transpose stores them in the file)",
                          (unsigned long long)g->ne);
    }
    count_in_degrees(g, t_off);
    fill_in_lists(g, t_off, next, t_nbr, t_w);
    free(next);
    transposed_view(g, t_off, t_nbr, t_w, in);
    return 0;
}

int emogi_pagerank_in_edges(const struct emogi_graph *g, struct emogi_graph *in,
                            emogi_error *err)
{
    return in_edges(g, 0, in, err);
}

int emogi_pagerank_in_edges_weighted(const struct emogi_graph *g, struct emogi_graph *in,
                                     emogi_error *err)
{
    if (!g->weights || g->weight_type == EMOGI_WEIGHT_NONE)
        return emogi_fail(err, "the graph has no weights (weighted PageRank needs them)");
    return in_edges(g, 1, in, err);
}

/* Where the out-edges and their weights are in IN (see emogi_pagerank.h). */
static void out_weight_arrays(const struct emogi_graph *in, const uint64_t **off,
                              const void **w)
{
    const int directed = (in->flags & EMOGI_DIRECTED) != 0;
    *off = directed ? in->t_offsets : in->offsets;
    *w = directed ? in->t_weights : in->weights;
}

int emogi_pagerank_out_weights(const struct emogi_graph *in, double *outw, emogi_error *err)
{
    const uint64_t *off;
    const void *w;
    out_weight_arrays(in, &off, &w);
    if (in->nv && (!off || !w || in->weight_type == EMOGI_WEIGHT_NONE))
        return emogi_fail(err, "weighted PageRank: the in-edge graph lacks its weights "
                               "(use emogi_pagerank_in_edges_weighted)");
    uint64_t bad = UINT64_MAX;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : bad)
    for (uint64_t u = 0; u < in->nv; u++) {
        double sum = 0;
        for (uint64_t e = off[u]; e < off[u + 1]; e++) {
            double x = emogi_pagerank_weight(w, in->weight_type, e);
            if (!(x >= 0 && isfinite(x)) && u < bad)
                bad = u;
            sum += x;
        }
        outw[u] = sum;
        if (!isfinite(sum) && u < bad)
            bad = u;
    }
    if (bad == UINT64_MAX)
        return 0;
    return emogi_fail(err, "vertex %llu's out-edge weights (sum %g) are not all finite and "
                           ">= 0: weighted PageRank takes them as transition probabilities",
                      (unsigned long long)bad, outw[bad]);
}

void emogi_pagerank_in_edges_free(const struct emogi_graph *g, struct emogi_graph *in)
{
    if (in->offsets != g->offsets && in->offsets != g->t_offsets) {
        free((void *)in->offsets);
        free((void *)in->neighbors);
        free((void *)in->weights); /* a built transpose's own, or NULL */
    }
    memset(in, 0, sizeof *in);
}

int emogi_pagerank_weights_for(const struct emogi_graph *in,
                               const struct emogi_pagerank_params *prm, double **outw,
                               emogi_error *err)
{
    *outw = NULL;
    if (!prm->weighted)
        return 0;
    *outw = malloc((in->nv ? in->nv : 1) * sizeof **outw);
    if (!*outw)
        return emogi_fail(err, "out of memory for the out-weights of %llu vertices",
                          (unsigned long long)in->nv);
    if (emogi_pagerank_out_weights(in, *outw, err) == 0)
        return 0;
    free(*outw);
    *outw = NULL;
    return -1;
}
