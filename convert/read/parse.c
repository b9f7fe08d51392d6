/*
 * parse.c - the block driver behind parse_input() and parse_buffer().
 *
 * Text arrives in line-aligned blocks (input.c).  Each block is cut at
 * newlines into one chunk per thread; every thread parses its chunk into
 * its own edge list and counts its lines, and the lists are joined in
 * chunk order, so the edges come out in input order whatever the thread
 * count.  A bad line stops its chunk; the earliest failing chunk wins, and
 * since every chunk before it parsed completely, the line counts before it
 * give the exact line number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "input.h"
#include "parse_internal.h"

#define DEFAULT_BLOCK (64u << 20)
#ifndef PARSE_MIN_CHUNK /* the fuzz targets set 1 to split even tiny inputs */
#define PARSE_MIN_CHUNK (64u << 10) /* smaller chunks cost more in threads than they save */
#endif

struct parser {
    const char *name;
    const struct input_format_info *f;
    const struct text_reader *t; /* f->text */
    int threads;
    struct parse_result *r;
    union {
        max_align_t align;
        unsigned char bytes[TEXT_HEADER_MAX];
    } h; /* the format's header, the text reader's own (parse_internal.h) */
    uint64_t entries, nv; /* nv: el/wel max id + 1 so far */
    uint64_t vertices;    /* el/wel: --vertices (0: none) */
    uint64_t snap_nv;     /* el/wel: a SNAP header's node count (0: none) */
    int nonint;
    int drop_weights;
    struct name_table *names; /* --string-ids */
};

/* The lines carry a weight... */
static int weighted_format(const struct parser *ps)
{
    return ps->t->weighted ? ps->t->weighted(&ps->h) : ps->f->weighted;
}

/* ...and the edge lists keep it. */
static int stores_weights(const struct parser *ps)
{
    return weighted_format(ps) && !ps->drop_weights;
}

/* The header is read: mtx's size line, gr's problem line, csv's header line. */
static int have_header(const struct parser *ps)
{
    return !ps->t->have_header || ps->t->have_header(&ps->h);
}

/* Serial: the lines before the data (mtx's banner, comments and size
 * line, gr's comments and problem line), which may span blocks. */
static int header_lines(struct parser *ps, const char **buf, size_t *len, emogi_error *err)
{
    const char *p = *buf, *end = *buf + *len;
    char msg[512];
    while (p < end && !have_header(ps)) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (ps->t->header_line(&ps->h, p, eol, msg, sizeof msg))
            return emogi_fail(err, "%s:%llu: %s", ps->name,
                              (unsigned long long)ps->r->lines + 1, msg);
        ps->r->lines++;
        p = eol + (eol < end);
        /* the header may say there are weights (mtx's field) */
        if (have_header(ps) && stores_weights(ps) && edge_list_reserve(&ps->r->edges, 0, 1, err))
            return -1;
    }
    *len = (size_t)(end - p);
    *buf = p;
    return 0;
}

static int split(const char *buf, size_t len, int threads, struct chunk *c)
{
    int n = (int)(len / PARSE_MIN_CHUNK);
    if (n > threads)
        n = threads;
    if (n < 1)
        n = 1;
    const char *end = buf + len, *p = buf;
    int k = 0;
    for (int i = 0; i < n && p < end; i++) {
        const char *q = buf + len / (size_t)n * (size_t)(i + 1);
        if (i == n - 1 || q >= end)
            q = end;
        else if (q < p)
            q = p;
        if (q < end) {
            const char *nl = memchr(q, '\n', (size_t)(end - q));
            q = nl ? nl + 1 : end;
        }
        memset(&c[k], 0, sizeof c[k]);
        c[k].p = p;
        c[k].len = (size_t)(q - p);
        k++;
        p = q;
    }
    return k;
}

