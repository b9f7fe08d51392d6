/*
 * recode.c - compress a graph in memory (--compress) and re-encode an
 * existing .csr (emogi-convert csr).  A re-encoding works on the plain
 * lists: a compressed input is decoded first, at the output's id width,
 * and compressed again if the output wants it, so every output is the
 * canonical encoding of its lists whatever the input was.  The input
 * stays mapped until the output is written: arrays that do not change
 * are written straight from the mapping.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_clist.h"
#include "recode.h"

int recode_compress(struct emogi_graph *g, struct recoded *r, emogi_error *err)
{
    memset(r, 0, sizeof *r);
    if (emogi_clist_compress(g->offsets, g->neighbors, g->id_width, g->nv, &r->coff, &r->bytes,
                             err) < 0)
        return -1;
    if ((g->flags & EMOGI_TRANSPOSE) &&
        emogi_clist_compress(g->t_offsets, g->t_neighbors, g->id_width, g->nv, &r->t_coff,
                             &r->t_bytes, err) < 0) {
        recoded_free(r);
        return -1;
    }
    g->coffsets = r->coff;
    g->cneighbors = r->bytes;
    g->t_coffsets = r->t_coff;
    g->t_cneighbors = r->t_bytes;
    g->neighbors = g->t_neighbors = NULL;
    g->flags |= EMOGI_COMPRESSED;
    return 0;
}

void recoded_free(struct recoded *r)
{
    free(r->coff);
    free(r->bytes);
    free(r->t_coff);
    free(r->t_bytes);
    memset(r, 0, sizeof *r);
}

/* The arrays a re-encoding allocated (the rest alias the input's map). */
struct owned {
    void *p[8];
    int n;
};

static void *own(struct owned *w, void *p)
{
    if (p)
        w->p[w->n++] = p;
    return p;
}

static void owned_free(struct owned *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->p[i]);
    w->n = 0;
}

static void *alloc_array(uint64_t n, uint64_t size, struct owned *w, const char *what,
                         emogi_error *err)
{
    uint64_t bytes;
    void *p = NULL;
    if (!__builtin_mul_overflow(n, size, &bytes) && bytes <= SIZE_MAX)
        p = malloc(bytes ? (size_t)bytes : 1);
    if (!p)
        emogi_fail(err, "out of memory for %llu %s", (unsigned long long)n, what);
    return own(w, p);
}

static inline uint64_t id_at(const void *ids, uint32_t width, uint64_t i)
{
    return width == 4 ? ((const uint32_t *)ids)[i] : ((const uint64_t *)ids)[i];
}

static inline void set_id(void *ids, uint32_t width, uint64_t i, uint64_t v)
{
    if (width == 4)
        ((uint32_t *)ids)[i] = (uint32_t)v;
    else
        ((uint64_t *)ids)[i] = v;
}

/* One direction's plain ids at WIDTH: decoded, widened or narrowed, or
 * the input's own array when it already is that. */
static const void *plain_ids(const struct emogi_graph *in, int t, uint32_t width,
                             struct owned *w, emogi_error *err)
{
    const uint64_t *off = t ? in->t_offsets : in->offsets;
    void *out;
    if (emogi_compressed(in)) {
        if (emogi_clist_decompress(off, t ? in->t_coffsets : in->coffsets,
                                   t ? in->t_cneighbors : in->cneighbors, in->nv, width, &out,
                                   err) < 0)
            return NULL;
        return own(w, out);
    }
    const void *ids = t ? in->t_neighbors : in->neighbors;
    if (in->id_width == width)
        return ids;
    if (!(out = alloc_array(in->ne, width, w, "ids", err)))
        return NULL;
    for (uint64_t i = 0; i < in->ne; i++)
        set_id(out, width, i, id_at(ids, in->id_width, i));
    return out;
}

/* The in-edges of G's out-edges: a counting sort by target, visiting the
 * sources in order, so every in-list comes out ascending. */
