/*
 * parse_sg.c - GAP benchmark suite serialized graphs: sg and wsg.
 *
 * GAP's converter writes (little-endian, no padding): a 1-byte bool
 * 'directed', int64 num_edges (the arcs of the out side), int64
 * num_nodes, the out-offsets as num_nodes + 1 int64 (absolute, from 0 to
 * num_edges), then the out-neighbours: int32 ids (sg) or {int32 id,
 * int32 weight} pairs (wsg).  A directed graph's in-offsets and
 * in-neighbours follow; they are checked to be there and skipped, as the
 * build makes its own transpose on --transpose.  An undirected graph is
 * stored with both directions already: the result says undirected and the
 * arcs go to the build as given (its undirected build stores each arc both
 * ways and drops the duplicates, so this is the graph of GAP's own edge
 * list, whichever direction an arc came in).
 *
 * The neighbours come after all the offsets, and an edge's source is known
 * only from them, so the reader holds the num_nodes + 1 offsets: 8 bytes a
 * vertex, checked against --memory before they are allocated (a stream
 * from a pipe or a compressed file cannot be read twice).  The input is
 * read in blocks of bytes; an item that a block cuts apart is carried over.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input.h"
#include "memory.h"
#include "parse_internal.h"

#define SG_BLOCK (64u << 20)
#define SG_HEADER 17

enum sg_phase { SG_HEAD, SG_OFFSETS, SG_NEIGHS, SG_IN_OFFSETS, SG_IN_NEIGHS, SG_DONE };

struct sg {
    const char *name;
    int weighted, directed, store; /* store: weights are kept */
    enum sg_phase phase;
    uint64_t n, m;        /* num_nodes, num_edges */
    uint64_t pos;         /* bytes consumed (the offset of the next byte) */
    uint64_t idx;         /* items of the current phase done */
    uint64_t *off;        /* the n + 1 out-offsets */
    uint64_t u;           /* the source of the next neighbour */
    uint64_t memory;      /* 0: no bound */
    uint64_t held;        /* the reader's block beside the offsets */
    int64_t size;         /* the file's size, -1 when not known */
    unsigned char carry[SG_HEADER]; /* an item cut by a block */
    size_t ncarry;
    struct parse_result *r;
};

static const char *phase_what(enum sg_phase p)
{
    static const char *what[] = {"the header (directed flag, edge and vertex counts)",
                                 "the out-offsets", "the out-neighbours", "the in-offsets",
                                 "the in-neighbours", "nothing"};
    return what[p];
}

static size_t item_size(const struct sg *s)
{
    switch (s->phase) {
    case SG_HEAD: return SG_HEADER;
    case SG_OFFSETS:
    case SG_IN_OFFSETS: return 8;
    case SG_NEIGHS:
    case SG_IN_NEIGHS: return s->weighted ? 8 : 4;
    default: return 1;
    }
}

static uint64_t phase_items(const struct sg *s)
{
    switch (s->phase) {
    case SG_HEAD: return 1;
    case SG_OFFSETS:
    case SG_IN_OFFSETS: return s->n + 1;
    default: return s->m;
    }
}

static uint64_t get64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static uint32_t get32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The bytes the whole file must have, or 0 when the counts overflow. */
static uint64_t expected_size(const struct sg *s)
{
    uint64_t rec = s->weighted ? 8 : 4, side;
    if (s->n >= UINT64_MAX / 8 - 1 || s->m > UINT64_MAX / 16)
        return 0;
    side = 8 * (s->n + 1) + rec * s->m;
    if (side > UINT64_MAX / 2 - SG_HEADER)
        return 0;
    return SG_HEADER + side * (s->directed ? 2 : 1);
}

