/*
 * pagerank.c - PageRank over MPI ranks: emogi_pagerank_cpu_jacobi's
 * iteration (kernels/cpu/pagerank.c), bit for bit: its starting ranks
 * (emogi_pagerank_cpu_start) and its contributions, float32 or float64
 * as the store asks.
 *
 * The single process sums per block of EMOGI_PAGERANK_BLOCK vertices,
 * then over blocks.  A rank whose range holds a block whole sums it as
 * the single process does; a block split between ranks (a part file's
 * range need not start on a block; dist_partition's do) is summed from
 * its vertices' terms, which its ranks send one by one, in vertex order,
 * by whichever rank adds the blocks up (every rank).  An iteration turns
 * the rank's ranks into contributions (rank / out-degree) and dangling
 * terms; every vertex then pulls the contributions of its in-neighbours
 * in list order, and gives its L1 change.  The exchange is dense: MPI_Allgatherv of the
 * contributions (nv floats or doubles), since on the graphs PageRank is run on
 * (power-law, randomly numbered) nearly every vertex has an in-neighbour
 * on every other rank, and sending only the contributions a rank reads
 * would move about as many bytes plus their ids.  The per-block partial
 * sums travel too (one double per block, plus a term per vertex of a
 * split block) and are summed over blocks in
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

#include "emogi_ranks.h"
#include "ranks.h"

#define BLOCK EMOGI_PAGERANK_BLOCK

struct dpr {
    struct dist *d;
    struct emogi_graph win; /* the in-edge graph's counts and offsets over all vertices */
    const uint64_t *out_off; /* the whole graph's out-degree offsets */
    double *outw;            /* weighted: all vertices' out-weight sums; else NULL */
    struct emogi_lists lists; /* this rank's in-lists */
    double *rank;    /* this rank's hi - lo */
    void *contrib;   /* nv: all ranks', float with f32, else double */
    int f32;
    double *part;    /* all ranks' slots: a block's sum, or a split block's terms */
    unsigned char *split; /* per block: split between ranks */
    uint64_t nblocks, b0, b1; /* all blocks; this rank's [b0, b1) */
    uint64_t *count; /* 2 * size: slots per rank and displacements */
    uint64_t examined;
    int corrupt;
};

static uint64_t block_end(const struct dpr *s, uint64_t b)
{
    uint64_t nv = s->win.nv;
    return (b + 1) * BLOCK < nv ? (b + 1) * BLOCK : nv;
}

/* Every block's sum, over blocks in order; a split block's from its
 * vertices' terms in order, as one rank would have summed them. */
static double sum_blocks(struct dpr *s)
{
    struct dist *d = s->d;
    dist_allgatherv(d, s->part, sizeof *s->part, s->count, s->count + d->size);
    double sum = 0;
    for (uint64_t b = 0, i = 0; b < s->nblocks; b++) {
        if (!s->split[b]) {
            sum += s->part[i++];
            continue;
        }
        double block = 0;
        for (uint64_t v = b * BLOCK; v < block_end(s, b); v++)
            block += s->part[i++];
        sum += block;
    }
    return sum;
}

/* The vertices of block B in the range [LO, HI): [*FROM, *TO). */
static void piece(const struct dpr *s, uint64_t b, uint64_t lo, uint64_t hi, uint64_t *from,
                  uint64_t *to)
{
    *from = b * BLOCK > lo ? b * BLOCK : lo;
    *to = block_end(s, b) < hi ? block_end(s, b) : hi;
}

/* The slots of range [LO, HI): one per whole block, one per vertex of a
 * split block (only its first and last block can be). */
static uint64_t slots_of(const struct dpr *s, uint64_t lo, uint64_t hi)
{
    if (hi <= lo)
        return 0;
    const uint64_t bf = lo / BLOCK, bl = (hi - 1) / BLOCK;
    uint64_t from, to, n;
    piece(s, bf, lo, hi, &from, &to);
    n = s->split[bf] ? to - from : 1;
    if (bl == bf)
        return n;
    piece(s, bl, lo, hi, &from, &to); /* the blocks between are whole */
    return n + (bl - bf - 1) + (s->split[bl] ? to - from : 1);
}

