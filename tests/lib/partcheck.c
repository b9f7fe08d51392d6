/*
 * partcheck.c - test-only check of part files against the whole graph
 * they were split from, through the public API only:
 *
 *   partcheck WHOLE.csr PART0 PART1 ...
 *
 * Every file is opened and its checksums verified.  The parts must be
 * parts 0 .. N-1 of N of a graph of WHOLE's counts; their ranges must
 * cover 0 .. nv in order, none empty, none heavier (vertices plus
 * out-edges) than ceil((nv + ne) / N) plus the largest degree; and the
 * lists of part k's vertex v (ids decoded when compressed, weights, the
 * in-lists, the id map) must be WHOLE's of vertex first + v, so that the
 * parts placed one after another are WHOLE's lists exactly.  Prints the
 * first difference and exits 1; prints the ranges and exits 0.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_csr.h"

static int fail(const char *fmt, const char *path, uint64_t a, uint64_t b)
{
    fprintf(stderr, "partcheck: %s: ", path);
    fprintf(stderr, fmt, (unsigned long long)a, (unsigned long long)b);
    fputc('\n', stderr);
    return 1;
}

static uint64_t id_at(const void *ids, uint32_t width, uint64_t i)
{
    return width == 4 ? ((const uint32_t *)ids)[i] : ((const uint64_t *)ids)[i];
}

/* One direction's plain ids: the array, or decoded into *KEEP. */
static const void *ids_of(const struct emogi_graph *g, int t, void **keep)
{
    uint64_t n = t ? g->t_offsets[g->nv] : g->ne;
    emogi_error err;
    *keep = NULL;
    if (!emogi_compressed(g))
        return t ? g->t_neighbors : g->neighbors;
    if (!(*keep = malloc(n ? n * g->id_width : 1)) || emogi_csr_decompress(g, t, *keep, &err)) {
        fprintf(stderr, "partcheck: %s: cannot decode: %s\n", g->path, *keep ? err.msg : "");
        exit(1);
    }
    return *keep;
}

/* Part P's lists of one direction against WHOLE's of its vertices. */
static int same_lists(const struct emogi_graph *w, const struct emogi_graph *p, int t)
{
    const uint64_t *wo = t ? w->t_offsets : w->offsets, *po = t ? p->t_offsets : p->offsets;
    const void *ww = t ? w->t_weights : w->weights, *pw = t ? p->t_weights : p->weights;
    void *kw, *kp;
    const void *wi = ids_of(w, t, &kw), *pi = ids_of(p, t, &kp);
    uint64_t first = p->part.first;
    int bad = 0;
    for (uint64_t v = 0; v < p->nv && !bad; v++) {
        uint64_t d = po[v + 1] - po[v], wd = wo[first + v + 1] - wo[first + v];
        if (d != wd) {
            bad = fail("vertex %llu has degree %llu, not the whole graph's", p->path, first + v, d);
            break;
        }
        for (uint64_t i = 0; i < d && !bad; i++) {
            uint64_t a = po[v] + i, b = wo[first + v] + i;
            if (id_at(pi, p->id_width, a) != id_at(wi, w->id_width, b))
                bad = fail("vertex %llu: entry %llu differs", p->path, first + v, i);
            else if (pw && memcmp((const char *)pw + 4 * a, (const char *)ww + 4 * b, 4) != 0)
                bad = fail("vertex %llu: weight %llu differs", p->path, first + v, i);
        }
    }
    if (!bad && (!pw) != (!ww))
        bad = fail("weights present in one file only (%llu %llu)", p->path, !pw, !ww);
    free(kw), free(kp);
    return bad;
}

static int check_part(const struct emogi_graph *w, const struct emogi_graph *p, uint32_t k,
                      uint32_t n, uint64_t expect_first, uint64_t share_plus)
{
    const struct emogi_part *q = &p->part;
    if (!emogi_is_part(p) || q->index != k || q->count != n)
        return fail("not part %llu of %llu", p->path, k, n);
    if (q->nv != w->nv || q->ne != w->ne)
        return fail("whole graph of %llu vertices, %llu edges: not the input's", p->path, q->nv,
                    q->ne);
    if (q->first != expect_first || q->end <= q->first)
        return fail("range starts at %llu, not %llu, or is empty", p->path, q->first,
                    expect_first);
    if (q->edge_first != w->offsets[q->first])
        return fail("edge_first %llu, not %llu", p->path, q->edge_first, w->offsets[q->first]);
    uint64_t weight = p->nv + p->ne;
    if (weight > share_plus)
        return fail("weighs %llu, over its share plus the largest degree (%llu)", p->path,
                    weight, share_plus);
    if (p->flags != (w->flags | EMOGI_PART) || p->id_width != w->id_width)
        return fail("flags 0x%llx, id width %llu: not the input's", p->path, p->flags,
                    p->id_width);
    if (same_lists(w, p, 0) || ((w->flags & EMOGI_TRANSPOSE) && same_lists(w, p, 1)))
        return 1;
    if (w->idmap && memcmp(p->idmap, w->idmap + q->first, p->nv * 8) != 0)
        return fail("id map of vertices %llu.. differs (%llu)", p->path, q->first, p->nv);
    return 0;
}

static void open_or_die(const char *path, struct emogi_graph *g)
{
    emogi_error err;
    if (emogi_csr_open(path, g, &err) || emogi_csr_verify(g, &err)) {
        fprintf(stderr, "partcheck: %s\n", err.msg);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    struct emogi_graph w, p;
    if (argc < 3) {
        fprintf(stderr, "usage: partcheck WHOLE.csr PART0 PART1 ...\n");
        return 2;
    }
    open_or_die(argv[1], &w);
    uint32_t n = (uint32_t)(argc - 2);
    uint64_t maxdeg = 0, next = 0;
    for (uint64_t v = 0; v < w.nv; v++)
        maxdeg = emogi_degree(&w, v) > maxdeg ? emogi_degree(&w, v) : maxdeg;
    uint64_t share_plus = (w.nv + w.ne + n - 1) / n + maxdeg;
    for (uint32_t k = 0; k < n; k++) {
        open_or_die(argv[k + 2], &p);
        if (check_part(&w, &p, k, n, next, share_plus))
            return 1;
        printf("%" PRIu64 " %" PRIu64 "\n", p.part.first, p.part.end);
        next = p.part.end;
        emogi_csr_close(&p);
    }
    if (next != w.nv)
        return fail("the parts end at %llu, not at %llu", argv[argc - 1], next, w.nv);
    emogi_csr_close(&w);
    return 0;
}
