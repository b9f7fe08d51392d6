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
    if (edge_list_narrow_p(e)) {
        if (grow_array((void **)&e->src32, cap, sizeof *e->src32, err) ||
            grow_array((void **)&e->dst32, cap, sizeof *e->dst32, err))
            return -1;
    } else if (grow_array((void **)&e->src, cap, sizeof *e->src, err) ||
               grow_array((void **)&e->dst, cap, sizeof *e->dst, err)) {
        return -1;
    }
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
    if (e->src && (p = realloc(e->src, e->n * sizeof *e->src)))
        e->src = p;
    if (e->dst && (p = realloc(e->dst, e->n * sizeof *e->dst)))
        e->dst = p;
    if (e->src32 && (p = realloc(e->src32, e->n * sizeof *e->src32)))
        e->src32 = p;
    if (e->dst32 && (p = realloc(e->dst32, e->n * sizeof *e->dst32)))
        e->dst32 = p;
    if (e->w && (p = realloc(e->w, e->n * sizeof *e->w)))
        e->w = p;
    e->cap = e->n;
}

/* Each array in place, front to back: entry i's 4 bytes land at or below
 * the 8 it is read from, so nothing is overwritten before it is read;
 * then the array shrinks to n entries, which hands its upper half back.
 * In blocks, so that threads never write what another has still to read. */
static uint32_t *narrow_array(uint64_t *a, uint64_t n)
{
    uint32_t *b = (uint32_t *)a;
    const uint64_t step = 1u << 20;
    for (uint64_t lo = 0; lo < n; lo += step) {
        uint64_t hi = n - lo < step ? n : lo + step;
        if (lo == 0) {
            for (uint64_t i = 0; i < hi; i++)
                b[i] = (uint32_t)a[i];
            continue;
        }
        /* entries [lo, hi) go to bytes [4 lo, 4 hi), all below 8 lo: read already */
#pragma omp parallel for schedule(static)
        for (uint64_t i = lo; i < hi; i++)
            b[i] = (uint32_t)a[i];
    }
    void *p = realloc(b, (n ? n : 1) * sizeof *b);
    return p ? p : b;
}

int edge_list_narrow(struct edge_list *e, emogi_error *err)
{
    if (edge_list_narrow_p(e))
        return 0;
    if (!e->src) { /* empty: narrow arrays for what comes */
        e->cap = 0;
        return grow_array((void **)&e->src32, 1, sizeof *e->src32, err) ||
                       grow_array((void **)&e->dst32, 1, sizeof *e->dst32, err)
                   ? -1
                   : 0;
    }
    e->src32 = narrow_array(e->src, e->n);
    e->dst32 = narrow_array(e->dst, e->n);
    e->src = e->dst = NULL;
    if (e->w) { /* the weights' spare room too */
        void *p = realloc(e->w, (e->n ? e->n : 1) * sizeof *e->w);
        if (p)
            e->w = p;
    }
    e->cap = e->n;
    return 0;
}

int edge_list_widen(struct edge_list *e, emogi_error *err)
{
    if (!edge_list_narrow_p(e))
        return 0;
    uint64_t *src = NULL, *dst = NULL;
    if (grow_array((void **)&src, e->cap ? e->cap : 1, sizeof *src, err) ||
        grow_array((void **)&dst, e->cap ? e->cap : 1, sizeof *dst, err)) {
        free(src);
        return -1;
    }
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < e->n; i++)
        src[i] = e->src32[i], dst[i] = e->dst32[i];
    free(e->src32);
    free(e->dst32);
    e->src32 = e->dst32 = NULL;
    e->src = src;
    e->dst = dst;
    return 0;
}

void edge_list_free(struct edge_list *e)
{
    free(e->src);
    free(e->dst);
    free(e->src32);
    free(e->dst32);
    free(e->w);
    memset(e, 0, sizeof *e);
}
