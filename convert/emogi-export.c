/*
 * emogi-export - write an emogi .csr file out in another graph format:
 * el, wel, mtx, gr, metis, sg or wsg, the formats emogi-convert reads, so
 * that every one of them goes .csr -> FORMAT -> .csr unchanged.
 *
 * The graph is mapped (emogi_csr_open) and read one neighbour list at a
 * time, plain or compressed (emogi_list_reader), so nothing but the map
 * is held: the lists stream through a megabyte of text into the output.
 * The one exception is a directed sg/wsg of a file without a stored
 * transpose: GAP's format wants the in-edges too, and they are gathered
 * a buffer's worth of destinations at a time, each pass a scan of the
 * out-lists (8 bytes a vertex for the in-offsets, beside the buffer).
 *
 * The output is replaced whole or not at all (emogi_atomic_*), gzip'd
 * (zlib) when its name ends in .gz and zstd'd when in .zst.  Only this
 * file prints: "emogi-export: FILE: message", exit 1; usage errors 2.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <zlib.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "emogi_clist.h"
#include "emogi_csr.h"
#include "emogi_text.h"
#include "record.h"

#define PROG "emogi-export"
#define TEXT_BUF (1u << 20)
#define LINE_MAX_BYTES 96 /* two uint64 ids, a %.9g weight and their blanks */
#define IN_BUF_ARCS (8u << 20) /* arcs of the in-side gathered in one pass */

enum out_format { OUT_EL, OUT_WEL, OUT_MTX, OUT_GR, OUT_METIS, OUT_SG, OUT_WSG };
static const char *const format_names[] = {"el", "wel", "mtx", "gr", "metis", "sg", "wsg"};

enum out_codec { CODEC_NONE, CODEC_GZIP, CODEC_ZSTD };

static const char usage_text[] =
    "usage: " PROG " el|wel|mtx|gr|metis|sg|wsg GRAPH.csr OUTPUT [--original-ids] [-q]\n"
    "       " PROG " el|wel|mtx|gr|metis|sg|wsg GRAPH.csr -o OUTPUT [--original-ids] [-q]\n"
    "         [--stats[=text|json]] [--json] [--stats-file FILE]\n";
static const char help_text[] =
    "Write an emogi .csr file in another graph format (see emogi-export(1)).\n\n"
    "  el, wel       edge list 'SRC DST', weighted 'SRC DST W' (0-based ids)\n"
    "  mtx           Matrix Market coordinate: general, or symmetric (one triangle)\n"
    "                for an undirected graph; pattern, integer or real values\n"
    "  gr            DIMACS shortest-path ('p sp N M', 'a U V W'; 1-based)\n"
    "  metis         METIS graph file (undirected graphs only)\n"
    "  sg, wsg       GAP benchmark suite serialized graph (binary)\n"
    "  OUTPUT        replaced whole when complete; .gz: gzip, .zst: zstd;\n"
    "                - is standard output\n"
    "  -o, --output OUTPUT the output, instead of the third argument\n"
    "      --original-ids  el, wel: the input's ids (or names), through the id map\n"
    "      --stats[=FORM]  seconds, arcs and bytes written, rates and peak memory\n"
    "                      on stderr, in FORM text (the default) or json\n"
    "      --json          the same as --stats=json\n"
    "      --stats-file FILE  the --stats figures to FILE, not standard error\n"
    "  -q, --quiet         no notes\n"
    "  -h, --help, --version\n";

struct export_opts {
    enum out_format format;
    const char *input, *output;
    int original, quiet;
    int stats;              /* enum tool_stats_form: --stats, --stats=json, --json */
    const char *stats_file; /* --stats-file: the figures there */
};

/* ---- the output: text or bytes, through zlib or zstd, atomically ---- */

struct out {
    struct emogi_atomic a;
    enum out_codec codec;
    z_stream z;
#ifdef HAVE_ZSTD
    ZSTD_CStream *zs;
#endif
    char *buf; /* what the writers put, before the codec */
    size_t len;
    unsigned char *cbuf; /* what the codec made, before the file */
    size_t ccap;
    uint64_t raw_bytes;  /* what the writers put (--stats), */
    uint64_t file_bytes; /* and what went to OUTPUT after the codec */
};

