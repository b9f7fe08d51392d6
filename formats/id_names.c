/*
 * id_names.c - the input names of a graph converted with string ids
 * (emogi-csr(5), "Id names"): one vertex's name, and the vertex of a name.
 * The names are unique and ascending (emogi_csr_open() checked it), so a
 * name is found by binary search without an index of its own.
 */
#include <string.h>

#include "csr_internal.h"

const char *emogi_csr_id_name(const struct emogi_graph *g, uint64_t v, size_t *len)
{
    if (!(g->flags & EMOGI_IDNAMES) || !g->name_offsets || !g->names || v >= g->nv)
        return NULL;
    *len = (size_t)(g->name_offsets[v + 1] - g->name_offsets[v]);
    return g->names + g->name_offsets[v];
}

/* <0, 0, >0 as vertex V's name sorts before, as, or after NAME. */
static int compare_name(const struct emogi_graph *g, uint64_t v, const char *name, size_t len)
{
    size_t n;
    const char *s = emogi_csr_id_name(g, v, &n);
    int c = memcmp(s, name, n < len ? n : len);
    if (c != 0)
        return c;
    return n < len ? -1 : n > len;
}

int emogi_csr_find_name(const struct emogi_graph *g, const char *name, size_t len, uint64_t *v)
{
    if (!(g->flags & EMOGI_IDNAMES) || !g->name_offsets || !g->names)
        return -1;
    uint64_t lo = 0, hi = g->nv; /* the name, if anywhere, is in [lo, hi) */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        int c = compare_name(g, mid, name, len);
        if (c == 0) {
            *v = mid;
            return 0;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}
