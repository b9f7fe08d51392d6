/*
 * cc.c - connected components over MPI ranks: Afforest's union-find
 * (kernels/cpu/cc.c, cc_link.h) on each rank's lists, the ranks' forests
 * merged in a tree.
 *
 * Every rank holds a label per vertex of the whole graph and links its
 * own vertices' lists into it, hooking the larger root under the smaller
 * (so each root is the smallest id of its tree, the canonical label
 * emogi_cc_cpu writes: the output is the single process's byte for
 * byte).  As in Afforest, two sampling rounds link each vertex with its
 * first, then its second neighbour, flattening the trees after each
 * (kernels/cpu/cc.c's rounds, over the rank's range: emogi_cc_sample);
 * those forests are merged on rank 0, which finds the most frequent
 * label C and sends it to every rank with the merged labels of its
 * range, and the final round skips the lists of the rank's vertices
 * already in C.  That skip is safe across ranks because C is the same
 * everywhere: an edge u-v of a skipped u is linked by v's owner from v's
 * list (or in-list, for a directed graph's weak components) unless v is
 * in C too.  Outside its range a rank keeps its own forest: every label
 * in it joins vertices that are joined, and the final merge carries
 * what the rank adds to it.
 *
 * Labels are 4 bytes where every id fits (at most 2^32 vertices), as the
 * single process's are for 4-byte ids, else 8 (EMOGI_MPI_WIDE_IDS forces
 * 8 for tests): the arrays that travel and the union-find's random reads
 * are half the bytes.  The workers below are always_inline and called
 * with a constant width, as kernels/cpu/cc.c's are.
 *
 * The exchange moves whole label arrays, a fixed number of times: a merge
 * sends each rank's array once up a binary tree (rank r + s to rank r, r
 * a multiple of 2s; the receiver links each vertex to the root its
 * partner found), so log2(ranks) rounds and (ranks - 1) arrays a merge;
 * then each rank's range of the merged labels after sampling, and again
 * of the final labels: one array over all ranks each time, not a
 * broadcast of the whole array after sampling, (ranks - 1) arrays.  On
 * one host, where a pipelined broadcast in shared memory is cheap, the
 * time is the same; between hosts bytes are time
 * (bench/journal/2026-11-29-cpu-ranks-cc-the-sampling-as-one-process.md).
 * The final merge sends only the roots that moved since the ranges
 * arrived, where they are few, as they are when the largest component is
 * skipped (merge_forests).
 * Label propagation with an allgather of every label after each pass,
 * as before, moved ranks arrays a pass for passes that grow with the
 * diameter, and read every edge each pass: 27 times the single process's
 * time on kron 22 with 2 ranks
 * (bench/journal/2026-11-24-mpi-ranks-on-the-cpu-one-host.md).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "emogi_ranks.h"
#include "ranks.h"

#define ROUNDS 2 /* Afforest's sampling: each list's first two entries */

/* Link V with entries [FROM, UPTO) of its list in L; returns how many
 * were read.  *BAD set when the list did not decode.  Labels: W bytes. */
EMOGI_CC_INLINE uint64_t link_list(const struct emogi_lists *l, void *comp, uint64_t v,
                                   uint64_t from, uint64_t upto, int *bad, unsigned w)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK], k = 0;
    int n = 0;
    emogi_list_open(&r, l, v);
    while (k < upto && (n = emogi_list_next(&r, ids)) > 0)
        for (int i = 0; i < n && k < upto; i++, k++)
            if (k >= from)
                emogi_cc_link(comp, v, ids[i], w);
    if (n < 0)
        *bad = 1;
    return k > from ? k - from : 0;
}

/* Sampling round R: this rank's vertices linked with entry R of their
 * out-lists, then every label flattened.  Plain lists are read in place
 * and the labels asked for ahead (emogi_cc_sample), compressed ones a
 * first block each, since both rounds in one pass, each list through a
 * block reader and no label asked for ahead, take most of two ranks'
 * time (bench/journal/2026-11-29-cpu-ranks-cc-the-sampling-as-one-process.md).
 * Returns the entries read. */
