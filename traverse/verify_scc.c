/*
 * verify_scc.c - checking strong-component labels without trusting the
 * program that computed them: the check behind emogi-cc --strong --verify
 * and emogi-verify scc.
 *
 * Labels are right exactly when each vertex's label is the smallest id of
 * its strongly connected component, the canonical form emogi-cc writes.
 * A parallel sweep first checks that every label is the smallest id of
 * its class (label[v] <= v, label[label[v]] == label[v]), then the
 * components are found by Tarjan's depth-first search (R. E. Tarjan,
 * "Depth-first search and linear graph algorithms", SIAM J. Comput.
 * 1972), written here without recursion and sharing nothing with the
 * backends' forward-backward and colouring, over out-edges only.  The
 * first vertex whose label differs from its component's smallest id is
 * reported.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "verify.h"

#define NONE UINT64_MAX

/* The smallest id of each vertex's strong component, by Tarjan's search:
 * index[v] is v's visiting order (NONE unvisited), low[v] the least index
 * v's subtree reaches, and a vertex whose low is its own index closes a
 * component, the vertices above it on the stack.  Then low[] holds the
 * result. */
static uint64_t *tarjan_minima(const struct emogi_graph *g, emogi_error *err)
{
    const uint64_t nv = g->nv, n = nv ? nv : 1;
    uint64_t *index = malloc(n * sizeof *index), *low = malloc(n * sizeof *low);
    uint64_t *stack = malloc(n * sizeof *stack), *call = malloc(n * sizeof *call);
    uint64_t *edge = malloc(n * sizeof *edge);
    unsigned char *on = calloc(n, 1);
    if (!index || !low || !stack || !call || !edge || !on) {
        emogi_fail(err, "out of memory for %llu vertices", (unsigned long long)nv);
        free(index), free(low), free(stack), free(call), free(edge), free(on);
        return NULL;
    }
    for (uint64_t v = 0; v < nv; v++)
        index[v] = NONE;
    uint64_t next = 0, sp = 0;
    for (uint64_t root = 0; root < nv; root++) {
        if (index[root] != NONE)
            continue;
        uint64_t depth = 0;
        call[depth] = root, edge[depth] = g->offsets[root];
        index[root] = low[root] = next++;
        stack[sp++] = root, on[root] = 1;
        for (;;) {
            const uint64_t v = call[depth];
            if (edge[depth] < g->offsets[v + 1]) {
                const uint64_t u = emogi_neighbor(g, edge[depth]++);
                if (index[u] == NONE) {
                    index[u] = low[u] = next++;
                    stack[sp++] = u, on[u] = 1;
                    depth++;
                    call[depth] = u, edge[depth] = g->offsets[u];
                } else if (on[u] && index[u] < low[v]) {
                    low[v] = index[u];
                }
                continue;
            }
            if (low[v] == index[v]) {
                /* v closes a component: its members are on the stack from v up */
                uint64_t least = NONE, i = sp;
                do
                    least = stack[--i] < least ? stack[i] : least;
                while (stack[i] != v);
                for (uint64_t j = i; j < sp; j++) {
                    on[stack[j]] = 0;
                    /* index keeps them visited; low now holds the answer, so
                     * no later comparison may read it as an index */
                    low[stack[j]] = least;
                    index[stack[j]] = 0;
                }
                sp = i;
            }
            if (depth == 0)
                break;
            depth--;
            const uint64_t p = call[depth];
            if (on[v] && low[v] < low[p]) /* a closed v passes nothing up */
                low[p] = low[v];
        }
    }
    verify_count_edges(g->offsets[nv]);
    free(index), free(stack), free(call), free(edge), free(on);
    return low;
}

static int check_labels(const struct emogi_graph *g, const void *labels, emogi_error *err)
{
    if (verify_labels_canonical(g, labels, err) < 0)
        return -1;
    const unsigned w = g->id_width;
    uint64_t *min = tarjan_minima(g, err);
    if (!min)
        return -1;
    int rc = 0;
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t l = verify_label(labels, w, v);
        if (l == min[v])
            continue;
        if (l > min[v])
            rc = emogi_fail(err, "vertex %llu has label %llu, but vertex %llu is in its strong "
                                 "component (a cycle joins them)",
                            (unsigned long long)v, (unsigned long long)l,
                            (unsigned long long)min[v]);
        else
            rc = emogi_fail(err, "vertex %llu has label %llu but no cycle joins it to vertex "
                                 "%llu (its strong component's smallest id is %llu)",
                            (unsigned long long)v, (unsigned long long)l, (unsigned long long)l,
                            (unsigned long long)min[v]);
        break;
    }
    free(min);
    return rc;
}

int verify_scc_labels(const struct emogi_graph *g, const void *labels, emogi_error *err)
{
    return verify_labels_plain(g, labels, check_labels, err);
}

/* ---- emogi-verify scc GRAPH LABELS ---- */

int verify_scc_main(int argc, char **argv)
{
    return verify_labels_main(argc, argv, "scc", verify_scc_labels, "strong components");
}
