/*
 * build_scatter.c - arcs into per-vertex lists without random writes.
 *
 * Scattering each arc straight to its vertex's slot makes one cache miss
 * (and often a TLB miss) per arc once the arrays outgrow the cache.  So the
 * scatter is split as a radix partition is: pass 1 counts arcs per block of
 * 2^shift consecutive source vertices (a few thousand blocks, a histogram
 * per thread that stays in L1/L2); pass 2 appends every arc to its block's
 * region, writing a few thousand sequential streams; pass 3 takes one block
 * at a time, whose few hundred KiB stay in cache, groups its arcs by vertex
 * with a local counting sort, and sorts and deduplicates each list right
 * there.  The source of an arc survives between passes as its 16-bit offset
 * within the block, 2 bytes per arc, rather than as a copy of the edge list.
 *
 * Threads take contiguous ranges of edges ("parts") in both sweeps and
 * write at positions fixed by the pass-1 counts, so nothing is atomic.
 *
 * Pass 2 is the peak of the in-memory build: the edge list (16 bytes per
 * edge) is whole while the lists (4 or 8 bytes per arc, plus the 2 of the
 * offset) fill.  So the last pass over the list gives its pages back as
 * it goes (release_behind): the list shrinks about as fast as the lists
 * grow, and the peak is the larger of the two, not their sum (kron 22:
 * 1794 -> about 1100 MiB;
 * bench/journal/2026-11-24-cpu-backend-against-gap-one-graph-one-run.md).
 *
 * Each thread's scratch in pass 3 is sized from --memory, not from the
 * largest block: a block that a hub makes larger than it is grouped in
 * place (each slot swapped to its vertex's next free place) and its long
 * lists are sorted in place, so no buffer ever grows with the input.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "build.h"

#define MAX_SHIFT 16         /* block offsets fit in uint16_t */
#define TARGET_BLOCKS 4096   /* write streams in pass 2 */
#define TARGET_ARCS (1 << 18) /* arcs per block: L2/L3-sized in pass 3 */

static int max_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

static int choose_shift(uint64_t nv, uint64_t arcs)
{
    double degree = nv ? (double)arcs / (double)nv : 0;
    int s = 0;
    while (s < MAX_SHIFT &&
           ((nv >> s) > TARGET_BLOCKS || (double)(1ull << s) * degree < TARGET_ARCS))
        s++;
    return s;
}

static uint32_t weight_key(const struct build_ctx *c, double w)
{
    return c->real ? float_key((float)w) : (uint32_t)w;
}

static void put(const struct build_ctx *c, void *elems, uint64_t slot, uint64_t id,
                uint32_t key)
{
    switch (c->kind) {
    case ELEM_U32:
        ((uint32_t *)elems)[slot] = (uint32_t)id;
        break;
    case ELEM_U64:
        ((uint64_t *)elems)[slot] = id;
        break;
    case ELEM_U32W:
        ((uint64_t *)elems)[slot] = id << 32 | key;
        break;
    case ELEM_U64W:
        ((struct id_weight *)elems)[slot] = (struct id_weight){id, key, 0};
        break;
    }
}

struct sweep {
    const struct build_ctx *c;
    const void *src, *dst; /* uint32_t when narrow, else uint64_t */
    int narrow;
    const double *w;
    uint64_t n;
    int shift, keep_loops;
    int release; /* pass 2 gives the list's pages back behind it */
};

#define RELEASE_EDGES (1u << 16) /* edges placed between releases */

/* Give back the whole pages of A[from, to) (ELEM bytes each), as far as
 * *DONE (an address) has not already; partial pages at either end stay,
 * since the neighbouring part or allocation may still use them. */
static void release_behind(const void *a, size_t elem, uint64_t from, uint64_t to,
                           uintptr_t *done)
{
#ifdef MADV_DONTNEED
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = ((uintptr_t)a + from * elem + page - 1) / page * page;
    uintptr_t hi = ((uintptr_t)a + to * elem) / page * page;
    if (lo < *done)
        lo = *done;
    if (hi > lo) {
        madvise((void *)lo, hi - lo, MADV_DONTNEED);
        *done = hi;
    }
#else
    (void)a, (void)elem, (void)from, (void)to, (void)done;
#endif
}

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Edge I's ends; NARROW a constant where inlined, so each sweep's loop
 * comes in a 32- and a 64-bit version. */
