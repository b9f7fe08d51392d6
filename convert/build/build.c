/*
 * build.c - edge list -> CSR: relabel, distribute, sort, compact, weights.
 *
 * The arcs go straight into an array of the final id width (4 bytes per
 * arc for most graphs), never into a second copy of the 16-byte edge list,
 * and the edge list is freed before the lists are sorted.  Input weights
 * travel with their neighbour so that the per-list sort orders (neighbour,
 * weight) pairs and a duplicate's weights come smallest first, to be
 * combined as --combine says; with 4-byte ids a pair is packed into one
 * uint64 (id high, order-preserving weight key low) and sorted as an
 * integer.  Random
 * weights are not carried at all: they are a function of the endpoints,
 * computed once the lists are final.
 */
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "build.h"

static int threads_now(void)
{
#ifdef _OPENMP
    return omp_get_num_threads();
#else
    return 1;
#endif
}

static int thread_id(void)
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

void *build_alloc(uint64_t n, size_t elem, const char *what, emogi_error *err)
{
    if (n > SIZE_MAX / elem) {
        emogi_fail(err, "%s of %llu entries does not fit in memory", what,
                   (unsigned long long)n);
        return NULL;
    }
    void *p = malloc(n ? (size_t)n * elem : 1);
    if (!p)
        emogi_fail(err, "out of memory allocating %llu bytes for %s",
                   (unsigned long long)n * elem, what);
    return p;
}

#define SCAN_MAX_THREADS 1024

/* a[0..n-1] counts -> a[0..n] exclusive offsets, in parallel blocks. */
void build_exclusive_scan(uint64_t *a, uint64_t n)
{
    uint64_t part[SCAN_MAX_THREADS + 1] = {0};
    int nblocks = 1;
#pragma omp parallel
    {
        int t = thread_id(), T = threads_now();
        if (T > SCAN_MAX_THREADS)
            T = SCAN_MAX_THREADS;
#pragma omp single
        nblocks = T;
        uint64_t chunk = (n + T - 1) / T, lo = chunk * t, hi = lo + chunk, s = 0;
        if (t >= T || lo > n)
            lo = hi = n;
        if (hi > n)
            hi = n;
        for (uint64_t i = lo; i < hi; i++)
            s += a[i];
        if (t < T)
            part[t + 1] = s;
#pragma omp barrier
#pragma omp single
        for (int k = 1; k <= nblocks; k++)
            part[k] += part[k - 1];
        uint64_t run = t < T ? part[t] : 0;
        for (uint64_t i = lo; i < hi; i++) {
            uint64_t c = a[i];
            a[i] = run;
            run += c;
        }
    }
    a[n] = part[nblocks];
}

/* Copy a list's len surviving slots from src+from to dst+to, splitting
 * packed weight keys out into keys. */
static void move_list(const struct build_ctx *c, const void *src, uint64_t from, void *dst,
                      uint32_t *keys, uint64_t to, uint64_t len)
{
    switch (c->kind) {
    case ELEM_U32:
        memcpy((uint32_t *)dst + to, (const uint32_t *)src + from, len * 4);
        break;
    case ELEM_U64:
        memcpy((uint64_t *)dst + to, (const uint64_t *)src + from, len * 8);
        break;
    case ELEM_U32W:
        for (uint64_t i = 0; i < len; i++) {
            uint64_t x = ((const uint64_t *)src)[from + i];
            ((uint32_t *)dst)[to + i] = (uint32_t)(x >> 32);
            keys[to + i] = (uint32_t)x;
        }
        break;
    case ELEM_U64W:
        for (uint64_t i = 0; i < len; i++) {
            const struct id_weight *x = (const struct id_weight *)src + from + i;
            ((uint64_t *)dst)[to + i] = x->id;
            keys[to + i] = x->key;
        }
        break;
    }
}

/* Move the survivors of the sort into arrays of their final size.  The
 * slots are freed afterwards, so the peak of this phase is two neighbour
 * arrays: no more than the distribution's edge list plus one. */
/* The surviving slots of every list moved down to their final place
 * (LEN: the final offsets) in the array that holds them, then the array
 * shrunk: no second array of lists beside the first, the peak of an
 * in-memory build otherwise.  Each list only moves down (duplicates are
 * dropped, nothing is added), so lists in ascending order never
 * overwrite one still to move; one thread, a memmove per list. */
static void compact_in_place(struct build_side *s, uint64_t nv, uint64_t *len, size_t idw)
{
    char *a = s->elems;
    for (uint64_t v = 0; v < nv; v++)
        if (len[v] != s->offsets[v])
            memmove(a + len[v] * idw, a + s->offsets[v] * idw, (len[v + 1] - len[v]) * idw);
    void *p = realloc(a, (len[nv] ? len[nv] : 1) * idw);
    free(s->offsets);
    s->elems = p ? p : a;
    s->wkeys = NULL;
    s->offsets = len;
    s->ne = len[nv];
}

