/*
 * pagerank.c - PageRank on the CPU (OpenMP): the reference backend.
 *
 * The pull formulation of the GAP benchmark suite's pr.cc (S. Beamer,
 * K. Asanovic, D. Patterson, "The GAP Benchmark Suite", 2015), after
 * Page, Brin et al. (1999): every vertex sums the contributions of its
 * in-neighbours (rank / out-degree), and writes its new rank and, into a
 * second array, the contribution it will send in the next iteration.
 * Pulling writes each rank once, by one thread, so no atomics are needed,
 * and the in-edge array is swept front to back; only the contributions,
 * nv doubles or floats (emogi_pagerank_store), are read at random.  GAP
 * leaves dangling vertices' rank to
 * leak away; here it is spread over all vertices (emogi_pagerank.h), so
 * ranks sum to 1.
 *
 * Reproducible sums: each vertex sums its in-list in list order, and the
 * two global sums (dangling rank, L1 change) are taken per fixed block of
 * BLOCK_V vertices and then over blocks in order, so the thread count
 * and schedule change nothing in the result.  Compressed in-lists
 * (emogi_clist.h) are summed in the same order: the same ranks, bit for bit.
 *
 * Weighted (emogi_pagerank.h): a contribution is rank / out-weight sum,
 * and each in-edge's is multiplied by its weight as it is summed.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "clist_fast.h"
#include "pagerank_sum.h"
#include "random_array.h"
#include "emogi_pagerank.h"

#define BLOCK_V EMOGI_PAGERANK_BLOCK /* vertices per partial sum, and per scheduled chunk */
#define RUN_PIECE 256 /* compressed entries summed between refills */
#define PREFETCH EMOGI_RANDOM_AHEAD /* in-edges ahead (random_array.h) */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

struct pr_state {
    const struct emogi_graph *in;
    const uint64_t *out_off;
    const double *outw; /* weighted: out-weight sums; else NULL */
    int packed; /* in-lists compressed (clist_fast.h) */
    struct emogi_clist_dir lists;
    double *rank;
    void *contrib, *next; /* this and the next iteration's: double, or float with f32 */
    int f32;
    double *part_delta, *part_dang; /* one partial sum per block */
    uint64_t nblocks;
    uint64_t examined; /* in-edge entries the gathers read */
};

ALWAYS_INLINE double load_c(const void *c, int f32, uint64_t u)
{
    return f32 ? (double)((const float *)c)[u] : ((const double *)c)[u];
}

ALWAYS_INLINE void store_c(void *c, int f32, uint64_t u, double x)
{
    if (f32)
        ((float *)c)[u] = (float)x;
    else
        ((double *)c)[u] = x;
}

ALWAYS_INLINE void prefetch_c(const void *c, int f32, uint64_t u)
{
    if (f32)
        __builtin_prefetch((const float *)c + u);
    else
        __builtin_prefetch((const double *)c + u);
}

int emogi_pagerank_check_params(const struct emogi_pagerank_params *prm, emogi_error *err)
{
    if (!(prm->damping >= 0 && prm->damping < 1))
        return emogi_fail(err, "damping %g out of range: 0 <= d < 1", prm->damping);
    if (!(prm->tolerance >= 0 && isfinite(prm->tolerance)))
        return emogi_fail(err, "tolerance %g out of range: a finite T >= 0", prm->tolerance);
    if (prm->max_iterations < 1)
        return emogi_fail(err, "the iteration cap must be at least 1");
    return 0;
}

static double sum_blocks(const struct pr_state *s, const double *part)
{
    double sum = 0;
    for (uint64_t b = 0; b < s->nblocks; b++)
        sum += part[b];
    return sum;
}

/* The weight kinds the gathers are compiled for. */
enum { W_NONE, W_U32, W_F32 };

/* In-edge E's weight for kind WK (W_U32 or W_F32: a constant, so the
 * type test folds away). */
ALWAYS_INLINE double in_weight(const struct emogi_graph *in, int wk, uint64_t e)
{
    return emogi_pagerank_weight(in->weights,
                                 wk == W_F32 ? EMOGI_WEIGHT_FLOAT32 : EMOGI_WEIGHT_UINT32, e);
}