ALWAYS_INLINE uint64_t end_at(const void *a, int narrow, uint64_t i)
{
    return narrow ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}

/* Pass 1 for edges [lo, hi): arcs per block into hist; self-loops dropped. */
ALWAYS_INLINE uint64_t count_edges(const struct sweep *sw, int narrow, uint64_t lo, uint64_t hi,
                                   uint64_t *hist)
{
    uint64_t loops = 0;
    for (uint64_t i = lo; i < hi; i++) {
        uint64_t u = end_at(sw->src, narrow, i), v = end_at(sw->dst, narrow, i);
        if (u == v) {
            if (sw->keep_loops)
                hist[u >> sw->shift]++;
            else
                loops++;
            continue;
        }
        hist[u >> sw->shift]++;
        if (sw->c->both)
            hist[v >> sw->shift]++;
    }
    return loops;
}

static uint64_t count_part(const struct sweep *sw, uint64_t lo, uint64_t hi, uint64_t *hist)
{
    return sw->narrow ? count_edges(sw, 1, lo, hi, hist) : count_edges(sw, 0, lo, hi, hist);
}

/* Pass 2 for edges [lo, hi). */
ALWAYS_INLINE void place_edges_w(const struct sweep *sw, int narrow, uint64_t lo, uint64_t hi,
                                 uint64_t *cursor, struct build_side *s)
{
    const struct build_ctx *c = sw->c;
    uint16_t mask = (uint16_t)((1u << sw->shift) - 1);
    for (uint64_t i = lo; i < hi; i++) {
        uint64_t u = end_at(sw->src, narrow, i), v = end_at(sw->dst, narrow, i);
        if (u == v && !sw->keep_loops)
            continue;
        uint32_t key = c->weighted_in ? weight_key(c, sw->w[i]) : 0;
        uint64_t slot = cursor[u >> sw->shift]++;
        put(c, s->elems, slot, v, key);
        s->local[slot] = (uint16_t)(u & mask);
        if (c->both && u != v) {
            if (c->weighted_in && c->o->skew)
                key = weight_key(c, -sw->w[i]);
            slot = cursor[v >> sw->shift]++;
            put(c, s->elems, slot, u, key);
            s->local[slot] = (uint16_t)(v & mask);
        }
    }
}

static void place_edges(const struct sweep *sw, uint64_t lo, uint64_t hi, uint64_t *cursor,
                        struct build_side *s)
{
    if (sw->narrow)
        place_edges_w(sw, 1, lo, hi, cursor, s);
    else
        place_edges_w(sw, 0, lo, hi, cursor, s);
}

/* Pass 2 for edges [lo, hi): cursor[b] is this part's next slot in block
 * b; a piece at a time when the list's pages go back behind it. */
static void place_part(const struct sweep *sw, uint64_t lo, uint64_t hi, uint64_t *cursor,
                       struct build_side *s)
{
    if (!sw->release) {
        place_edges(sw, lo, hi, cursor, s);
        return;
    }
    uintptr_t done[3] = {0, 0, 0};
    for (uint64_t at = lo; at < hi;) {
        uint64_t to = hi - at < RELEASE_EDGES ? hi : at + RELEASE_EDGES;
        place_edges(sw, at, to, cursor, s);
        const size_t width = sw->narrow ? 4 : 8;
        release_behind(sw->src, width, lo, to, &done[0]);
        release_behind(sw->dst, width, lo, to, &done[1]);
        if (sw->w)
            release_behind(sw->w, sizeof *sw->w, lo, to, &done[2]);
        at = to;
    }
}

/* hist[p][b] counts -> hist[p][b] first slots, blocks outermost so each
 * block's arcs are contiguous; bstart[b] the first slot of block b. */
