/*
 * write_text.c - the text writers: el and wel, mtx, gr and metis.  An
 * arc's line is made in place in the output's buffer (out_line); "%.9g"
 * prints every float32 so that it reads back to the same bits.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "emogi_text.h"
#include "export.h"

static char *put_weight(char *p, const struct emogi_graph *g, uint64_t e)
{
    *p++ = ' ';
    if (!g->weights)
        return emogi_put_u64(p, 1);
    if (g->weight_type == EMOGI_WEIGHT_UINT32)
        return emogi_put_u64(p, ((const uint32_t *)g->weights)[e]);
    return p + snprintf(p, 32, "%.9g", (double)((const float *)g->weights)[e]);
}

/* --original-ids in the arcs themselves: el and wel (the others write
 * the id map as comments, id_comments). */
static int ids_inline(const struct exporter *x)
{
    return x->original && !x->w->ids;
}

static uint64_t id_out(const struct exporter *x, uint64_t v)
{
    return ids_inline(x) && x->g->idmap ? x->g->idmap[v] : v + x->base;
}

/* --original-ids of a graph whose ids are names: "NAME NAME [W]\n".
 * A name may be longer than a line's room, so it goes through out_put(). */
static int named_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    size_t nu, nv;
    const char *su = emogi_csr_id_name(x->g, u, &nu), *sv = emogi_csr_id_name(x->g, v, &nv);
    if (out_put(&x->out, su, nu, x->err) || out_put(&x->out, " ", 1, x->err) ||
        out_put(&x->out, sv, nv, x->err))
        return -1;
    char *p = out_line(&x->out, x->err), *start = p;
    if (!p)
        return -1;
    if (x->weights)
        p = put_weight(p, x->g, e);
    *p++ = '\n';
    x->out.len += (size_t)(p - start);
    return 0;
}

static int names_out(const struct exporter *x)
{
    return ids_inline(x) && (x->g->flags & EMOGI_IDNAMES);
}

/* "U V [W]\n", after PREFIX ("a " for gr). */
static int text_arc(struct exporter *x, const char *prefix, uint64_t u, uint64_t v, uint64_t e)
{
    x->arcs++;
    if (names_out(x))
        return named_arc(x, u, v, e);
    char *p = out_line(&x->out, x->err), *start = p;
    if (!p)
        return -1;
    while (*prefix)
        *p++ = *prefix++;
    p = emogi_put_u64(p, id_out(x, u));
    *p++ = ' ';
    p = emogi_put_u64(p, id_out(x, v));
    if (x->weights)
        p = put_weight(p, x->g, e);
    *p++ = '\n';
    x->out.len += (size_t)(p - start);
    return 0;
}

static int plain_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    return text_arc(x, "", u, v, e);
}

static int gr_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    return text_arc(x, "a ", u, v, e);
}

/* mtx symmetric: the lower triangle, row >= column. */
static int lower_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    return v <= u ? text_arc(x, "", u, v, e) : 0;
}

static uint64_t lower_count;
static int count_lower(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    (void)x, (void)e;
    lower_count += v <= u;
    return 0;
}

