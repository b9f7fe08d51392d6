/*
 * write_sg.c - GAP's serialized graphs, sg and wsg, in the layout
 * parse_sg.c reads: a directed flag, the edge and vertex counts, the
 * out-offsets and out-lists, and for a directed graph the in-side too.
 * The in-side comes from a stored transpose, or, without one, is gathered
 * from the out-lists a range of destinations at a time (8 bytes a vertex
 * for the in-offsets, beside a buffer of IN_BUF_ARCS arcs).
 */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

#include "export.h"

#define IN_BUF_ARCS (8u << 20) /* arcs of the in-side gathered in one pass */

struct sg_rec {
    int32_t id, w;
};

static int sg_put_arc(struct exporter *x, unsigned char *p, uint64_t v, uint64_t e)
{
    struct sg_rec r = {(int32_t)v, 1};
    if (x->g->weights)
        r.w = (int32_t)((const uint32_t *)x->g->weights)[e];
    if (x->weights && r.w < 0)
        return emogi_fail(x->err, "%s: weight %" PRIu32 " of edge %" PRIu64 " is past what "
                                  "wsg's int32 weights hold",
                          x->input, (uint32_t)r.w, e);
    memcpy(p, &r, x->weights ? 8 : 4);
    return 0;
}

static int sg_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    unsigned char rec[8];
    (void)u;
    x->arcs++;
    if (sg_put_arc(x, rec, v, e))
        return -1;
    return out_put(&x->out, rec, x->weights ? 8 : 4, x->err);
}

/* The in-side of a file without a transpose: in-offsets from a count of
 * in-degrees, then the in-lists a range of destinations at a time.  The
 * out-lists are scanned by ascending source, so each in-list comes out
 * ascending, as a stored transpose is. */
struct gather {
    uint64_t *ioff;       /* in-offsets; a range's become its cursors */
    uint64_t lo, hi, at;  /* destinations [lo, hi), whose arcs start at AT */
    unsigned char *buf;
};
static struct gather gat;

static int count_in(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    (void)x, (void)u, (void)e;
    gat.ioff[v + 1]++;
    return 0;
}

static int gather_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    (void)u;
    if (v < gat.lo || v >= gat.hi)
        return 0;
    size_t rec = x->weights ? 8 : 4;
    return sg_put_arc(x, gat.buf + (gat.ioff[v]++ - gat.at) * rec, u, e);
}

/* Arcs a pass gathers: IN_BUF_ARCS, or EMOGI_EXPORT_PASS_ARCS (the tests
 * make many passes of small graphs with it), or the most arcs any one
 * destination has if more. */
static uint64_t gather_cap(uint64_t nv, uint64_t x_ne)
{
    const char *env = getenv("EMOGI_EXPORT_PASS_ARCS");
    uint64_t cap = env && *env ? strtoull(env, NULL, 10) : IN_BUF_ARCS;
    if (!cap)
        cap = 1;
    if (cap > x_ne)
        cap = x_ne ? x_ne : 1; /* a small graph: one pass, no larger buffer */
    for (uint64_t v = 0; v < nv; v++)
        if (gat.ioff[v + 1] - gat.ioff[v] > cap)
            cap = gat.ioff[v + 1] - gat.ioff[v];
    return cap;
}

static int gather_passes(struct exporter *x)
{
    const uint64_t nv = x->g->nv;
    size_t rec = x->weights ? 8 : 4;
    uint64_t cap = gather_cap(nv, x->g->ne);
    if (!(gat.buf = malloc(cap * rec)))
        return emogi_fail(x->err, "%s: out of memory for the in-edges", x->input);
    for (gat.lo = 0; gat.lo < nv; gat.lo = gat.hi) {
        gat.at = gat.ioff[gat.lo];
        for (gat.hi = gat.lo + 1; gat.hi < nv && gat.ioff[gat.hi + 1] - gat.at <= cap;)
            gat.hi++;
        uint64_t n = gat.ioff[gat.hi] - gat.at;
        if (n && (each_vertex_arc(x, gather_arc) || out_put(&x->out, gat.buf, n * rec, x->err)))
            return -1;
    }
    return 0;
}

static int sg_in_gathered(struct exporter *x)
{
    const uint64_t nv = x->g->nv;
    if (!(gat.ioff = calloc(nv + 1, sizeof *gat.ioff)))
        return emogi_fail(x->err, "%s: out of memory for the in-offsets of %" PRIu64
                                  " vertices",
                          x->input, nv);
    int rc = each_vertex_arc(x, count_in);
    for (uint64_t v = 0; v < nv; v++)
        gat.ioff[v + 1] += gat.ioff[v];
    rc = rc || out_put(&x->out, gat.ioff, 8 * (nv + 1), x->err) || gather_passes(x) ? -1 : 0;
    free(gat.ioff);
    free(gat.buf);
    return rc;
}

/* A stored transpose's arcs index its own weights (checked on the out-side's). */
static int sg_t_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    struct sg_rec r = {(int32_t)v, 1};
    (void)u;
    if (x->g->t_weights)
        r.w = (int32_t)((const uint32_t *)x->g->t_weights)[e];
    return out_put(&x->out, &r, x->weights ? 8 : 4, x->err);
}

static int sg_in_side(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (!g->t_offsets)
        return sg_in_gathered(x);
    struct emogi_lists t = emogi_lists_transpose(g);
    if (out_put(&x->out, g->t_offsets, 8 * (g->nv + 1), x->err))
        return -1;
    for (uint64_t u = 0; u < g->nv; u++)
        if (each_arc(x, &t, u, sg_t_arc))
            return -1;
    return 0;
}

int write_sg(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    unsigned char head[17];
    int64_t ne = (int64_t)g->ne, nv = (int64_t)g->nv;
    head[0] = (unsigned char)export_directed(g);
    memcpy(head + 1, &ne, 8);
    memcpy(head + 9, &nv, 8);
    if (out_put(&x->out, head, sizeof head, x->err) ||
        out_put(&x->out, g->offsets, 8 * (g->nv + 1), x->err) || each_vertex_arc(x, sg_arc))
        return -1;
    return export_directed(g) ? sg_in_side(x) : 0;
}

/* int32 ids, and wsg's int32 weights hold no reals. */
int check_sg(const struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (x->w->weights && g->weights && g->weight_type != EMOGI_WEIGHT_UINT32)
        return emogi_fail(x->err, "%s: real weights: %s holds integer weights (export it as "
                                  "wel, mtx or gr)",
                          x->input, x->w->name);
    if (g->nv > INT32_MAX)
        return emogi_fail(x->err, "%s: %" PRIu64 " vertices: GAP's serialized graphs hold "
                                  "int32 ids, up to %d vertices",
                          x->input, g->nv, INT32_MAX);
    return 0;
}