static int add_transpose(struct emogi_graph *g, struct owned *w, emogi_error *err)
{
    uint64_t nv = g->nv, ne = g->ne, *toff, *pos;
    void *tids;
    uint32_t *tw = NULL;
    if (!(toff = alloc_array(nv + 1, 8, w, "offsets", err)) ||
        !(pos = alloc_array(nv, 8, w, "offsets", err)) ||
        !(tids = alloc_array(ne, g->id_width, w, "ids", err)) ||
        (g->weights && !(tw = alloc_array(ne, 4, w, "weights", err))))
        return -1;
    memset(toff, 0, (nv + 1) * 8);
    for (uint64_t e = 0; e < ne; e++)
        toff[id_at(g->neighbors, g->id_width, e) + 1]++;
    for (uint64_t v = 0; v < nv; v++)
        toff[v + 1] += toff[v];
    memcpy(pos, toff, nv * 8);
    for (uint64_t u = 0; u < nv; u++)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t p = pos[id_at(g->neighbors, g->id_width, e)]++;
            set_id(tids, g->id_width, p, u);
            if (tw)
                tw[p] = ((const uint32_t *)g->weights)[e];
        }
    g->t_offsets = toff;
    g->t_neighbors = tids;
    g->t_weights = tw;
    g->flags |= EMOGI_TRANSPOSE;
    return 0;
}

/* The input's provenance, and NOTE after it when the content changed. */
static char *provenance(const struct emogi_graph *in, const char *note, size_t *len)
{
    size_t n = in->provenance_len, extra = note ? strlen(note) + 1 : 0;
    char *p = malloc(n + extra + 1);
    if (!p)
        return NULL;
    if (n)
        memcpy(p, in->provenance, n);
    if (note)
        snprintf(p + n, extra + 1, "%s\n", note);
    *len = n + extra;
    return p;
}

/* The plain graph OUT from IN as O asks; 1 when its content changed. */
static int reshape(const struct emogi_graph *in, const struct recode_opts *o,
                   struct emogi_graph *out, struct owned *w, emogi_error *err)
{
    uint32_t width = o->id_width ? o->id_width : in->id_width;
    int changed = width != in->id_width;
    if (width == 4 && in->nv > UINT32_MAX)
        return emogi_fail(err, "%s: %llu vertices do not fit 4-byte ids", in->path,
                          (unsigned long long)in->nv);
    *out = (struct emogi_graph){.nv = in->nv, .ne = in->ne, .id_width = width,
                                .flags = in->flags & ~(uint32_t)EMOGI_COMPRESSED,
                                .weight_type = in->weight_type, .offsets = in->offsets,
                                .weights = in->weights, .t_offsets = in->t_offsets,
                                .t_weights = in->t_weights, .idmap = in->idmap};
    if (!(out->neighbors = plain_ids(in, 0, width, w, err)) ||
        ((in->flags & EMOGI_TRANSPOSE) && !(out->t_neighbors = plain_ids(in, 1, width, w, err))))
        return -1;
    if (o->drop_weights && (in->flags & EMOGI_WEIGHTED)) {
        out->flags &= ~(uint32_t)EMOGI_WEIGHTED;
        out->weight_type = EMOGI_WEIGHT_NONE;
        out->weights = out->t_weights = NULL;
        changed = 1;
    }
    if (o->transpose && (in->flags & EMOGI_DIRECTED) && !(in->flags & EMOGI_TRANSPOSE)) {
        if (add_transpose(out, w, err) < 0)
            return -1;
        changed = 1;
    }
    return changed;
}

int recode_csr(const char *input, const char *output, const struct recode_opts *o,
               struct recode_result *res, emogi_error *err)
{
    struct emogi_graph in, g;
    struct owned w = {.n = 0};
    struct recoded r = {0};
    char *prov = NULL;
    int rc = -1, changed;
    if (emogi_csr_open(input, &in, err) < 0)
        return -1;
    if ((changed = reshape(&in, o, &g, &w, err)) < 0)
        goto done;
    size_t plen = 0;
    if (!(prov = provenance(&in, changed ? o->note : NULL, &plen))) {
        emogi_fail(err, "out of memory");
        goto done;
    }
    g.provenance = plen ? prov : NULL;
    g.provenance_len = plen;
    if ((o->compress < 0 ? emogi_compressed(&in) : o->compress) &&
        recode_compress(&g, &r, err) < 0)
        goto done;
    double t = emogi_now();
    if (emogi_csr_write(output, &g, err) < 0)
        goto done;
    *res = (struct recode_result){g.nv, g.ne, g.t_offsets ? g.t_offsets[g.nv] : 0, 0,
                                  emogi_now() - t};
    rc = 0;
done:
    recoded_free(&r);
    owned_free(&w);
    free(prov);
    emogi_csr_close(&in);
    return rc;
}