/* Whether V is dangling: no out-edges, or weighted, no out-weight. */
ALWAYS_INLINE int dangling_vertex(const uint64_t *out_off, const double *outw, uint64_t v)
{
    return outw ? !(outw[v] > 0) : out_off[v + 1] == out_off[v];
}

/*
 * Starting ranks.  1/n everywhere is far from the fixed point of graphs
 * with many vertices that nothing links to (kron 22: 43% isolated): the
 * first iterations spend themselves moving that rank.  A vertex without
 * in-edges has exactly the teleport share plus its part of the dangling
 * rank D, a = ((1 - d) + d D) / n, from the start; the others start
 * level, at b.  With S vertices without in-edges, Z of them dangling,
 * and M dangling vertices with in-edges, D = Z a + M b and S a +
 * (n - S) b = 1 give
 *   a = ((1 - d) + d M / (n - S)) / (n - d Z + d M S / (n - S)).
 * Any start converges to the same point; this one saves iterations and
 * ends nearer it.  Starting in proportion to in-degree saves one more
 * Jacobi iteration but stirs a slowly decaying mode, whose ranks stop
 * further from the fixed point than the tolerance
 * (bench/journal/2026-11-24-cpu-backend-against-gap-one-graph-one-run.md).
 */
void emogi_pagerank_cpu_start(const struct emogi_graph *in, const uint64_t *out_off,
                              const double *outw, double d, double *rank)
{
    const uint64_t nv = in->nv, *off = in->offsets;
    uint64_t nsrc = 0, zdang = 0, mdang = 0;
#pragma omp parallel for schedule(static) reduction(+ : nsrc, zdang, mdang)
    for (uint64_t v = 0; v < nv; v++) {
        int src = off[v + 1] == off[v], dang = dangling_vertex(out_off, outw, v);
        nsrc += src, zdang += src && dang, mdang += !src && dang;
    }
    const double n = (double)nv, S = (double)nsrc, Z = (double)zdang, M = (double)mdang;
    double a = 1.0 / n, b = a;
    if (nsrc < nv) {
        double a1 = ((1 - d) + d * M / (n - S)) / (n - d * Z + d * M * S / (n - S));
        double b1 = (1 - S * a1) / (n - S);
        if (a1 > 0 && b1 > 0)
            a = a1, b = b1;
    }
#pragma omp parallel for schedule(static)
    for (uint64_t v = 0; v < nv; v++)
        rank[v] = off[v + 1] == off[v] ? a : b;
}

/* V's contribution from its rank R into C; returns R when V is dangling. */
ALWAYS_INLINE double contribute(const struct pr_state *s, void *c, int f32, uint64_t v, double r)
{
    if (s->outw) {
        double w = s->outw[v];
        store_c(c, f32, v, w > 0 ? r / w : 0.0);
        return w > 0 ? 0.0 : r;
    }
    uint64_t deg = s->out_off[v + 1] - s->out_off[v];
    store_c(c, f32, v, deg ? r / (double)deg : 0.0);
    return deg ? 0.0 : r;
}

/* The first iteration's contributions; returns the dangling vertices'
 * rank.  Later ones are written as the ranks are (gather_w). */
static double spread(struct pr_state *s)
{
    const uint64_t nv = s->in->nv;
#pragma omp parallel for schedule(static) if (s->nblocks > 1)
    for (uint64_t b = 0; b < s->nblocks; b++) {
        double dangling = 0;
        uint64_t end = (b + 1) * BLOCK_V < nv ? (b + 1) * BLOCK_V : nv;
        for (uint64_t v = b * BLOCK_V; v < end; v++)
            dangling += contribute(s, s->contrib, s->f32, v, s->rank[v]);
        s->part_dang[b] = dangling;
    }
    return sum_blocks(s, s->part_dang);
}

/* V's in-list (degree D) compressed, the next D entries of the run R:
 * summed in list order, as the plain loop does, so the sum is the same
 * to the bit.  The run decodes ahead, and the contribution PREFETCH
 * entries ahead is prefetched, across list ends as in_sum does. */
