/*
 * tc.c - triangle counting on the CPU (OpenMP): the reference backend.
 *
 * Each edge is oriented from its end of lower degree to its end of
 * higher degree (ties: towards the smaller id), as in the GAP benchmark
 * suite's tc.cc and the literature it follows (Schank and Wagner,
 * "Finding, counting and listing all triangles in large graphs", WEA
 * 2005): every vertex keeps only its higher-ordered neighbours, a list no
 * longer than the square root of twice the edges, and a triangle
 * x < y < z in that order is found once, as z in both x's and y's kept
 * lists for the oriented edge x -> y.  The kept lists are built once,
 * here, from the stored lists (plain or compressed), which drops
 * self-loops and duplicates on the way, so the count is that of the
 * simple graph.
 *
 * The intersection marks x's kept list in a bitmap of the vertices, one
 * per thread, and tests each entry of y's kept list there: one load and
 * no branch per entry, where a merge of two sorted lists mispredicts a
 * branch at almost every step.  The bitmap is an eighth of a byte per
 * vertex, and its words for the hubs, which most kept lists hold, stay in
 * cache.
 *
 * Renumbering the kept lists by degree (hubs first) gathers those hot
 * words and the lists every vertex reads at the front of memory, but
 * costs a sort of every list; it is done where GAP's WorthRelabelling
 * says it pays: a dense graph with a skewed degree distribution.
 *
 * Both id widths share one body: the workers are always_inline and called
 * with a constant width, so each loop is compiled for 4- and 8-byte ids.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_clist.h"
#include "emogi_tc.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* GAP's WorthRelabelling: the degrees it samples, the average degree it
 * asks for, and the skew (mean over median) it asks for. */
#define SAMPLES 1000
#define DENSE_DEGREE 10
#define SKEW 1.3

/* Where y's kept list is this many times longer than the entries of x's
 * it may share, those are searched in it rather than it scanned
 * (bench/journal/2026-12-07-tc-cpu-against-gap.md). */
#define SEARCH_RATIO 16

/* Below a few thousand vertices waking threads costs more than the work. */
#define PARALLEL_FROM 4096

ALWAYS_INLINE uint64_t get(const void *a, uint64_t i, unsigned w)
{
    return w == 4 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}
ALWAYS_INLINE void put(void *a, uint64_t i, uint64_t x, unsigned w)
{
    if (w == 4)
        ((uint32_t *)a)[i] = (uint32_t)x;
    else
        ((uint64_t *)a)[i] = x;
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int emogi_tc_check_graph(const struct emogi_graph *g, emogi_error *err)
{
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "id width %u unsupported (4 or 8 bytes)", g->id_width);
    if (g->flags & EMOGI_DIRECTED)
        return emogi_fail(err, "the graph is directed: triangles are counted on an undirected "
                               "graph");
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int emogi_tc_worth_relabelling(const struct emogi_graph *g)
{
    if (g->nv == 0 || g->ne / 2 / g->nv < DENSE_DEGREE)
        return 0;
    const uint64_t n = g->nv < SAMPLES ? g->nv : SAMPLES;
    uint64_t sample[SAMPLES], x = 27491095, total = 0, k = 0; /* GAP's seed */
    /* vertices with edges, as GAP's SourcePicker draws them */
    for (uint64_t tries = 0; k < n && tries < 64 * SAMPLES; tries++) {
        const uint64_t v = splitmix(&x) % g->nv;
        if (emogi_degree(g, v) == 0)
            continue;
        sample[k] = emogi_degree(g, v);
        total += sample[k++];
    }
    if (k == 0)
        return 0;
    qsort(sample, k, sizeof *sample, cmp_u64);
    return (double)total / (double)k / SKEW > (double)sample[k / 2];
}

uint64_t emogi_tc_up_bound(const struct emogi_graph *g)
{
    /* with degrees in descending order, the largest min(d_i, i + 1) */
    uint64_t *count = calloc(g->nv + 1, sizeof *count);
    if (!count)
        return g->nv;
    uint64_t top = 0;
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t d = emogi_degree(g, v);
        d = d < g->nv ? d : g->nv;
        count[d]++;
    }
    uint64_t at_least = 0;
    for (uint64_t d = g->nv + 1; d-- > 0;) {
        at_least += count[d];
        const uint64_t m = d < at_least ? d : at_least;
        top = m > top ? m : top;
    }
    free(count);
    return top;
}