static uint64_t lay_out_blocks(uint64_t *hist, int parts, uint64_t nblocks, uint64_t *bstart)
{
    uint64_t run = 0;
    for (uint64_t b = 0; b < nblocks; b++) {
        bstart[b] = run;
        for (int p = 0; p < parts; p++) {
            uint64_t k = hist[(uint64_t)p * nblocks + b];
            hist[(uint64_t)p * nblocks + b] = run;
            run += k;
        }
    }
    bstart[nblocks] = run;
    return run;
}

int build_distribute(const struct build_ctx *c, const struct edge_list *e, int swap, int last,
                     struct build_side *s, emogi_error *err)
{
    const int narrow = edge_list_narrow_p(e);
    const void *src = narrow ? (const void *)e->src32 : e->src;
    const void *dst = narrow ? (const void *)e->dst32 : e->dst;
    struct sweep sw = {c, swap ? dst : src, swap ? src : dst, narrow, e->w, e->n, 0,
                       c->o->keep_self_loops, last};
    sw.shift = s->shift = choose_shift(c->nv, e->n * (c->both ? 2 : 1));
    s->nblocks = c->nv ? ((c->nv - 1) >> s->shift) + 1 : 0;
    int parts = max_threads();
    s->bstart = build_alloc(s->nblocks + 1, sizeof *s->bstart, "the block table", err);
    if (!s->bstart)
        return -1;
    uint64_t *hist = calloc((size_t)parts * s->nblocks + 1, sizeof *hist);
    if (!hist)
        return emogi_fail(err, "out of memory for %d block histograms of %llu entries", parts,
                          (unsigned long long)s->nblocks);
    uint64_t loops = 0;
#pragma omp parallel for schedule(static, 1) reduction(+ : loops)
    for (int p = 0; p < parts; p++)
        loops += count_part(&sw, e->n * p / parts, e->n * (p + 1) / parts,
                            hist + (uint64_t)p * s->nblocks);
    s->self_loops = loops;
    s->ne = lay_out_blocks(hist, parts, s->nblocks, s->bstart);
    s->elems = build_alloc(s->ne, c->elem_size, "the neighbour lists", err);
    s->local = s->elems ? build_alloc(s->ne, sizeof *s->local, "the block offsets", err) : NULL;
    if (!s->local) {
        free(hist);
        return -1;
    }
#pragma omp parallel for schedule(static, 1)
    for (int p = 0; p < parts; p++)
        place_part(&sw, e->n * p / parts, e->n * (p + 1) / parts,
                   hist + (uint64_t)p * s->nblocks, s);
    free(hist);
    return 0;
}

static int cmp_id_weight(const void *a, const void *b)
{
    const struct id_weight *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return x->key < y->key ? -1 : x->key > y->key;
}

#define SORT_UNIQUE(T, SORT, KEY)                                                            \
    do {                                                                                     \
        T *a = (T *)elems + lo;                                                              \
        SORT;                                                                                \
        if (!dedup)                                                                          \
            return n;                                                                        \
        for (uint64_t i = 0; i < n; i++)                                                     \
            if (k == 0 || KEY(a[i]) != KEY(a[k - 1]))                                        \
                a[k++] = a[i];                                                               \
        return k;                                                                            \
    } while (0)
#define PLAIN(x) (x)

/* Below this length introsort beats radix's fixed cost of 256-entry counts
 * per pass. */
#define RADIX_MIN 384

/* Sorted (id << 32 | key) slots: one per id, its key combined from its
 * duplicates' (the smallest comes first); the new length.  A sum that
 * overflows leaves the id in *bad. */
static uint64_t combine_u32w(const struct build_ctx *c, uint64_t *a, uint64_t n,
                             uint64_t *bad)
{
    uint64_t k = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (k == 0 || a[i] >> 32 != a[k - 1] >> 32) {
            a[k++] = a[i];
            continue;
        }
        uint32_t acc = (uint32_t)a[k - 1];
        if (combine_keys(c->o->combine, c->real, &acc, (uint32_t)a[i]))
            *bad = a[i] >> 32;
        a[k - 1] = (a[k - 1] >> 32) << 32 | acc;
    }
    return k;
}

