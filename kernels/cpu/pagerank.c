/*
 * pagerank.c - PageRank on the CPU (OpenMP): the reference backend.
 *
 * The pull formulation of the GAP benchmark suite's pr.cc (S. Beamer,
 * K. Asanovic, D. Patterson, "The GAP Benchmark Suite", 2015), after
 * Page, Brin et al. (1999): each iteration first turns every rank into
 * the contribution it sends along each out-edge (rank / out-degree), then
 * every vertex sums the contributions of its in-neighbours.  Pulling
 * writes each rank once, by one thread, so no atomics are needed, and the
 * in-edge array is swept front to back; only the contributions, nv
 * doubles, are read at random.  GAP leaves dangling vertices' rank to
 * leak away; here it is spread over all vertices (emogi_pagerank.h), so
 * ranks sum to 1.
 *
 * Reproducible sums: each vertex sums its in-list in list order, and the
 * two global sums (dangling rank, L1 change) are taken per fixed block of
 * BLOCK_V vertices and then over blocks in order, so the thread count
 * and schedule change nothing in the result.  Compressed in-lists
 * (emogi_clist.h) are summed in the same order: the same ranks, bit for bit.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "clist_fast.h"
#include "emogi_pagerank.h"

#define BLOCK_V 2048 /* vertices per partial sum, and per scheduled chunk */
#define RUN_PIECE 256 /* compressed entries summed between refills */
#define PREFETCH 24  /* in-edges ahead */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

struct pr_state {
    const struct emogi_graph *in;
    const uint64_t *out_off;
    int packed; /* in-lists compressed (clist_fast.h) */
    struct emogi_clist_dir lists;
    double *rank, *contrib;
    double *part; /* one partial sum per block */
    uint64_t nblocks;
    uint64_t examined; /* in-edge entries the gathers read */
};

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

static double sum_blocks(const struct pr_state *s)
{
    double sum = 0;
    for (uint64_t b = 0; b < s->nblocks; b++)
        sum += s->part[b];
    return sum;
}

/* Contributions for the next gather; returns the dangling vertices' rank. */
static double spread(struct pr_state *s)
{
    const uint64_t nv = s->in->nv;
#pragma omp parallel for schedule(static) if (s->nblocks > 1)
    for (uint64_t b = 0; b < s->nblocks; b++) {
        double dangling = 0;
        uint64_t end = (b + 1) * BLOCK_V < nv ? (b + 1) * BLOCK_V : nv;
        for (uint64_t v = b * BLOCK_V; v < end; v++) {
            uint64_t deg = s->out_off[v + 1] - s->out_off[v];
            s->contrib[v] = deg ? s->rank[v] / (double)deg : 0.0;
            dangling += deg ? 0.0 : s->rank[v];
        }
        s->part[b] = dangling;
    }
    return sum_blocks(s);
}

/* V's in-list (degree D) compressed, the next D entries of the run R:
 * summed in list order, as the plain loop does, so the sum is the same
 * to the bit.  The run decodes ahead, and the contribution PREFETCH
 * entries ahead is prefetched, across list ends as in_sum does. */
ALWAYS_INLINE double in_sum_packed(const struct pr_state *s, struct emogi_clist_run *r,
                                   uint64_t d)
{
    double sum = 0;
    while (d > 0) { /* a piece at a time: the run buffers a few hundred entries */
        unsigned k = d < RUN_PIECE ? (unsigned)d : RUN_PIECE;
        unsigned ready = emogi_clist_run_fill(r, k + PREFETCH - 1);
        const uint64_t *ids = emogi_clist_run_ids(r);
        for (unsigned i = 0; i < k; i++) {
            if (i + PREFETCH < ready)
                __builtin_prefetch(&s->contrib[ids[i + PREFETCH]]);
            sum += s->contrib[ids[i]];
        }
        emogi_clist_run_skip(r, k);
        d -= k;
    }
    return sum;
}

/* The contributions are read at random; prefetching PREFETCH entries
 * ahead overlaps those misses (bench/RESULTS.md: 7-8% per iteration on
 * kron 22, 2 cores).  Reading ids past v's list stays inside the array. */
