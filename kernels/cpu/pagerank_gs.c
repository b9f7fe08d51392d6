/*
 * pagerank_gs.c - PageRank on the CPU by Gauss-Seidel sweeps (OpenMP).
 *
 * The loop of GAP's PageRankPullGS (gapbs src/pr.cc): one sweep over the
 * vertices, each summing its in-neighbours' contributions and writing its
 * own new contribution in place at once, so the vertices after it in the
 * same sweep already pull the new value.  That takes about half the
 * sweeps of the Jacobi iteration (pagerank.c) and saves its separate
 * pass that turns ranks into contributions; but which values a vertex
 * sees depends on how far the other threads have got, so the result
 * varies with the thread count and timing, within the tolerance.
 *
 * Dangling vertices' rank D is spread as in the Jacobi path, estimated
 * from the previous sweep (dangling_rank), and the same L1 change stops
 * the sweeps.  A sweep does not keep the sum of the ranks at 1 as a
 * Jacobi step does (only the fixed point sums to 1), so the ranks are
 * scaled back to sum 1 after each (iterate).  The sums stay float64;
 * contributions may be stored as float32, which halves the array read at
 * random (the caller chooses when the output is float32 anyway).
 *
 * Weighted, as pagerank.c: contributions are rank / out-weight sum, and
 * each in-edge's is multiplied by its weight as it is summed.
 *
 * Contributions are written by one thread while another may read them:
 * relaxed atomic loads and stores, plain moves on common hardware.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "clist_fast.h"
#include "random_array.h"
#include "emogi_pagerank.h"

#define BLOCK_V 4096 /* vertices per scheduled chunk */
#define RUN_PIECE 256 /* compressed entries summed between refills */
#define PREFETCH EMOGI_RANDOM_AHEAD /* in-edges ahead (random_array.h) */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

struct gs_state {
    const struct emogi_graph *in;
    const uint64_t *out_off;
    const double *outw; /* weighted: out-weight sums; else NULL */
    double *rank;
    void *contrib; /* double, or float with f32 */
    int f32;
    int packed;            /* in-lists compressed (clist_fast.h) */
    struct emogi_clist_dir lists;
    uint64_t ndang;        /* dangling vertices */
    uint64_t examined;     /* in-edge entries read: sweeps and start() */
    double scale, unscale; /* rank = scale * stored rank, unscale = 1 / scale */
};

struct gs_sums {
    double delta, total, in_total;
    uint64_t examined;
};

ALWAYS_INLINE double load_c(const void *c, int f32, uint64_t u)
{
    if (f32) {
        float x;
        __atomic_load((const float *)c + u, &x, __ATOMIC_RELAXED);
        return x;
    }
    double x;
    __atomic_load((const double *)c + u, &x, __ATOMIC_RELAXED);
    return x;
}

ALWAYS_INLINE void store_c(void *c, int f32, uint64_t u, double x)
{
    if (f32) {
        float f = (float)x;
        __atomic_store((float *)c + u, &f, __ATOMIC_RELAXED);
    } else {
        __atomic_store((double *)c + u, &x, __ATOMIC_RELAXED);
    }
}

ALWAYS_INLINE void prefetch_c(const void *c, int f32, uint64_t u)
{
    if (f32)
        __builtin_prefetch((const float *)c + u);
    else
        __builtin_prefetch((const double *)c + u);
}

/* The weight kinds the sweeps are compiled for. */
enum { W_NONE, W_U32, W_F32 };

/* In-edge E's weight for kind WK (W_U32 or W_F32: a constant, so the
 * type test folds away). */
ALWAYS_INLINE double in_weight(const struct emogi_graph *in, int wk, uint64_t e)
{
    return emogi_pagerank_weight(in->weights,
                                 wk == W_F32 ? EMOGI_WEIGHT_FLOAT32 : EMOGI_WEIGHT_UINT32, e);
}

/* What V's rank is divided by to give its contribution: its out-degree,
 * or weighted its out-weight sum; 0 when V is dangling. */
ALWAYS_INLINE double out_share(const struct gs_state *s, uint64_t v)
{
    if (s->outw)
        return s->outw[v] > 0 ? s->outw[v] : 0.0;
    return (double)(s->out_off[v + 1] - s->out_off[v]);
}

/* V's in-list (degree D) compressed, the next D entries of the run R,
 * summed in list order as below; the run decodes ahead, and the
 * contribution PREFETCH entries ahead is prefetched, as below. */
