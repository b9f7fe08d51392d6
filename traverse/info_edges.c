/*
 * info_edges.c - dump a .csr as "src dst" or "src dst weight" text lines,
 * in CSR order (by source, then ascending target).  Graphs run to billions
 * of edges, so numbers are formatted by hand into a large buffer instead
 * of going through printf per field.
 */
#include <stdio.h>
#include <string.h>

#include "info.h"

static char *put_u64(char *p, uint64_t x)
{
    char tmp[20];
    int n = 0;
    do
        tmp[n++] = (char)('0' + x % 10);
    while ((x /= 10) != 0);
    while (n > 0)
        *p++ = tmp[--n];
    return p;
}

/* "%.9g" prints every float32 so that it reads back to the same bits. */
static char *put_weight(char *p, const struct emogi_graph *g, const void *w, uint64_t i)
{
    *p++ = ' ';
    if (g->weight_type == EMOGI_WEIGHT_UINT32)
        return put_u64(p, ((const uint32_t *)w)[i]);
    return p + snprintf(p, 32, "%.9g", (double)((const float *)w)[i]);
}

int info_print_edges(FILE *out, const struct emogi_graph *g, int original)
{
    static char buf[1 << 16];
    const uint64_t *idmap = original ? g->idmap : NULL;
    char *p = buf;
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t src = idmap ? idmap[v] : v;
        for (uint64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
            uint64_t dst = emogi_neighbor(g, i);
            p = put_u64(p, src);
            *p++ = ' ';
            p = put_u64(p, idmap ? idmap[dst] : dst);
            if (g->weights)
                p = put_weight(p, g, g->weights, i);
            *p++ = '\n';
            if (p - buf > (long)sizeof buf - 128) {
                if (fwrite(buf, 1, (size_t)(p - buf), out) != (size_t)(p - buf))
                    return -1;
                p = buf;
            }
        }
    }
    return fwrite(buf, 1, (size_t)(p - buf), out) == (size_t)(p - buf) ? 0 : -1;
}