static int put_text(struct exporter *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int put_text(struct exporter *x, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    return out_put(&x->out, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1,
                   x->err);
}

/* --original-ids of mtx, gr and metis, whose ids are 1..N: the id map in
 * comment lines before the first line of data, "% id V ID" or "% name V
 * NAME" (V as the file numbers the vertex), which a reader of the file
 * can use and emogi-convert skips. */
static int id_comments(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    int names = (g->flags & EMOGI_IDNAMES) != 0;
    if (!x->original || (!names && !g->idmap))
        return 0;
    for (uint64_t v = 0; v < g->nv; v++) {
        if (!names) {
            if (put_text(x, "%s id %" PRIu64 " %" PRIu64 "\n", x->w->comment, v + x->base,
                         g->idmap[v]))
                return -1;
            continue;
        }
        size_t n;
        const char *s = emogi_csr_id_name(g, v, &n);
        if (put_text(x, "%s name %" PRIu64 " ", x->w->comment, v + x->base) ||
            out_put(&x->out, s, n, x->err) || out_put(&x->out, "\n", 1, x->err))
            return -1;
    }
    return 0;
}

/* el, wel: SNAP's "# Nodes: N Edges: M" keeps the isolated vertices past
 * the largest id used (emogi-convert reads it as the vertex count); it is
 * left out with --original-ids, whose ids (or names) are not 0..N-1. */
int write_el(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (put_text(x, "# %s of %s (%s): an arc a line%s\n",
                 x->weights ? "weighted edge list" : "edge list", x->input,
                 export_directed(g) ? "directed" : "undirected: every edge in both directions",
                 x->weights && !g->weights ? "; unweighted, so every weight is 1" : ""))
        return -1;
    if (!(x->original && (g->idmap || names_out(x))) &&
        put_text(x, "# Nodes: %" PRIu64 " Edges: %" PRIu64 "\n", g->nv, g->ne))
        return -1;
    return each_vertex_arc(x, plain_arc);
}

int write_mtx(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    int sym = !export_directed(g);
    const char *field = !g->weights ? "pattern"
                        : g->weight_type == EMOGI_WEIGHT_UINT32 ? "integer"
                                                                : "real";
    uint64_t nnz = g->ne;
    if (sym) {
        lower_count = 0;
        if (each_vertex_arc(x, count_lower))
            return -1;
        nnz = lower_count;
    }
    x->weights = g->weights != NULL;
    if (put_text(x, "%%%%MatrixMarket matrix coordinate %s %s\n%% %s, written by " EXPORT_TOOL
                    " %s\n",
                 field, sym ? "symmetric" : "general", x->input, PACKAGE_VERSION) ||
        id_comments(x) ||
        put_text(x, "%" PRIu64 " %" PRIu64 " %" PRIu64 "\n", g->nv, g->nv, nnz))
        return -1;
    return each_vertex_arc(x, sym ? lower_arc : plain_arc);
}

int write_gr(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (put_text(x, "c %s, written by " EXPORT_TOOL " %s\nc %s%s\n", x->input, PACKAGE_VERSION,
                 export_directed(g) ? "directed" : "undirected: every edge as two arcs",
                 g->weights ? "" : "; unweighted, so every weight is 1") ||
        id_comments(x) || put_text(x, "p sp %" PRIu64 " %" PRIu64 "\n", g->nv, g->ne))
        return -1;
    return each_vertex_arc(x, gr_arc);
}

/* METIS: a line a vertex, its 1-based neighbours [each with its weight]. */
static int metis_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    if (u == v)
        return emogi_fail(x->err, "%s: vertex %" PRIu64 " has a self-loop, which a METIS graph "
                                  "cannot hold",
                          x->input, u);
    x->arcs++;
    char *p = out_line(&x->out, x->err), *start = p;
    if (!p)
        return -1;
    if (e > x->g->offsets[u])
        *p++ = ' ';
    p = emogi_put_u64(p, v + 1);
    if (x->weights)
        p = put_weight(p, x->g, e);
    x->out.len += (size_t)(p - start);
    return 0;
}

int write_metis(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    x->weights = g->weights != NULL;
    if (put_text(x, "%% %s, written by " EXPORT_TOOL " %s\n", x->input, PACKAGE_VERSION) ||
        id_comments(x) ||
        put_text(x, "%" PRIu64 " %" PRIu64 "%s\n", g->nv, g->ne / 2, x->weights ? " 1" : ""))
        return -1;
    for (uint64_t u = 0; u < g->nv; u++)
        if (each_arc(x, &x->lists, u, metis_arc) || out_put(&x->out, "\n", 1, x->err))
            return -1;
    return 0;
}

/* METIS holds undirected graphs and integer weights. */
int check_metis(const struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (export_directed(g))
        return emogi_fail(x->err, "%s: a directed graph: a METIS graph file holds only "
                                  "undirected ones (export it as el, gr or mtx)",
                          x->input);
    if (g->weights && g->weight_type != EMOGI_WEIGHT_UINT32)
        return emogi_fail(x->err, "%s: real weights: %s holds integer weights (export it as "
                                  "wel, mtx or gr)",
                          x->input, x->w->name);
    return 0;
}
