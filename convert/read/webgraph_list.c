/*
 * webgraph_list.c - decoding one BVGraph successor list.
 *
 * A list of node x is, in the codes the properties choose:
 *   outdegree d; if d > 0:
 *   reference r (only when windowsize > 0): copy from the list of x - r;
 *     r > 0: block count c, then c blocks of alternately copied and
 *     skipped successors of the referenced list (the first block may be
 *     empty, the others are stored minus 1); the rest of the list is one
 *     more, implied block, copied when c is even;
 *   intervals (only when minintervallength > 0 and successors remain):
 *     count, then (left, length) pairs: the first left relative to x
 *     through the int2nat map (0,-1,1,-2 -> 0,1,2,3), the others as gaps
 *     past the previous interval minus 1, lengths minus minintervallength;
 *   residuals: the remaining successors, the first relative to x through
 *     int2nat, the others as gaps minus 1.
 * The three parts are disjoint sorted lists; merged they are the successors.
 *
 * Everything read is checked against the node count and the referenced
 * list, so a corrupt stream is reported at its node instead of producing
 * out-of-range ids.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "webgraph_decode.h"

static int fail(struct wg_decoder *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(struct wg_decoder *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->why, sizeof d->why, fmt, ap);
    va_end(ap);
    return LIST_BAD;
}

static int grow(struct wg_ids *a, uint64_t need)
{
    if (need <= a->cap)
        return 0;
    uint64_t cap = a->cap ? a->cap : 16;
    while (cap < need)
        cap *= 2;
    if (cap > SIZE_MAX / sizeof *a->v)
        return -1;
    uint64_t *v = realloc(a->v, (size_t)cap * sizeof *v);
    if (!v)
        return -1;
    a->v = v;
    a->cap = cap;
    return 0;
}

/* dst[at, at + n) = src[from, from + n); an empty list may have no array
   at all, and even NULL + 0 is undefined, so no address is formed then */
static void copy_ids(uint64_t *dst, uint64_t at, const uint64_t *src, uint64_t from, uint64_t n)
{
    if (n)
        memcpy(dst + at, src + from, n * sizeof *src);
}

static int nomem(struct wg_decoder *d, uint64_t n)
{
    snprintf(d->why, sizeof d->why, "out of memory for a list of %llu successors",
             (unsigned long long)n);
    return LIST_NOMEM;
}

/* x + nat2int(v): even v are v/2, odd v are -(v+1)/2. */
static int relative(uint64_t x, uint64_t v, uint64_t *out)
{
    if (!(v & 1)) {
        *out = x + (v >> 1);
        return *out >= x ? 0 : -1;
    }
    uint64_t back = (v >> 1) + 1;
    if (back > x)
        return -1;
    *out = x - back;
    return 0;
}

static int copy_blocks(struct wg_decoder *d, const struct wg_ids *src, uint64_t deg)
{
    const struct webgraph_props *p = d->p;
    uint64_t count = br_read(&d->br, p->block_count);
    if (d->br.bad)
        return LIST_BAD;
    if (count > src->n + 1)
        return fail(d, "block count %llu exceeds the referenced list of %llu successors",
                    (unsigned long long)count, (unsigned long long)src->n);
    if (grow(&d->copied, src->n))
        return nomem(d, src->n);
    uint64_t idx = 0, n = 0;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t blk = br_read(&d->br, p->blocks);
        if (d->br.bad)
            return LIST_BAD;
        if (i ? blk >= src->n - idx : blk > src->n - idx)
            return fail(d, "copy blocks run past the referenced list of %llu successors",
                        (unsigned long long)src->n);
        blk += i ? 1 : 0;
        if (!(i & 1)) {
            copy_ids(d->copied.v, n, src->v, idx, blk);
            n += blk;
        }
        idx += blk;
    }
    if (!(count & 1)) {
        copy_ids(d->copied.v, n, src->v, idx, src->n - idx);
        n += src->n - idx;
    }
    d->copied.n = n;
    if (n > deg)
        return fail(d, "%llu successors copied but the outdegree is %llu", (unsigned long long)n,
                    (unsigned long long)deg);
    return LIST_OK;
}

static int read_reference(struct wg_decoder *d, uint64_t x, uint64_t deg)
{
    const struct webgraph_props *p = d->p;
    d->copied.n = 0;
    if (p->windowsize == 0)
        return LIST_OK;
    uint64_t ref = br_read(&d->br, p->references);
    if (d->br.bad)
        return LIST_BAD;
    if (ref == 0)
        return LIST_OK;
    if (ref > p->windowsize)
        return fail(d, "reference %llu is beyond the window size %llu", (unsigned long long)ref,
                    (unsigned long long)p->windowsize);
    if (ref > x)
        return fail(d, "reference %llu points before node 0", (unsigned long long)ref);
    const struct wg_ids *src = &d->win[(x - ref) % d->slots];
    if (!src->known)
        return LIST_UNKNOWN;
    return copy_blocks(d, src, deg);
}