EMOGI_CC_INLINE uint64_t sample_range(const struct dist *d, const struct emogi_lists *out,
                                      void *comp, uint64_t nv, uint64_t r, int *bad, unsigned w)
{
    uint64_t read = 0;
    int b = 0;
#pragma omp parallel reduction(+ : read) reduction(| : b)
    {
        if (out->coff) {
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK) nowait
            for (uint64_t v = d->lo; v < d->hi; v++)
                read += link_list(out, comp, v, r, r + 1, &b, w);
        } else if (out->width == 4) {
            read += emogi_cc_sample(out->off, out->ids, out->first, d->lo, d->hi, comp, r, 4, w);
        } else {
            read += emogi_cc_sample(out->off, out->ids, out->first, d->lo, d->hi, comp, r, 8, w);
        }
#pragma omp barrier
        emogi_cc_compress(comp, nv, w);
    }
    *bad |= b;
    return read;
}

/* The final round: this rank's vertices outside tree SKIP linked with
 * out-list entries FROM.. and, given IN, every in-list entry; then every
 * label flattened.  Returns the entries read. */
EMOGI_CC_INLINE uint64_t link_range(const struct dist *d, const struct emogi_lists *out,
                                    const struct emogi_lists *in, void *comp, uint64_t nv,
                                    uint64_t from, uint64_t skip, int *bad, unsigned w)
{
    uint64_t read = 0;
    int b = 0;
#pragma omp parallel reduction(+ : read) reduction(| : b)
    {
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK)
        for (uint64_t v = d->lo; v < d->hi; v++) {
            if (emogi_cc_get(comp, v, w) == skip)
                continue;
            read += link_list(out, comp, v, from, UINT64_MAX, &b, w);
            if (in)
                read += link_list(in, comp, v, 0, UINT64_MAX, &b, w);
        }
        emogi_cc_compress(comp, nv, w);
    }
    *bad |= b;
    return read;
}

#define DENSE UINT64_MAX /* a merge's header: the whole array follows */

/* Vertices whose root in COMP differs from BASE's (both flattened): the
 * count, and with PAIRS, (vertex, root) pairs in no particular order
 * (linking is the same in any).  Both scans run on every thread: the
 * changes are few, the vertices nv. */
EMOGI_CC_INLINE uint64_t changes(const void *comp, const void *base, uint64_t nv,
                                 uint64_t *pairs, unsigned w)
{
    uint64_t n = 0;
    if (!pairs) {
#pragma omp parallel for schedule(static) reduction(+ : n)
        for (uint64_t x = 0; x < nv; x++)
            n += emogi_cc_get(comp, x, w) != emogi_cc_get(base, x, w);
        return n;
    }
#pragma omp parallel for schedule(static)
    for (uint64_t x = 0; x < nv; x++)
        if (emogi_cc_get(comp, x, w) != emogi_cc_get(base, x, w)) {
            const uint64_t k = __atomic_fetch_add(&n, 1, __ATOMIC_RELAXED);
            pairs[2 * k] = x;
            pairs[2 * k + 1] = emogi_cc_get(comp, x, w);
        }
    return n;
}

/* Rank 0 ends with the union of every rank's forest in COMP (flattened),
 * up a binary tree; BUF: room for NV labels on ranks that receive.  With
 * BASE, the forest every rank started the round from, a rank whose roots
 * moved for under a quarter of the array's bytes sends those (vertex,
 * root) pairs instead: the final round skips the largest component, so
 * few move (kron 21, two ranks: 12 of 2 097 152), where the whole array
 * is nv labels (bench/journal/2026-11-27-cpu-ranks-cc-4-byte-labels.md). */