static _Noreturn void die(const emogi_error *err)
{
    fprintf(stderr, PROG ": %s\n", err->msg);
    exit(1);
}

static _Noreturn void usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, PROG ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    exit(2);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static enum out_codec codec_of(const char *path)
{
    return ends_with(path, ".gz") ? CODEC_GZIP : ends_with(path, ".zst") ? CODEC_ZSTD : CODEC_NONE;
}

static int codec_init(struct out *o, const char *path, emogi_error *err)
{
    o->ccap = TEXT_BUF;
    if (o->codec == CODEC_GZIP) {
        memset(&o->z, 0, sizeof o->z);
        /* 15 + 16: a gzip header and trailer, as gzip(1) writes */
        if (deflateInit2(&o->z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            return emogi_fail(err, "%s: cannot start the gzip compressor", path);
    }
#ifdef HAVE_ZSTD
    if (o->codec == CODEC_ZSTD) {
        o->zs = ZSTD_createCStream();
        if (!o->zs || ZSTD_isError(ZSTD_initCStream(o->zs, 3)))
            return emogi_fail(err, "%s: cannot start the zstd compressor", path);
        o->ccap = ZSTD_CStreamOutSize();
    }
#else
    if (o->codec == CODEC_ZSTD)
        return emogi_fail(err, "%s: this emogi was built without libzstd: cannot write zstd "
                               "(name the output .gz, or without a compression suffix)",
                          path);
#endif
    o->cbuf = malloc(o->ccap);
    return o->cbuf ? 0 : emogi_fail(err, "%s: out of memory", path);
}

/* The codec first, so that a refusal leaves OUTPUT as it was. */
static int out_open(struct out *o, const char *path, emogi_error *err)
{
    memset(o, 0, sizeof *o);
    o->codec = codec_of(path);
    o->buf = malloc(TEXT_BUF);
    if (!o->buf)
        return emogi_fail(err, "%s: out of memory", path);
    return codec_init(o, path, err) || emogi_atomic_open(&o->a, path, err) ? -1 : 0;
}

/* LEN bytes to the file, counted. */
static int out_write(struct out *o, const void *p, size_t len, emogi_error *err)
{
    o->file_bytes += len;
    return emogi_write_all(&o->a, p, len, err);
}

/* Put LEN bytes of the codec's output (gzip: FINISH on the last call). */
static int gzip_push(struct out *o, const void *p, size_t len, int finish, emogi_error *err)
{
    o->z.next_in = (Bytef *)p;
    o->z.avail_in = (uInt)len;
    int rc;
    do {
        o->z.next_out = o->cbuf;
        o->z.avail_out = (uInt)o->ccap;
        rc = deflate(&o->z, finish ? Z_FINISH : Z_NO_FLUSH);
        if (rc == Z_STREAM_ERROR)
            return emogi_fail(err, "%s: gzip compression failed", o->a.path);
        if (out_write(o, o->cbuf, o->ccap - o->z.avail_out, err))
            return -1;
    } while (o->z.avail_out == 0 || (finish && rc != Z_STREAM_END));
    return 0;
}

#ifdef HAVE_ZSTD
static int zstd_push(struct out *o, const void *p, size_t len, int finish, emogi_error *err)
{
    ZSTD_inBuffer in = {p, len, 0};
    size_t left;
    do {
        ZSTD_outBuffer ob = {o->cbuf, o->ccap, 0};
        left = finish ? ZSTD_endStream(o->zs, &ob) : ZSTD_compressStream(o->zs, &ob, &in);
        if (ZSTD_isError(left))
            return emogi_fail(err, "%s: zstd compression failed: %s", o->a.path,
                              ZSTD_getErrorName(left));
        if (out_write(o, o->cbuf, ob.pos, err))
            return -1;
    } while (finish ? left != 0 : in.pos < in.size);
    return 0;
}
#endif

static int out_flush(struct out *o, int finish, emogi_error *err)
{
    size_t len = o->len;
    o->len = 0;
    o->raw_bytes += len;
    switch (o->codec) {
    case CODEC_GZIP: return gzip_push(o, o->buf, len, finish, err);
#ifdef HAVE_ZSTD
    case CODEC_ZSTD:
        return zstd_push(o, o->buf, len, 0, err) || (finish && zstd_push(o, NULL, 0, 1, err))
                   ? -1
                   : 0;
#endif
    default: return out_write(o, o->buf, len, err);
    }
}

static int out_put(struct out *o, const void *p, size_t len, emogi_error *err)
{
    while (len) {
        size_t k = TEXT_BUF - o->len < len ? TEXT_BUF - o->len : len;
        memcpy(o->buf + o->len, p, k);
        o->len += k, p = (const char *)p + k, len -= k;
        if (o->len == TEXT_BUF && out_flush(o, 0, err))
            return -1;
    }
    return 0;
}

/* Room for one line of at most LINE_MAX_BYTES at the end of the buffer. */
static char *out_line(struct out *o, emogi_error *err)
{
    if (TEXT_BUF - o->len < LINE_MAX_BYTES && out_flush(o, 0, err))
        return NULL;
    return o->buf + o->len;
}

static void out_free(struct out *o)
{
    if (o->codec == CODEC_GZIP)
        deflateEnd(&o->z);
#ifdef HAVE_ZSTD
    ZSTD_freeCStream(o->zs);
#endif
    free(o->buf);
    free(o->cbuf);
}

static int out_commit(struct out *o, emogi_error *err)
{
    int rc = out_flush(o, 1, err) || emogi_atomic_commit(&o->a, err) ? -1 : 0;
    out_free(o);
    return rc;
}

static void out_abort(struct out *o)
{
    emogi_atomic_abort(&o->a);
    out_free(o);
}

/* ---- text: numbers, and the graph a list at a time ---- */

/* "%.9g" prints every float32 so that it reads back to the same bits. */
static char *put_weight(char *p, const struct emogi_graph *g, uint64_t e)
{
    *p++ = ' ';
    if (!g->weights)
        return emogi_put_u64(p, 1);
    if (g->weight_type == EMOGI_WEIGHT_UINT32)
        return emogi_put_u64(p, ((const uint32_t *)g->weights)[e]);
    return p + snprintf(p, 32, "%.9g", (double)((const float *)g->weights)[e]);
}

struct exporter {
    const struct export_opts *o;
    const struct emogi_graph *g;
    struct emogi_lists lists;
    struct out out;
    emogi_error *err;
    uint64_t base; /* 0, or 1 for the 1-based formats */
    int weights;   /* the format writes a weight a line */
    uint64_t arcs; /* arcs (mtx symmetric: edges) written, for --stats */
};

/* One arc of the list being read: its source, its head and its index
 * (into the weights, and the transpose's for a transpose). */
typedef int (*arc_fn)(struct exporter *x, uint64_t u, uint64_t v, uint64_t e);

/* Every arc of U's list in L, in order, to FN. */
static int each_arc(struct exporter *x, const struct emogi_lists *l, uint64_t u, arc_fn fn)
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
                          x->o->input, u);
    return 0;
}

