/*
 * recode.c - compress a graph in memory (--compress) and re-encode an
 * existing .csr (emogi-convert csr).  A re-encoding works on the plain
 * lists: a compressed input is decoded first, at the output's id width,
 * and compressed again if the output wants it, so every output is the
 * canonical encoding of its lists whatever the input was.  The input
 * stays mapped until the output is written: arrays that do not change
 * are written straight from the mapping.  A reordering instead takes the
 * plain graph into memory of its own and lets the mapping go, since
 * reorder_graph() renumbers arrays it owns, as after a build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "emogi_clist.h"
#include "memory.h"
#include "recode.h"
#include "reorder.h"
#include "split.h"

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

/* The input's provenance, and NOTE after it when the content changed;
 * with DROP, nothing (an empty string). */
static char *provenance(const struct emogi_graph *in, const char *note, int drop, size_t *len)
{
    size_t n = drop ? 0 : in->provenance_len, extra = note && !drop ? strlen(note) + 1 : 0;
    char *p = malloc(n + extra + 1);
    if (!p)
        return NULL;
    if (n)
        memcpy(p, in->provenance, n);
    if (extra)
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

/* Bytes of one side's plain arrays: offsets, ids, weights. */
static uint64_t side_bytes(uint64_t nv, uint64_t arcs, uint64_t width, int weighted)
{
    uint64_t b = mem_add(mem_mul(8, mem_add(nv, 1)), mem_mul(arcs, width));
    return weighted ? mem_add(b, mem_mul(arcs, 4)) : b;
}

/* One side compressed, at most: a block of n ids takes at most n * WIDTH
 * + 3 bytes (a 2-byte header; the first id's zigzag sign bit and the
 * padding make the third), and a list's skip index 8 bytes per 32 blocks:
 * 3 bytes per list plus a byte per arc cover the headers and indexes. */
static uint64_t compressed_bytes(uint64_t nv, uint64_t arcs, uint64_t width)
{
    return mem_add(mem_add(mem_mul(8, mem_add(nv, 1)), mem_mul(arcs, width + 1)),
                   mem_mul(3, nv));
}

static uint64_t max_degree(const uint64_t *off, uint64_t nv)
{
    uint64_t m = 0;
    for (uint64_t v = 0; v < nv; v++)
        if (off[v + 1] - off[v] > m)
            m = off[v + 1] - off[v];
    return m;
}

/* The most a reordering of IN holds: the mapped input beside the plain
 * copy it is taken into, then the renumbering (reorder_work()), then the
 * compressed lists beside the plain ones when the output is compressed. */
static uint64_t reorder_peak(const struct emogi_graph *in, const struct recode_opts *o,
                             int compress)
{
    uint64_t nv = in->nv, width = o->id_width ? o->id_width : in->id_width;
    int weighted = (in->flags & EMOGI_WEIGHTED) && !o->drop_weights;
    int has_t = (in->flags & EMOGI_TRANSPOSE) != 0;
    int add_t = !has_t && o->transpose && (in->flags & EMOGI_DIRECTED);
    uint64_t t_ne = has_t ? in->t_offsets[nv] : add_t ? in->ne : 0;
    uint64_t graph = side_bytes(nv, in->ne, width, weighted);
    if (has_t || add_t)
        graph = mem_add(graph, side_bytes(nv, t_ne, width, weighted));
    if (in->idmap)
        graph = mem_add(graph, mem_mul(8, nv));
    uint64_t load = mem_add(mem_add(in->map_size, graph), add_t ? mem_mul(8, nv) : 0);
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    uint64_t work = mem_add(graph, reorder_work(nv, mem_max(in->ne, t_ne), width, weighted,
                                                max_degree(in->offsets, nv), threads,
                                                o->memory));
    uint64_t after = in->idmap ? graph : mem_add(graph, mem_mul(8, nv)); /* the new map */
    if (compress) {
        after = mem_add(after, compressed_bytes(nv, in->ne, width));
        if (t_ne)
            after = mem_add(after, compressed_bytes(nv, t_ne, width));
    }
    return mem_max(mem_max(load, work), after);
}

/* *OUT: P as an array of the caller's, taken from W when it was allocated
 * here, else copied (N elements of SIZE bytes) out of the input's map. */
static int take(struct owned *w, const void *p, uint64_t n, size_t size, void *out,
                emogi_error *err)
{
    void *q = NULL;
    for (int i = 0; p && i < w->n; i++)
        if (w->p[i] == p) {
            w->p[i] = w->p[--w->n];
            q = (void *)p;
        }
    if (p && !q) {
        if (!(q = build_alloc(n, size, "the graph's arrays", err)))
            return -1;
        memcpy(q, p, (size_t)(n * size));
    }
    memcpy(out, &q, sizeof q);
    return 0;
}

/* B: the plain graph G as arrays of its own, for reorder_graph(). */
static int take_graph(const struct emogi_graph *g, struct owned *w, struct built_graph *b,
                      emogi_error *err)
{
    uint64_t nv = g->nv, ne = g->ne, t_ne = g->t_offsets ? g->t_offsets[nv] : 0;
    memset(b, 0, sizeof *b);
    b->g = *g;
    if (take(w, g->offsets, nv + 1, 8, &b->offsets, err) ||
        take(w, g->neighbors, ne, g->id_width, &b->neighbors, err) ||
        take(w, g->weights, ne, 4, &b->weights, err) ||
        take(w, g->t_offsets, nv + 1, 8, &b->t_offsets, err) ||
        take(w, g->t_neighbors, t_ne, g->id_width, &b->t_neighbors, err) ||
        take(w, g->t_weights, t_ne, 4, &b->t_weights, err) ||
        take(w, g->idmap, nv, 8, &b->idmap, err)) {
        built_graph_free(b);
        return -1;
    }
    b->g.offsets = b->offsets, b->g.neighbors = b->neighbors, b->g.weights = b->weights;
    b->g.t_offsets = b->t_offsets, b->g.t_neighbors = b->t_neighbors;
    b->g.t_weights = b->t_weights, b->g.idmap = b->idmap;
    return 0;
}

/* G renumbered as O asks, into B; IN is closed once G is B's. */
static int reorder_owned(struct emogi_graph *in, struct emogi_graph *g, struct owned *w,
                         const struct recode_opts *o, struct built_graph *b,
                         struct recode_result *res, emogi_error *err)
{
    if (take_graph(g, w, b, err) < 0)
        return -1;
    owned_free(w); /* what is left was scratch (add_transpose's positions) */
    emogi_csr_close(in);
    double t = emogi_now();
    if (reorder_graph(b, (enum reorder_by)o->reorder, o->memory, err) < 0)
        return -1;
    res->reorder_seconds = emogi_now() - t;
    *g = b->g;
    return 0;
}

/* Compress G when asked, and write it to OUTPUT. */
static int write_graph(struct emogi_graph *g, int compress, const char *output,
                       struct recode_result *res, emogi_error *err)
{
    struct recoded r = {0};
    if (compress && recode_compress(g, &r, err) < 0)
        return -1;
    double t = emogi_now();
    int rc = emogi_csr_write(output, g, err);
    res->nv = g->nv;
    res->ne = g->ne;
    res->t_ne = g->t_offsets ? g->t_offsets[g->nv] : 0;
    res->write_seconds = emogi_now() - t;
    recoded_free(&r);
    return rc;
}

/* Compress G when asked, and split it into O's part files named after
 * OUTPUT; their offsets, the split's only memory, must fit o->memory too. */
static int split_graph_to(struct emogi_graph *g, int compress, const char *input,
                          const char *output, const struct recode_opts *o,
                          struct recode_result *res, emogi_error *err)
{
    struct recoded r = {0};
    struct split_result sr;
    char need[32], bound[32];
    if (compress && recode_compress(g, &r, err) < 0)
        return -1;
    int rc = split_graph(g, input, output, o->partitions, o->memory, &sr, err);
    if (rc > 0)
        rc = emogi_fail(err, "%s: --partitions %u needs %s, over --memory %s", input,
                        o->partitions, memory_str(sr.need, need, sizeof need),
                        memory_str(o->memory, bound, sizeof bound));
    res->nv = sr.nv;
    res->ne = sr.ne;
    res->t_ne = sr.t_ne;
    res->write_seconds = sr.write_seconds;
    recoded_free(&r);
    return rc;
}

int recode_csr(const char *input, const char *output, const struct recode_opts *o,
               struct recode_result *res, emogi_error *err)
{
    struct emogi_graph in, g;
    struct owned w = {.n = 0};
    struct built_graph b = {0};
    char *prov = NULL;
    int rc = -1, changed;
    memset(res, 0, sizeof *res);
    if (emogi_csr_open(input, &in, err) < 0)
        return -1;
    if (emogi_is_part(&in)) {
        emogi_fail(err, "%s is part %u of %u of a graph: re-encode the whole graph, then split "
                   "it", input, in.part.index + 1, in.part.count);
        goto done;
    }
    if (in.flags & EMOGI_IDNAMES) {
        emogi_fail(err, "%s: its input ids are names (--string-ids), which re-encoding and "
                   "splitting do not carry: convert the text input again with the options",
                   input);
        goto done;
    }
    int compress = o->compress < 0 ? emogi_compressed(&in) : o->compress;
    if (o->reorder >= 0 && (res->need = reorder_peak(&in, o, compress)) > o->memory) {
        rc = 1;
        goto done;
    }
    if ((changed = reshape(&in, o, &g, &w, err)) < 0)
        goto done;
    size_t plen = 0;
    if (!(prov = provenance(&in, changed || o->reorder >= 0 ? o->note : NULL, o->no_provenance, &plen))) {
        emogi_fail(err, "out of memory");
        goto done;
    }
    g.provenance = plen ? prov : NULL;
    g.provenance_len = plen;
    if (o->reorder >= 0 && reorder_owned(&in, &g, &w, o, &b, res, err) < 0)
        goto done;
    rc = o->partitions ? split_graph_to(&g, compress, input, output, o, res, err)
                       : write_graph(&g, compress, output, res, err);
done:
    built_graph_free(&b);
    owned_free(&w);
    free(prov);
    emogi_csr_close(&in);
    return rc;
}