static int check_header(struct sg *s, emogi_error *err)
{
    char need[32], bound[32];
    uint64_t want = expected_size(s);
    if (!want)
        return emogi_fail(err, "%s: byte offset 1: %llu edges and %llu vertices need a file of "
                               "more than 2^64 bytes (a corrupt header?)",
                          s->name, (unsigned long long)s->m, (unsigned long long)s->n);
    if (s->size >= 0 && (uint64_t)s->size != want)
        return emogi_fail(err, "%s: the header says %llu vertices and %llu edges (%s), so the "
                               "file should be %llu bytes, but it is %lld",
                          s->name, (unsigned long long)s->n, (unsigned long long)s->m,
                          s->directed ? "directed: out and in sides" : "undirected",
                          (unsigned long long)want, (long long)s->size);
    if (s->n > EMOGI_MAX_ID)
        return emogi_fail(err, "%s: byte offset 9: %llu vertices, more than the %llu that ids "
                               "can name",
                          s->name, (unsigned long long)s->n,
                          (unsigned long long)EMOGI_MAX_ID + 1);
    /* the offsets are held: they must fit --memory beside the block */
    uint64_t bytes = 8 * (s->n + 1);
    if (s->memory && mem_add(bytes, s->held) > s->memory)
        return emogi_fail(err, "%s: %llu vertices need %s of offsets (the sg reader holds "
                               "them to know each edge's source), over --memory %s; use a "
                               "larger --memory",
                          s->name, (unsigned long long)s->n, memory_str(bytes, need, sizeof need),
                          memory_str(s->memory, bound, sizeof bound));
    s->off = malloc(bytes);
    if (!s->off)
        return emogi_fail(err, "%s: out of memory for the offsets of %llu vertices", s->name,
                          (unsigned long long)s->n);
    return 0;
}

static int header(struct sg *s, const unsigned char *p, emogi_error *err)
{
    if (p[0] > 1)
        return emogi_fail(err, "%s: byte offset 0: the directed flag is %u, not 0 or 1 (not a "
                               "GAP serialized graph?)",
                          s->name, p[0]);
    s->directed = p[0];
    s->m = get64(p + 1);
    s->n = get64(p + 9);
    if ((int64_t)s->m < 0 || (int64_t)s->n < 0)
        return emogi_fail(err, "%s: byte offset 1: negative counts (%lld edges, %lld vertices)",
                          s->name, (long long)s->m, (long long)s->n);
    if (check_header(s, err))
        return -1;
    s->r->nv = s->n;
    s->r->undirected = !s->directed;
    return 0;
}

/* Offset K (0..n) at byte offset AT. */
static int offset_item(struct sg *s, uint64_t v, uint64_t at, emogi_error *err)
{
    uint64_t k = s->idx, before = k ? s->off[k - 1] : 0;
    if (k == 0 && v != 0)
        return emogi_fail(err, "%s: byte offset %llu: the first offset is %llu, not 0",
                          s->name, (unsigned long long)at, (unsigned long long)v);
    if (v < before)
        return emogi_fail(err, "%s: byte offset %llu: offset %llu is below the one before it "
                               "(%llu)",
                          s->name, (unsigned long long)at, (unsigned long long)v,
                          (unsigned long long)before);
    if (v > s->m || (k == s->n && v != s->m))
        return emogi_fail(err, "%s: byte offset %llu: offset %llu %s the %llu edges of the "
                               "header",
                          s->name, (unsigned long long)at, (unsigned long long)v,
                          v > s->m ? "is past" : "(the last) does not end at",
                          (unsigned long long)s->m);
    s->off[k] = v;
    return 0;
}

/* Out-neighbours [P, P + K items) into the edge list, their sources from
 * the offsets. */
static int neighbours(struct sg *s, const unsigned char *p, uint64_t k, emogi_error *err)
{
    size_t rec = item_size(s);
    struct edge_list *e = &s->r->edges;
    if (edge_list_reserve(e, e->n + k, s->store, err))
        return -1;
    for (uint64_t i = 0; i < k; i++, p += rec) {
        uint64_t edge = s->idx + i, at = s->pos + i * rec;
        uint32_t v = get32(p);
        while (s->off[s->u + 1] <= edge)
            s->u++;
        if (v >= s->n)
            return emogi_fail(err, "%s: byte offset %llu: neighbour %lld out of range 0..%llu",
                              s->name, (unsigned long long)at, (long long)(int32_t)v,
                              (unsigned long long)s->n - 1);
        int32_t w = s->weighted ? (int32_t)get32(p + 4) : 0;
        if (w < 0)
            return emogi_fail(err, "%s: byte offset %llu: weight %d is negative (weights are "
                                   "stored as uint32)",
                              s->name, (unsigned long long)at + 4, w);
        e->src[e->n] = s->u;
        e->dst[e->n] = v;
        if (s->store)
            e->w[e->n] = w;
        e->n++;
    }
    return 0;
}

/* K whole items of the current phase at P (one when the header). */
static int items(struct sg *s, const unsigned char *p, uint64_t k, emogi_error *err)
{
    size_t rec = item_size(s);
    switch (s->phase) {
    case SG_HEAD:
        return header(s, p, err);
    case SG_OFFSETS:
        for (uint64_t i = 0; i < k; i++, s->idx++)
            if (offset_item(s, get64(p + i * rec), s->pos + i * rec, err))
                return -1;
        s->idx -= k;
        return 0;
    case SG_NEIGHS:
        return neighbours(s, p, k, err);
    default:
        return 0; /* the in-side: skipped */
    }
}