static int each_vertex_arc(struct exporter *x, arc_fn fn)
{
    for (uint64_t u = 0; u < x->g->nv; u++)
        if (each_arc(x, &x->lists, u, fn))
            return -1;
    return 0;
}

static uint64_t id_out(const struct exporter *x, uint64_t v)
{
    return x->o->original && x->g->idmap ? x->g->idmap[v] : v + x->base;
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
    return x->o->original && (x->g->flags & EMOGI_IDNAMES);
}

/* "U V [W]\n", after PREFIX ("a " for gr). */
static int text_arc(struct exporter *x, const char *prefix, uint64_t u, uint64_t v, uint64_t e)
{
    x->arcs++;
    if (names_out(x)) /* el, wel only: the other formats refuse --original-ids */
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

static int directed(const struct emogi_graph *g)
{
    return (g->flags & EMOGI_DIRECTED) != 0;
}

/* ---- the formats ---- */

/* el, wel: SNAP's "# Nodes: N Edges: M" keeps the isolated vertices past
 * the largest id used (emogi-convert reads it as the vertex count); it is
 * left out with --original-ids, whose ids (or names) are not 0..N-1. */
static int write_el(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (put_text(x, "# %s of %s (%s): an arc a line%s\n",
                 x->weights ? "weighted edge list" : "edge list", x->o->input,
                 directed(g) ? "directed" : "undirected: every edge in both directions",
                 x->weights && !g->weights ? "; unweighted, so every weight is 1" : ""))
        return -1;
    if (!(x->o->original && (g->idmap || names_out(x))) &&
        put_text(x, "# Nodes: %" PRIu64 " Edges: %" PRIu64 "\n", g->nv, g->ne))
        return -1;
    return each_vertex_arc(x, plain_arc);
}

static int write_mtx(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    int sym = !directed(g);
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
    if (put_text(x, "%%%%MatrixMarket matrix coordinate %s %s\n%% %s, written by " PROG
                    " %s\n%" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
                 field, sym ? "symmetric" : "general", x->o->input, PACKAGE_VERSION, g->nv,
                 g->nv, nnz))
        return -1;
    return each_vertex_arc(x, sym ? lower_arc : plain_arc);
}

static int write_gr(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (put_text(x, "c %s, written by " PROG " %s\nc %s%s\np sp %" PRIu64 " %" PRIu64 "\n",
                 x->o->input, PACKAGE_VERSION,
                 directed(g) ? "directed" : "undirected: every edge as two arcs",
                 g->weights ? "" : "; unweighted, so every weight is 1", g->nv, g->ne))
        return -1;
    return each_vertex_arc(x, gr_arc);
}

/* METIS: a line a vertex, its 1-based neighbours [each with its weight]. */
static int metis_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    if (u == v)
        return emogi_fail(x->err, "%s: vertex %" PRIu64 " has a self-loop, which a METIS graph "
                                  "cannot hold",
                          x->o->input, u);
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

static int write_metis(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    x->weights = g->weights != NULL;
    if (put_text(x, "%% %s, written by " PROG " %s\n%" PRIu64 " %" PRIu64 "%s\n", x->o->input,
                 PACKAGE_VERSION, g->nv, g->ne / 2, x->weights ? " 1" : ""))
        return -1;
    for (uint64_t u = 0; u < g->nv; u++)
        if (each_arc(x, &x->lists, u, metis_arc) || out_put(&x->out, "\n", 1, x->err))
            return -1;
    return 0;
}

/* ---- GAP's serialized graphs: the layout parse_sg.c reads ---- */

struct sg_rec {
    int32_t id, w;
};

static int sg_put_arc(struct exporter *x, unsigned char *p, uint64_t v, uint64_t e)
{
    struct sg_rec r = {(int32_t)v, 1};
    if (x->g->weights)
        r.w = (int32_t)((const uint32_t *)x->g->weights)[e];
    if (x->weights && r.w < 0)
        return emogi_fail(x->err, "%s: weight %" PRIu32 " of edge %" PRIu64 " is past what "
                                  "wsg's int32 weights hold",
                          x->o->input, (uint32_t)r.w, e);
    memcpy(p, &r, x->weights ? 8 : 4);
    return 0;
}

static int sg_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    unsigned char rec[8];
    (void)u;
    x->arcs++;
    if (sg_put_arc(x, rec, v, e))
        return -1;
    return out_put(&x->out, rec, x->weights ? 8 : 4, x->err);
}

