/*
 * export.c - the writers' table, the walk over the lists that every
 * writer makes, and the checks before a byte is written (export.h).
 */
#include <inttypes.h>
#include <string.h>

#include "export.h"

static const struct writer writers[] = {
    {"el", write_el, NULL, 0, 0, 0, NULL, NULL},
    {"wel", write_el, NULL, 0, 1, 0, NULL, NULL},
    {"mtx", write_mtx, NULL, 1, 0, 0, "wants integer ids 1..N", "%"},
    {"gr", write_gr, NULL, 1, 1, 0, "wants integer ids 1..N", "c"},
    {"metis", write_metis, check_metis, 1, 0, 0, "wants integer ids 1..N", "%"},
    {"sg", write_sg, check_sg, 0, 0, 1, "names a vertex by its position, 0..N-1 as int32", NULL},
    {"wsg", write_sg, check_sg, 0, 1, 1, "names a vertex by its position, 0..N-1 as int32", NULL},
};

const struct writer *writer_find(const char *name)
{
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        if (strcmp(name, writers[i].name) == 0)
            return &writers[i];
    return NULL;
}

int each_arc(struct exporter *x, const struct emogi_lists *l, uint64_t u, arc_fn fn)
{
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK], e = l->off[u];
    int n;
    emogi_list_open(&r, l, u);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int i = 0; i < n; i++, e++)
            if (fn(x, u, ids[i], e))
                return -1;
    if (n < 0)
        return emogi_fail(x->err, "%s: the compressed list of vertex %" PRIu64 " is corrupt",
                          x->input, u);
    return 0;
}

int each_vertex_arc(struct exporter *x, arc_fn fn)
{
    for (uint64_t u = 0; u < x->g->nv; u++)
        if (each_arc(x, &x->lists, u, fn))
            return -1;
    return 0;
}

int export_directed(const struct emogi_graph *g)
{
    return (g->flags & EMOGI_DIRECTED) != 0;
}

/* --original-ids of names: each must read back as one el token, so a
 * name with a blank (or empty) is refused, and so is a source's name that
 * starts with '#' or '%', which would make its lines comments; in a
 * comment line (mtx, gr, metis) only a line break ends a name early. */
static int check_names(const struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    const int token = !x->w->comment;
    for (uint64_t v = 0; v < g->nv; v++) {
        size_t n;
        const char *s = emogi_csr_id_name(g, v, &n);
        const char *bad = NULL;
        if (token && (!s || n == 0))
            bad = "is empty";
        for (size_t i = 0; !bad && i < n; i++)
            if (s[i] == '\r' || s[i] == '\n')
                bad = "holds a line break";
            else if (token && (s[i] == ' ' || s[i] == '\t' || s[i] == '\v' || s[i] == '\f'))
                bad = "holds a blank";
        if (!bad && token && (s[0] == '#' || s[0] == '%') && g->offsets[v + 1] > g->offsets[v])
            bad = "starts a line with a comment character";
        if (!bad)
            continue;
        char shown[64];
        size_t k = n < 40 ? n : 40, j = 0;
        for (size_t i = 0; i < k; i++)
            shown[j++] = (unsigned char)s[i] < 0x20 ? '?' : s[i];
        shown[j] = '\0';
        return emogi_fail(x->err, "%s: --original-ids: the name of vertex %" PRIu64 " ('%s%s') "
                                  "%s, which %s cannot hold (%s); emogi-info --edges "
                                  "--original-ids prints every name",
                          x->input, v, shown, n > 40 ? "..." : "", bad, x->w->name,
                          token ? "its ids are blank-separated tokens"
                                : "the names are comment lines");
    }
    return 0;
}

int export_check(const struct exporter *x)
{
    if (x->original && (x->g->flags & EMOGI_IDNAMES) && check_names(x))
        return -1;
    return x->w->check ? x->w->check(x) : 0;
}

int export_graph(struct exporter *x)
{
    return x->w->write(x);
}
