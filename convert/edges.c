/*
 * edges.c - growable (src, dst[, weight]) arrays for the edge stream.
 *
 * Arrays double on growth so that pushing n edges costs O(n) copies; a
 * failed allocation names how much was asked for, since the usual cause is
 * an input larger than memory.
 */
#include <stdlib.h>
#include <string.h>

#include "edges.h"

static int grow_array(void **p, uint64_t cap, size_t elem, emogi_error *err)
{
    if (cap > SIZE_MAX / elem)
        return emogi_fail(err, "edge list of %llu entries does not fit in memory",
                          (unsigned long long)cap);
    void *q = realloc(*p, (size_t)cap * elem);
    if (!q)
        return emogi_fail(err, "out of memory allocating %llu bytes for the edge list",
                          (unsigned long long)cap * elem);
    *p = q;
    return 0;
}

int edge_list_reserve(struct edge_list *e, uint64_t cap, int weighted, emogi_error *err)
{
    if (cap < e->cap)
        cap = e->cap;
    if (weighted && cap == 0)
        cap = 1; /* a weighted list is one whose w is allocated */
    if (cap == e->cap && (!weighted || e->w))
        return 0;
    if (grow_array((void **)&e->src, cap, sizeof *e->src, err) ||
        grow_array((void **)&e->dst, cap, sizeof *e->dst, err))
        return -1;
    if ((weighted || e->w) && grow_array((void **)&e->w, cap, sizeof *e->w, err))
        return -1;
    e->cap = cap;
    return 0;
}

int edge_list_push(struct edge_list *e, uint64_t s, uint64_t d, double w, emogi_error *err)
{
    if (e->n == e->cap) {
        uint64_t cap = e->cap ? e->cap * 2 : 1024;
        if (edge_list_reserve(e, cap, e->w != NULL, err))
            return -1;
    }
    e->src[e->n] = s;
    e->dst[e->n] = d;
    if (e->w)
        e->w[e->n] = w;
    e->n++;
    return 0;
}

/* Parts either all carry weights or none do; a weighted list wins. */
int edge_list_concat(struct edge_list *out, struct edge_list *parts, int nparts,
                     emogi_error *err)
{
    uint64_t total = out->n;
    int weighted = out->w != NULL;
    for (int i = 0; i < nparts; i++) {
        total += parts[i].n;
        weighted |= parts[i].w != NULL;
    }
    if (weighted && !out->w && out->cap) {
        /* out had no weights so far: give its edges weight 0 */
        if (grow_array((void **)&out->w, out->cap, sizeof *out->w, err))
            goto fail;
        memset(out->w, 0, out->n * sizeof *out->w);
    }
    /* geometric growth: joining many small blocks must not copy quadratically */
    uint64_t cap = total > out->cap ? out->cap + out->cap / 2 : out->cap;
    if (edge_list_reserve(out, cap > total ? cap : total, weighted, err))
        goto fail;
    for (int i = 0; i < nparts; i++) {
        struct edge_list *p = &parts[i];
        if (p->n == 0) {
            edge_list_free(p);
            continue;
        }
        memcpy(out->src + out->n, p->src, p->n * sizeof *p->src);
        memcpy(out->dst + out->n, p->dst, p->n * sizeof *p->dst);
        if (weighted) {
            if (p->w)
                memcpy(out->w + out->n, p->w, p->n * sizeof *p->w);
            else
                memset(out->w + out->n, 0, p->n * sizeof *out->w);
        }
        out->n += p->n;
        edge_list_free(p);
    }
    return 0;
fail:
    for (int i = 0; i < nparts; i++)
        edge_list_free(&parts[i]);
    return -1;
}

void edge_list_shrink(struct edge_list *e)
{
    if (e->n == 0 || e->n == e->cap)
        return;
    /* shrinking in place cannot fail in practice; keep the old arrays if it does */
    void *p;
    if ((p = realloc(e->src, e->n * sizeof *e->src)))
        e->src = p;
    if ((p = realloc(e->dst, e->n * sizeof *e->dst)))
        e->dst = p;
    if (e->w && (p = realloc(e->w, e->n * sizeof *e->w)))
        e->w = p;
    e->cap = e->n;
}

void edge_list_free(struct edge_list *e)
{
    free(e->src);
    free(e->dst);
    free(e->w);
    memset(e, 0, sizeof *e);
}
