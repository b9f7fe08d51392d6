/*
 * gpu_ranks.c - GPU ranks of the distributed connected components and
 * PageRank (dist/ranks.h: dist_cc and dist_pagerank pass a struct
 * dist_gpu).  Each rank runs its algorithm on its GPU (kernels/cuda:
 * emogi_dist_gpu.h), its range's lists placed by the usual policies
 * (dist_place), and exchanges dense arrays on the device through
 * exchange_gpu.c (NCCL, or host buffers):
 *
 *   CC        uf (the default): the CPU ranks' Afforest (cc.c),
 *             each rank's forest of all nv vertices on its GPU; the
 *             forests go up a binary tree, device to device, and the
 *             union back to every rank, twice (after the sampling, and
 *             at the end): 4 arrays of nv labels a rank at most, and the
 *             lists read once.  lp: label propagation, every label
 *             after each pass that changed one; it read every list each
 *             pass, five passes on kron 26, 14 times the single GPU's
 *             link bytes
 *             (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md);
 *   PageRank  every contribution (float64) each iteration, and one
 *             dangling sum and one L1 change per rank (pagerank.c
 *             says why dense).
 *
 * CC's labels end as each component's smallest id, as the CPU's, so
 * the file is the single process's byte for byte.  PageRank sums in
 * float64 on the GPU (pagerank.cu) and the dangling sums and changes
 * per rank, so its ranks equal the single GPU's and the CPU's within
 * the tolerance, not to the bit.
 */
#include "config.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_ranks.h"
#include "ranks.h"

