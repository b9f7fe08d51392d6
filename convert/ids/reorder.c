/*
 * reorder.c - --reorder degree|bfs: vertex renumbering for locality.
 *
 * Zero-copy traversal reads neighbour lists over the host link, and a
 * search touches the lists of a level's frontier: when the vertices a
 * level visits have nearby ids their lists are nearby in the file, and
 * the GPU's reads cover fewer pages (bench/REFERENCE.md: translation, not
 * bandwidth, limits scattered reads).  Degree order packs the hubs, which
 * every search visits early, at the front; BFS order (Cuthill-McKee
 * without the degree sort inside a level) gives each level a contiguous
 * band of ids.
 * bench/journal/2026-11-21-vertex-order-and-zero-copy-bfs.md has what
 * each does to BFS time.
 *
 * The renumbered graph is isomorphic to the input: each list is mapped
 * through the permutation and sorted again, weights carried along, and
 * the id map records each new id's input id.
 */
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "memory.h"
#include "reorder.h"

static uint64_t degree(const uint64_t *off, uint64_t v)
{
    return off[v + 1] - off[v];
}

/* Counting sort by descending degree; stable, so ties keep id order. */
static int order_by_degree(const struct emogi_graph *g, uint64_t *order, emogi_error *err)
{
    uint64_t maxd = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        if (degree(g->offsets, v) > maxd)
            maxd = degree(g->offsets, v);
    uint64_t *count = calloc(maxd + 2, sizeof *count);
    if (!count)
        return emogi_fail(err, "out of memory for --reorder degree");
    for (uint64_t v = 0; v < g->nv; v++)
        count[maxd - degree(g->offsets, v)]++;
    build_exclusive_scan(count, maxd + 1);
    for (uint64_t v = 0; v < g->nv; v++)
        order[count[maxd - degree(g->offsets, v)]++] = v;
    free(count);
    return 0;
}

static int order_by_bfs(const struct emogi_graph *g, uint64_t *order, emogi_error *err)
{
    uint8_t *seen = calloc(g->nv ? g->nv : 1, 1);
    if (!seen)
        return emogi_fail(err, "out of memory for --reorder bfs");
    uint64_t root = 0, head = 0, tail = 0, next_unseen = 0;
    for (uint64_t v = 1; v < g->nv; v++)
        if (degree(g->offsets, v) > degree(g->offsets, root))
            root = v;
    while (tail < g->nv) {
        if (head == tail) { /* a new component: the hub first, then smallest ids */
            if (tail > 0) {
                while (seen[next_unseen])
                    next_unseen++;
                root = next_unseen;
            }
            seen[root] = 1;
            order[tail++] = root;
        }
        uint64_t v = order[head++];
        for (uint64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
            uint64_t u = emogi_neighbor(g, i);
            if (!seen[u]) {
                seen[u] = 1;
                order[tail++] = u;
            }
        }
    }
    free(seen);
    return 0;
}

int reorder_order(const struct emogi_graph *g, enum reorder_by how, uint64_t *order,
                  emogi_error *err)
{
    return how == REORDER_BY_BFS ? order_by_bfs(g, order, err) : order_by_degree(g, order, err);
}

/* Weight bits -> a key that sorts as the weights do, and back. */
static uint32_t wkey(uint32_t bits, int real)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return real ? float_key(f) : bits;
}