ALWAYS_INLINE double in_sum_packed(const struct pr_state *s, int f32, int wk,
                                   struct emogi_clist_run *r, uint64_t e, uint64_t d)
{
    double sum = 0;
    while (d > 0) { /* a piece at a time: the run buffers a few hundred entries */
        unsigned k = d < RUN_PIECE ? (unsigned)d : RUN_PIECE;
        unsigned ready = emogi_clist_run_fill(r, k + PREFETCH - 1);
        const uint64_t *ids = emogi_clist_run_ids(r);
        for (unsigned i = 0; i < k; i++) {
            if (i + PREFETCH < ready)
                prefetch_c(s->contrib, f32, ids[i + PREFETCH]);
            if (wk == W_NONE)
                sum += load_c(s->contrib, f32, ids[i]);
            else
                sum += in_weight(s->in, wk, e + i) * load_c(s->contrib, f32, ids[i]);
        }
        emogi_clist_run_skip(r, k);
        e += k;
        d -= k;
    }
    return sum;
}

/* The contributions are read at random; prefetching PREFETCH entries
 * ahead overlaps those misses
 * (bench/journal/2026-11-21-cpu-pagerank-against-gap.md).  Reading ids
 * past v's list stays inside the array. */
ALWAYS_INLINE double in_sum(const struct pr_state *s, unsigned w, int f32, int wk, uint64_t v,
                            struct emogi_clist_run *r)
{
    const uint64_t *off = s->in->offsets;
    const uint64_t end = off[v + 1], ne = s->in->ne;
    double sum = 0;
    if (s->packed)
        return in_sum_packed(s, f32, wk, r, off[v], end - off[v]);
    if (wk == W_NONE)
        return emogi_pagerank_sum_plain(s->in->neighbors, w, s->contrib, f32, off[v], end, ne);
    if (w == 4) { /* weighted: each entry times its weight */
        const uint32_t *nb = s->in->neighbors;
        for (uint64_t e = off[v]; e < end; e++) {
            if (e + PREFETCH < ne)
                prefetch_c(s->contrib, f32, nb[e + PREFETCH]);
            sum += in_weight(s->in, wk, e) * load_c(s->contrib, f32, nb[e]);
        }
    } else {
        const uint64_t *nb = s->in->neighbors;
        for (uint64_t e = off[v]; e < end; e++) {
            if (e + PREFETCH < ne)
                prefetch_c(s->contrib, f32, nb[e + PREFETCH]);
            sum += in_weight(s->in, wk, e) * load_c(s->contrib, f32, nb[e]);
        }
    }
    return sum;
}

/*
 * New ranks in place, and at once the next iteration's contributions
 * into s->next (the current ones stay readable in s->contrib): one pass
 * over the vertices per iteration, not a second to spread the ranks.
 * Per block: the L1 change and the dangling rank, summed over blocks in
 * order.  Block B here, for one variant: id width W, store F32 and
 * weights WK, constants.
 */
ALWAYS_INLINE uint64_t gather_block_w(struct pr_state *s, unsigned w, int f32, int wk,
                                      uint64_t b, double base, double d)
{
    const uint64_t nv = s->in->nv, *off = s->in->offsets;
    double delta = 0, dangling = 0;
    uint64_t end = (b + 1) * BLOCK_V < nv ? (b + 1) * BLOCK_V : nv;
    struct emogi_clist_run run; /* the block's compressed in-lists */
    if (s->packed)
        emogi_clist_run_init(&run, &s->lists, b * BLOCK_V, end);
    for (uint64_t v = b * BLOCK_V; v < end; v++) {
        double r = base + d * in_sum(s, w, f32, wk, v, &run);
        delta += fabs(r - s->rank[v]);
        s->rank[v] = r;
        dangling += contribute(s, s->next, f32, v, r);
    }
    s->part_delta[b] = delta;
    s->part_dang[b] = dangling;
    return off[end] - off[b * BLOCK_V]; /* the block's in-lists, read whole */
}

#define PR_VARIANT(W, F, K) gather_block_w(s, W, F, K, b, base, d)
#define PR_WIDTH_STORE(K)                                                                \
    (s->in->id_width == 4 ? (s->f32 ? PR_VARIANT(4, 1, K) : PR_VARIANT(4, 0, K))        \
                          : (s->f32 ? PR_VARIANT(8, 1, K) : PR_VARIANT(8, 0, K)))

/* Block B; returns the in-edge entries read.  The variant is chosen here,
 * inside the parallel loop's body, because OpenMP outlines that body
 * before anything is inlined into it: chosen outside, the id width, store
 * and weight kind reach the edge loop as variables tested at every
 * in-edge
 * (bench/journal/2026-11-24-cpu-backend-against-gap-every-row-ahead.md). */