/* Every rank's X, summed in rank order (the same sum on every rank). */
static double sum_ranks(struct dist *d, double x, double *all)
{
    double t0 = emogi_now(), sum = 0;
    MPI_Allgather(&x, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
    for (int r = 0; r < d->size; r++)
        sum += all[r];
    return sum;
}

/* ---- connected components ---- */

/* Rank 0's forest ends as the union of every rank's, up the binary tree
 * of cc.c's merge_forests, device to device; then every rank gets
 * it. */
static void cc_merge(struct dist *d, struct xchg *x, struct emogi_dcc_gpu *s, uint64_t bytes)
{
    emogi_error err;
    for (int step = 1; step < d->size; step *= 2) {
        int sends;
        const int peer = dist_tree_peer(d, step, &sends);
        if (sends) {
            xchg_whole(x, peer, 1, emogi_dcc_gpu_labels(s), bytes);
            break;
        }
        if (peer < 0)
            continue;
        xchg_whole(x, peer, 0, emogi_dcc_gpu_other(s), bytes);
        dist_gpu_check(emogi_dcc_gpu_merge(s, &err), &err);
    }
    xchg_whole(x, -1, 0, emogi_dcc_gpu_labels(s), bytes);
}

/* Afforest as the CPU ranks run it (cc.c), the forests on the GPUs:
 * each rank's lists read once, and four arrays of nv labels moved,
 * against lp's one allgather a pass for passes that read every list. */
static void cc_uf(struct dist *d, struct xchg *x, struct emogi_dcc_gpu *s, uint64_t bytes,
                  struct emogi_cc_stats *st)
{
    emogi_error err;
    dist_gpu_check(emogi_dcc_gpu_sample(s, &err), &err);
    cc_merge(d, x, s, bytes);
    dist_gpu_check(emogi_dcc_gpu_rest(s, &err), &err);
    cc_merge(d, x, s, bytes);
    st->passes = 3; /* as the CPU ranks count: two sampling rounds, the rest */
}

static void cc_lp(struct dist *d, struct xchg *x, struct emogi_dcc_gpu *s, unsigned w,
                  struct emogi_cc_stats *st)
{
    emogi_error err;
    for (;;) {
        int changed;
        dist_gpu_check(emogi_dcc_gpu_pass(s, &changed, &err), &err);
        st->passes++;
        if (dist_sum_u64(d, (uint64_t)changed) == 0)
            break; /* every rank's labels are final: nothing to send */
        xchg_allgather(x, emogi_dcc_gpu_labels(s), w);
    }
}

/* The rank's labels from the device, widened to uint64 in place. */
static void cc_labels(struct dist *d, struct emogi_dcc_gpu *s, unsigned w, uint64_t *labels)
{
    emogi_error err;
    const uint64_t n = d->hi - d->lo;
    const char *dev = emogi_dcc_gpu_labels(s);
    dist_gpu_check(emogi_dgpu_copy(labels, dev + d->lo * w, n * w, 1, &err), &err);
    if (w == 4) /* backwards: entry k's 8 bytes cover only entries k and later */
        for (uint64_t k = n; k-- > 0;)
            labels[k] = ((const uint32_t *)labels)[k];
}

int dist_cc_gpu(struct dist *d, const struct emogi_graph *g, struct dist_gpu *gpu,
                enum emogi_cc_algorithm a, uint64_t *labels, struct emogi_cc_stats *st,
                emogi_error *err)
{
    struct emogi_dcc_gpu *s = NULL;
    emogi_error gerr = {{0}};
    const uint64_t nv = d->whole->nv;
    int ok = emogi_dcc_gpu_open(gpu->out, gpu->in, a, gpu->kernel, d->lo, nv, &s, &gerr) == 0;
    if (dist_gpu_opened(d, ok, &gerr, err) < 0) {
        emogi_dcc_gpu_close(s);
        return -1;
    }
    struct xchg x;
    xchg_open(&x, d, gpu->out->device, g->id_width, nv);
    double t0 = emogi_now();
    if (a == EMOGI_CC_UF)
        cc_uf(d, &x, s, nv * g->id_width, st);
    else
        cc_lp(d, &x, s, g->id_width, st);
    st->seconds = emogi_now() - t0;
    uint64_t fig[3];
    dist_gpu_check(emogi_dcc_gpu_figures(s, fig, &gerr), &gerr);
    gpu->link_bytes = fig[2];
    st->edges_examined = dist_sum_u64(d, fig[0]);
    st->devmem_bytes = dist_sum_u64(d, fig[1]);
    st->link_bytes = dist_sum_u64(d, fig[2]);
    st->edge_bytes = st->devmem_bytes + st->link_bytes;
    cc_labels(d, s, g->id_width, labels);
    xchg_close(&x);
    emogi_dcc_gpu_close(s);
    return 0;
}

/* ---- PageRank ---- */

/* The single process's starting ranks, this rank's part; NULL when out
 * of memory. */
static double *pagerank_start(struct dist *d, const struct emogi_graph *win, double damping)
{
    double *all = malloc((win->nv ? win->nv : 1) * sizeof *all);
    if (all) {
        emogi_pagerank_cpu_start(win, emogi_pagerank_out_offsets(win), NULL, damping, all);
        memmove(all, all + d->lo, (d->hi - d->lo) * sizeof *all);
    }
    return all;
}

/* Whether every range is whole spans of the GPU's sums (each starts on
 * one, or at the end): dist_partition's are. */
static int whole_spans(const struct dist *d)
{
    return dist_ranges_on(d, (uint64_t)1 << EMOGI_DPR_SPAN_SHIFT);
}

/* The iterations.  Where the ranges are whole spans, every span's
 * dangling rank and L1 change travel (a double a span) and each GPU adds
 * them up as the single GPU does, so the ranks are its ranks to the bit;
 * else each rank's totals, summed on the host in rank order. */
static void pagerank_iterate(struct dist *d, struct emogi_dpr_gpu *s, struct xchg *x,
                             const struct emogi_pagerank_params *prm, double *parts,
                             struct emogi_pagerank_stats *st)
{
    const double n = (double)d->bound[d->size], dd = prm->damping;
    const int whole = emogi_dpr_gpu_spans(s, 0) != NULL;
    emogi_error err;
    while (st->iterations < prm->max_iterations) {
        double mine, dangling = 0;
        dist_gpu_check(emogi_dpr_gpu_spread(s, &mine, &err), &err);
        xchg_allgather(x, emogi_dpr_gpu_contrib(s), sizeof(double));
        if (whole)
            xchg_parts(x, emogi_dpr_gpu_spans(s, 0), sizeof(double), EMOGI_DPR_SPAN_SHIFT);
        else
            dangling = sum_ranks(d, mine, parts);
        dist_gpu_check(emogi_dpr_gpu_gather(s, (1.0 - dd) / n + dd * dangling / n, dd, &mine, &err),
                  &err);
        if (whole) {
            xchg_parts(x, emogi_dpr_gpu_spans(s, 1), sizeof(double), EMOGI_DPR_SPAN_SHIFT);
            dist_gpu_check(emogi_dpr_gpu_change(s, &st->delta, &err), &err);
        } else {
            st->delta = sum_ranks(d, mine, parts);
        }
        st->iterations++;
        if (!isfinite(st->delta)) {
            emogi_fail(&err, "GPU PageRank: the change is %g: kernel fault", st->delta);
            tool_die(&err);
        }
        if (st->delta < prm->tolerance) {
            st->converged = 1;
            break;
        }
    }
}

int dist_pagerank_gpu(struct dist *d, const struct emogi_graph *in, struct dist_gpu *gpu,
                      const struct emogi_pagerank_params *prm, double *rank,
                      struct emogi_pagerank_stats *st, emogi_error *err)
{
    struct emogi_dpr_gpu *s = NULL;
    emogi_error gerr = {{0}};
    struct emogi_graph win; /* the whole in-edge graph's counts (a part file's IN holds its own) */
    dist_whole_in(d, in, &win);
    double *start = pagerank_start(d, &win, prm->damping);
    int ok = start && emogi_dpr_gpu_open(gpu->out, gpu->kernel, d->lo, win.nv, whole_spans(d),
                                         start, &s, &gerr) == 0;
    if (!start)
        emogi_fail(&gerr, "PageRank: out of memory for the starting ranks");
    free(start);
    if (dist_gpu_opened(d, ok, &gerr, err) < 0) {
        emogi_dpr_gpu_close(s);
        return -1;
    }
    struct xchg x;
    xchg_open(&x, d, gpu->out->device, sizeof(double), win.nv);
    double *parts = dist_alloc((uint64_t)d->size, sizeof *parts, "ranks");
    double t0 = emogi_now();
    if (win.nv)
        pagerank_iterate(d, s, &x, prm, parts, st);
    else
        st->converged = 1;
    st->seconds = emogi_now() - t0;
    uint64_t fig[2];
    dist_gpu_check(emogi_dpr_gpu_result(s, rank, fig, &gerr), &gerr);
    gpu->link_bytes = fig[1];
    st->edges_read = st->iterations * win.ne;
    st->devmem_bytes = dist_sum_u64(d, fig[0]);
    st->link_bytes = dist_sum_u64(d, fig[1]);
    st->edge_bytes = st->devmem_bytes + st->link_bytes;
    free(parts);
    xchg_close(&x);
    emogi_dpr_gpu_close(s);
    return 0;
}