/* The in-side of a file without a transpose: in-offsets from a count of
 * in-degrees, then the in-lists a range of destinations at a time.  The
 * out-lists are scanned by ascending source, so each in-list comes out
 * ascending, as a stored transpose is. */
struct gather {
    uint64_t *ioff;       /* in-offsets; a range's become its cursors */
    uint64_t lo, hi, at;  /* destinations [lo, hi), whose arcs start at AT */
    unsigned char *buf;
};
static struct gather gat;

static int count_in(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    (void)x, (void)u, (void)e;
    gat.ioff[v + 1]++;
    return 0;
}

static int gather_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    (void)u;
    if (v < gat.lo || v >= gat.hi)
        return 0;
    size_t rec = x->weights ? 8 : 4;
    return sg_put_arc(x, gat.buf + (gat.ioff[v]++ - gat.at) * rec, u, e);
}

/* Arcs a pass gathers: IN_BUF_ARCS, or EMOGI_EXPORT_PASS_ARCS (the tests
 * make many passes of small graphs with it), or the most arcs any one
 * destination has if more. */
static uint64_t gather_cap(uint64_t nv, uint64_t x_ne)
{
    const char *env = getenv("EMOGI_EXPORT_PASS_ARCS");
    uint64_t cap = env && *env ? strtoull(env, NULL, 10) : IN_BUF_ARCS;
    if (!cap)
        cap = 1;
    if (cap > x_ne)
        cap = x_ne ? x_ne : 1; /* a small graph: one pass, no larger buffer */
    for (uint64_t v = 0; v < nv; v++)
        if (gat.ioff[v + 1] - gat.ioff[v] > cap)
            cap = gat.ioff[v + 1] - gat.ioff[v];
    return cap;
}

