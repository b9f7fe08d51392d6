/*
 * parse_adj.c - adj: WebGraph's ASCII adjacency form (ASCIIGraph): the
 * node count on the first line, then line i + 2 lists the successors of
 * node i, separated by blanks (an empty line: no successors).
 *
 * The node of a line is its line number, so each block is cut into one
 * line-aligned chunk per thread, the chunks' lines are counted first, and
 * the prefix sums tell every chunk its first node before all parse at
 * once.  The edges come out in file order whatever the thread count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "input.h"
#include "parse_internal.h"
#include "webgraph.h"

#define ADJ_BLOCK (64u << 20)

struct adj_chunk {
    const char *p;
    size_t len;
    uint64_t node;  /* the node of the chunk's first line */
    uint64_t lines; /* lines in the chunk; on failure, the failing one (0-based) */
    struct edge_list e;
    int failed;
    char msg[sizeof(emogi_error)];
};

struct adj_state {
    const char *name;
    int threads;
    uint64_t n, node, line; /* nodes, the next line's node, lines read */
    int have_n;
    struct edge_list *out;
};

/* Lines in p[0, len), the last one counted even without its newline. */
static uint64_t count_lines(const char *p, size_t len)
{
    if (len == 0)
        return 0;
    int open_end = p[len - 1] != '\n';
    uint64_t n = 0;
    for (const char *e = p + len; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++)
        n++;
    return n + (uint64_t)open_end;
}

static void parse_chunk(struct adj_chunk *c, uint64_t nodes)
{
    const char *p = c->p, *end = c->p + c->len;
    uint64_t node = c->node, k = 0;
    char field[64];
    for (; p < end; k++, node++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        for (const char *q = skip_blanks(p, eol); q < eol; q = skip_blanks(q, eol)) {
            uint64_t v;
            const char *f = q;
            int st = node < nodes ? scan_u64(&q, eol, &v) : NUM_NONE;
            if (node >= nodes || st != NUM_OK || v >= nodes) {
                c->failed = 1;
                c->lines = k;
                if (node >= nodes)
                    snprintf(c->msg, sizeof c->msg, "more lines than the %llu nodes",
                             (unsigned long long)nodes);
                else
                    snprintf(c->msg, sizeof c->msg, "successor %s is not a node id below %llu",
                             describe_field(f, eol, field, sizeof field),
                             (unsigned long long)nodes);
                return;
            }
            emogi_error err;
            if (edge_list_push(&c->e, node, v, 0, &err)) {
                c->failed = 1;
                c->lines = k;
                snprintf(c->msg, sizeof c->msg, "%s", err.msg);
                return;
            }
        }
        p = eol + 1;
    }
    c->lines = k;
}

/* The first line: the node count. Returns the bytes it took, or -1. */
static long parse_header(struct adj_state *s, const char *p, size_t len, emogi_error *err)
{
    const char *eol = memchr(p, '\n', len);
    if (!eol)
        eol = p + len;
    const char *q = skip_blanks(p, eol);
    char field[64];
    if (mtx_banner_at(p, eol))
        return mtx_banner_error(s->name, 0, err);
    if (scan_u64(&q, eol, &s->n) != NUM_OK || skip_blanks(q, eol) != eol)
        return emogi_fail(err, "%s:1: expected the node count, found %s", s->name,
                          describe_field(skip_blanks(p, eol), eol, field, sizeof field));
    s->have_n = 1;
    s->line = 1;
    return (long)(eol - p) + (eol < p + len);
}

static int cut_chunks(struct adj_chunk *c, int t, const char *p, size_t len)
{
    size_t at = 0;
    int k = 0;
    for (; k < t && at < len; k++) {
        size_t stop = parse_chunk_end(p, len, at, t - k);
        memset(&c[k], 0, sizeof c[k]);
        c[k].p = p + at;
        c[k].len = stop - at;
        at = stop;
    }
    return k;
}

