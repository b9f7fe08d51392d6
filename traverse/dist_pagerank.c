/*
 * dist_pagerank.c - PageRank over MPI ranks: emogi_pagerank_cpu_jacobi's
 * iteration (kernels/cpu/pagerank.c), bit for bit: its starting ranks
 * (emogi_pagerank_cpu_start) and its contributions, float32 or float64
 * as the store asks.
 *
 * Each rank owns whole blocks of EMOGI_PAGERANK_BLOCK vertices.  An
 * iteration turns the rank's ranks into contributions (rank / out-degree)
 * and a partial dangling sum per block; every vertex then pulls the
 * contributions of its in-neighbours in list order, and each block adds
 * its L1 change.  The exchange is dense: MPI_Allgatherv of the
 * contributions (nv floats or doubles), since on the graphs PageRank is run on
 * (power-law, randomly numbered) nearly every vertex has an in-neighbour
 * on every other rank, and sending only the contributions a rank reads
 * would move about as many bytes plus their ids.  The per-block partial
 * sums travel too (one double per block) and are summed over blocks in
 * order, as the single process sums them, so the dangling rank, the
 * change and therefore every rank and the iteration count are the single
 * process's, whatever the number of ranks.  Weighted, every rank holds
 * the out-weight sums of all vertices (computed as the single process
 * does) and multiplies each in-edge's contribution by its weight in the
 * same expression, so the weighted ranks are the single process's too.
 */
#include "config.h"

#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "emogi_clist.h"

#define BLOCK EMOGI_PAGERANK_BLOCK

struct dpr {
    struct dist *d;
    const struct emogi_graph *in;
    const uint64_t *out_off;
    double *outw;    /* weighted: all vertices' out-weight sums; else NULL */
    struct emogi_lists lists;
    double *rank;    /* this rank's hi - lo */
    void *contrib;   /* nv: all ranks', float with f32, else double */
    int f32;
    double *part;    /* one partial sum per block, all ranks' */
    uint64_t nblocks, b0, b1; /* all blocks; this rank's [b0, b1) */
    uint64_t *count; /* 2 * size: blocks per rank and displacements */
    uint64_t examined;
    int corrupt;
};

/* The partial sums of every block, summed over blocks in order. */
static double sum_blocks(struct dpr *s)
{
    struct dist *d = s->d;
    dist_allgatherv(d, s->part, sizeof *s->part, s->count, s->count + d->size);
    double sum = 0;
    for (uint64_t b = 0; b < s->nblocks; b++)
        sum += s->part[b];
    return sum;
}

static uint64_t block_end(const struct dpr *s, uint64_t b)
{
    uint64_t nv = s->in->nv;
    return (b + 1) * BLOCK < nv ? (b + 1) * BLOCK : nv;
}

/* Contributions of this rank's vertices to all ranks; the dangling rank. */
static double spread(struct dpr *s)
{
    const uint64_t lo = s->d->lo;
#pragma omp parallel for schedule(static)
    for (uint64_t b = s->b0; b < s->b1; b++) {
        double dangling = 0;
        for (uint64_t v = b * BLOCK; v < block_end(s, b); v++) {
            /* pagerank.c's contribute(): the same divisions */
            double share = s->outw ? (s->outw[v] > 0 ? s->outw[v] : 0.0)
                                   : (double)(s->out_off[v + 1] - s->out_off[v]);
            double c = share > 0 ? s->rank[v - lo] / share : 0.0;
            if (s->f32)
                ((float *)s->contrib)[v] = (float)c;
            else
                ((double *)s->contrib)[v] = c;
            dangling += share > 0 ? 0.0 : s->rank[v - lo];
        }
        s->part[b] = dangling;
    }
    const size_t es = s->f32 ? sizeof(float) : sizeof(double);
    dist_allgather(s->d, (char *)s->contrib + lo * es, es, s->contrib);
    return sum_blocks(s);
}

/* V's in-list summed in list order, as kernels/cpu/pagerank.c sums it
 * (weighted: weight times contribution, entry e's weight beside it). */
static double in_sum(struct dpr *s, uint64_t v)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK], e = s->in->offsets[v];
    double sum = 0;
    int n;
    emogi_list_open(&r, &s->lists, v);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int k = 0; k < n; k++, e++) {
            double c = s->f32 ? (double)((const float *)s->contrib)[ids[k]]
                              : ((const double *)s->contrib)[ids[k]];
            if (s->outw)
                sum += emogi_pagerank_weight(s->in->weights, s->in->weight_type, e) * c;
            else
                sum += c;
        }
    if (n < 0)
        s->corrupt = 1;
    return sum;
}