EMOGI_CC_INLINE void merge_forests(struct dist *d, void *comp, void *buf, const void *base,
                                   uint64_t nv, unsigned w)
{
    for (int s = 1; s < d->size; s *= 2) {
        int sends;
        const int peer = dist_tree_peer(d, s, &sends);
        if (sends) {
            uint64_t n = base ? changes(comp, base, nv, NULL, w) : DENSE;
            uint64_t *pairs = n <= nv * w / 16 ? malloc((n ? n : 1) * 2 * sizeof *pairs) : NULL;
            if (!pairs)
                n = DENSE;
            dist_send(d, peer, &n, sizeof n);
            if (pairs) {
                changes(comp, base, nv, pairs, w);
                dist_send(d, peer, pairs, n * 2 * sizeof *pairs);
            } else {
                dist_send(d, peer, comp, nv * w);
            }
            free(pairs);
            return;
        }
        if (peer < 0)
            continue;
        uint64_t n;
        dist_recv(d, peer, &n, sizeof n);
        const uint64_t *pairs = buf; /* n * 16 <= nv * w bytes: BUF holds them */
        dist_recv(d, peer, buf, n == DENSE ? nv * w : n * 2 * sizeof *pairs);
#pragma omp parallel
        {
            if (n == DENSE) {
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK)
                for (uint64_t x = 0; x < nv; x++)
                    if (emogi_cc_get(buf, x, w) != x)
                        emogi_cc_link(comp, x, emogi_cc_get(buf, x, w), w);
            } else {
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK)
                for (uint64_t i = 0; i < n; i++)
                    emogi_cc_link(comp, pairs[2 * i], pairs[2 * i + 1], w);
            }
            emogi_cc_compress(comp, nv, w);
        }
    }
}

/* Each rank's range of rank 0's COMP (W-byte labels), received at AT;
 * returns where this rank's range now is. */
EMOGI_CC_INLINE const void *send_ranges(struct dist *d, void *comp, void *at, unsigned w)
{
    if (d->rank != 0) {
        dist_recv(d, 0, at, (d->hi - d->lo) * w);
        return at;
    }
    for (int r = 1; r < d->size; r++)
        dist_send(d, r, (const char *)comp + d->bound[r] * w, dist_count(d, r) * w);
    return (const char *)comp + d->lo * w;
}

/* Each rank's range of rank 0's final COMP into LABELS (uint64): W-byte
 * labels travel, received into the front of COMP and widened. */
EMOGI_CC_INLINE void scatter_labels(struct dist *d, void *comp, uint64_t *labels, unsigned w)
{
    const uint64_t n = d->hi - d->lo;
    const void *mine = send_ranges(d, comp, comp, w);
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++)
        labels[i] = emogi_cc_get(mine, i, w);
}

/* The CPU ranks' components, labels of W bytes (a constant: see the top). */
EMOGI_CC_INLINE int cc_ranks(struct dist *d, const struct emogi_graph *g, uint64_t *labels,
                             struct emogi_cc_stats *st, emogi_error *err, unsigned w)
{
    const uint64_t nv = d->whole->nv;
    void *comp = malloc((nv ? nv : 1) * w);
    void *buf = d->rank % 2 == 0 ? malloc((nv ? nv : 1) * w) : NULL;
    void *base = d->rank != 0 ? malloc((nv ? nv : 1) * w) : NULL; /* senders' */
    if (!dist_all(d, comp != NULL && (d->rank % 2 || buf) && (d->rank == 0 || base))) {
        free(comp), free(buf), free(base);
        return emogi_fail(err, "out of memory for %llu labels", (unsigned long long)nv);
    }
    struct emogi_lists out = dist_lists(d, emogi_lists_out(g)),
                       in = dist_lists(d, emogi_lists_transpose(g));
    const struct emogi_lists *inp = (g->flags & EMOGI_DIRECTED) ? &in : NULL;
    double t0 = emogi_now();
#pragma omp parallel for schedule(static)
    for (uint64_t v = 0; v < nv; v++)
        emogi_cc_put(comp, v, v, w);
    int bad = 0;
    uint64_t examined = 0;
    for (uint64_t r = 0; r < ROUNDS; r++)
        examined += sample_range(d, &out, comp, nv, r, &bad, w);
    merge_forests(d, comp, buf, NULL, nv, w);
    uint64_t c = d->rank == 0 && nv ? emogi_cc_frequent_label(comp, nv, w) : 0;
    dist_bcast(d, &c, sizeof c);
    /* this rank's vertices to their merged roots: each root is at most its
     * vertex, so COMP stays a forest */
    send_ranges(d, comp, (char *)comp + d->lo * w, w);
    if (base)
        memcpy(base, comp, nv * w);
    examined += link_range(d, &out, inp, comp, nv, ROUNDS, c, &bad, w);
    merge_forests(d, comp, buf, base, nv, w);
    scatter_labels(d, comp, labels, w);
    st->passes = ROUNDS + 1;
    st->seconds = emogi_now() - t0;
    st->edges_examined = dist_sum_u64(d, examined);
    st->edge_bytes = st->edges_examined * g->id_width;
    free(comp), free(buf), free(base);
    if (!dist_all(d, !bad))
        return emogi_fail(err, "cc: a compressed list did not decode");
    return 0;
}