/* Where this rank's block B's slots start in s->part. */
static double *slot(const struct dpr *s, uint64_t b)
{
    const struct dist *d = s->d;
    return s->part + s->count[d->size + d->rank] + slots_of(s, d->lo, b * BLOCK > d->lo ? b * BLOCK
                                                                                      : d->lo);
}

/* Contributions of this rank's vertices to all ranks; the dangling rank. */
static double spread(struct dpr *s)
{
    const uint64_t lo = s->d->lo;
#pragma omp parallel for schedule(static)
    for (uint64_t b = s->b0; b < s->b1; b++) {
        double dangling = 0, *at = slot(s, b);
        uint64_t from, to;
        piece(s, b, lo, s->d->hi, &from, &to);
        for (uint64_t v = from; v < to; v++) {
            /* pagerank.c's contribute(): the same divisions */
            double share = s->outw ? (s->outw[v] > 0 ? s->outw[v] : 0.0)
                                   : (double)(s->out_off[v + 1] - s->out_off[v]);
            double c = share > 0 ? s->rank[v - lo] / share : 0.0;
            if (s->f32)
                ((float *)s->contrib)[v] = (float)c;
            else
                ((double *)s->contrib)[v] = c;
            if (s->split[b])
                at[v - from] = share > 0 ? 0.0 : s->rank[v - lo];
            else
                dangling += share > 0 ? 0.0 : s->rank[v - lo];
        }
        if (!s->split[b])
            *at = dangling;
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
    uint64_t ids[EMOGI_CLIST_BLOCK], e = s->win.offsets[v]; /* weighted: the shared file, win = in */
    double sum = 0;
    int n;
    emogi_list_open(&r, &s->lists, v);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int k = 0; k < n; k++, e++) {
            double c = s->f32 ? (double)((const float *)s->contrib)[ids[k]]
                              : ((const double *)s->contrib)[ids[k]];
            if (s->outw)
                sum += emogi_pagerank_weight(s->win.weights, s->win.weight_type, e) * c;
            else
                sum += c;
        }
    if (n < 0)
        s->corrupt = 1;
    return sum;
}

/* Block B's vertices [FROM, TO): new ranks, and the block's change or its
 * vertices' terms.  PLAIN, W and F32 are constants where inlined: plain
 * unweighted lists of id width W, contributions float with F32. */
static inline __attribute__((always_inline)) void
gather_block_w(struct dpr *s, uint64_t b, uint64_t from, uint64_t to, double base,
               double damping, int plain, unsigned w, int f32)
{
    const uint64_t lo = s->d->lo, ne = s->lists.off[s->d->hi - s->lists.first];
    const uint64_t *off = s->lists.off - s->lists.first; /* by the whole graph's ids */
    double delta = 0, *at = slot(s, b);
    for (uint64_t v = from; v < to; v++) {
        /* plain: the single process's loop (pagerank_sum.h), the same sum */
        double in = plain ? emogi_pagerank_sum_plain(s->lists.ids, w, s->contrib, f32, off[v],
                                                     off[v + 1], ne)
                          : in_sum(s, v);
        double r = base + damping * in;
        if (s->split[b])
            at[v - from] = fabs(r - s->rank[v - lo]);
        else
            delta += fabs(r - s->rank[v - lo]);
        s->rank[v - lo] = r;
    }
    if (!s->split[b])
        *at = delta;
}

/* The variant is chosen inside the parallel loop's body, where its
 * constants reach the edge loop (OpenMP outlines the body first). */
static void gather_block(struct dpr *s, uint64_t b, uint64_t from, uint64_t to, double base,
                         double damping)
{
    if (s->lists.coff || s->outw)
        gather_block_w(s, b, from, to, base, damping, 0, 0, 0);
    else if (s->lists.width == 4)
        s->f32 ? gather_block_w(s, b, from, to, base, damping, 1, 4, 1)
               : gather_block_w(s, b, from, to, base, damping, 1, 4, 0);
    else
        s->f32 ? gather_block_w(s, b, from, to, base, damping, 1, 8, 1)
               : gather_block_w(s, b, from, to, base, damping, 1, 8, 0);
}