static int read_intervals(struct wg_decoder *d, uint64_t x, uint64_t extra)
{
    const struct webgraph_props *p = d->p;
    const uint64_t nodes = p->nodes, minlen = p->minintervallength;
    d->intervals.n = 0;
    if (extra == 0 || minlen == 0)
        return LIST_OK;
    uint64_t count = br_read(&d->br, p->intervals);
    if (d->br.bad)
        return LIST_BAD;
    if (count > extra / minlen)
        return fail(d, "%llu intervals cannot fit in %llu successors", (unsigned long long)count,
                    (unsigned long long)extra);
    uint64_t next = 0, total = 0; /* next: the first node a further interval may start at */
    for (uint64_t i = 0; i < count; i++) {
        uint64_t v = br_read(&d->br, p->intervals), left;
        uint64_t len = br_read(&d->br, p->intervals);
        if (d->br.bad)
            return LIST_BAD;
        int outside = i == 0 ? relative(x, v, &left) != 0 : v >= nodes;
        if (!outside)
            left = i == 0 ? left : next + v;
        if (outside || left >= nodes)
            return fail(d, "interval %llu starts outside 0..%llu", (unsigned long long)i,
                        (unsigned long long)nodes - 1);
        if (extra - total < minlen || len > extra - total - minlen || len + minlen > nodes - left)
            return fail(d, "interval %llu (from %llu) is longer than the list or the node range",
                        (unsigned long long)i, (unsigned long long)left);
        len += minlen;
        if (grow(&d->intervals, total + len))
            return nomem(d, total + len);
        for (uint64_t j = 0; j < len; j++)
            d->intervals.v[total + j] = left + j;
        total += len;
        next = left + len + 1;
    }
    d->intervals.n = total;
    return LIST_OK;
}

static int read_residuals(struct wg_decoder *d, uint64_t x, uint64_t count)
{
    const struct webgraph_props *p = d->p;
    d->residuals.n = 0;
    if (count == 0)
        return LIST_OK;
    if (count > d->br.nbits - d->br.pos) { /* every code takes at least one bit */
        d->br.bad |= BR_TRUNCATED;
        return LIST_BAD;
    }
    if (grow(&d->residuals, count))
        return nomem(d, count);
    uint64_t v = br_read(&d->br, p->residuals), s;
    if (d->br.bad)
        return LIST_BAD;
    if (relative(x, v, &s) || s >= p->nodes)
        return fail(d, "first residual is outside 0..%llu", (unsigned long long)p->nodes - 1);
    d->residuals.v[0] = s;
    for (uint64_t i = 1; i < count; i++) {
        v = br_read(&d->br, p->residuals);
        if (v >= p->nodes - 1 - s)
            return d->br.bad ? LIST_BAD
                             : fail(d, "residual %llu is past node %llu", (unsigned long long)i,
                                    (unsigned long long)p->nodes - 1);
        s += v + 1;
        d->residuals.v[i] = s;
    }
    d->residuals.n = count;
    return d->br.bad ? LIST_BAD : LIST_OK;
}

/* Merge two ascending lists into out; a value in both is corruption. */
static int merge(struct wg_decoder *d, const struct wg_ids *a, const struct wg_ids *b,
                 struct wg_ids *out)
{
    if (grow(out, a->n + b->n))
        return nomem(d, a->n + b->n);
    uint64_t i = 0, j = 0, k = 0;
    while (i < a->n && j < b->n) {
        if (a->v[i] == b->v[j])
            return fail(d, "successor %llu appears twice", (unsigned long long)a->v[i]);
        out->v[k++] = a->v[i] < b->v[j] ? a->v[i++] : b->v[j++];
    }
    copy_ids(out->v, k, a->v, i, a->n - i);
    k += a->n - i;
    copy_ids(out->v, k, b->v, j, b->n - j);
    out->n = k + b->n - j;
    return LIST_OK;
}

int wg_decode_list(struct wg_decoder *d, uint64_t x)
{
    struct wg_ids *out = &d->win[x % d->slots];
    out->n = 0;
    out->known = 0;
    uint64_t deg = br_read(&d->br, d->p->outdegrees);
    if (d->br.bad)
        return LIST_BAD;
    if (deg > d->p->nodes)
        return fail(d, "outdegree %llu exceeds the node count %llu", (unsigned long long)deg,
                    (unsigned long long)d->p->nodes);
    int st;
    if (deg > 0) {
        if ((st = read_reference(d, x, deg)) != LIST_OK ||
            (st = read_intervals(d, x, deg - d->copied.n)) != LIST_OK ||
            (st = read_residuals(d, x, deg - d->copied.n - d->intervals.n)) != LIST_OK ||
            (st = merge(d, &d->intervals, &d->residuals, &d->extra)) != LIST_OK ||
            (st = merge(d, &d->copied, &d->extra, out)) != LIST_OK)
            return st;
    }
    out->known = 1;
    return LIST_OK;
}

int wg_decoder_init(struct wg_decoder *d, const struct webgraph_props *p, const void *graph,
                    uint64_t bytes)
{
    memset(d, 0, sizeof *d);
    d->p = p;
    d->slots = p->windowsize + 1;
    br_init(&d->br, graph, bytes);
    d->win = calloc((size_t)d->slots, sizeof *d->win);
    return d->win ? 0 : -1;
}

void wg_decoder_free(struct wg_decoder *d)
{
    if (d->win)
        for (uint64_t i = 0; i < d->slots; i++)
            free(d->win[i].v);
    free(d->win);
    free(d->copied.v);
    free(d->intervals.v);
    free(d->residuals.v);
    free(d->extra.v);
    memset(d, 0, sizeof *d);
}