ALWAYS_INLINE double in_sum_packed(const struct gs_state *s, int f32, int wk,
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

/* V's in-sum; a compressed list is the next of run R (the lists of v and
 * those after it).  Reading ids past v's list for the prefetch stays
 * inside the array. */
ALWAYS_INLINE double in_sum(const struct gs_state *s, unsigned w, int f32, int wk, uint64_t v,
                            struct emogi_clist_run *r)
{
    const uint64_t *off = s->in->offsets;
    const uint64_t end = off[v + 1], ne = s->in->ne;
    double sum = 0;
    if (s->packed)
        return in_sum_packed(s, f32, wk, r, off[v], end - off[v]);
    if (w == 4) {
        const uint32_t *nb = s->in->neighbors;
        for (uint64_t e = off[v]; e < end; e++) {
            if (e + PREFETCH < ne)
                prefetch_c(s->contrib, f32, nb[e + PREFETCH]);
            sum += wk == W_NONE ? load_c(s->contrib, f32, nb[e])
                                : in_weight(s->in, wk, e) * load_c(s->contrib, f32, nb[e]);
        }
    } else {
        const uint64_t *nb = s->in->neighbors;
        for (uint64_t e = off[v]; e < end; e++) {
            if (e + PREFETCH < ne)
                prefetch_c(s->contrib, f32, nb[e + PREFETCH]);
            sum += wk == W_NONE ? load_c(s->contrib, f32, nb[e])
                                : in_weight(s->in, wk, e) * load_c(s->contrib, f32, nb[e]);
        }
    }
    return sum;
}

/* One vertex's new rank, published at once as its contribution; both
 * are stored divided by the scale (iterate() says why). */
ALWAYS_INLINE void update(struct gs_state *s, unsigned w, int f32, int wk, uint64_t v,
                          double base, double d, struct gs_sums *acc, struct emogi_clist_run *run)
{
    double in = s->scale * in_sum(s, w, f32, wk, v, run);
    double r = base + d * in;
    double share = out_share(s, v);
    acc->delta += fabs(r - s->scale * s->rank[v]);
    acc->total += r;
    s->rank[v] = r * s->unscale;
    if (share > 0)
        store_c(s->contrib, f32, v, r * s->unscale / share);
    else
        acc->in_total += in;
}

/* Block B's updates (vertices B * BLOCK_V on) for one variant: id width
 * W, store F32 and weights WK, constants here. */
ALWAYS_INLINE void sweep_block_wf(struct gs_state *s, unsigned w, int f32, int wk, uint64_t b,
                                  double base, double d, struct gs_sums *acc)
{
    const uint64_t nv = s->in->nv, *off = s->in->offsets;
    uint64_t end = (b + 1) * BLOCK_V < nv ? (b + 1) * BLOCK_V : nv;
    struct emogi_clist_run run; /* the block's compressed in-lists */
    if (s->packed)
        emogi_clist_run_init(&run, &s->lists, b * BLOCK_V, end);
    for (uint64_t v = b * BLOCK_V; v < end; v++)
        update(s, w, f32, wk, v, base, d, acc, &run);
    acc->examined += off[end] - off[b * BLOCK_V]; /* the block's in-lists, read whole */
}

#define GS_VARIANT(W, F, K) sweep_block_wf(s, W, F, K, b, base, d, acc)
#define GS_WIDTH_STORE(K)                                                                \
    (s->in->id_width == 4 ? (s->f32 ? GS_VARIANT(4, 1, K) : GS_VARIANT(4, 0, K))        \
                          : (s->f32 ? GS_VARIANT(8, 1, K) : GS_VARIANT(8, 0, K)))

/* Block B of a sweep.  The variant is chosen here, inside the parallel
 * loop's body, because OpenMP outlines that body before anything is
 * inlined into it: chosen outside, the id width, store and weight kind
 * reach the edge loop as variables tested at every in-edge
 * (bench/journal/2026-11-24-cpu-backend-against-gap-every-row-ahead.md). */
static void sweep_block(struct gs_state *s, uint64_t b, double base, double d,
                        struct gs_sums *acc)
{
    if (!s->outw)
        GS_WIDTH_STORE(W_NONE);
    else if (s->in->weight_type == EMOGI_WEIGHT_FLOAT32)
        GS_WIDTH_STORE(W_F32);
    else
        GS_WIDTH_STORE(W_U32);
}

static struct gs_sums sweep(struct gs_state *s, double base, double d)
{
    const uint64_t nv = s->in->nv;
    double delta = 0, total = 0, in_total = 0;
    uint64_t examined = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : delta, total, in_total, examined) \
    if (nv > BLOCK_V)
    for (uint64_t b = 0; b < (nv + BLOCK_V - 1) / BLOCK_V; b++) {
        struct gs_sums acc = {0, 0, 0, 0};
        sweep_block(s, b, base, d, &acc);
        delta += acc.delta, total += acc.total, in_total += acc.in_total;
        examined += acc.examined;
    }
    return (struct gs_sums){delta, total, in_total, examined};
}

