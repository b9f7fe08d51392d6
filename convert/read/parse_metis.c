/*
 * parse_metis.c - METIS (and Chaco) graph files.
 *
 * After '%' comment lines, the header 'N M [FMT [NCON]]': N vertices, M
 * undirected edges, and FMT's digits (up to three, read from the right):
 * 1 = edge weights, 10 = NCON vertex weights (1 when NCON is not given),
 * 100 = vertex sizes.  Then the line of vertex i (1-based, counting only
 * lines that are not comments) is '[SIZE] [W1..WNCON] V1 [E1] V2 [E2] ...':
 * its 1-based neighbours, each followed by the edge's weight when FMT says
 * so; an empty line is a vertex without neighbours.  Sizes and vertex
 * weights are read as integers and dropped; edge weights are stored as
 * uint32, as in wel.  Every edge is listed at both of its ends, so the
 * lists hold 2M arcs, which is checked; that they mirror each other is
 * not (the undirected build stores each arc both ways in any case).
 *
 * The vertex of a line is its number among the vertex lines, so, as for
 * adj (parse_adj.c), each block is cut into one line-aligned chunk per
 * thread, the chunks' vertex lines are counted first, and the prefix sums
 * tell every chunk its first vertex before all parse at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "input.h"
#include "parse_internal.h"

#define METIS_BLOCK (64u << 20)
#define HEADER "'VERTICES EDGES [FMT [NCON]]'"

struct metis_header {
    uint64_t n, m, ncon;
    int vsize, vwgt, ewgt;
};

struct metis_chunk {
    struct chunk c;       /* lines: on failure, the failing one (0-based) */
    struct edge_list e;
    uint64_t vertex;      /* the vertex of the chunk's first vertex line */
    uint64_t lines, vlines; /* lines, and those not comments */
};

struct metis_state {
    const char *name;
    int threads, drop, store; /* drop: --weights; store: edge weights are kept */
    int nonint;               /* some edge weight needs float32 */
    int have_header;
    struct metis_header h;
    uint64_t vertex, line, arcs; /* the next vertex line's vertex, lines read, arcs */
    uint64_t header_line;        /* the header's line number, which the counts refer to */
    struct parse_result *r;
};

static int is_comment(const char *p, const char *eol)
{
    p = skip_blanks(p, eol);
    return p < eol && *p == '%';
}

static void count_lines(struct metis_chunk *mc)
{
    const char *p = mc->c.p, *end = p + mc->c.len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        mc->lines++;
        mc->vlines += !is_comment(p, eol);
        p = eol + 1;
    }
}

/* A non-negative integer field (a size or a vertex weight, dropped). */
static int scan_count(struct chunk *c, const char **pp, const char *eol, const char *what)
{
    const char *f = *pp;
    uint64_t v;
    char d[192];
    if (scan_u64(pp, eol, &v) == NUM_OK)
        return 0;
    chunk_fail(c, "expected %s (a non-negative integer, as the header's FMT says), found %s",
               what, describe_field(f, eol, d, sizeof d));
    return -1;
}

static int vertex_prefix(struct chunk *c, const char **pp, const char *eol,
                         const struct metis_header *h)
{
    if (h->vsize && scan_count(c, pp, eol, "the vertex size"))
        return -1;
    for (uint64_t k = 0; k < (h->vwgt ? h->ncon : 0); k++) {
        *pp = skip_blanks(*pp, eol);
        if (scan_count(c, pp, eol, "a vertex weight"))
            return -1;
    }
    return 0;
}

static int vertex_line(struct chunk *c, const char *p, const char *eol, uint64_t vertex,
                       const struct metis_header *h)
{
    p = skip_blanks(p, eol);
    if (vertex >= h->n) {
        if (p == eol)
            return 0; /* trailing empty lines */
        chunk_fail(c, "more vertex lines than the %llu vertices of the header",
                   (unsigned long long)h->n);
        return -1;
    }
    if (vertex_prefix(c, &p, eol, h))
        return -1;
    for (p = skip_blanks(p, eol); p < eol; p = skip_blanks(p, eol)) {
        uint64_t v;
        double w = 0;
        if (scan_index(c, &p, eol, "neighbour", h->n, &v))
            return -1;
        p = skip_blanks(p, eol);
        if (h->ewgt && p == eol) {
            chunk_fail(c, "expected the weight of the edge to %llu after it (FMT says edges "
                          "are weighted)", (unsigned long long)v);
            return -1;
        }
        if (h->ewgt && scan_weight(c, &p, eol, &w))
            return -1;
        if (chunk_push(c, vertex, v - 1, w))
            return -1;
    }
    return 0;
}

static void parse_chunk(struct metis_chunk *mc, const struct metis_header *h)
{
    struct chunk *c = &mc->c;
    const char *p = c->p, *end = c->p + c->len;
    uint64_t vertex = mc->vertex;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_comment(p, eol) && vertex_line(c, p, eol, vertex++, h))
            return;
        c->lines++;
        p = eol + 1;
    }
}