static int compact_side(const struct build_ctx *c, struct build_side *s, emogi_error *err)
{
    uint64_t nv = c->nv, *len = s->len;
    build_exclusive_scan(len, nv);
    s->len = NULL;
    int packed = c->kind == ELEM_U32W || c->kind == ELEM_U64W;
    if (!packed && len[nv] == s->ne) { /* nothing dropped: the slots are final */
        free(len);
        return 0;
    }
    size_t idw = c->kind == ELEM_U32 || c->kind == ELEM_U32W ? 4 : 8;
    if (!packed) {
        compact_in_place(s, nv, len, idw);
        return 0;
    }
    void *nb = build_alloc(len[nv], idw, "the neighbour lists", err);
    uint32_t *keys = packed && nb ? build_alloc(len[nv], 4, "the weights", err) : NULL;
    if (!nb || (packed && !keys)) {
        free(nb);
        free(len);
        return -1;
    }
#pragma omp parallel for schedule(dynamic, 4096)
    for (uint64_t v = 0; v < nv; v++)
        move_list(c, s->elems, s->offsets[v], nb, keys, len[v], len[v + 1] - len[v]);
    free(s->elems);
    free(s->offsets);
    s->elems = nb;
    s->wkeys = keys;
    s->offsets = len;
    s->ne = len[nv];
    return 0;
}

/* Weight keys -> stored weights in place: floats get their bits back. */
static void keys_to_weights(const struct build_ctx *c, uint32_t *keys, uint64_t n)
{
    if (!c->real)
        return;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        float f = float_from_key(keys[i]);
        memcpy(&keys[i], &f, sizeof f);
    }
}

static int random_weights(const struct build_ctx *c, struct build_side *s, emogi_error *err)
{
    uint32_t *w = build_alloc(s->ne, 4, "the weights", err);
    if (!w)
        return -1;
    const struct build_opts *o = c->o;
#pragma omp parallel for schedule(dynamic, 4096)
    for (uint64_t v = 0; v < c->nv; v++)
        for (uint64_t i = s->offsets[v]; i < s->offsets[v + 1]; i++) {
            uint64_t u = c->kind == ELEM_U32 ? ((uint32_t *)s->elems)[i]
                                             : ((uint64_t *)s->elems)[i];
            w[i] = random_weight(o->seed, v, u, o->wlo, o->whi);
        }
    s->wkeys = w;
    return 0;
}

static int finish_weights(const struct build_ctx *c, struct build_side *s, emogi_error *err)
{
    if (c->weighted_in) {
        keys_to_weights(c, s->wkeys, s->ne);
        return 0;
    }
    if (c->o->weights == BUILD_WEIGHTS_RANDOM)
        return random_weights(c, s, err);
    return 0;
}

static void side_free(struct build_side *s)
{
    free(s->offsets);
    free(s->elems);
    free(s->wkeys);
    free(s->len);
    free(s->bstart);
    free(s->local);
    memset(s, 0, sizeof *s);
}

int build_choose_width(uint64_t nv, uint32_t asked, uint32_t *width, emogi_error *err)
{
    uint32_t need = emogi_id_width_for(nv);
    if (asked == 4 && need == 8)
        return emogi_fail(err, "--id-width 4 holds at most 4294967295 vertices (ids 0 to "
                               "4294967294), not %llu; use --id-width 8 or auto",
                          (unsigned long long)nv);
    if (asked != 0 && asked != 4 && asked != 8)
        return emogi_fail(err, "id width must be 4 or 8, not %u", asked);
    *width = asked ? asked : need;
    return 0;
}

static void setup_ctx(struct build_ctx *c, const struct build_opts *o, uint64_t nv,
                      uint32_t width, const struct edge_list *e, enum weight_kind wk)
{
    static const size_t elem_size[] = {4, 8, 8, sizeof(struct id_weight)};
    c->o = o;
    c->nv = nv;
    c->idmap = NULL;
    c->weighted_in = o->weights == BUILD_WEIGHTS_INPUT && wk != WEIGHTS_NONE && e->w;
    /* a skew-symmetric mirror is negative, which only float32 can hold */
    c->real = wk == WEIGHTS_REAL || (o->skew && c->weighted_in);
    c->both = !o->directed || o->mirror;
    if (width == 4)
        c->kind = c->weighted_in ? ELEM_U32W : ELEM_U32;
    else
        c->kind = c->weighted_in ? ELEM_U64W : ELEM_U64;
    c->elem_size = elem_size[c->kind];
    c->id_bits = 0;
    while (c->id_bits < 64 && nv > 1 && ((nv - 1) >> c->id_bits) != 0)
        c->id_bits++;
}