static void next_phase(struct sg *s)
{
    while (s->phase != SG_DONE && s->idx == phase_items(s)) {
        s->phase = s->phase == SG_NEIGHS && !s->directed ? SG_DONE : s->phase + 1;
        s->idx = 0;
    }
}

static int consume(struct sg *s, const unsigned char *p, uint64_t k, emogi_error *err)
{
    if (items(s, p, k, err))
        return -1;
    s->pos += k * item_size(s);
    s->idx += k;
    next_phase(s);
    return 0;
}

static int sg_block(struct sg *s, const unsigned char *p, size_t len, emogi_error *err)
{
    while (len) {
        if (s->phase == SG_DONE)
            return emogi_fail(err, "%s: byte offset %llu: %zu bytes past the end of the graph "
                                   "the header describes",
                              s->name, (unsigned long long)s->pos, len);
        size_t rec = item_size(s);
        if (s->ncarry || len < rec) {
            size_t take = rec - s->ncarry < len ? rec - s->ncarry : len;
            memcpy(s->carry + s->ncarry, p, take);
            s->ncarry += take, p += take, len -= take;
            if (s->ncarry < rec)
                return 0;
            s->ncarry = 0;
            if (consume(s, s->carry, 1, err))
                return -1;
            continue;
        }
        uint64_t k = len / rec, left = phase_items(s) - s->idx;
        if (k > left)
            k = left;
        if (consume(s, p, k, err))
            return -1;
        p += k * rec, len -= k * rec;
    }
    return 0;
}

static int sg_finish(struct sg *s, emogi_error *err)
{
    if (s->phase == SG_DONE)
        return 0;
    if (s->phase == SG_HEAD && s->ncarry == 0)
        return emogi_fail(err, "%s: empty: expected a GAP serialized graph", s->name);
    return emogi_fail(err, "%s: byte offset %llu: truncated: %s end after %llu of %llu "
                           "(a truncated file?)",
                      s->name, (unsigned long long)s->pos + s->ncarry, phase_what(s->phase),
                      (unsigned long long)s->idx, (unsigned long long)phase_items(s));
}

static int64_t known_size(const struct input *in)
{
    struct stat st;
    if (in->codec || in->fd < 0 ||
        fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return (int64_t)st.st_size;
}

static void sg_init(struct sg *s, const struct input *in, const struct parse_opts *o,
                    struct parse_result *r)
{
    memset(r, 0, sizeof *r);
    memset(s, 0, sizeof *s);
    s->name = in->name;
    s->weighted = input_format_info(o->format)->weighted;
    s->store = s->weighted && !o->drop_weights;
    s->memory = o->memory;
    s->size = known_size(in);
    s->r = r;
    /* a block of B bytes holds B/4 edges of 24 bytes at most */
    s->held = input_held(in) + (uint64_t)in->block / 4 * 24;
    r->held = s->held;
}

int parse_sg(const char *path, const struct parse_opts *o, struct parse_result *r,
             edge_sink sink, void *ctx, emogi_error *err)
{
    struct input in;
    struct sg s;
    const char *p;
    size_t len;
    int k;
    if (input_open_binary(&in, path, o->block_size ? o->block_size : SG_BLOCK, 1, err))
        return -1;
    sg_init(&s, &in, o, r);
    while ((k = input_next_block(&in, &p, &len, err)) > 0) {
        if (sg_block(&s, (const unsigned char *)p, len, err)) {
            k = -1;
            break;
        }
        if (s.off)
            r->held = s.held + 8 * (s.n + 1);
        note_position(r, &in);
        if (sink && r->edges.n && sink(ctx, r, err)) {
            k = -1;
            break;
        }
    }
    if (k == 0 && sg_finish(&s, err))
        k = -1;
    free(s.off);
    r->bytes_in = in.bytes_in;
    r->bytes = s.pos;
    input_close(&in);
    if (k < 0) {
        parse_result_free(r);
        return -1;
    }
    if (s.store)
        r->weights = WEIGHTS_INT;
    edge_list_shrink(&r->edges);
    return 0;
}

int parse_sg_buffer(const char *name, const char *buf, size_t len, const struct parse_opts *o,
                    struct parse_result *r, emogi_error *err)
{
    (void)buf, (void)len, (void)o;
    memset(r, 0, sizeof *r); /* its reader checks the size of a file */
    return emogi_fail(err, "%s: parse_buffer() reads no sg", name);
}