static uint64_t combine_u64w(const struct build_ctx *c, struct id_weight *a, uint64_t n,
                             uint64_t *bad)
{
    uint64_t k = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (k == 0 || a[i].id != a[k - 1].id)
            a[k++] = a[i];
        else if (combine_keys(c->o->combine, c->real, &a[k - 1].key, a[i].key))
            *bad = a[i].id;
    }
    return k;
}

/* Sort slots [lo, lo+n) and squeeze out duplicates; returns the new length.
 * Sorted (id, weight key) pairs come smallest weight first for --combine.
 * TMP holds TMP_SLOTS slots; a longer list is sorted in place.  *BAD gets
 * the neighbour whose duplicates' sum overflows. */
static uint64_t sort_list(const struct build_ctx *c, void *elems, uint64_t lo, uint64_t n,
                          void *tmp, uint64_t tmp_slots, uint64_t *bad)
{
    uint64_t k = 0;
    int dedup = !c->o->keep_duplicates, radix = n >= RADIX_MIN && n <= tmp_slots;
    switch (c->kind) {
    case ELEM_U32:
        SORT_UNIQUE(uint32_t, radix ? radix_sort_u32(a, tmp, n, c->id_bits) : sort_u32(a, n),
                    PLAIN);
    case ELEM_U64:
        SORT_UNIQUE(uint64_t, radix ? radix_sort_u64(a, tmp, n, c->id_bits) : sort_u64(a, n),
                    PLAIN);
    case ELEM_U32W:
        sort_u64((uint64_t *)elems + lo, n);
        return dedup ? combine_u32w(c, (uint64_t *)elems + lo, n, bad) : n;
    case ELEM_U64W:
        qsort((struct id_weight *)elems + lo, n, sizeof(struct id_weight), cmp_id_weight);
        return dedup ? combine_u64w(c, (struct id_weight *)elems + lo, n, bad) : n;
    }
    return n;
}

/* Slots of one block, permuted into vertex order through scratch. */
#define GROUP(T)                                                                             \
    do {                                                                                     \
        T *in = (T *)s->elems + lo, *out = scratch;                                          \
        for (uint64_t j = 0; j < n; j++)                                                     \
            out[cur[loc[j]]++] = in[j];                                                      \
        memcpy(in, out, n * sizeof(T));                                                      \
    } while (0)

/* The same in place, for a block larger than the scratch: the slot at
 * cur[i] goes to the next free place of its vertex until vertex i's range
 * holds only its own; every swap settles one slot for good. */
#define GROUP_IN_PLACE(T)                                                                    \
    do {                                                                                     \
        T *a = (T *)s->elems + lo;                                                           \
        for (uint64_t i = 0; i < nb; i++) {                                                  \
            uint64_t end = i + 1 < nb ? s->offsets[v0 + i + 1] - lo : n;                     \
            while (cur[i] < end) {                                                           \
                uint64_t at = cur[i], to = cur[loc[at]];                                     \
                if (loc[at] == i) {                                                          \
                    cur[i]++;                                                                \
                    continue;                                                                \
                }                                                                            \
                cur[loc[at]]++;                                                              \
                T t = a[to];                                                                 \
                a[to] = a[at];                                                               \
                a[at] = t;                                                                   \
                uint16_t l = loc[to];                                                        \
                loc[to] = loc[at];                                                           \
                loc[at] = l;                                                                 \
            }                                                                                \
        }                                                                                    \
    } while (0)

static void group_block(const struct build_ctx *c, struct build_side *s, uint64_t lo,
                        uint64_t n, uint64_t v0, uint64_t nb, uint64_t *cur, void *scratch,
                        uint64_t slots)
{
    uint16_t *loc = s->local + lo;
    if (n <= slots) {
        switch (c->elem_size) {
        case 4: GROUP(uint32_t); break;
        case 8: GROUP(uint64_t); break;
        default: GROUP(struct id_weight); break;
        }
        return;
    }
    switch (c->elem_size) {
    case 4: GROUP_IN_PLACE(uint32_t); break;
    case 8: GROUP_IN_PLACE(uint64_t); break;
    default: GROUP_IN_PLACE(struct id_weight); break;
    }
}