int emogi_tc_first_repeat(const struct emogi_graph *g, uint64_t *v, emogi_error *err)
{
    const struct emogi_lists lists = emogi_lists_out(g);
    uint64_t first = UINT64_MAX;
    int bad = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first) if (g->nv >= PARALLEL_FROM)
    for (uint64_t u = 0; u < g->nv; u++) {
        uint64_t block[EMOGI_CLIST_BLOCK], last = UINT64_MAX;
        struct emogi_list_reader r;
        int k;
        if (u > first)
            continue;
        emogi_list_open(&r, &lists, u);
        while ((k = emogi_list_next(&r, block)) > 0)
            for (int i = 0; i < k; i++) {
                if (block[i] == last && u < first)
                    first = u;
                last = block[i];
            }
        if (k < 0)
            bad = 1;
    }
    if (bad)
        return emogi_fail(err, "%s: a compressed list is corrupt", g->path ? g->path : "graph");
    if (first == UINT64_MAX)
        return 0;
    *v = first;
    return 1;
}

/* ---- sorting and deduplicating lists ---- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Insertion sort of N (at most 32) ids at A. */
ALWAYS_INLINE void sort_short(void *a, uint64_t n, unsigned w)
{
    for (uint64_t i = 1; i < n; i++) {
        const uint64_t x = get(a, i, w);
        uint64_t j = i;
        for (; j > 0 && get(a, j - 1, w) > x; j--)
            put(a, j, get(a, j - 1, w), w);
        put(a, j, x, w);
    }
}

/* Sort N ids at A and drop repeats and SKIP; the count kept. */
ALWAYS_INLINE uint64_t sort_unique(void *a, uint64_t n, uint64_t skip, unsigned w)
{
    if (n > 32)
        qsort(a, n, w, w == 4 ? cmp_u32 : cmp_u64);
    else
        sort_short(a, n, w);
    uint64_t k = 0;
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t x = get(a, i, w);
        if (x != skip && (k == 0 || get(a, k - 1, w) != x))
            put(a, k++, x, w);
    }
    return k;
}

/* ---- the undirected graph under a directed one ---- */

void emogi_tc_symmetric_free(struct emogi_graph *sym)
{
    free((void *)sym->offsets);
    free((void *)sym->neighbors);
    memset(sym, 0, sizeof *sym);
}

ALWAYS_INLINE int symmetric(const struct emogi_graph *g, struct emogi_graph *sym, unsigned w,
                            emogi_error *err)
{
    const uint64_t nv = g->nv;
    const struct emogi_lists out = emogi_lists_out(g);
    uint64_t *cap = calloc(nv + 1, sizeof *cap), *fill = calloc(nv + 1, sizeof *fill);
    /* page-aligned, so a GPU placement can pin them as it pins a mapping */
    uint64_t *off = aligned_alloc(4096, ((nv + 1) * sizeof *off + 4095) / 4096 * 4096);
    void *ids = NULL, *tmp = NULL;
    if (!cap || !fill || !off)
        goto oom;
    for (uint64_t u = 0; u < nv; u++) {
        cap[u] += emogi_degree(g, u);
        struct emogi_list_reader r;
        uint64_t block[EMOGI_CLIST_BLOCK];
        int k;
        emogi_list_open(&r, &out, u);
        while ((k = emogi_list_next(&r, block)) > 0)
            for (int i = 0; i < k; i++)
                cap[block[i]]++;
        if (k < 0)
            goto corrupt;
    }
    for (uint64_t u = 0, s = 0; u <= nv; u++) { /* exclusive prefix sums */
        const uint64_t c = cap[u];
        cap[u] = fill[u] = s;
        s += c;
    }
    tmp = malloc((cap[nv] ? cap[nv] : 1) * w);
    if (!tmp)
        goto oom;
    for (uint64_t u = 0; u < nv; u++) {
        struct emogi_list_reader r;
        uint64_t block[EMOGI_CLIST_BLOCK];
        int k;
        emogi_list_open(&r, &out, u);
        while ((k = emogi_list_next(&r, block)) > 0)
            for (int i = 0; i < k; i++) {
                put(tmp, fill[u]++, block[i], w);
                put(tmp, fill[block[i]]++, u, w);
            }
    }
    uint64_t kept = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : kept) if (nv >= PARALLEL_FROM)
    for (uint64_t u = 0; u < nv; u++) {
        fill[u] = sort_unique((char *)tmp + cap[u] * w, cap[u + 1] - cap[u], u, w);
        kept += fill[u];
    }
    ids = aligned_alloc(4096, (kept * w + 4095) / 4096 * 4096 + 4096);
    if (!ids)
        goto oom;
    off[0] = 0;
    for (uint64_t u = 0; u < nv; u++)
        off[u + 1] = off[u] + fill[u];
