/*
 * dist_cc.c - connected components over MPI ranks: min-label propagation
 * with shortcuts.
 *
 * Every vertex starts with its own id as label.  A pass sets each of the
 * rank's vertices to the smallest label among itself, its out- and (for
 * a directed graph, whose weak components are wanted) in-neighbours, then
 * jumps it to its label's label, which is also in the component and no
 * larger (Shiloach-Vishkin's shortcut, which cuts the passes from the
 * diameter towards its logarithm on paths).  Passes end when no label
 * changed on any rank; every label is then the smallest id of its
 * component, the canonical label emogi_cc_cpu writes, so the output is
 * the single process's byte for byte.
 *
 * The exchange is dense: MPI_Allgatherv of all labels after each pass.
 * The shortcut reads labels at random ids, which rules out sending only
 * what a rank's edges reach; and in the first passes, which dominate,
 * most labels change, so (vertex, label) pairs of the changed ones would
 * move more bytes than the labels alone.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "emogi_clist.h"

/* The smallest label over V's list in L; *BAD set when it did not decode. */
static uint64_t min_over(const struct emogi_lists *l, const uint64_t *label, uint64_t v,
                         uint64_t m, int *bad)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK];
    int n;
    emogi_list_open(&r, l, v);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int k = 0; k < n; k++)
            m = label[ids[k]] < m ? label[ids[k]] : m;
    if (n < 0)
        *bad = 1;
    return m;
}

/* One pass over this rank's vertices; returns how many labels fell. */
static uint64_t pass(struct dist *d, const struct emogi_lists *out, const struct emogi_lists *in,
                     uint64_t *label, uint64_t *examined, int *bad)
{
    uint64_t changed = 0, read = 0;
    int b = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : changed, read) reduction(| : b)
    for (uint64_t v = d->lo; v < d->hi; v++) {
        uint64_t m = min_over(out, label, v, label[v], &b);
        read += emogi_list_len(out, v);
        if (in) {
            m = min_over(in, label, v, m, &b);
            read += emogi_list_len(in, v);
        }
        m = label[m] < m ? label[m] : m;
        if (m < label[v]) {
            label[v] = m; /* only this thread writes v; others may read either value */
            changed++;
        }
    }
    *examined += read;
    *bad |= b;
    return changed;
}

int dist_cc(struct dist *d, const struct emogi_graph *g, struct dist_gpu *gpu, uint64_t *labels,
            struct emogi_cc_stats *st, emogi_error *err)
{
    memset(st, 0, sizeof *st);
    if (emogi_cc_check_graph(g, err) < 0)
        return -1;
    if (gpu)
        return dist_cc_gpu(d, g, gpu, labels, st, err);
    const uint64_t nv = d->whole->nv;
    uint64_t *label = malloc((nv ? nv : 1) * sizeof *label);
    if (!dist_all(d, label != NULL)) {
        free(label);
        return emogi_fail(err, "out of memory for %llu labels", (unsigned long long)nv);
    }
    struct emogi_lists out = dist_lists(d, emogi_lists_out(g)),
                       in = dist_lists(d, emogi_lists_transpose(g));
    const struct emogi_lists *inp = (g->flags & EMOGI_DIRECTED) ? &in : NULL;
    for (uint64_t v = 0; v < nv; v++)
        label[v] = v;
    double t0 = emogi_now();
    uint64_t examined = 0, changed;
    int bad = 0;
    do {
        changed = pass(d, &out, inp, label, &examined, &bad);
        dist_allgather(d, label + d->lo, sizeof *label, label);
        changed = dist_sum_u64(d, changed);
        st->passes++;
    } while (changed > 0);
    st->seconds = emogi_now() - t0;
    st->edges_examined = dist_sum_u64(d, examined);
    st->edge_bytes = st->edges_examined * g->id_width;
    memcpy(labels, label + d->lo, (d->hi - d->lo) * sizeof *label);
    free(label);
    if (!dist_all(d, !bad))
        return emogi_fail(err, "cc: a compressed list did not decode");
    return 0;
}