static int gather_passes(struct exporter *x)
{
    const uint64_t nv = x->g->nv;
    size_t rec = x->weights ? 8 : 4;
    uint64_t cap = gather_cap(nv, x->g->ne);
    if (!(gat.buf = malloc(cap * rec)))
        return emogi_fail(x->err, "%s: out of memory for the in-edges", x->o->input);
    for (gat.lo = 0; gat.lo < nv; gat.lo = gat.hi) {
        gat.at = gat.ioff[gat.lo];
        for (gat.hi = gat.lo + 1; gat.hi < nv && gat.ioff[gat.hi + 1] - gat.at <= cap;)
            gat.hi++;
        uint64_t n = gat.ioff[gat.hi] - gat.at;
        if (n && (each_vertex_arc(x, gather_arc) || out_put(&x->out, gat.buf, n * rec, x->err)))
            return -1;
    }
    return 0;
}

static int sg_in_gathered(struct exporter *x)
{
    const uint64_t nv = x->g->nv;
    if (!(gat.ioff = calloc(nv + 1, sizeof *gat.ioff)))
        return emogi_fail(x->err, "%s: out of memory for the in-offsets of %" PRIu64
                                  " vertices",
                          x->o->input, nv);
    int rc = each_vertex_arc(x, count_in);
    for (uint64_t v = 0; v < nv; v++)
        gat.ioff[v + 1] += gat.ioff[v];
    rc = rc || out_put(&x->out, gat.ioff, 8 * (nv + 1), x->err) || gather_passes(x) ? -1 : 0;
    free(gat.ioff);
    free(gat.buf);
    return rc;
}

/* A stored transpose's arcs index its own weights (checked on the out-side's). */
static int sg_t_arc(struct exporter *x, uint64_t u, uint64_t v, uint64_t e)
{
    struct sg_rec r = {(int32_t)v, 1};
    (void)u;
    if (x->g->t_weights)
        r.w = (int32_t)((const uint32_t *)x->g->t_weights)[e];
    return out_put(&x->out, &r, x->weights ? 8 : 4, x->err);
}

static int sg_in_side(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    if (!g->t_offsets)
        return sg_in_gathered(x);
    struct emogi_lists t = emogi_lists_transpose(g);
    if (out_put(&x->out, g->t_offsets, 8 * (g->nv + 1), x->err))
        return -1;
    for (uint64_t u = 0; u < g->nv; u++)
        if (each_arc(x, &t, u, sg_t_arc))
            return -1;
    return 0;
}

static int write_sg(struct exporter *x)
{
    const struct emogi_graph *g = x->g;
    unsigned char head[17];
    int64_t ne = (int64_t)g->ne, nv = (int64_t)g->nv;
    head[0] = (unsigned char)directed(g);
    memcpy(head + 1, &ne, 8);
    memcpy(head + 9, &nv, 8);
    if (out_put(&x->out, head, sizeof head, x->err) ||
        out_put(&x->out, g->offsets, 8 * (g->nv + 1), x->err) || each_vertex_arc(x, sg_arc))
        return -1;
    return directed(g) ? sg_in_side(x) : 0;
}

