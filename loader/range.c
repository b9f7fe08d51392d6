/*
 * range.c - a view of some of a graph's lists (emogi_loader.h:
 * emogi_range_open), for placing one MPI rank's part of a graph.
 *
 * The view is an emogi_graph whose vertex i is the graph's v0 + i: its
 * offsets are the graph's, less a base, in an array of its own; its edge
 * arrays point into the graph's (the file mapping), so that placing it
 * copies or pins only those lists.  The base is the list start of v0
 * rounded down to a multiple of 32 entries: the view's arrays then start
 * on the same 128-byte line boundaries as the graph's (4- and 8-byte
 * ids, 4-byte weights), and the kernels' whole-line reads stay whole.
 * The few entries before v0's list that this takes in belong to earlier
 * vertices; no list of the view reaches them.  Compressed lists are cut
 * alike: their byte offsets less a base rounded down to 128 bytes, so the
 * warp decoder's window copies the same whole lines as from the graph.
 * The view is a part of the whole graph (EMOGI_PART): its part.first is
 * the whole graph's id of its vertex 0, which a compressed list's first
 * ids are coded against (emogi_id_base), and its part's counts are the
 * whole graph's.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "emogi_loader.h"

#define LINE_ENTRIES 32 /* entries of 4 bytes in a 128-byte line; of 8 bytes, two lines */
#define LINE_BYTES 128   /* compressed lists: byte offsets */

/* OUT[i] = OFF[v0 + i] - base for i in [0, v1 - v0], base = OFF[v0]
 * rounded down to a multiple of ALIGN (a power of two); returns OUT. */
static uint64_t *rebase(const uint64_t *off, uint64_t v0, uint64_t v1, uint64_t align,
                        uint64_t *base)
{
    uint64_t *out = malloc((v1 - v0 + 1) * sizeof *out);
    if (!out)
        return NULL;
    *base = off[v0] & ~(align - 1);
    for (uint64_t i = 0; i <= v1 - v0; i++)
        out[i] = off[v0 + i] - *base;
    return out;
}

int emogi_range_open(const struct emogi_graph *g, uint64_t v0, uint64_t v1,
                     struct emogi_range *r, emogi_error *err)
{
    const char *name = g->path ? g->path : "graph";
    memset(r, 0, sizeof *r);
    if (v0 > v1 || v1 > g->nv)
        return emogi_fail(err, "%s: vertex range [%llu, %llu) is not within its %llu vertices",
                          name, (unsigned long long)v0, (unsigned long long)v1,
                          (unsigned long long)g->nv);
    r->g = *g;
    r->v0 = v0;
    r->v1 = v1;
    r->g.nv = v1 - v0;
    r->g.idmap = NULL;
    const uint64_t id0 = emogi_id_base(g);
    if (!emogi_is_part(g))
        r->g.part = (struct emogi_part){.index = 0, .count = 1, .nv = g->nv, .ne = g->ne};
    r->g.flags |= EMOGI_PART;
    r->g.part.first = id0 + v0;
    r->g.part.end = id0 + v1;
    r->g.part.edge_first += g->offsets[v0];
    const int packed = emogi_compressed(g);
    if (!(r->off = rebase(g->offsets, v0, v1, LINE_ENTRIES, &r->base)) ||
        (packed && !(r->coff = rebase(g->coffsets, v0, v1, LINE_BYTES, &r->cbase))))
        goto oom;
    r->g.offsets = r->off;
    r->g.ne = r->off[v1 - v0];
    if (packed) {
        r->g.coffsets = r->coff;
        r->g.cneighbors = g->cneighbors + r->cbase;
    } else {
        r->g.neighbors = (const char *)g->neighbors + r->base * g->id_width;
    }
    r->g.weights = g->weights ? (const char *)g->weights + r->base * 4 : NULL;
    if (g->t_offsets) {
        if (!(r->t_off = rebase(g->t_offsets, v0, v1, LINE_ENTRIES, &r->t_base)) ||
            (packed && !(r->t_coff = rebase(g->t_coffsets, v0, v1, LINE_BYTES, &r->t_cbase))))
            goto oom;
        r->g.t_offsets = r->t_off;
        if (packed) {
            r->g.t_coffsets = r->t_coff;
            r->g.t_cneighbors = g->t_cneighbors + r->t_cbase;
        } else {
            r->g.t_neighbors = (const char *)g->t_neighbors + r->t_base * g->id_width;
        }
        r->g.t_weights = g->t_weights ? (const char *)g->t_weights + r->t_base * 4 : NULL;
        r->g.part.t_edge_first += g->t_offsets[v0];
        r->g.part.t_ne = g->t_offsets[v1] - g->t_offsets[v0];
    }
    return 0;
oom:
    emogi_range_close(r);
    return emogi_fail(err, "%s: out of memory for %llu offsets", name,
                      (unsigned long long)(v1 - v0 + 1));
}

void emogi_range_close(struct emogi_range *r)
{
    free(r->off);
    free(r->t_off);
    free(r->coff);
    free(r->t_coff);
    memset(r, 0, sizeof *r);
}