int dist_cc(struct dist *d, const struct emogi_graph *g, struct dist_gpu *gpu,
            enum emogi_cc_algorithm a, uint64_t *labels, struct emogi_cc_stats *st,
            emogi_error *err)
{
    memset(st, 0, sizeof *st);
    if (emogi_cc_check_graph(g, err) < 0)
        return -1;
    if (gpu)
        return dist_cc_gpu(d, g, gpu, a, labels, st, err);
    if (d->whole->nv <= (uint64_t)UINT32_MAX + 1 && !dist_wide_ids()) /* every id fits */
        return cc_ranks(d, g, labels, st, err, 4);
    return cc_ranks(d, g, labels, st, err, 8);
}

/* Each rank labels its range (on its GPU with --device gpu: dist_place,
 * gpu_ranks.c); rank 0 gathers the labels, in the graph's id width,
 * and reports and checks them as a single process; every rank writes its
 * part (dist_write). */
void dist_cc_run(struct dist *d, const struct emogi_graph *g, const struct dist_cc_job *j)
{
    emogi_error err;
    double t0 = emogi_now();
    const unsigned w = g->id_width;
    const struct emogi_graph *whole = d->whole; /* g: this rank's lists only */
    dist_partition(d, g, 64);
    const int on_gpu = j->t.gpu != NULL;
    struct emogi_range range;
    struct dist_gpu gpu = {0};
    if (on_gpu)
        dist_place(d, g, j->t.gpu, emogi_dcc_gpu_state_bytes(g->ne, whole->nv, w, j->algorithm),
                   &range, &gpu);
    uint64_t *mine = dist_alloc(d->hi - d->lo, sizeof *mine, "labels");
    void *labels = d->rank == 0 ? dist_alloc(whole->nv, w, "labels") : NULL;
    for (uint64_t i = 0; i < j->repeat; i++) {
        struct emogi_cc_stats st;
        if (dist_cc(d, g, on_gpu ? &gpu : NULL, j->algorithm, mine, &st, &err) < 0)
            tool_die_about(j->t.graph, &err);
        if (w == 4) /* in place: entry k's 4 bytes land at or before its 8 */
            for (uint64_t k = 0; k < d->hi - d->lo; k++)
                ((uint32_t *)mine)[k] = (uint32_t)mine[k];
        dist_gather(d, mine, w, labels);
        if (d->rank == 0 && j->t.stats)
            j->report(j->t.ctx, whole,
                      !on_gpu                        ? "afforest-mpi"
                      : j->algorithm == EMOGI_CC_UF ? "afforest-mpi-gpu"
                                                    : "labelprop-mpi-gpu",
                      labels, &st, on_gpu);
        else if (d->rank == 0 && j->repeat > 1)
            j->seconds(j->t.ctx, &st);
    }
    if (on_gpu)
        dist_unplace(j->t.gpu, &range);
    if (j->t.stats)
        dist_report(d, emogi_now() - t0, gpu.link_bytes);
    if (d->rank == 0 && j->t.verify) /* the shared file: g is whole */
        j->check(j->t.ctx, g, labels);
    dist_write(d, j->t.out, mine, w == 4 ? TOOL_U32 : TOOL_U64, whole->nv, j->t.format, j->t.ids,
               1);
    free(labels);
    free(mine);
}