/* New ranks for this rank's vertices; the L1 change over all. */
static double gather(struct dpr *s, double base, double damping)
{
    const uint64_t *off = s->win.offsets;
    uint64_t examined = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : examined)
    for (uint64_t b = s->b0; b < s->b1; b++) {
        uint64_t from, to;
        piece(s, b, s->d->lo, s->d->hi, &from, &to);
        gather_block(s, b, from, to, base, damping);
        examined += off[to] - off[from];
    }
    s->examined += examined;
    return sum_blocks(s);
}

static void iterate(struct dpr *s, const struct emogi_pagerank_params *prm,
                    struct emogi_pagerank_stats *st)
{
    const double n = (double)s->win.nv, d = prm->damping;
    /* The single process's start, computed whole on every rank (it needs
     * global counts). */
    double *start = malloc(s->win.nv * sizeof *start);
    if (start) {
        emogi_pagerank_cpu_start(&s->win, s->out_off, s->outw, d, start);
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

void dist_whole_in(const struct dist *d, const struct emogi_graph *in, struct emogi_graph *w)
{
    if (!d->parts) {
        *w = *in;
        return;
    }
    *w = *d->whole;
    if (w->flags & EMOGI_DIRECTED) {
        w->offsets = d->whole->t_offsets;
        w->t_offsets = d->whole->offsets;
    }
}

/* Which blocks a bound cuts, and every rank's slots. */
static void lay_out(struct dpr *s)
{
    const struct dist *d = s->d;
    memset(s->split, 0, s->nblocks ? s->nblocks : 1);
    for (int r = 1; r < d->size; r++)
        if (d->bound[r] % BLOCK && d->bound[r] < s->win.nv)
            s->split[d->bound[r] / BLOCK] = 1;
    uint64_t at = 0;
    for (int r = 0; r < d->size; r++) {
        s->count[r] = slots_of(s, d->bound[r], d->bound[r + 1]);
        s->count[d->size + r] = at;
        at += s->count[r];
    }
}

static int setup(struct dpr *s, struct dist *d, const struct emogi_graph *in, int f32,
                 double *rank)
{
    memset(s, 0, sizeof *s);
    s->f32 = f32;
    s->d = d;
    dist_whole_in(d, in, &s->win);
    s->out_off = emogi_pagerank_out_offsets(&s->win);
    s->lists = dist_lists(d, emogi_lists_out(in));
    s->rank = rank;
    const uint64_t nv = s->win.nv;
    s->nblocks = (nv + BLOCK - 1) / BLOCK;
    s->b0 = d->lo / BLOCK;
    s->b1 = d->hi > d->lo ? (d->hi + BLOCK - 1) / BLOCK : s->b0;
    s->contrib = emogi_random_array((nv ? nv : 1) * (f32 ? sizeof(float) : sizeof(double)));
    /* a rank's first and last block may be split: at most 2 * BLOCK terms more each */
    s->part = malloc((s->nblocks + 2 * (uint64_t)d->size * BLOCK) * sizeof *s->part);
    s->split = malloc(s->nblocks ? s->nblocks : 1);
    s->count = malloc(2 * (size_t)d->size * sizeof *s->count);
    if (!s->contrib || !s->part || !s->split || !s->count)
        return -1;
    lay_out(s);
    return 0;
}

static void release(struct dpr *s)
{
    free(s->contrib), free(s->part), free(s->split), free(s->count), free(s->outw);
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
             (s.win.nv == 0 || (s.out_off && s.win.offsets));
    /* the shared file: every rank sees the whole graph, the same weights,
     * the same verdict (part files refuse --weighted: dist_pagerank_run) */
    int weights_ok = !ok || emogi_pagerank_weights_for(in, prm, &s.outw, err) == 0;
    if (!dist_all(d, ok && weights_ok)) {
        release(&s);
        if (!weights_ok)
            return -1;
        return emogi_fail(err, "PageRank: out of memory on %s", ok ? "another rank" : "this rank");
    }
    double t0 = emogi_now();
    if (s.win.nv)
        iterate(&s, prm, st);
    else
        st->converged = 1;
    st->seconds = emogi_now() - t0;
    st->edges_read = st->iterations * s.win.ne;
    st->edge_bytes = st->edges_read * in->id_width;
    st->edges_examined = dist_sum_u64(d, s.examined);
    const int no_start = s.corrupt < 0;
    int corrupt = !dist_all(d, !s.corrupt);
    release(&s);
    if (no_start)
        return emogi_fail(err, "PageRank: out of memory for the starting ranks");
    if (corrupt)
        return emogi_fail(err, "PageRank: a compressed in-list did not decode");
    return 0;
}

/* Part files hold what PageRank needs only when split with --transpose
 * (a directed graph's in-lists lie in every part) and unweighted (a
 * vertex's out-weight sum lies in its owner's part alone): else rank 0
 * says so and every rank leaves. */
static void refuse_parts(struct dist *d, const struct emogi_graph *g,
                         const struct dist_pagerank_job *j)
{
    const char *why = NULL;
    if (!d->parts)
        return;
    if ((g->flags & EMOGI_DIRECTED) && !(g->flags & EMOGI_TRANSPOSE))
        why = "PageRank pulls over in-edges, which the part files of a directed graph hold "
              "only when split with --transpose (emogi-convert csr IN OUT --transpose "
              "--partitions N)";
    else if (j->prm->weighted)
        why = "--weighted needs every vertex's out-weights: run it on the whole .csr (every "
              "rank maps it), not on part files";
    if (!why)
        return;
    if (d->rank == 0) /* every rank knows: one says it */
        fprintf(stderr, "%s: %s: %s\n", tool_name(), j->t.graph, why);
    dist_finish(d);
    exit(1);
}

/* Jacobi over ranks, the same ranks as --method jacobi in one process
 * (GPU ranks, --device gpu: within the tolerance; gpu_ranks.c); rank
 * 0 reports and checks (gathering them) as the single process does, and
 * every rank writes its part (dist_write). */
void dist_pagerank_run(struct dist *d, const struct emogi_graph *g,
                       const struct dist_pagerank_job *j)
{
    emogi_error err;
    struct emogi_graph in;
    refuse_parts(d, g, j);
    /* A directed shared file without its transpose: every rank builds the
     * whole in-edge graph from every out-list (part files refuse this),
     * and --weighted reads every vertex's out-weights; the lists they
     * read are checked first.  Split with --transpose to avoid both. */
    if (j->prm->weighted || ((g->flags & EMOGI_DIRECTED) && !(g->flags & EMOGI_TRANSPOSE)))
        dist_check_lists(d, g, 0, g->nv);
    if ((j->prm->weighted ? emogi_pagerank_in_edges_weighted(g, &in, &err)
                          : emogi_pagerank_in_edges(g, &in, &err)) < 0)
        tool_die_about(j->t.graph, &err);
    double t0 = emogi_now();
    dist_partition(d, g, EMOGI_PAGERANK_BLOCK);
    const struct emogi_graph *w = d->whole; /* g: this rank's lists only */
    const int on_gpu = j->t.gpu != NULL;
    struct emogi_range range;
    struct dist_gpu gpu = {0};
    if (on_gpu)
        dist_place(d, &in, j->t.gpu, emogi_dpr_gpu_state_bytes(d->hi - d->lo, w->nv), &range,
                   &gpu);
    double *mine = dist_alloc(d->hi - d->lo, sizeof *mine, "ranks");
    double *rank = d->rank == 0 && j->t.verify ? dist_alloc(w->nv, sizeof *rank, "ranks") : NULL;
    struct emogi_pagerank_stats st;
    if (dist_pagerank(d, &in, on_gpu ? &gpu : NULL, j->prm, j->store, mine, &st, &err) < 0)
        tool_die_about(g->path, &err);
    if (on_gpu)
        dist_unplace(j->t.gpu, &range);
    if (j->t.verify) /* rank 0 checks the whole array */
        dist_gather(d, mine, sizeof *mine, rank);
    if (j->t.stats)
        dist_report(d, emogi_now() - t0, gpu.link_bytes);
    if (d->rank == 0) {
        if (j->t.stats)
            j->report(j->t.ctx, &st, !on_gpu);
        j->warn(j->t.ctx, &st);
        if (j->t.verify) /* the shared file: g is whole */
            j->check(j->t.ctx, g, rank);
    }
    j->narrow(mine, d->hi - d->lo, j->precision);
    dist_write(d, j->t.out, mine, j->precision, w->nv, j->t.format, j->t.ids, 0);
    free(rank);
    free(mine);
    emogi_pagerank_in_edges_free(g, &in);
}