/* FMT: up to three digits 0 or 1, the last one edge weights. */
static int header_fmt(struct metis_header *h, const char *f, const char *e)
{
    if (e - f > 3)
        return -1;
    for (const char *q = f; q < e; q++)
        if (*q != '0' && *q != '1')
            return -1;
    h->ewgt = e - f >= 1 && e[-1] == '1';
    h->vwgt = e - f >= 2 && e[-2] == '1';
    h->vsize = e - f >= 3 && e[-3] == '1';
    return 0;
}

static int header_line(struct metis_state *s, const char *p, const char *eol, emogi_error *err)
{
    static const char *const names[4] = {"vertices", "edges", "FMT", "NCON"};
    uint64_t v[4] = {0, 0, 0, 1};
    char d[192];
    int k = 0;
    for (p = skip_blanks(p, eol); p < eol && k < 4; p = skip_blanks(p, eol), k++) {
        const char *f = p;
        if (scan_u64(&p, eol, &v[k]) != NUM_OK)
            return emogi_fail(err, "%s:%llu: expected the header " HEADER ": number of %s, found %s",
                              s->name, (unsigned long long)s->line + 1, names[k],
                              describe_field(f, eol, d, sizeof d));
        if (k == 2 && header_fmt(&s->h, f, p))
            return emogi_fail(err, "%s:%llu: FMT %s is not up to three digits 0 or 1 (1: edge "
                                   "weights, 10: vertex weights, 100: vertex sizes)",
                              s->name, (unsigned long long)s->line + 1,
                              describe_field(f, eol, d, sizeof d));
    }
    if (k < 2 || p < eol)
        return emogi_fail(err, "%s:%llu: expected the header " HEADER ", found %s", s->name,
                          (unsigned long long)s->line + 1,
                          k < 2 ? "a shorter line" : describe_field(p, eol, d, sizeof d));
    if (v[0] > EMOGI_MAX_ID)
        return emogi_fail(err, "%s:%llu: %llu vertices: ids go up to %llu", s->name,
                          (unsigned long long)s->line + 1, (unsigned long long)v[0],
                          (unsigned long long)EMOGI_MAX_ID);
    s->h.n = v[0];
    s->h.m = v[1];
    s->h.ncon = v[3];
    s->have_header = 1;
    s->header_line = s->line + 1;
    return 0;
}

/* Comments and the header line, serially; the bytes they took, or -1. */
static long header_lines(struct metis_state *s, const char *p, size_t len, emogi_error *err)
{
    const char *q = p, *end = p + len;
    if (s->line == 0 && mtx_banner_at(p, end))
        return mtx_banner_error(s->name, 0, err);
    while (q < end && !s->have_header) {
        const char *eol = memchr(q, '\n', (size_t)(end - q));
        if (!eol)
            eol = end;
        if (!is_comment(q, eol) && skip_blanks(q, eol) < eol && header_line(s, q, eol, err))
            return -1;
        s->line++;
        q = eol + (eol < end);
    }
    return (long)(q - p);
}

static int cut_chunks(struct metis_chunk *c, int t, const char *p, size_t len)
{
    size_t at = 0;
    int k = 0;
    for (; k < t && at < len; k++) {
        size_t stop = parse_chunk_end(p, len, at, t - k);
        memset(&c[k], 0, sizeof c[k]);
        c[k].c.p = p + at;
        c[k].c.len = stop - at;
        at = stop;
    }
    return k;
}

/* The first failure in chunk order, as "NAME:LINE: why"; 0 if none. */
static int check_chunks(struct metis_state *s, struct metis_chunk *c, int k, emogi_error *err)
{
    uint64_t line = s->line;
    for (int i = 0; i < k; i++) {
        if (c[i].c.status == CHUNK_FAILED)
            return emogi_fail(err, "%s: %s", s->name, c[i].c.msg);
        if (c[i].c.status == CHUNK_BAD_LINE)
            return emogi_fail(err, "%s:%llu: %s", s->name,
                              (unsigned long long)(line + c[i].c.lines + 1), c[i].c.msg);
        line += c[i].lines;
        s->arcs += c[i].c.entries;
    }
    s->line = line;
    return 0;
}