#pragma omp parallel for schedule(dynamic, 256) if (nv >= PARALLEL_FROM)
    for (uint64_t u = 0; u < nv; u++)
        memcpy((char *)ids + off[u] * w, (char *)tmp + cap[u] * w, fill[u] * w);
    free(tmp);
    free(cap);
    free(fill);
    memset(sym, 0, sizeof *sym);
    sym->nv = nv;
    sym->ne = kept;
    sym->id_width = w;
    sym->flags = g->flags & (EMOGI_IDMAP | EMOGI_IDNAMES);
    sym->offsets = off;
    sym->neighbors = ids;
    sym->idmap = g->idmap;
    sym->name_offsets = g->name_offsets;
    sym->names = g->names;
    sym->path = g->path;
    return 0;
corrupt:
    free(cap), free(fill), free(off), free(tmp);
    return emogi_fail(err, "%s: a compressed list is corrupt", g->path ? g->path : "graph");
oom:
    free(cap), free(fill), free(off), free(tmp), free(ids);
    return emogi_fail(err, "out of memory for the symmetric lists of %llu vertices",
                      (unsigned long long)nv);
}

int emogi_tc_symmetric(const struct emogi_graph *g, struct emogi_graph *sym, emogi_error *err)
{
    if (g->id_width == 4)
        return symmetric(g, sym, 4, err);
    if (g->id_width == 8)
        return symmetric(g, sym, 8, err);
    return emogi_fail(err, "id width %u unsupported (4 or 8 bytes)", g->id_width);
}

/* ---- the oriented lists ---- */

/* Each vertex's higher-ordered neighbours: vertex x's are ids[off[x]] ..
 * ids[off[x] + len[x] - 1], ascending, by new ids when PERM is set (PERM
 * maps an old id to its new one, INV the other way). */
struct oriented {
    uint64_t *off, *len, *perm, *inv;
    void *ids;
};

static void oriented_free(struct oriented *o)
{
    free(o->off), free(o->len), free(o->perm), free(o->inv), free(o->ids);
}

/* Whether W is ordered above U: of higher degree, or of equal degree and
 * a smaller id. */
ALWAYS_INLINE bool above(const uint64_t *deg_off, uint64_t u, uint64_t w)
{
    const uint64_t du = deg_off[u + 1] - deg_off[u], dw = deg_off[w + 1] - deg_off[w];
    return dw > du || (dw == du && w < u);
}

/* PERM and INV: vertices by descending degree, ties by ascending id (a
 * counting sort, stable in id), the order of above(). */
static int degree_order(const struct emogi_graph *g, struct oriented *o)
{
    uint64_t maxd = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        maxd = emogi_degree(g, v) > maxd ? emogi_degree(g, v) : maxd;
    uint64_t *start = calloc(maxd + 2, sizeof *start);
    o->perm = malloc(g->nv * sizeof *o->perm);
    o->inv = malloc(g->nv * sizeof *o->inv);
    if (!start || !o->perm || !o->inv) {
        free(start);
        return -1;
    }
    for (uint64_t v = 0; v < g->nv; v++)
        start[maxd - emogi_degree(g, v) + 1]++;
    for (uint64_t d = 1; d <= maxd + 1; d++)
        start[d] += start[d - 1];
    for (uint64_t v = 0; v < g->nv; v++) {
        const uint64_t x = start[maxd - emogi_degree(g, v)]++;
        o->perm[v] = x;
        o->inv[x] = v;
    }
    free(start);
    return 0;
}