static uint64_t gather_block(struct pr_state *s, uint64_t b, double base, double d)
{
    if (!s->outw)
        return PR_WIDTH_STORE(W_NONE);
    if (s->in->weight_type == EMOGI_WEIGHT_FLOAT32)
        return PR_WIDTH_STORE(W_F32);
    return PR_WIDTH_STORE(W_U32);
}

/* One iteration; returns the L1 change and leaves the next dangling rank in *DANGLING. */
static double gather(struct pr_state *s, double base, double d, double *dangling)
{
    uint64_t examined = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : examined) if (s->nblocks > 1)
    for (uint64_t b = 0; b < s->nblocks; b++)
        examined += gather_block(s, b, base, d);
    s->examined += examined;
    void *t = s->contrib;
    s->contrib = s->next;
    s->next = t;
    *dangling = sum_blocks(s, s->part_dang);
    return sum_blocks(s, s->part_delta);
}

static void iterate(struct pr_state *s, const struct emogi_pagerank_params *prm,
                    struct emogi_pagerank_stats *st)
{
    const double n = (double)s->in->nv, d = prm->damping;
    emogi_pagerank_cpu_start(s->in, s->out_off, s->outw, d, s->rank);
    double dangling = spread(s);
    while (st->iterations < prm->max_iterations) {
        st->delta = gather(s, (1.0 - d) / n + d * dangling / n, d, &dangling);
        st->iterations++;
        if (st->delta < prm->tolerance) {
            st->converged = 1;
            break;
        }
    }
}

static void free_state(struct pr_state *s)
{
    free(s->contrib), free(s->next), free(s->part_delta), free(s->part_dang);
    free((void *)s->outw);
}

int emogi_pagerank_cpu_jacobi(const struct emogi_graph *in,
                              const struct emogi_pagerank_params *prm,
                              enum emogi_pagerank_store store, double *rank,
                              struct emogi_pagerank_stats *st, emogi_error *err)
{
    struct emogi_pagerank_stats local = {0};
    if (emogi_pagerank_check_params(prm, err) < 0)
        return -1;
    const uint64_t *out_off = emogi_pagerank_out_offsets(in);
    if (in->nv && !out_off)
        return emogi_fail(err, "PageRank: the in-edge graph lacks out-degrees "
                               "(use emogi_pagerank_in_edges)");
    const int f32 = store == EMOGI_PAGERANK_STORE_F32;
    const size_t csize = (in->nv ? in->nv : 1) * (f32 ? sizeof(float) : sizeof(double));
    double *outw;
    if (emogi_pagerank_weights_for(in, prm, &outw, err) < 0)
        return -1;
    struct pr_state s = {in, out_off, outw, emogi_compressed(in), {0}, rank, NULL, NULL, f32,
                         NULL, NULL, (in->nv + BLOCK_V - 1) / BLOCK_V, 0};
    if (s.packed)
        s.lists = emogi_clist_dir_of(in->offsets, in->coffsets, in->cneighbors, in->nv);
    s.contrib = emogi_random_array(csize);
    s.next = emogi_random_array(csize);
    s.part_delta = malloc((s.nblocks ? s.nblocks : 1) * sizeof *s.part_delta);
    s.part_dang = malloc((s.nblocks ? s.nblocks : 1) * sizeof *s.part_dang);
    if (!s.contrib || !s.next || !s.part_delta || !s.part_dang) {
        free_state(&s);
        return emogi_fail(err, "out of memory for PageRank on %llu vertices",
                          (unsigned long long)in->nv);
    }
    double t0 = emogi_now();
    if (in->nv)
        iterate(&s, prm, &local);
    else
        local.converged = 1;
    local.seconds = emogi_now() - t0;
    local.edges_read = local.iterations * in->ne;
    local.edge_bytes = local.edges_read * in->id_width;
    local.edges_examined = s.examined;
    free_state(&s);
    if (st)
        *st = local;
    return 0;
}

int emogi_pagerank_cpu(const struct emogi_graph *in, const struct emogi_pagerank_params *prm,
                       double *rank, struct emogi_pagerank_stats *st, emogi_error *err)
{
    return emogi_pagerank_cpu_jacobi(in, prm, EMOGI_PAGERANK_STORE_F64, rank, st, err);
}
