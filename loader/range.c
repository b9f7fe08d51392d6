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
 * vertices; no list of the view reaches them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "emogi_loader.h"

#define LINE_ENTRIES 32 /* entries of 4 bytes in a 128-byte line; of 8 bytes, two lines */

/* OUT[i] = OFF[v0 + i] - base for i in [0, v1 - v0]; returns the base. */
static uint64_t *rebase(const uint64_t *off, uint64_t v0, uint64_t v1, uint64_t *base)
{
    uint64_t *out = malloc((v1 - v0 + 1) * sizeof *out);
    if (!out)
        return NULL;
    *base = off[v0] & ~(uint64_t)(LINE_ENTRIES - 1);
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
    if (emogi_compressed(g))
        return emogi_fail(err, "%s: a part of compressed lists cannot be placed (convert "
                               "without --compress)", name);
    r->g = *g;
    r->v0 = v0;
    r->v1 = v1;
    r->g.nv = v1 - v0;
    if (!(r->off = rebase(g->offsets, v0, v1, &r->base)))
        return emogi_fail(err, "%s: out of memory for %llu offsets", name,
                          (unsigned long long)(v1 - v0 + 1));
    r->g.offsets = r->off;
    r->g.ne = r->off[v1 - v0];
    r->g.neighbors = (const char *)g->neighbors + r->base * g->id_width;
    r->g.weights = g->weights ? (const char *)g->weights + r->base * 4 : NULL;
    r->g.idmap = NULL;
    if (g->t_offsets) {
        if (!(r->t_off = rebase(g->t_offsets, v0, v1, &r->t_base))) {
            emogi_range_close(r);
            return emogi_fail(err, "%s: out of memory for %llu offsets", name,
                              (unsigned long long)(v1 - v0 + 1));
        }
        r->g.t_offsets = r->t_off;
        r->g.t_neighbors = (const char *)g->t_neighbors + r->t_base * g->id_width;
        r->g.t_weights = g->t_weights ? (const char *)g->t_weights + r->t_base * 4 : NULL;
    }
    return 0;
}

void emogi_range_close(struct emogi_range *r)
{
    free(r->off);
    free(r->t_off);
    memset(r, 0, sizeof *r);
}