ALWAYS_INLINE int orient(const struct emogi_graph *g, struct oriented *o, bool relabel, unsigned w,
                         uint64_t *kept_out)
{
    const uint64_t nv = g->nv, *deg = g->offsets;
    const struct emogi_lists lists = emogi_lists_out(g);
    memset(o, 0, sizeof *o);
    o->off = malloc((nv + 1) * sizeof *o->off);
    o->len = malloc((nv ? nv : 1) * sizeof *o->len);
    if (!o->off || !o->len || (relabel && degree_order(g, o) < 0))
        return -1;
    const uint64_t *perm = o->perm;
    int bad = 0;
    /* the entries above each vertex, repeats included: room for its list */
#pragma omp parallel for schedule(dynamic, 1024) if (nv >= PARALLEL_FROM)
    for (uint64_t u = 0; u < nv; u++) {
        uint64_t n = 0, block[EMOGI_CLIST_BLOCK];
        struct emogi_list_reader r;
        int k;
        emogi_list_open(&r, &lists, u);
        while ((k = emogi_list_next(&r, block)) > 0)
            for (int i = 0; i < k; i++)
                n += above(deg, u, block[i]);
        if (k < 0)
            bad = 1;
        o->len[relabel ? perm[u] : u] = n;
    }
    if (bad)
        return -2;
    o->off[0] = 0;
    for (uint64_t x = 0; x < nv; x++)
        o->off[x + 1] = o->off[x] + o->len[x];
    o->ids = malloc((o->off[nv] ? o->off[nv] : 1) * w);
    if (!o->ids)
        return -1;
    uint64_t kept = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : kept) if (nv >= PARALLEL_FROM)
    for (uint64_t u = 0; u < nv; u++) {
        const uint64_t x = relabel ? perm[u] : u;
        char *list = (char *)o->ids + o->off[x] * w;
        uint64_t n = 0, block[EMOGI_CLIST_BLOCK];
        struct emogi_list_reader r;
        int k;
        emogi_list_open(&r, &lists, u);
        while ((k = emogi_list_next(&r, block)) > 0)
            for (int i = 0; i < k; i++)
                if (above(deg, u, block[i]))
                    put(list, n++, relabel ? perm[block[i]] : block[i], w);
        if (relabel)
            n = sort_unique(list, n, UINT64_MAX, w);
        else { /* ascending already: drop repeats */
            uint64_t m = 0;
            for (uint64_t i = 0; i < n; i++)
                if (m == 0 || get(list, m - 1, w) != get(list, i, w))
                    put(list, m++, get(list, i, w), w);
            n = m;
        }
        o->len[x] = n;
        kept += n;
    }
    *kept_out = kept;
    return 0;
}

/* ---- the count ---- */

/* |A ∩ B| of ascending lists, A much the shorter: each entry of A found
 * by binary search in what is left of B; each match Z also counted in
 * T[Z]. */
ALWAYS_INLINE uint64_t search(const void *a, uint64_t na, const void *b, uint64_t nb,
                              uint64_t *t, unsigned w)
{
    uint64_t c = 0, lo = 0;
    for (uint64_t i = 0; i < na && lo < nb; i++) {
        const uint64_t z = get(a, i, w);
        uint64_t hi = nb;
        while (lo < hi) {
            const uint64_t mid = lo + (hi - lo) / 2;
            if (get(b, mid, w) < z)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < nb && get(b, lo, w) == z) {
            c++;
            if (t)
                __atomic_fetch_add(&t[z], 1, __ATOMIC_RELAXED);
        }
    }
    return c;
}

/* The triangles of the kept lists O, at each vertex in T when not NULL;
 * -1 when a thread's bitmap cannot be allocated. */
ALWAYS_INLINE int count(const struct oriented *o, uint64_t nv, bool relabel, uint64_t *t,
                        unsigned w, uint64_t *triangles, uint64_t *examined)
{
    uint64_t total = 0, read = 0;
    int failed = 0;
    const uint64_t words = (nv + 63) / 64;
#pragma omp parallel reduction(+ : total, read) if (nv >= PARALLEL_FROM)
    {
        uint64_t *mark = calloc(words ? words : 1, sizeof *mark);
        if (!mark)
            __atomic_store_n(&failed, 1, __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic, 64)
        for (uint64_t x = 0; x < nv; x++) {
            if (!mark)
                continue;
            const char *a = (const char *)o->ids + o->off[x] * w;
            const uint64_t na = o->len[x];
            uint64_t here = 0;
            if (na < 2)
                continue;
            for (uint64_t i = 0; i < na; i++) {
                const uint64_t z = get(a, i, w);
                mark[z >> 6] |= 1ull << (z & 63);
            }
            for (uint64_t i = 0; i < na; i++) {
                const uint64_t y = get(a, i, w), ny = o->len[y];
                const char *b = (const char *)o->ids + o->off[y] * w;
                uint64_t c = 0;
                /* renumbered, y's list holds ids below y alone: x's before it */
                const uint64_t cand = relabel ? i : na;
                if (cand * SEARCH_RATIO < ny) {
                    c = search(a, cand, b, ny, t, w);
                    read += cand;
                } else {
                    if (!t)
                        for (uint64_t j = 0; j < ny; j++) {
                            const uint64_t z = get(b, j, w);
                            c += (mark[z >> 6] >> (z & 63)) & 1;
                        }
                    else
                        for (uint64_t j = 0; j < ny; j++) {
                            const uint64_t z = get(b, j, w);
                            if ((mark[z >> 6] >> (z & 63)) & 1) {
                                c++;
                                __atomic_fetch_add(&t[z], 1, __ATOMIC_RELAXED);
                            }
                        }
                    read += ny;
                }
                if (t && c)
                    __atomic_fetch_add(&t[y], c, __ATOMIC_RELAXED);
                here += c;
            }
            for (uint64_t i = 0; i < na; i++)
                mark[get(a, i, w) >> 6] = 0;
            read += 2 * na;
            if (t && here)
                __atomic_fetch_add(&t[x], here, __ATOMIC_RELAXED);
            total += here;
        }
        free(mark);
    }
    *triangles = total;
    *examined = read;
    return failed ? -1 : 0;
}