/* ---- the command line ---- */

static void parse_args(int argc, char **argv, struct export_opts *o)
{
    static const struct option longopts[] = {{"original-ids", no_argument, NULL, 'I'},
                                             {"output", required_argument, NULL, 'o'},
                                             {"quiet", no_argument, NULL, 'q'},
                                             {"stats", optional_argument, NULL, 'S'},
                                             {"json", no_argument, NULL, 'J'},
                                             {"stats-file", required_argument, NULL, 'F'},
                                             {"help", no_argument, NULL, 'h'},
                                             {"version", no_argument, NULL, 'V'},
                                             {NULL, 0, NULL, 0}};
    int c;
    memset(o, 0, sizeof *o);
    while ((c = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'I': o->original = 1; break;
        case 'o':
            if (o->output)
                usage_error("-o/--output given twice ('%s')", optarg);
            o->output = optarg;
            break;
        case 'q': o->quiet = 1; break;
        case 'S':
            if ((o->stats = tool_stats_form(optarg, o->stats)) < 0)
                usage_error("bad --stats form '%s' (text or json)", optarg);
            break;
        case 'J': o->stats = TOOL_STATS_JSON; break;
        case 'F': o->stats_file = optarg; break;
        case 'h': fputs(usage_text, stdout); fputs(help_text, stdout); exit(0);
        case 'V': printf(PROG " %s\n", PACKAGE_VERSION); exit(0);
        default: fputs(usage_text, stderr); exit(2);
        }
    }
    int want = o->output ? 2 : 3; /* OUTPUT by -o, or as the third argument */
    if (o->output && argc - optind == 3)
        usage_error("OUTPUT given twice: by -o (%s) and as the third argument", o->output);
    if (argc - optind != want)
        usage_error("%s", o->output ? "wants FORMAT and GRAPH.csr (and -o OUTPUT)"
                                    : "wants FORMAT, GRAPH.csr and OUTPUT (or -o OUTPUT)");
    int f = emogi_name_find(format_names, 7, argv[optind]);
    if (f < 0)
        usage_error("unknown FORMAT '%s' (el, wel, mtx, gr, metis, sg, wsg)", argv[optind]);
    o->format = (enum out_format)f;
    o->input = argv[optind + 1];
    if (!o->output)
        o->output = argv[optind + 2];
    if (o->original && o->format != OUT_EL && o->format != OUT_WEL) {
        char why[256];
        snprintf(why, sizeof why, "%s %s, so it cannot carry the input's ids or names; only el "
                                  "and wel can",
                 format_names[f],
                 o->format == OUT_SG || o->format == OUT_WSG
                     ? "names a vertex by its position, 0..N-1 as int32"
                     : "wants integer ids 1..N");
        usage_error("--original-ids: %s", why);
    }
    if (emogi_same_file(o->output, STDOUT_FILENO, o->input, STDIN_FILENO))
        usage_error("OUTPUT %s is the input: refusing to overwrite it", o->output);
    if (o->stats_file && !o->stats)
        o->stats = TOOL_STATS_TEXT;
    if (o->stats_file && emogi_same_file(o->stats_file, STDOUT_FILENO, o->output, STDOUT_FILENO))
        usage_error("--stats-file %s is the same file or stream as OUTPUT", o->stats_file);
    if (o->stats_file && emogi_same_file(o->stats_file, STDOUT_FILENO, o->input, STDIN_FILENO))
        usage_error("--stats-file %s is the same file as the input", o->stats_file);
}

/* --stats: one record, "emogi-export: stats key=value ..." or a JSON
 * object, to standard error or the --stats-file (committed here). */