/* V's in-sum alone, for start(). */
static double one_in_sum(struct gs_state *s, uint64_t v)
{
    struct emogi_clist_run run; /* v's list alone */
    if (s->packed)
        emogi_clist_run_init(&run, &s->lists, v, v + 1);
    const int wk = !s->outw ? W_NONE : s->in->weight_type == EMOGI_WEIGHT_FLOAT32 ? W_F32 : W_U32;
    if (s->in->id_width == 4)
        return s->f32 ? in_sum(s, 4, 1, wk, v, &run) : in_sum(s, 4, 0, wk, v, &run);
    return s->f32 ? in_sum(s, 8, 1, wk, v, &run) : in_sum(s, 8, 0, wk, v, &run);
}

/* The starting ranks (emogi_pagerank_cpu_start) and their contributions;
 * counts the dangling vertices and returns their in-sums (the first
 * sweep's estimate of D, below). */
static double start(struct gs_state *s, double d)
{
    const uint64_t nv = s->in->nv;
    uint64_t ndang = 0;
    emogi_pagerank_cpu_start(s->in, s->out_off, s->outw, d, s->rank);
#pragma omp parallel for schedule(static) reduction(+ : ndang)
    for (uint64_t v = 0; v < nv; v++) {
        double share = out_share(s, v);
        store_c(s->contrib, s->f32, v, share > 0 ? s->rank[v] / share : 0.0);
        ndang += !(share > 0);
    }
    s->ndang = ndang;
    double in_total = 0;
    uint64_t examined = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : in_total, examined)
    for (uint64_t v = 0; v < nv; v++)
        if (!(out_share(s, v) > 0)) {
            in_total += one_in_sum(s, v);
            examined += s->in->offsets[v + 1] - s->in->offsets[v];
        }
    s->examined += examined;
    return in_total;
}

static void scale(double *rank, uint64_t nv, double by)
{
#pragma omp parallel for schedule(static)
    for (uint64_t v = 0; v < nv; v++)
        rank[v] *= by;
}

/*
 * The dangling rank the next sweep spreads.  Each dangling vertex gets
 * the teleport share plus D/n plus its in-sum, so at the fixed point
 * D = k (1 - d) / n + k d D / n + d I, k dangling vertices whose in-sums
 * total I; solved for D with the last sweep's I.  Taking the last sweep's
 * D itself instead feeds each error back at the rate k d / n, several
 * more sweeps on graphs with many isolated vertices.
 */
static double dangling_rank(const struct gs_state *s, double in_total, double d)
{
    const double k = (double)s->ndang / (double)s->in->nv;
    return (k * (1 - d) + d * in_total) / (1 - k * d);
}

/*
 * A sweep lets the sum of the ranks drift (each vertex pulls a mix of old
 * and new contributions), a mode that decays only at about the damping
 * rate; scaling the ranks back to sum 1 after each sweep removes it.  The
 * fixed point sums to 1, so this changes where the sweeps go, not where
 * they end.  Rather than a pass over both arrays per sweep, the arrays
 * hold the ranks divided by a running scale, which a sweep reads and
 * writes through, and the ranks are scaled once at the end.
 */
static void iterate(struct gs_state *s, const struct emogi_pagerank_params *prm,
                    struct emogi_pagerank_stats *st)
{
    const double n = (double)s->in->nv, d = prm->damping;
    double dangling = dangling_rank(s, start(s, d), d);
    while (st->iterations < prm->max_iterations) {
        struct gs_sums sum = sweep(s, (1.0 - d) / n + d * dangling / n, d);
        s->examined += sum.examined;
        if (sum.total > 0) {
            s->scale /= sum.total;
            s->unscale = 1.0 / s->scale;
        }
        dangling = dangling_rank(s, sum.total > 0 ? sum.in_total / sum.total : 0, d);
        st->delta = sum.delta;
        st->iterations++;
        if (st->delta < prm->tolerance) {
            st->converged = 1;
            break;
        }
    }
    scale(s->rank, s->in->nv, s->scale);
}

int emogi_pagerank_cpu_gs(const struct emogi_graph *in, const struct emogi_pagerank_params *prm,
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
    double *outw;
    if (emogi_pagerank_weights_for(in, prm, &outw, err) < 0)
        return -1;
    struct gs_state s = {in, out_off, outw, rank, NULL, f32, emogi_compressed(in), {0},
                         0, 0, 1, 1};
    if (s.packed)
        s.lists = emogi_clist_dir_of(in->offsets, in->coffsets, in->cneighbors, in->nv);
    s.contrib = emogi_random_array((in->nv ? in->nv : 1) * (f32 ? sizeof(float) : sizeof(double)));
    if (!s.contrib) {
        free(outw);
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
    free(s.contrib);
    free(outw);
    if (st)
        *st = local;
    return 0;
}