static int parse_block(struct adj_state *s, const char *p, size_t len, emogi_error *err)
{
    int t = s->threads;
    struct adj_chunk *c = calloc((size_t)t, sizeof *c);
    if (!c)
        return emogi_fail(err, "out of memory");
    int k = cut_chunks(c, t, p, len);
#pragma omp parallel for num_threads(t) schedule(static, 1)
    for (int i = 0; i < k; i++)
        c[i].lines = count_lines(c[i].p, c[i].len);
    for (int i = 0; i < k; i++) {
        c[i].node = s->node;
        s->node += c[i].lines;
    }
#pragma omp parallel for num_threads(t) schedule(static, 1)
    for (int i = 0; i < k; i++)
        parse_chunk(&c[i], s->n);
    int rc = 0;
    struct edge_list *parts = malloc((size_t)k * sizeof *parts + 1);
    for (int i = 0; i < k && rc == 0; i++)
        if (c[i].failed)
            rc = emogi_fail(err, "%s:%llu: %s", s->name,
                            (unsigned long long)(s->line + (c[i].node - c[0].node) + c[i].lines + 1),
                            c[i].msg);
    if (rc == 0 && !parts)
        rc = emogi_fail(err, "out of memory");
    if (rc == 0) {
        for (int i = 0; i < k; i++)
            parts[i] = c[i].e;
        rc = edge_list_concat(s->out, parts, k, err);
    } else {
        for (int i = 0; i < k; i++)
            edge_list_free(&c[i].e);
    }
    s->line += s->node - c[0].node;
    free(parts);
    free(c);
    return rc;
}

static int adj_blocks(struct adj_state *s, struct input *in, struct parse_result *r,
                      edge_sink sink, void *ctx, emogi_error *err)
{
    const char *p;
    size_t len;
    int k;
    while ((k = input_next_block(in, &p, &len, err)) > 0) {
        r->bytes += len;
        if (!s->have_n) {
            long h = parse_header(s, p, len, err);
            if (h < 0)
                return -1;
            p += h;
            len -= (size_t)h;
            r->nv = s->n; /* a streaming sink may plan with it */
        }
        if (len && parse_block(s, p, len, err))
            return -1;
        note_position(r, in);
        if (sink && sink(ctx, r, err))
            return -1;
    }
    if (k < 0 && in->long_line)
        parse_long_line(in, s->line, err);
    return k;
}

int adj_read_stream(const char *path, const struct parse_opts *o, struct parse_result *r,
                    edge_sink sink, void *ctx, emogi_error *err)
{
    struct input in;
    int threads = o->threads;
    memset(r, 0, sizeof *r);
#ifdef _OPENMP
    if (threads <= 0)
        threads = omp_get_max_threads();
#endif
    struct adj_state s = {path, threads < 1 ? 1 : threads, 0, 0, 0, 0, &r->edges};
    if (input_open(&in, path, o->block_size ? o->block_size : ADJ_BLOCK, err))
        return -1;
    /* a line is a node's successors, up to 16 bytes of edges per 2 of text
     * (twice that while a chunk's list grows, and once more joined): no
     * longer than a block, so that a block's edges stay 24 times its size */
    in.max_line = in.block;
    r->held = input_held(&in) + 24 * (uint64_t)in.block + (uint64_t)s.threads * 1025 * 16;
    s.name = in.name;
    int rc = adj_blocks(&s, &in, r, sink, ctx, err);
    if (rc == 0 && !s.have_n)
        rc = emogi_fail(err, "%s: empty: expected the node count on the first line", in.name);
    if (rc == 0 && s.node < s.n)
        rc = emogi_fail(err, "%s:1: the node count is %llu, but the file ends after %llu "
                             "successor lines",
                        in.name, (unsigned long long)s.n, (unsigned long long)s.node);
    r->bytes_in = in.bytes_in;
    r->lines = s.line;
    r->nv = s.n;
    r->weights = WEIGHTS_NONE;
    input_close(&in);
    if (rc)
        edge_list_free(&r->edges);
    return rc;
}

int adj_read(const char *path, int threads, struct parse_result *r, emogi_error *err)
{
    struct parse_opts o = {.format = FORMAT_EL, .threads = threads};
    return adj_read_stream(path, &o, r, NULL, NULL, err);
}