/* The first pair whose combined weight overflows, in input ids. */
struct overflow {
    int found;
    uint64_t u, v;
};

static void note_overflow(struct overflow *o, uint64_t u, uint64_t v)
{
#pragma omp critical(build_overflow)
    if (!o->found || u < o->u || (u == o->u && v < o->v)) {
        o->found = 1;
        o->u = u;
        o->v = v;
    }
}

static void sort_block(const struct build_ctx *c, struct build_side *s, uint64_t b,
                       uint64_t *cur, void *scratch, uint64_t slots, struct overflow *of)
{
    uint64_t lo = s->bstart[b], n = s->bstart[b + 1] - lo;
    uint64_t v0 = b << s->shift, nb = c->nv - v0;
    const uint16_t *loc = s->local + lo;
    if (nb > 1ull << s->shift)
        nb = 1ull << s->shift;
    memset(cur, 0, nb * sizeof *cur);
    for (uint64_t j = 0; j < n; j++)
        cur[loc[j]]++;
    for (uint64_t i = 0, run = 0; i < nb; i++) {
        uint64_t k = cur[i];
        cur[i] = run;
        s->offsets[v0 + i] = lo + run;
        run += k;
    }
    group_block(c, s, lo, n, v0, nb, cur, scratch, slots);
    /* cur[i] is now the end of list i */
    for (uint64_t i = 0; i < nb; i++) {
        uint64_t start = s->offsets[v0 + i] - lo;
        uint64_t bad = UINT64_MAX;
        s->len[v0 + i] = sort_list(c, s->elems, lo + start, cur[i] - start, scratch, slots,
                                   &bad);
        if (bad != UINT64_MAX)
            note_overflow(of, c->idmap ? c->idmap[v0 + i] : v0 + i,
                          c->idmap ? c->idmap[bad] : bad);
    }
}

int build_sort_blocks(const struct build_ctx *c, struct build_side *s, emogi_error *err)
{
    uint64_t biggest = 0;
    for (uint64_t b = 0; b < s->nblocks; b++)
        if (s->bstart[b + 1] - s->bstart[b] > biggest)
            biggest = s->bstart[b + 1] - s->bstart[b];
    s->offsets = build_alloc(c->nv + 1, sizeof *s->offsets, "the vertex offsets", err);
    s->len = build_alloc(c->nv + 1, sizeof *s->len, "the list lengths", err);
    if (!s->offsets || !s->len)
        return -1;
    s->offsets[c->nv] = s->ne;
    int failed = 0;
    struct overflow of = {0, 0, 0};
    uint64_t slots = build_scratch_slots(c->o->memory, max_threads(), c->elem_size);
    uint64_t ncur = (uint64_t)1 << s->shift;
    slots = slots < biggest ? slots : biggest;
    ncur = ncur < c->nv ? ncur : c->nv;
#pragma omp parallel
    {
        uint64_t *cur = malloc((ncur ? ncur : 1) * sizeof *cur);
        void *scratch = malloc(slots ? slots * c->elem_size : 1);
        if (!cur || !scratch) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp barrier
        if (!failed) {
#pragma omp for schedule(dynamic, 1)
            for (uint64_t b = 0; b < s->nblocks; b++)
                sort_block(c, s, b, cur, scratch, slots, &of);
        }
        free(cur);
        free(scratch);
    }
    free(s->local);
    free(s->bstart);
    s->local = NULL;
    s->bstart = NULL;
    if (failed)
        return emogi_fail(err, "out of memory for per-thread sort buffers of %llu entries",
                          (unsigned long long)slots);
    if (of.found)
        return emogi_fail(err, "the sum of the weights of duplicate edge %llu %llu overflows %s",
                          (unsigned long long)of.u, (unsigned long long)of.v,
                          c->real ? "float32" : "uint32");
    return 0;
}