static void fill_graph(const struct build_ctx *c, uint32_t width, struct built_graph *b,
                       struct build_side *out, struct build_side *in)
{
    struct emogi_graph *g = &b->g;
    memset(g, 0, sizeof *g);
    g->nv = c->nv;
    g->ne = out->ne;
    g->id_width = width;
    g->flags = c->o->directed ? EMOGI_DIRECTED : 0;
    g->offsets = b->offsets = out->offsets;
    g->neighbors = b->neighbors = out->elems;
    g->weights = b->weights = out->wkeys;
    if (b->weights) {
        g->flags |= EMOGI_WEIGHTED;
        g->weight_type = c->real ? EMOGI_WEIGHT_FLOAT32 : EMOGI_WEIGHT_UINT32;
    }
    if (in->offsets) {
        g->flags |= EMOGI_TRANSPOSE;
        g->t_offsets = b->t_offsets = in->offsets;
        g->t_neighbors = b->t_neighbors = in->elems;
        g->t_weights = b->t_weights = in->wkeys;
    }
    if (b->idmap) {
        g->flags |= EMOGI_IDMAP;
        g->idmap = b->idmap;
    }
}

static void note(void (*progress)(const char *), const char *phase)
{
    if (progress)
        progress(phase);
}

/* The self-loops stored on side S (compacted: its lists sorted, its ids
 * of the final width), for the duplicates count. */
static uint64_t stored_loops(const struct build_ctx *c, const struct build_side *s)
{
    const uint32_t *n32 = s->elems;
    const uint64_t *n64 = s->elems;
    const int narrow = c->kind == ELEM_U32 || c->kind == ELEM_U32W;
    uint64_t loops = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : loops)
    for (uint64_t v = 0; v < c->nv; v++) {
        uint64_t lo = s->offsets[v], hi = s->offsets[v + 1];
        while (lo < hi) { /* the first entry not below v */
            uint64_t mid = lo + (hi - lo) / 2;
            if ((narrow ? n32[mid] : n64[mid]) < v)
                lo = mid + 1;
            else
                hi = mid;
        }
        while (lo < s->offsets[v + 1] && (narrow ? n32[lo] : n64[lo]) == v)
            lo++, loops++;
    }
    return loops;
}

uint64_t build_duplicates(const struct build_opts *o, uint64_t entries, uint64_t loops,
                          uint64_t ne, uint64_t self)
{
    uint64_t kept = entries - loops; /* the entries that reached the lists */
    if (o->directed && !o->mirror)
        return kept > ne ? kept - ne : 0;
    if (o->both_ends) /* every stored edge came as two entries, a loop too */
        return kept > ne + self ? (kept - ne - self) / 2 : 0;
    uint64_t edges = (ne - self) / 2 + self;
    return kept > edges ? kept - edges : 0;
}

/* Sort, compact and weigh one side. */
static int finish_side(const struct build_ctx *c, struct build_side *s, struct built_graph *b,
                       emogi_error *err)
{
    double t = emogi_now();
    if (build_sort_blocks(c, s, err) || compact_side(c, s, err))
        return -1;
    double t2 = emogi_now();
    b->times.sort += t2 - t;
    if (finish_weights(c, s, err))
        return -1;
    b->times.weights += emogi_now() - t2;
    return 0;
}

int build_csr(struct edge_list *e, uint64_t nv, enum weight_kind wk, const struct build_opts *o,
              struct built_graph *b, void (*progress)(const char *phase), emogi_error *err)
{
    struct build_side out = {0}, in = {0};
    struct build_ctx c;
    uint32_t width = 8;
    double t0 = emogi_now();
    memset(b, 0, sizeof *b);
    const uint64_t entries = e->n;
    if (o->combine == COMBINE_FIRST && !o->keep_duplicates && e->w &&
        o->weights == BUILD_WEIGHTS_INPUT && build_keep_first(e, o, err))
        goto fail;
    if (o->relabel) {
        note(progress, "relabelling");
        if (edge_list_widen(e, err) || build_relabel(e, nv, &b->idmap, &nv, err))
            goto fail;
    }
    double t1 = emogi_now();
    b->times.relabel = t1 - t0;
    if (build_choose_width(nv, o->id_width, &width, err))
        goto fail;
    setup_ctx(&c, o, nv, width, e, wk);
    c.idmap = b->idmap;
    note(progress, "distributing edges");
    const int transpose = o->transpose && o->directed;
    if (build_distribute(&c, e, 0, !transpose, &out, err))
        goto fail;
    if (transpose && build_distribute(&c, e, 1, 1, &in, err))
        goto fail;
    b->self_loops_dropped = out.self_loops;
    edge_list_free(e);
    b->times.scatter = emogi_now() - t1;
    note(progress, "sorting");
    if (finish_side(&c, &out, b, err) || (in.elems && finish_side(&c, &in, b, err)))
        goto fail;
    b->duplicates_dropped =
        build_duplicates(o, entries, b->self_loops_dropped, out.ne,
                         o->keep_self_loops ? stored_loops(&c, &out) : 0);
    fill_graph(&c, width, b, &out, &in);
    return 0;
fail:
    edge_list_free(e);
    side_free(&out);
    side_free(&in);
    free(b->idmap);
    b->idmap = NULL;
    return -1;
}

void built_graph_free(struct built_graph *b)
{
    free(b->offsets);
    free(b->neighbors);
    free(b->weights);
    free(b->t_offsets);
    free(b->t_neighbors);
    free(b->t_weights);
    free(b->idmap);
    free(b->name_offsets);
    free(b->names);
    memset(b, 0, sizeof *b);
}
