/*
 * place_for.c - a graph and its transpose placed together as one
 * algorithm needs them (emogi_place_for): the budget counts the
 * transpose's offsets and lists before the graph is placed, and the
 * transpose takes the graph's placement and split, so that the two stay
 * within --gpu-memory together.
 */
#include <stdlib.h>
#include <string.h>

#include "emogi_loader.h"

struct emogi_placement {
    const struct emogi_graph *g;
    struct emogi_graph in_view; /* G's transpose as a graph of its own */
    struct emogi_placed out, in;
    int has_in;
};

/* The transpose of P->g, placed where and as far as the out-lists are. */
static int place_in(struct emogi_placement *p, const struct emogi_place_opts *o, int firsts,
                    emogi_error *err)
{
    const struct emogi_graph *g = p->g;
    struct emogi_graph *view = &p->in_view;
    *view = *g;
    view->offsets = g->t_offsets;
    view->neighbors = g->t_neighbors;
    view->coffsets = g->t_coffsets;
    view->cneighbors = g->t_cneighbors;
    view->weights = NULL;
    view->t_offsets = NULL;
    view->t_neighbors = NULL;
    view->t_weights = NULL;
    view->t_coffsets = NULL;
    view->t_cneighbors = NULL;
    view->ne = view->offsets[view->nv];
    uint64_t split = p->out.split;
    if (split >= g->ne || split >= view->ne)
        split = view->ne;
    struct emogi_place_opts po = {
        .device = p->out.device,
        .mem = p->out.mem,
        .advice = o->advice,
        .presplit = 1,
        .rule = o->rule,
        .split = split,
        .with_firsts = firsts,
        .classes = o->classes,
        .nclasses = o->nclasses,
    };
    if (emogi_place(view, &po, &p->in, err) < 0)
        return -1;
    p->has_in = 1;
    return 0;
}

int emogi_place_for(const struct emogi_graph *g, const struct emogi_place_opts *o,
                    unsigned what, struct emogi_placement **out, emogi_error *err)
{
    const int directed = (g->flags & EMOGI_DIRECTED) != 0;
    const int with_in = (what & EMOGI_PLACE_IN) && directed && g->t_offsets;
    /* the in-lists' first ids: the graph's own when undirected, else its
     * transpose's, which place_in adds where the budget kept them room */
    const int firsts = (what & EMOGI_PLACE_FIRSTS) && (with_in || !directed);
    struct emogi_placement *p = calloc(1, sizeof *p);
    *out = NULL;
    if (!p)
        return emogi_fail(err, "%s: out of memory for a placement", g->path ? g->path : "graph");
    p->g = g;
    struct emogi_place_opts po = *o;
    /* a transpose's offsets, and its list offsets when compressed */
    po.state_bytes += with_in ? (emogi_compressed(g) ? 2 : 1) * (g->nv + 1) * sizeof(uint64_t) : 0;
    po.extra_edge_bytes = with_in ? emogi_edge_bytes(g, 1) : 0;
    po.with_firsts = firsts && !directed;
    po.firsts_bytes = firsts ? g->nv * (uint64_t)g->id_width : 0;
    if (emogi_place(g, &po, &p->out, err) < 0) {
        free(p);
        return -1;
    }
    if (with_in && place_in(p, o, firsts && p->out.kept_firsts, err) < 0) {
        emogi_unplace(&p->out);
        free(p);
        return -1;
    }
    *out = p;
    return 0;
}

const struct emogi_placed *emogi_placement_out(const struct emogi_placement *p)
{
    return &p->out;
}

const struct emogi_placed *emogi_placement_in(const struct emogi_placement *p)
{
    if (!(p->g->flags & EMOGI_DIRECTED))
        return &p->out;
    return p->has_in ? &p->in : NULL;
}

void emogi_placement_free(struct emogi_placement *p)
{
    if (!p)
        return;
    if (p->has_in)
        emogi_unplace(&p->in);
    emogi_unplace(&p->out);
    free(p);
}