static void report_stats(const struct exporter *x, double seconds)
{
    const struct export_opts *o = x->o;
    if (!o->stats)
        return;
    tool_record_begin("run", "stats");
    tool_record_str("format", format_names[o->format]);
    tool_record_str("input", o->input);
    tool_record_str("output", o->output);
    tool_record_u64("vertices", x->g->nv);
    tool_record_u64("arcs_written", x->arcs);
    tool_record_u64("text_bytes", x->out.raw_bytes);
    tool_record_u64("output_bytes", x->out.file_bytes);
    tool_record_real("seconds", "%.6f", seconds);
    tool_record_real("arcs_per_second", "%.0f", tool_rate((double)x->arcs, seconds));
    tool_record_real("output_bytes_per_second", "%.0f",
                     tool_rate((double)x->out.file_bytes, seconds));
    if (o->stats == TOOL_STATS_JSON)
        tool_record_peak_memory();
    else {
        struct rusage ru;
        if (getrusage(RUSAGE_SELF, &ru) == 0)
            tool_record_real("peak_memory_mib", "%.1f", (double)ru.ru_maxrss / 1024.0);
    }
    tool_record_end();
    tool_stats_finish();
}

/* sg and wsg are binary, as is anything compressed: not for a terminal. */
static void check_terminal(const struct export_opts *o)
{
    int binary = o->format == OUT_SG || o->format == OUT_WSG || codec_of(o->output);
    if (binary && emogi_same_file(o->output, STDOUT_FILENO, "-", STDOUT_FILENO) &&
        isatty(STDOUT_FILENO)) {
        fprintf(stderr, PROG ": standard output is a terminal: not writing binary output to "
                        "it (give a file, or a pipe)\n");
        exit(1);
    }
}

static void note_unit_weights(const struct export_opts *o, const struct emogi_graph *g)
{
    int unit = !g->weights && (o->format == OUT_WEL || o->format == OUT_GR ||
                               o->format == OUT_WSG);
    if (unit && !o->quiet)
        fprintf(stderr, PROG ": note: %s has no weights: every %s weight written is 1\n",
                o->input, format_names[o->format]);
}

/* --original-ids of names: each must read back as one el token, so a
 * name with a blank (or empty) is refused, and so is a source's name that
 * starts with '#' or '%', which would make its lines comments. */
static int check_names(const struct export_opts *o, const struct emogi_graph *g,
                       emogi_error *err)
{
    for (uint64_t v = 0; v < g->nv; v++) {
        size_t n;
        const char *s = emogi_csr_id_name(g, v, &n);
        const char *bad = NULL;
        if (!s || n == 0)
            bad = "is empty";
        for (size_t i = 0; !bad && i < n; i++)
            if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\v' || s[i] == '\f' ||
                s[i] == '\n')
                bad = "holds a blank";
        if (!bad && (s[0] == '#' || s[0] == '%') && g->offsets[v + 1] > g->offsets[v])
            bad = "starts a line with a comment character";
        if (!bad)
            continue;
        char shown[64];
        size_t k = n < 40 ? n : 40, j = 0;
        for (size_t i = 0; i < k; i++)
            shown[j++] = (unsigned char)s[i] < 0x20 ? '?' : s[i];
        shown[j] = '\0';
        return emogi_fail(err, "%s: --original-ids: the name of vertex %" PRIu64 " ('%s%s') %s, "
                               "which %s cannot hold (its ids are blank-separated tokens); "
                               "emogi-info --edges --original-ids prints every name",
                          o->input, v, shown, n > 40 ? "..." : "", bad,
                          format_names[o->format]);
    }
    return 0;
}

/* --original-ids leaves out the '# Nodes:' line, so a vertex without arcs
 * (whose only edges were self-loops, dropped on conversion) is not in the
 * edge list: say how many, since the import will have fewer vertices. */