/* The first failure in chunk order, as "NAME:LINE: why"; 0 if none. */
static int check_chunks(struct parser *ps, struct chunk *c, int n, emogi_error *err)
{
    uint64_t line = ps->r->lines;
    for (int i = 0; i < n; i++) {
        if (c[i].status == CHUNK_FAILED)
            return emogi_fail(err, "%s: %s", ps->name, c[i].msg);
        if (ps->t->check_chunk &&
            ps->t->check_chunk(&ps->h, &c[i], ps->entries, line, ps->name, err))
            return -1;
        ps->r->name_token = c[i].status == CHUNK_BAD_LINE && c[i].name_token;
        if (c[i].status == CHUNK_BAD_LINE)
            return emogi_fail(err, "%s:%llu: %s", ps->name,
                              (unsigned long long)(line + c[i].lines + 1), c[i].msg);
        line += c[i].lines;
        ps->entries += c[i].entries;
        if (c[i].entries && c[i].max_id >= ps->nv)
            ps->nv = c[i].max_id + 1;
        ps->nonint |= c[i].nonint;
    }
    ps->r->lines = line;
    return 0;
}

static int parse_block(struct parser *ps, const char *buf, size_t len, emogi_error *err)
{
    if (!ps->t->banner && ps->r->bytes == 0 && mtx_banner_at(buf, buf + len))
        return mtx_banner_error(ps->name, 0, err); /* its ids would be read 1-based */
    if (ps->f->edge_list && ps->r->bytes == 0) {
        /* csv's header line, when there is one, is no edge: look past it */
        ps->snap_nv = snap_nodes(buf, buf + len, !have_header(ps));
        /* a streaming sink plans with it; --vertices, given, wins */
        ps->r->nv = ps->vertices ? ps->vertices : ps->snap_nv;
    }
    ps->r->bytes += len;
    if (!have_header(ps)) {
        if (header_lines(ps, &buf, &len, err))
            return -1;
        if (have_header(ps) && ps->t->header_read) /* a streaming sink needs it first */
            ps->t->header_read(&ps->h, ps->r);
    }
    if (len == 0)
        return 0;
    struct chunk *c = calloc((size_t)ps->threads, sizeof *c);
    struct edge_list *parts = calloc((size_t)ps->threads, sizeof *parts);
    if (!c || !parts) {
        free(c);
        free(parts);
        return emogi_fail(err, "out of memory");
    }
    int n = split(buf, len, ps->threads, c);
    int weighted = weighted_format(ps), store = stores_weights(ps);
    /* negative integers are weights a real (or skew, negated anyway) matrix can have */
    int negative_ok = ps->t->negative_ok && ps->t->negative_ok(&ps->h);
    int i;
    for (i = 0; i < n; i++) {
        c[i].weighted = weighted;
        c[i].weights_dropped = ps->drop_weights;
        c[i].negative_ok = negative_ok;
        c[i].vertices = ps->vertices;
        c[i].names = ps->names;
    }
#ifdef _OPENMP
#pragma omp parallel for num_threads(n) schedule(static, 1)
#endif
    for (i = 0; i < n; i++) {
        emogi_error e;
        c[i].e = &parts[i];
        if (edge_list_reserve(c[i].e, 1024, store, &e)) {
            chunk_fail(&c[i], "%s", e.msg);
            c[i].status = CHUNK_FAILED;
        } else
            ps->t->chunk(&c[i], &ps->h);
    }
    int rc = check_chunks(ps, c, n, err);
    if (rc == 0)
        rc = edge_list_concat(&ps->r->edges, parts, n, err);
    else
        for (i = 0; i < n; i++)
            edge_list_free(&parts[i]);
    free(parts);
    free(c);
    return rc;
}

static int parser_init(struct parser *ps, const char *name, const struct parse_opts *o,
                       struct parse_result *r, emogi_error *err)
{
    memset(r, 0, sizeof *r);
    memset(ps, 0, sizeof *ps);
    ps->name = name;
    ps->f = input_format_info(o->format);
    ps->t = ps->f->text;
    ps->r = r;
    ps->threads = o->threads;
    ps->drop_weights = o->drop_weights;
    ps->vertices = o->vertices;
#ifdef _OPENMP
    if (ps->threads <= 0)
        ps->threads = omp_get_max_threads();
#endif
    if (ps->threads <= 0 || o->names)
        ps->threads = 1; /* one table of names, ids in order of appearance */
    ps->names = o->names;
    if (ps->t->init && ps->t->init(&ps->h, name, o, err))
        return -1;
    /* weighted from the start (mtx's field is not read yet) */
    if (stores_weights(ps) && edge_list_reserve(&r->edges, 0, 1, err))
        return -1;
    return 0;
}