ALWAYS_INLINE int run(const struct emogi_graph *g, uint64_t *counts, struct emogi_tc_stats *st,
                      unsigned w, emogi_error *err)
{
    const double t0 = emogi_now();
    const bool relabel = emogi_tc_worth_relabelling(g);
    struct oriented o;
    uint64_t kept = 0, examined = 0, *t = NULL;
    const int rc = orient(g, &o, relabel, w, &kept);
    if (rc < 0) {
        oriented_free(&o);
        if (rc == -2)
            return emogi_fail(err, "%s: a compressed list is corrupt", g->path ? g->path : "graph");
        return emogi_fail(err, "out of memory for the oriented lists of %llu vertices",
                          (unsigned long long)g->nv);
    }
    const double t1 = emogi_now();
    if (counts) {
        t = relabel ? calloc(g->nv ? g->nv : 1, sizeof *t) : counts;
        if (!t) {
            oriented_free(&o);
            return emogi_fail(err, "out of memory for %llu counts", (unsigned long long)g->nv);
        }
        if (!relabel)
            memset(counts, 0, g->nv * sizeof *counts);
    }
    uint64_t total = 0;
    if (count(&o, g->nv, relabel, t, w, &total, &examined) < 0) {
        if (t != counts)
            free(t);
        oriented_free(&o);
        return emogi_fail(err, "out of memory for the bitmaps of %llu vertices",
                          (unsigned long long)g->nv);
    }
    if (counts && relabel) {
#pragma omp parallel for if (g->nv >= PARALLEL_FROM)
        for (uint64_t v = 0; v < g->nv; v++)
            counts[v] = t[o.perm[v]];
        free(t);
    }
    oriented_free(&o);
    if (st) {
        st->seconds = emogi_now() - t0;
        st->orient_seconds = t1 - t0;
        st->triangles = total;
        st->relabelled = relabel;
        st->oriented_edges = kept;
        st->edges_examined = examined;
        st->edge_bytes = examined * w;
        st->link_bytes = st->devmem_bytes = 0; /* no link on the CPU */
    }
    return 0;
}

int emogi_tc_cpu(const struct emogi_graph *g, uint64_t *counts, struct emogi_tc_stats *st,
                 emogi_error *err)
{
    if (emogi_tc_check_graph(g, err) < 0)
        return -1;
    /* oriented ids as narrow as the vertex count allows */
    return g->nv <= UINT32_MAX ? run(g, counts, st, 4, err) : run(g, counts, st, 8, err);
}

uint64_t emogi_tc_gpu_state_bytes(const struct emogi_graph *g, int per_vertex)
{
    /* tc.cu: a table for each warp it runs (at most the resident ones, no
     * more than EMOGI_TC_MAX_WARPS on any GPU) within EMOGI_TC_TABLES_MAX,
     * the counts, and its counters */
    const uint64_t per_warp = emogi_tc_warp_bytes(emogi_tc_up_bound(g) + 1, g->id_width);
    const uint64_t warps = EMOGI_TC_TABLES_MAX / per_warp;
    const uint64_t tables = per_warp * (warps < EMOGI_TC_MAX_WARPS ? warps : EMOGI_TC_MAX_WARPS);
    return (tables > per_warp * 8 ? tables : per_warp * 8) +
           (per_vertex ? g->nv * sizeof(uint64_t) : 0) + 4096;
}