static void note_lost_vertices(const struct export_opts *o, const struct emogi_graph *g)
{
    if (o->quiet || !o->original || !(g->idmap || (g->flags & EMOGI_IDNAMES)) ||
        (o->format != OUT_EL && o->format != OUT_WEL))
        return;
    uint64_t lost = 0, outless = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        outless += g->offsets[v + 1] == g->offsets[v];
    if (!outless)
        return;
    if (!directed(g)) /* an undirected graph's out-lists are its edges */
        lost = outless;
    else {
        unsigned char *seen = calloc(g->nv / 8 + 1, 1);
        struct emogi_lists l = emogi_lists_out(g);
        if (!seen)
            return; /* only a note */
        for (uint64_t u = 0; u < g->nv; u++) {
            struct emogi_list_reader r;
            uint64_t ids[EMOGI_CLIST_BLOCK];
            int n;
            emogi_list_open(&r, &l, u);
            while ((n = emogi_list_next(&r, ids)) > 0)
                for (int i = 0; i < n; i++)
                    seen[ids[i] / 8] |= (unsigned char)(1u << (ids[i] % 8));
        }
        for (uint64_t v = 0; v < g->nv; v++)
            lost += g->offsets[v + 1] == g->offsets[v] && !(seen[v / 8] >> (v % 8) & 1);
        free(seen);
    }
    if (lost)
        fprintf(stderr, PROG ": note: %s: %" PRIu64 " %s no arcs, so an edge list under "
                        "--original-ids leaves %s out\n",
                o->input, lost, lost == 1 ? "vertex has" : "vertices have",
                lost == 1 ? "it" : "them");
}

/* What the format cannot hold, refused before OUTPUT is touched (a
 * METIS self-loop is found only on the way, and the output then aborted). */
static int check_format(const struct export_opts *o, const struct emogi_graph *g,
                        emogi_error *err)
{
    int real = g->weights && g->weight_type != EMOGI_WEIGHT_UINT32;
    if (o->original && (g->flags & EMOGI_IDNAMES) && check_names(o, g, err))
        return -1;
    if (o->format == OUT_METIS && directed(g))
        return emogi_fail(err, "%s: a directed graph: a METIS graph file holds only undirected "
                               "ones (export it as el, gr or mtx)",
                          o->input);
    if ((o->format == OUT_METIS || o->format == OUT_WSG) && real)
        return emogi_fail(err, "%s: real weights: %s holds integer weights (export it as wel, "
                               "mtx or gr)",
                          o->input, format_names[o->format]);
    if ((o->format == OUT_SG || o->format == OUT_WSG) && g->nv > INT32_MAX)
        return emogi_fail(err, "%s: %" PRIu64 " vertices: GAP's serialized graphs hold int32 "
                               "ids, up to %d vertices",
                          o->input, g->nv, INT32_MAX);
    return 0;
}

static int export_graph(struct exporter *x)
{
    switch (x->o->format) {
    case OUT_EL:
    case OUT_WEL: return write_el(x);
    case OUT_MTX: return write_mtx(x);
    case OUT_GR: return write_gr(x);
    case OUT_METIS: return write_metis(x);
    default: return write_sg(x);
    }
}

int main(int argc, char **argv)
{
    struct export_opts o;
    struct emogi_graph g;
    emogi_error err;
    double t0 = emogi_now();
    emogi_atomic_install_signals();
    tool_init(PROG);
    parse_args(argc, argv, &o);
    check_terminal(&o);
    if (o.stats) /* a --stats-file that cannot be made fails now, not after the work */
        tool_stats_open(o.stats == TOOL_STATS_JSON, o.stats_file);
    if (emogi_csr_open(o.input, &g, &err))
        die(&err);
    if (emogi_is_part(&g)) { /* its neighbours are the whole graph's ids, its sources its own */
        emogi_fail(&err, "%s is part %u of %u of a graph, which holds only its vertices' lists; "
                         "export the whole file", o.input, g.part.index + 1, g.part.count);
        die(&err);
    }
    struct exporter x = {.o = &o, .g = &g, .lists = emogi_lists_out(&g), .err = &err};
    x.base = o.format == OUT_MTX || o.format == OUT_GR || o.format == OUT_METIS;
    x.weights = o.format == OUT_WEL || o.format == OUT_GR || o.format == OUT_WSG;
    if (check_format(&o, &g, &err) || out_open(&x.out, o.output, &err))
        die(&err);
    note_unit_weights(&o, &g);
    note_lost_vertices(&o, &g);
    if (export_graph(&x)) {
        out_abort(&x.out);
        die(&err);
    }
    if (out_commit(&x.out, &err))
        die(&err);
    report_stats(&x, emogi_now() - t0);
    emogi_csr_close(&g);
    return 0;
}