static int parser_finish(struct parser *ps, emogi_error *err)
{
    struct parse_result *r = ps->r;
    edge_list_shrink(&r->edges);
    if (ps->t->finish) {
        if (ps->t->finish(&ps->h, ps->entries, r, ps->name, err))
            return -1;
    } else /* the header's count may be short of sparse ids (SNAP's web-Google) */
        r->nv = ps->vertices ? ps->vertices : ps->nv > ps->snap_nv ? ps->nv : ps->snap_nv;
    if (stores_weights(ps))
        r->weights = ps->nonint ? WEIGHTS_REAL : WEIGHTS_INT;
    return 0;
}

int parse_buffer(const char *name, const char *buf, size_t len, const struct parse_opts *o,
                 struct parse_result *r, emogi_error *err)
{
    struct parser ps;
    const struct input_format_info *f = input_format_info(o->format);
    if (!f->text)
        return f->read_buffer(name, buf, len, o, r, err);
    if (parser_init(&ps, name, o, r, err) || parse_block(&ps, buf, len, err) ||
        parser_finish(&ps, err)) {
        parse_result_free(r);
        return -1;
    }
    r->bytes_in = len;
    return 0;
}

int parse_long_line(const struct input *in, uint64_t lines, emogi_error *err)
{
    return emogi_fail(err, "%s:%llu: line longer than %zu bytes", in->name,
                      (unsigned long long)lines + 1, in->max_line);
}

/*
 * What a block's parse holds at most: a data line takes at least 4 bytes
 * ("0 1\n") for a 16-byte edge, or 6 ("0 1 2\n") for a 24-byte weighted
 * one, so a block of B bytes parses into at most 4B bytes of edges; each
 * chunk's list may be twice that from doubling, and joining them makes
 * one more copy: 12B, and each chunk's first 1024 edges.
 */
static uint64_t block_parse_bytes(size_t block, int threads)
{
    return 12 * (uint64_t)block + (uint64_t)threads * (1024 + 1) * 24;
}

static int parse_text(const char *path, const struct parse_opts *o, struct parse_result *r,
                      edge_sink sink, void *ctx, emogi_error *err)
{
    struct input in;
    struct parser ps;
    const char *p;
    size_t len;
    int k = -1;
    if (input_open(&in, path, o->block_size ? o->block_size : DEFAULT_BLOCK, err))
        return -1;
    if (parser_init(&ps, in.name, o, r, err) == 0) {
        r->held = input_held(&in) + block_parse_bytes(in.block, ps.threads);
        while ((k = input_next_block(&in, &p, &len, err)) > 0)
            if (parse_block(&ps, p, len, err) ||
                (note_position(r, &in), sink && sink(ctx, r, err))) {
                k = -1;
                break;
            }
        if (k < 0 && in.long_line)
            parse_long_line(&in, r->lines, err);
    }
    r->bytes_in = in.bytes_in;
    input_close(&in);
    if (k < 0 || parser_finish(&ps, err)) {
        parse_result_free(r);
        return -1;
    }
    return 0;
}

int parse_input(const char *path, const struct parse_opts *o, struct parse_result *r,
                emogi_error *err)
{
    return parse_input_stream(path, o, r, NULL, NULL, err);
}

int parse_input_stream(const char *path, const struct parse_opts *o, struct parse_result *r,
                       edge_sink sink, void *ctx, emogi_error *err)
{
    const struct input_format_info *f = input_format_info(o->format);
    return f->text ? parse_text(path, o, r, sink, ctx, err) : f->read(path, o, r, sink, ctx, err);
}

void parse_result_free(struct parse_result *r)
{
    edge_list_free(&r->edges);
}