ALWAYS_INLINE double in_sum(const struct pr_state *s, unsigned w, uint64_t v)
{
    const uint64_t *off = s->in->offsets;
    const uint64_t end = off[v + 1], ne = s->in->ne;
    double sum = 0;
    if (w == 4) {
        const uint32_t *nb = s->in->neighbors;
        for (uint64_t e = off[v]; e < end; e++) {
            if (e + PREFETCH < ne)
                __builtin_prefetch(&s->contrib[nb[e + PREFETCH]]);
            sum += s->contrib[nb[e]];
        }
    } else {
        const uint64_t *nb = s->in->neighbors;
        for (uint64_t e = off[v]; e < end; e++) {
            if (e + PREFETCH < ne)
                __builtin_prefetch(&s->contrib[nb[e + PREFETCH]]);
            sum += s->contrib[nb[e]];
        }
    }
    return sum;
}

/* New ranks in place (the contributions hold the old ones); returns the L1 change. */
ALWAYS_INLINE double gather_w(struct pr_state *s, unsigned w, double base, double d)
{
    const uint64_t nv = s->in->nv, *off = s->in->offsets;
    uint64_t examined = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : examined) if (s->nblocks > 1)
    for (uint64_t b = 0; b < s->nblocks; b++) {
        double delta = 0;
        uint64_t end = (b + 1) * BLOCK_V < nv ? (b + 1) * BLOCK_V : nv;
        if (s->packed) {
            struct emogi_clist_run run;
            emogi_clist_run_init(&run, &s->lists, b * BLOCK_V, end);
            for (uint64_t v = b * BLOCK_V; v < end; v++) {
                double r = base + d * in_sum_packed(s, &run, off[v + 1] - off[v]);
                delta += fabs(r - s->rank[v]);
                s->rank[v] = r;
            }
        } else {
            for (uint64_t v = b * BLOCK_V; v < end; v++) {
                double r = base + d * in_sum(s, w, v);
                delta += fabs(r - s->rank[v]);
                s->rank[v] = r;
            }
        }
        s->part[b] = delta;
        examined += off[end] - off[b * BLOCK_V]; /* the block's in-lists, read whole */
    }
    s->examined += examined;
    return sum_blocks(s);
}

static double gather(struct pr_state *s, double base, double d)
{
    return s->in->id_width == 4 ? gather_w(s, 4, base, d) : gather_w(s, 8, base, d);
}

static void iterate(struct pr_state *s, const struct emogi_pagerank_params *prm,
                    struct emogi_pagerank_stats *st)
{
    const double n = (double)s->in->nv, d = prm->damping;
    for (uint64_t v = 0; v < s->in->nv; v++)
        s->rank[v] = 1.0 / n;
    while (st->iterations < prm->max_iterations) {
        double dangling = spread(s);
        st->delta = gather(s, (1.0 - d) / n + d * dangling / n, d);
        st->iterations++;
        if (st->delta < prm->tolerance) {
            st->converged = 1;
            break;
        }
    }
}

int emogi_pagerank_cpu(const struct emogi_graph *in, const struct emogi_pagerank_params *prm,
                       double *rank, struct emogi_pagerank_stats *st, emogi_error *err)
{
    struct emogi_pagerank_stats local = {0};
    if (emogi_pagerank_check_params(prm, err) < 0)
        return -1;
    const uint64_t *out_off = emogi_pagerank_out_offsets(in);
    if (in->nv && !out_off)
        return emogi_fail(err, "PageRank: the in-edge graph lacks out-degrees "
                               "(use emogi_pagerank_in_edges)");
    struct pr_state s = {in, out_off, emogi_compressed(in), {0}, rank, NULL, NULL,
                         (in->nv + BLOCK_V - 1) / BLOCK_V, 0};
    if (s.packed)
        s.lists = emogi_clist_dir_of(in->offsets, in->coffsets, in->cneighbors, in->nv);
    s.contrib = malloc((in->nv ? in->nv : 1) * sizeof *s.contrib);
    s.part = malloc((s.nblocks ? s.nblocks : 1) * sizeof *s.part);
    if (!s.contrib || !s.part) {
        free(s.contrib), free(s.part);
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
    free(s.part);
    if (st)
        *st = local;
    return 0;
}