static uint32_t wbits(uint32_t key, int real)
{
    if (!real)
        return key;
    float f = float_from_key(key);
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Pairs a thread sorts in its buffer; longer weighted lists sort in place. */
static uint64_t reorder_slots(uint64_t memory)
{
#ifdef _OPENMP
    int t = omp_get_max_threads();
#else
    int t = 1;
#endif
    return build_scratch_slots(memory, t, sizeof(struct id_weight));
}

static int cmp_pair(const void *a, const void *b)
{
    const struct id_weight *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return (x->key > y->key) - (x->key < y->key);
}

/* A list's new ids and weights, in the new arrays, as pairs to sort. */
struct pairs {
    void *nb;
    uint32_t *w;
    int width, real;
};

static uint64_t pair_id(const struct pairs *p, uint64_t i)
{
    return p->width == 4 ? ((uint32_t *)p->nb)[i] : ((uint64_t *)p->nb)[i];
}

static int pair_less(const struct pairs *p, uint64_t i, uint64_t j)
{
    uint64_t a = pair_id(p, i), b = pair_id(p, j);
    return a < b || (a == b && wkey(p->w[i], p->real) < wkey(p->w[j], p->real));
}

static void pair_swap(const struct pairs *p, uint64_t i, uint64_t j)
{
    if (p->width == 4) {
        uint32_t *a = p->nb, t = a[i];
        a[i] = a[j];
        a[j] = t;
    } else {
        uint64_t *a = p->nb, t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    uint32_t t = p->w[i];
    p->w[i] = p->w[j];
    p->w[j] = t;
}

static void pair_sift(const struct pairs *p, uint64_t root, uint64_t n)
{
    for (uint64_t c; (c = 2 * root + 1) < n; root = c) {
        if (c + 1 < n && pair_less(p, c, c + 1))
            c++;
        if (!pair_less(p, root, c))
            return;
        pair_swap(p, root, c);
    }
}

/* A list longer than the thread's scratch: heapsort in place, no buffer. */
static void pair_heapsort(const struct pairs *p, uint64_t n)
{
    for (uint64_t i = n / 2; i-- > 0;)
        pair_sift(p, i, n);
    for (uint64_t i = n; i-- > 1;) {
        pair_swap(p, 0, i);
        pair_sift(p, 0, i);
    }
}

/* Weighted lists of up to SLOTS pairs are sorted in the thread's BUF. */
static void sort_pairs(const struct pairs *p, uint64_t d, struct id_weight *buf, uint64_t slots)
{
    if (d > slots) {
        pair_heapsort(p, d);
        return;
    }
    for (uint64_t i = 0; i < d; i++)
        buf[i] = (struct id_weight){pair_id(p, i), wkey(p->w[i], p->real), 0};
    qsort(buf, d, sizeof *buf, cmp_pair);
    for (uint64_t i = 0; i < d; i++) {
        if (p->width == 4)
            ((uint32_t *)p->nb)[i] = (uint32_t)buf[i].id;
        else
            ((uint64_t *)p->nb)[i] = buf[i].id;
        p->w[i] = wbits(buf[i].key, p->real);
    }
}

/* What remapping a side reads and writes. */
struct remap {
    const uint64_t *off, *order, *inv;
    const void *nb;
    const uint32_t *w;
    uint64_t *noff;
    void *nnb;
    uint32_t *nw;
    int width, real;
    uint64_t slots; /* pairs each thread's buffer holds */
};

/* New list of new vertex v: old list of order[v], ids through inv, sorted. */
static void remap_list(const struct remap *r, uint64_t v, struct id_weight *buf)
{
    uint64_t old = r->order[v], lo = r->off[old], d = r->off[old + 1] - lo, to = r->noff[v];
    if (r->width == 4) {
        uint32_t *a = (uint32_t *)r->nnb + to;
        for (uint64_t i = 0; i < d; i++)
            a[i] = (uint32_t)r->inv[((const uint32_t *)r->nb)[lo + i]];
        if (!r->w)
            sort_u32(a, d);
    } else {
        uint64_t *a = (uint64_t *)r->nnb + to;
        for (uint64_t i = 0; i < d; i++)
            a[i] = r->inv[((const uint64_t *)r->nb)[lo + i]];
        if (!r->w)
            sort_u64(a, d);
    }
    if (!r->w)
        return;
    memcpy(r->nw + to, r->w + lo, d * sizeof *r->nw);
    struct pairs p = {(char *)r->nnb + to * (uint64_t)r->width, r->nw + to, r->width, r->real};
    sort_pairs(&p, d, buf, r->slots);
}

static int remap_lists(const struct remap *r, uint64_t nv, emogi_error *err)
{
    int failed = 0;
#pragma omp parallel
    {
        struct id_weight *buf = r->w ? malloc((size_t)r->slots * sizeof *buf) : NULL;
        if (r->w && !buf) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp barrier
        if (!failed) {
#pragma omp for schedule(dynamic, 1024)
            for (uint64_t v = 0; v < nv; v++)
                remap_list(r, v, buf);
        }
        free(buf);
    }
    if (failed)
        return emogi_fail(err, "out of memory for --reorder's sort buffers");
    return 0;
}

/* One adjacency structure renumbered; the old arrays are freed. */
static int remap_side(uint64_t nv, uint64_t **off, void **nb, void **w, const uint64_t *order,
                      const uint64_t *inv, int width, int real, uint64_t memory,
                      emogi_error *err)
{
    uint64_t ne = (*off)[nv];
    uint64_t *noff = build_alloc(nv + 1, 8, "the reordered offsets", err);
    void *nnb = noff ? build_alloc(ne, (size_t)width, "the reordered lists", err) : NULL;
    uint32_t *nw = nnb && *w ? build_alloc(ne, 4, "the reordered weights", err) : NULL;
    if (!noff || !nnb || (*w && !nw)) {
        free(noff);
        free(nnb);
        return -1;
    }
    for (uint64_t v = 0; v < nv; v++)
        noff[v] = degree(*off, order[v]);
    build_exclusive_scan(noff, nv);
    struct remap r = {*off, order, inv, *nb, *w, noff, nnb, nw, width, real,
                      reorder_slots(memory)};
    if (remap_lists(&r, nv, err)) {
        free(noff);
        free(nnb);
        free(nw);
        return -1;
    }
    free(*off);
    free(*nb);
    free(*w);
    *off = noff;
    *nb = nnb;
    *w = nw;
    return 0;
}

static int remap_idmap(struct built_graph *b, const uint64_t *order, emogi_error *err)
{
    uint64_t nv = b->g.nv;
    uint64_t *map = build_alloc(nv, 8, "the id map", err);
    if (!map)
        return -1;
    for (uint64_t v = 0; v < nv; v++)
        map[v] = b->idmap ? b->idmap[order[v]] : order[v];
    free(b->idmap);
    b->idmap = map;
    b->g.idmap = map;
    b->g.flags |= EMOGI_IDMAP;
    return 0;
}

int reorder_graph(struct built_graph *b, enum reorder_by how, uint64_t memory, emogi_error *err)
{
    struct emogi_graph *g = &b->g;
    uint64_t nv = g->nv;
    uint64_t *order = build_alloc(nv, 8, "the new order", err);
    uint64_t *inv = order ? build_alloc(nv, 8, "the new order", err) : NULL;
    int rc = -1, real = g->weight_type == EMOGI_WEIGHT_FLOAT32, width = (int)g->id_width;
    if (!order || !inv || reorder_order(g, how, order, err))
        goto out;
    for (uint64_t v = 0; v < nv; v++)
        inv[order[v]] = v;
    if (remap_side(nv, &b->offsets, &b->neighbors, &b->weights, order, inv, width, real, memory,
                   err))
        goto out;
    if (b->t_offsets && remap_side(nv, &b->t_offsets, &b->t_neighbors, &b->t_weights, order,
                                   inv, width, real, memory, err))
        goto out;
    rc = remap_idmap(b, order, err);
out:
    g->offsets = b->offsets;
    g->neighbors = b->neighbors;
    g->weights = b->weights;
    g->t_offsets = b->t_offsets;
    g->t_neighbors = b->t_neighbors;
    g->t_weights = b->t_weights;
    free(order);
    free(inv);
    return rc;
}

uint64_t reorder_work(uint64_t nv, uint64_t arcs, uint64_t idw, int weighted, uint64_t maxd,
                      int threads, uint64_t memory)
{
    uint64_t t = threads > 0 ? (uint64_t)threads : 1;
    uint64_t ordering = mem_max(mem_mul(8, mem_add(maxd, 2)), nv); /* counts, or seen */
    uint64_t side = mem_add(mem_mul(8, mem_add(nv, 1)), mem_mul(arcs, idw));
    if (weighted) {
        uint64_t slots = build_scratch_slots(memory, (int)t, sizeof(struct id_weight));
        side = mem_add(mem_add(side, mem_mul(arcs, 4)), mem_mul(t, mem_mul(slots, 16)));
    }
    /* order and inv throughout; then the largest of the ordering, a side
     * renumbered, and the new id map */
    return mem_add(mem_mul(16, nv), mem_max(mem_max(ordering, side), mem_mul(8, nv)));
}

uint64_t reorder_need(const struct build_shape *sh, const struct build_opts *o)
{
    struct build_sizes z;
    build_sizes(sh, o, &z);
    uint64_t maxd = o->keep_duplicates ? z.a1 : mem_min(z.a1, z.nv);
    return mem_add(build_graph_bytes(sh, o), reorder_work(z.nv, mem_max(z.a1, z.a2), z.idw,
                                                          z.wout, maxd, sh->threads, o->memory));
}