/* New ranks for this rank's vertices; the L1 change over all. */
static double gather(struct dpr *s, double base, double damping)
{
    const uint64_t lo = s->d->lo, *off = s->in->offsets;
    uint64_t examined = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : examined)
    for (uint64_t b = s->b0; b < s->b1; b++) {
        double delta = 0;
        uint64_t end = block_end(s, b);
        for (uint64_t v = b * BLOCK; v < end; v++) {
            double r = base + damping * in_sum(s, v);
            delta += fabs(r - s->rank[v - lo]);
            s->rank[v - lo] = r;
        }
        s->part[b] = delta;
        examined += off[end] - off[b * BLOCK];
    }
    s->examined += examined;
    return sum_blocks(s);
}

static void iterate(struct dpr *s, const struct emogi_pagerank_params *prm,
                    struct emogi_pagerank_stats *st)
{
    const double n = (double)s->in->nv, d = prm->damping;
    /* The single process's start, computed whole on every rank (it needs
     * global counts); the contributions' array holds it meanwhile. */
    double *start = malloc(s->in->nv * sizeof *start);
    if (start) {
        emogi_pagerank_cpu_start(s->in, s->out_off, s->outw, d, start);
        memcpy(s->rank, start + s->d->lo, (s->d->hi - s->d->lo) * sizeof *start);
    }
    if (!dist_all(s->d, start != NULL)) {
        free(start);
        s->corrupt = -1;
        return;
    }
    free(start);
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

static int setup(struct dpr *s, struct dist *d, const struct emogi_graph *in, int f32,
                 double *rank)
{
    memset(s, 0, sizeof *s);
    s->f32 = f32;
    s->d = d;
    s->in = in;
    s->out_off = emogi_pagerank_out_offsets(in);
    s->lists = emogi_lists_out(in);
    s->rank = rank;
    s->nblocks = (in->nv + BLOCK - 1) / BLOCK;
    s->b0 = d->lo / BLOCK;
    s->b1 = d->hi > d->lo ? (d->hi + BLOCK - 1) / BLOCK : s->b0;
    s->contrib = malloc((in->nv ? in->nv : 1) * (f32 ? sizeof(float) : sizeof(double)));
    s->part = malloc((s->nblocks ? s->nblocks : 1) * sizeof *s->part);
    s->count = malloc(2 * (size_t)d->size * sizeof *s->count);
    if (!s->contrib || !s->part || !s->count)
        return -1;
    for (int r = 0; r < d->size; r++) {
        uint64_t lo = d->bound[r], hi = d->bound[r + 1];
        s->count[d->size + r] = lo / BLOCK;
        s->count[r] = hi > lo ? (hi + BLOCK - 1) / BLOCK - lo / BLOCK : 0;
    }
    return 0;
}

int dist_pagerank(struct dist *d, const struct emogi_graph *in, struct dist_gpu *gpu,
                  const struct emogi_pagerank_params *prm, enum emogi_pagerank_store store,
                  double *rank, struct emogi_pagerank_stats *st, emogi_error *err)
{
    memset(st, 0, sizeof *st);
    if (emogi_pagerank_check_params(prm, err) < 0)
        return -1;
    if (gpu)
        return dist_pagerank_gpu(d, in, gpu, prm, rank, st, err);
    struct dpr s;
    int ok = setup(&s, d, in, store == EMOGI_PAGERANK_STORE_F32, rank) == 0 &&
             (in->nv == 0 || s.out_off);
    /* every rank sees the whole graph: the same weights, the same verdict */
    int weights_ok = !ok || emogi_pagerank_weights_for(in, prm, &s.outw, err) == 0;
    if (!dist_all(d, ok && weights_ok)) {
        free(s.contrib), free(s.part), free(s.count), free(s.outw);
        if (!weights_ok)
            return -1;
        return emogi_fail(err, "PageRank: out of memory on %s", ok ? "another rank" : "this rank");
    }
    double t0 = emogi_now();
    if (in->nv)
        iterate(&s, prm, st);
    else
        st->converged = 1;
    st->seconds = emogi_now() - t0;
    st->edges_read = st->iterations * in->ne;
    st->edge_bytes = st->edges_read * in->id_width;
    st->edges_examined = dist_sum_u64(d, s.examined);
    const int no_start = s.corrupt < 0;
    int corrupt = !dist_all(d, !s.corrupt);
    free(s.contrib), free(s.part), free(s.count), free(s.outw);
    if (no_start)
        return emogi_fail(err, "PageRank: out of memory for the starting ranks");
    if (corrupt)
        return emogi_fail(err, "PageRank: a compressed in-list did not decode");
    return 0;
}