static int parse_block(struct metis_state *s, const char *p, size_t len, emogi_error *err)
{
    int t = s->threads, k, i;
    struct metis_chunk *c = calloc((size_t)t, sizeof *c);
    struct edge_list *parts = calloc((size_t)t, sizeof *parts);
    if (!c || !parts) {
        free(c);
        free(parts);
        return emogi_fail(err, "out of memory");
    }
    k = cut_chunks(c, t, p, len);
    for (i = 0; i < k; i++)
        c[i].c.weights_dropped = s->drop;
#pragma omp parallel for num_threads(t) schedule(static, 1)
    for (i = 0; i < k; i++)
        count_lines(&c[i]);
    for (i = 0; i < k; i++) {
        c[i].vertex = s->vertex;
        s->vertex += c[i].vlines;
    }
#pragma omp parallel for num_threads(t) schedule(static, 1)
    for (i = 0; i < k; i++) {
        emogi_error e;
        c[i].c.e = &parts[i];
        if (edge_list_reserve(c[i].c.e, 1024, s->store, &e)) {
            chunk_fail(&c[i].c, "%s", e.msg);
            c[i].c.status = CHUNK_FAILED;
        } else
            parse_chunk(&c[i], &s->h);
    }
    int rc = check_chunks(s, c, k, err);
    for (i = 0; i < k && rc == 0; i++)
        s->nonint |= c[i].c.nonint;
    if (rc == 0)
        rc = edge_list_concat(&s->r->edges, parts, k, err);
    else
        for (i = 0; i < k; i++)
            edge_list_free(&parts[i]);
    free(parts);
    free(c);
    return rc;
}

static int metis_blocks(struct metis_state *s, struct input *in, edge_sink sink, void *ctx,
                        emogi_error *err)
{
    const char *p;
    size_t len;
    int k;
    while ((k = input_next_block(in, &p, &len, err)) > 0) {
        s->r->bytes += len;
        if (!s->have_header) {
            long h = header_lines(s, p, len, err);
            if (h < 0)
                return -1;
            p += h;
            len -= (size_t)h;
            s->r->nv = s->h.n; /* a streaming sink may plan with it */
            s->store = s->h.ewgt && !s->drop;
            if (s->store && edge_list_reserve(&s->r->edges, 0, 1, err))
                return -1;
        }
        if (len && parse_block(s, p, len, err))
            return -1;
        note_position(s->r, in);
        if (sink && sink(ctx, s->r, err))
            return -1;
    }
    if (k < 0 && in->long_line)
        parse_long_line(in, s->line, err);
    return k;
}

/* What a block's parse holds, as for adj: a line is as long as a block. */
static void metis_open(struct metis_state *s, struct input *in, const struct parse_opts *o,
                       struct parse_result *r)
{
    int threads = o->threads;
#ifdef _OPENMP
    if (threads <= 0)
        threads = omp_get_max_threads();
#endif
    memset(r, 0, sizeof *r);
    memset(s, 0, sizeof *s);
    s->name = in->name;
    s->threads = threads < 1 ? 1 : threads;
    s->drop = o->drop_weights;
    s->r = r;
    in->max_line = in->block;
    r->held = input_held(in) + 24 * (uint64_t)in->block + (uint64_t)s->threads * 1025 * 24;
}

static int metis_finish(struct metis_state *s, emogi_error *err)
{
    const struct metis_header *h = &s->h;
    if (!s->have_header)
        return emogi_fail(err, "%s: empty: expected the header " HEADER, s->name);
    if (s->vertex < h->n)
        return emogi_fail(err, "%s:%llu: the header says %llu vertices, but the file ends after "
                               "%llu vertex lines",
                          s->name, (unsigned long long)s->header_line,
                          (unsigned long long)h->n, (unsigned long long)s->vertex);
    if (h->m > UINT64_MAX / 2 || s->arcs != 2 * h->m)
        return emogi_fail(err, "%s:%llu: the header says %llu edges, but the lists hold %llu arcs "
                               "(every edge is listed at both ends: %llu expected)",
                          s->name, (unsigned long long)s->header_line, (unsigned long long)h->m,
                          (unsigned long long)s->arcs,
                          h->m > UINT64_MAX / 2 ? 0ull : (unsigned long long)(2 * h->m));
    s->r->nv = h->n;
    s->r->one_based = 1;
    s->r->undirected = 1;
    s->r->lines = s->line;
    if (s->store)
        s->r->weights = s->nonint ? WEIGHTS_REAL : WEIGHTS_INT;
    return 0;
}

int parse_metis(const char *path, const struct parse_opts *o, struct parse_result *r,
                edge_sink sink, void *ctx, emogi_error *err)
{
    struct input in;
    struct metis_state s;
    if (input_open(&in, path, o->block_size ? o->block_size : METIS_BLOCK, err))
        return -1;
    metis_open(&s, &in, o, r);
    r->undirected = 1; /* before the first edges reach a streaming sink */
    int rc = metis_blocks(&s, &in, sink, ctx, err);
    if (rc == 0)
        rc = metis_finish(&s, err);
    r->bytes_in = in.bytes_in;
    input_close(&in);
    if (rc)
        parse_result_free(r);
    return rc;
}

int parse_metis_buffer(const char *name, const char *buf, size_t len,
                       const struct parse_opts *o, struct parse_result *r, emogi_error *err)
{
    (void)buf, (void)len, (void)o;
    memset(r, 0, sizeof *r); /* its reader counts lines over a file */
    return emogi_fail(err, "%s: parse_buffer() reads no metis", name);
}
