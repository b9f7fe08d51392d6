/*
 * emogi-info - describe a .csr file: header, sections, degree statistics,
 * provenance; check its checksums; or dump its edges as text.  See
 * emogi-info(1).
 *
 * The report is "key: value" text or one JSON object with the same
 * content.  Degree statistics are of out-degrees: min, max, mean,
 * vertices without out-edges, isolated vertices (no edge either way), and
 * a log2 histogram.  Isolation needs in-degrees: the transpose has them;
 * without it one pass over the neighbours marks every vertex that is some
 * edge's target in a bitmap (nv/8 bytes, not nv counters).  The edge dump
 * runs to billions of lines, so numbers are formatted by hand into a large
 * buffer instead of going through printf per field.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_csr.h"
#include "emogi_text.h"
#include "tool.h"

#define PROG "emogi-info"

#ifdef _OPENMP
#define INFO_PRAGMA(...) _Pragma(#__VA_ARGS__)
#define INFO_OMP(...) INFO_PRAGMA(omp __VA_ARGS__)
#else
#define INFO_OMP(...)
#endif

/* ---- options ---- */

static void usage(FILE *f)
{
    fprintf(f, "usage: " PROG " [--verify] [--json] GRAPH.csr\n"
               "       " PROG " --edges [--original-ids] GRAPH.csr\n"
               "       " PROG " --ids GRAPH.csr\n"
               "  -c, --verify        check every section's crc32 (exit 1 on a mismatch)\n"
               "  -j, --json          print the report as one JSON object\n"
               "  -e, --edges         print the edges as 'src dst [weight]' lines instead\n"
               "  -o, --original-ids  with --edges, print input ids through the idmap\n"
               "  -i, --ids           print the id map: 'vertex id' (or name) lines, a name\n"
               "                      with blanks, quotes or backslashes in double quotes\n"
               "  -h, --help          show this help\n"
               "  -V, --version       show the version\n");
}

struct info_opts {
    int verify, json, edges, original, ids;
    const char *path;
};

static void parse_args(int argc, char **argv, struct info_opts *o)
{
    static const struct option longs[] = {
        {"verify", no_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
        {"edges", no_argument, NULL, 'e'},  {"original-ids", no_argument, NULL, 'o'},
        {"ids", no_argument, NULL, 'i'},
        {"help", no_argument, NULL, 'h'},   {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "cjeoihV", longs, NULL)) != -1) {
        switch (c) {
        case 'c': o->verify = 1; break;
        case 'j': o->json = 1; break;
        case 'e': o->edges = 1; break;
        case 'o': o->original = 1; break;
        case 'i': o->ids = 1; break;
        case 'h': usage(stdout); exit(0);
        case 'V': printf(PROG " (emogi) %s\n", PACKAGE_VERSION); exit(0);
        default: usage(stderr); exit(2);
        }
    }
    if (optind + 1 != argc) {
        fprintf(stderr, PROG ": %s\n", optind == argc ? "no graph given" : "one graph at a time");
        usage(stderr);
        exit(2);
    }
    if (o->original && !o->edges) {
        fprintf(stderr, PROG ": --original-ids only applies to --edges\n");
        exit(2);
    }
    if (o->ids && (o->edges || o->json || o->verify)) {
        fprintf(stderr, PROG ": --ids prints the id map alone: not with --edges, --json or "
                        "--verify\n");
        exit(2);
    }
    if (o->edges && o->json) {
        fprintf(stderr, PROG ": --edges and --json do not combine\n");
        exit(2);
    }
    o->path = argv[optind];
}

/* ---- run ---- */

/* Bucket 0 counts degree 0; bucket k >= 1 counts degrees 2^(k-1) .. 2^k - 1. */
#define BUCKETS 65

struct degree_stats {
    uint64_t min, max;
    uint64_t sinks;    /* out-degree 0 */
    uint64_t isolated; /* no edge in or out */
    double mean;
    uint64_t hist[BUCKETS];
    int nbuckets; /* buckets 0 .. nbuckets-1 are printed */
};

static int degree_stats(const struct emogi_graph *g, struct degree_stats *s, emogi_error *err);
/* CHECKSUMS: NULL when not verified, else "ok". */
static void print_text(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                       const char *checksums);
static void print_json(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                       const char *checksums);
/* "src dst[ weight]" lines; ORIGINAL maps ids through the idmap when present. */
static int print_edges(FILE *out, const struct emogi_graph *g, int original);

/* Whether the report reads neighbour ids: the edge dump, and the
 * isolated count of a directed graph without in-edges. */
static int reads_ids(const struct emogi_graph *g, const struct info_opts *o)
{
    return o->edges ||
           ((g->flags & EMOGI_DIRECTED) && !(g->flags & EMOGI_TRANSPOSE));
}

/* A compressed G seen as plain (its out-lists decoded into *IDS), so that
 * the report reads ids one way whatever the encoding. */
static int plain_view(const struct emogi_graph *g, struct emogi_graph *view, void **ids,
                      emogi_error *err)
{
    *view = *g;
    *ids = NULL;
    if (!emogi_compressed(g))
        return 0;
    /* emogi_csr_decompress knows a part's lists are encoded for whole-graph ids */
    if (!(*ids = malloc(g->ne ? g->ne * g->id_width : 1)))
        return emogi_fail(err, "%s: out of memory for %llu ids", g->path,
                          (unsigned long long)g->ne);
    if (emogi_csr_decompress(g, 0, *ids, err) < 0)
        return -1;
    view->neighbors = *ids;
    return 0;
}

static int report_view(const struct emogi_graph *g, const struct info_opts *o, emogi_error *err);

/* One name for --ids: as it is, or in double quotes (with \" \\ \n \t and
 * \xHH for other control bytes) when it holds a blank, a quote or a
 * backslash, or is empty, so that every line splits at its first blank. */
static int put_quoted(FILE *out, const char *s, size_t len)
{
    int quote = len == 0;
    for (size_t i = 0; i < len && !quote; i++)
        quote = (unsigned char)s[i] <= ' ' || s[i] == '"' || s[i] == '\\' || s[i] == 0x7f;
    if (!quote)
        return fwrite(s, 1, len, out) == len ? 0 : -1;
    putc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n' || c == '\t')
            fputs(c == '\n' ? "\\n" : "\\t", out);
        else if (c < ' ' || c == 0x7f)
            fprintf(out, "\\x%02x", c);
        else
            putc(c, out);
    }
    return putc('"', out) == EOF ? -1 : 0;
}

/* --ids: "vertex id" lines, or "vertex name"; a part's vertices are the
 * whole graph's (first + v). */
static int print_ids(FILE *out, const struct emogi_graph *g, emogi_error *err)
{
    struct emogi_part part;
    int named = (g->flags & EMOGI_IDNAMES) != 0;
    if (!named && !g->idmap)
        return emogi_fail(err, "%s: no id map: its vertex ids are the input's (or were "
                          "numbered 0 to %llu by the conversion, which kept no map)", g->path,
                          (unsigned long long)(g->nv ? g->nv - 1 : 0));
    emogi_csr_part(g, &part);
    for (uint64_t v = 0; v < g->nv; v++) {
        int bad = fprintf(out, "%" PRIu64 " ", part.first + v) < 0;
        if (named) {
            size_t len;
            const char *s = emogi_csr_id_name(g, v, &len);
            bad = bad || put_quoted(out, s, len) < 0;
        } else {
            bad = bad || fprintf(out, "%" PRIu64, g->idmap[v]) < 0;
        }
        if (bad || putc('\n', out) == EOF)
            return emogi_fail(err, "standard output: %s", strerror(errno));
    }
    return 0;
}

static int report(const struct emogi_graph *g, const struct info_opts *o, emogi_error *err)
{
    struct emogi_graph view;
    void *ids;
    if (o->ids)
        return print_ids(stdout, g, err);
    if (o->edges && o->original && emogi_is_part(g))
        return emogi_fail(err, "%s: --original-ids: a part file maps only its own vertices' ids, "
                          "not its neighbours'", g->path);
    if (!reads_ids(g, o))
        return report_view(g, o, err);
    if (plain_view(g, &view, &ids, err) < 0)
        return -1;
    int rc = report_view(&view, o, err);
    free(ids);
    return rc;
}

static int report_view(const struct emogi_graph *g, const struct info_opts *o, emogi_error *err)
{
    struct degree_stats s = {0};
    if (o->edges)
        return print_edges(stdout, g, o->original) == 0
                   ? 0
                   : emogi_fail(err, "standard output: %s", strerror(errno));
    if (degree_stats(g, &s, err) < 0)
        return -1;
    if (o->json)
        print_json(stdout, g, &s, o->verify ? "ok" : NULL);
    else
        print_text(stdout, g, &s, o->verify ? "ok" : NULL);
    return 0;
}

int main(int argc, char **argv)
{
    struct info_opts o = {0};
    struct emogi_graph g;
    emogi_error err;
    tool_init(PROG);
    parse_args(argc, argv, &o);
    if (emogi_csr_open(o.path, &g, &err) < 0 || (o.verify && emogi_csr_verify(&g, &err) < 0) ||
        report(&g, &o, &err) < 0)
        tool_die(&err);
    emogi_csr_close(&g);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": standard output: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}

/* ---- report: degree statistics ---- */

static int bucket_of(uint64_t d)
{
    return d == 0 ? 0 : 64 - __builtin_clzll(d);
}

static uint64_t bucket_low(int k)
{
    return k == 0 ? 0 : 1ull << (k - 1);
}

static uint64_t bucket_high(int k)
{
    return k == 0 ? 0 : k == 64 ? UINT64_MAX : (1ull << k) - 1;
}

/* A bitmap of vertices with at least one in-edge, or NULL when out of
 * memory.  A part file's ids are whole-graph ids: only the in-edges from
 * its own vertices are there to see. */
static uint64_t *mark_targets(const struct emogi_graph *g)
{
    uint64_t *has_in = calloc(g->nv / 64 + 1, sizeof *has_in);
    struct emogi_part p;
    if (!has_in)
        return NULL;
    emogi_csr_part(g, &p);
    INFO_OMP(parallel for schedule(static))
    for (uint64_t i = 0; i < g->ne; i++) {
        uint64_t v = emogi_neighbor(g, i) - p.first;
        if (v >= g->nv) /* below first too: the subtraction wrapped */
            continue;
        __atomic_fetch_or(&has_in[v / 64], 1ull << (v % 64), __ATOMIC_RELAXED);
    }
    return has_in;
}

static int degree_stats(const struct emogi_graph *g, struct degree_stats *s, emogi_error *err)
{
    uint64_t mn = UINT64_MAX, mx = 0, sinks = 0, isolated = 0;
    uint64_t hist[BUCKETS] = {0};
    const uint64_t *t_off = g->t_offsets;
    uint64_t *has_in = NULL;
    if (!t_off && (g->flags & EMOGI_DIRECTED) && !(has_in = mark_targets(g)))
        return emogi_fail(err, "%s: out of memory for a %llu-vertex bitmap", g->path,
                          (unsigned long long)g->nv);
    INFO_OMP(parallel for schedule(static) reduction(min : mn) reduction(max : mx) \
             reduction(+ : sinks, isolated, hist[:BUCKETS]))
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t d = emogi_degree(g, v);
        mn = d < mn ? d : mn;
        mx = d > mx ? d : mx;
        hist[bucket_of(d)]++;
        if (d == 0) {
            sinks++;
            /* undirected graphs are symmetric: no out-edge means no edge at all */
            int in = t_off ? t_off[v + 1] > t_off[v] : has_in ? (has_in[v / 64] >> (v % 64)) & 1 : 0;
            isolated += !in;
        }
    }
    free(has_in);
    s->min = g->nv ? mn : 0;
    s->max = mx;
    s->sinks = sinks;
    s->isolated = isolated;
    s->mean = g->nv ? (double)g->ne / (double)g->nv : 0.0;
    s->nbuckets = g->nv ? bucket_of(mx) + 1 : 0;
    for (int k = 0; k < BUCKETS; k++)
        s->hist[k] = hist[k];
    return 0;
}

/* ---- report: text and JSON ---- */

static const char *weight_name(uint32_t t)
{
    return t == EMOGI_WEIGHT_UINT32 ? "uint32" : t == EMOGI_WEIGHT_FLOAT32 ? "float32" : "none";
}

static const char *yes_no(int b) { return b ? "yes" : "no"; }

static unsigned format_version(const struct emogi_graph *g)
{
    return emogi_compressed(g) ? EMOGI_CSR_VERSION_COMPRESSED : EMOGI_CSR_VERSION;
}

/* The sections that hold neighbour ids, plain or compressed. */
static int is_id_section(uint32_t type)
{
    return type == EMOGI_SEC_NEIGHBORS || type == EMOGI_SEC_T_NEIGHBORS ||
           type == EMOGI_SEC_CNEIGHBORS || type == EMOGI_SEC_T_CNEIGHBORS;
}

/* Bits of the section per stored link (0 for a graph without edges). */
static double bits_per_link(const struct emogi_graph *g, const struct emogi_section *e)
{
    return g->ne ? 8.0 * (double)e->size / (double)g->ne : 0.0;
}

static void text_histogram(FILE *out, const struct degree_stats *s)
{
    fprintf(out, "out-degree histogram (log2 buckets):\n");
    for (int k = 0; k < s->nbuckets; k++) {
        uint64_t lo = bucket_low(k), hi = bucket_high(k);
        if (lo == hi)
            fprintf(out, "  degree %" PRIu64 ": %" PRIu64 "\n", lo, s->hist[k]);
        else
            fprintf(out, "  degree %" PRIu64 "-%" PRIu64 ": %" PRIu64 "\n", lo, hi, s->hist[k]);
    }
}

/* Provenance lines, indented; a missing final newline is supplied. */
static void text_provenance(FILE *out, const struct emogi_graph *g)
{
    const char *p = g->provenance, *end = p + g->provenance_len;
    fprintf(out, "provenance:\n");
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        fprintf(out, "  %.*s\n", (int)n, p);
        p += n + (nl != NULL);
    }
}

/* The part section: which vertices and edges of which graph this file holds. */
static void text_part(FILE *out, const struct emogi_graph *g)
{
    const struct emogi_part *p = &g->part;
    if (!emogi_is_part(g))
        return;
    fprintf(out, "part: %" PRIu32 " of %" PRIu32 " (numbered from 0)\n", p->index, p->count);
    fprintf(out, "part vertices: [%" PRIu64 ", %" PRIu64 ") of %" PRIu64 "\n", p->first, p->end,
            p->nv);
    fprintf(out, "part edges: [%" PRIu64 ", %" PRIu64 ") of %" PRIu64 "\n", p->edge_first,
            p->edge_first + g->ne, p->ne);
    if (g->flags & EMOGI_TRANSPOSE)
        fprintf(out, "part in-edges: [%" PRIu64 ", %" PRIu64 ") of %" PRIu64 "\n",
                p->t_edge_first, p->t_edge_first + p->t_ne, p->ne);
}

static void print_text(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                       const char *checksums)
{
    fprintf(out, "file: %s\nformat version: %u\nfile size: %zu\n", g->path, format_version(g),
            g->map_size);
    fprintf(out, "vertices: %" PRIu64 "\nedges: %" PRIu64 "\n", g->nv, g->ne);
    fprintf(out, "directed: %s\nid width: %u\nweights: %s\ntranspose: %s\nidmap: %s\n"
                 "id names: %s\n",
            yes_no(g->flags & EMOGI_DIRECTED), g->id_width, weight_name(g->weight_type),
            yes_no(g->flags & EMOGI_TRANSPOSE), yes_no(g->flags & EMOGI_IDMAP),
            yes_no(g->flags & EMOGI_IDNAMES));
    text_part(out, g);
    fprintf(out, "sections: %u\n  %-12s %14s %14s %-7s %s\n", g->nsections, "name", "offset", "size",
            "aligned", "crc32");
    for (uint32_t i = 0; i < g->nsections; i++) {
        const struct emogi_section *e = &g->sections[i];
        fprintf(out, "  %-12s %14" PRIu64 " %14" PRIu64 " %-7s 0x%08" PRIx32 "\n",
                emogi_section_name(e->type), e->offset, e->size,
                yes_no(e->offset % EMOGI_CSR_ALIGN == 0), e->crc32);
    }
    fprintf(out, "out-degree min: %" PRIu64 "\nout-degree max: %" PRIu64 "\nout-degree mean: %.3f\n",
            s->min, s->max, s->mean);
    fprintf(out, "no out-edges: %" PRIu64 "\nisolated: %" PRIu64 "\n", s->sinks, s->isolated);
    text_histogram(out, s);
    for (uint32_t i = 0; i < g->nsections; i++)
        if (is_id_section(g->sections[i].type))
            fprintf(out, "bits per link: %s %.2f (%.3f of 4-byte ids)\n",
                    emogi_section_name(g->sections[i].type), bits_per_link(g, &g->sections[i]),
                    bits_per_link(g, &g->sections[i]) / 32);
    if (checksums)
        fprintf(out, "checksums: %s\n", checksums);
    if (g->provenance_len)
        text_provenance(out, g);
}

static void json_sections(FILE *out, const struct emogi_graph *g)
{
    fputs("\"sections\":[", out);
    for (uint32_t i = 0; i < g->nsections; i++) {
        const struct emogi_section *e = &g->sections[i];
        fprintf(out,
                "%s{\"name\":\"%s\",\"type\":%" PRIu32 ",\"offset\":%" PRIu64 ",\"size\":%" PRIu64
                ",\"aligned\":%s,\"crc32\":\"0x%08" PRIx32 "\"}",
                i ? "," : "", emogi_section_name(e->type), e->type, e->offset, e->size,
                e->offset % EMOGI_CSR_ALIGN == 0 ? "true" : "false", e->crc32);
    }
    fputs("],", out);
}

/* "part": null for a whole graph; ranges are [first, end), numbers from 0. */
static void json_part(FILE *out, const struct emogi_graph *g)
{
    const struct emogi_part *p = &g->part;
    if (!emogi_is_part(g)) {
        fputs("\"part\":null,", out);
        return;
    }
    fprintf(out,
            "\"part\":{\"index\":%" PRIu32 ",\"count\":%" PRIu32 ",\"first\":%" PRIu64
            ",\"end\":%" PRIu64 ",\"vertices\":%" PRIu64 ",\"edges\":%" PRIu64
            ",\"edge_first\":%" PRIu64 ",\"in_edges\":%" PRIu64 ",\"in_edge_first\":%" PRIu64
            "},",
            p->index, p->count, p->first, p->end, p->nv, p->ne, p->edge_first, p->t_ne,
            p->t_edge_first);
}

static void json_degrees(FILE *out, const struct degree_stats *s)
{
    fprintf(out,
            "\"out_degree\":{\"min\":%" PRIu64 ",\"max\":%" PRIu64 ",\"mean\":%.17g,"
            "\"no_out_edges\":%" PRIu64 ",\"isolated\":%" PRIu64 ",\"histogram\":[",
            s->min, s->max, s->mean, s->sinks, s->isolated);
    for (int k = 0; k < s->nbuckets; k++)
        fprintf(out, "%s{\"min\":%" PRIu64 ",\"max\":%" PRIu64 ",\"count\":%" PRIu64 "}", k ? "," : "",
                bucket_low(k), bucket_high(k), s->hist[k]);
    fputs("]}", out);
}

static void print_json(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                       const char *checksums)
{
    fputs("{\"file\":", out);
    tool_json_string(out, g->path, strlen(g->path));
    fprintf(out, ",\"version\":%u,\"file_size\":%zu,\"vertices\":%" PRIu64 ",\"edges\":%" PRIu64 ",",
            format_version(g), g->map_size, g->nv, g->ne);
    fprintf(out, "\"directed\":%s,\"id_width\":%u,\"weights\":\"%s\",\"transpose\":%s,\"idmap\":%s,"
                 "\"id_names\":%s,",
            g->flags & EMOGI_DIRECTED ? "true" : "false", g->id_width, weight_name(g->weight_type),
            g->flags & EMOGI_TRANSPOSE ? "true" : "false", g->flags & EMOGI_IDMAP ? "true" : "false",
            g->flags & EMOGI_IDNAMES ? "true" : "false");
    json_part(out, g);
    json_sections(out, g);
    fputs("\"bits_per_link\":{", out);
    for (uint32_t i = 0, n = 0; i < g->nsections; i++)
        if (is_id_section(g->sections[i].type))
            fprintf(out, "%s\"%s\":%.17g", n++ ? "," : "", emogi_section_name(g->sections[i].type),
                    bits_per_link(g, &g->sections[i]));
    fputs("},", out);
    json_degrees(out, s);
    if (checksums)
        fprintf(out, ",\"checksums\":\"%s\"", checksums);
    fputs(",\"provenance\":", out);
    if (g->provenance_len)
        tool_json_string(out, g->provenance, g->provenance_len);
    else
        fputs("null", out);
    fputs("}\n", out);
}

/* ---- report: the edge dump ---- */

/* "%.9g" prints every float32 so that it reads back to the same bits. */
static char *put_weight(char *p, const struct emogi_graph *g, const void *w, uint64_t i)
{
    *p++ = ' ';
    if (g->weight_type == EMOGI_WEIGHT_UINT32)
        return emogi_put_u64(p, ((const uint32_t *)w)[i]);
    return p + snprintf(p, 32, "%.9g", (double)((const float *)w)[i]);
}

/* SEP, then vertex V's input name; 0 or -1. */
static int put_name(FILE *out, const struct emogi_graph *g, uint64_t v, const char *sep)
{
    size_t len;
    const char *s = emogi_csr_id_name(g, v, &len);
    return fputs(sep, out) != EOF && fwrite(s, 1, len, out) == len ? 0 : -1;
}

static int print_edges(FILE *out, const struct emogi_graph *g, int original)
{
    static char buf[1 << 16];
    const uint64_t *idmap = original ? g->idmap : NULL;
    int named = original && (g->flags & EMOGI_IDNAMES);
    struct emogi_part part;
    char *p = buf;
    emogi_csr_part(g, &part); /* a part's vertex v is the graph's first + v */
    for (uint64_t v = 0; v < g->nv; v++) {
        uint64_t src = idmap ? idmap[v] : part.first + v;
        for (uint64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
            uint64_t dst = emogi_neighbor(g, i);
            if (named) { /* names have any length: straight to OUT */
                if (fwrite(buf, 1, (size_t)(p - buf), out) != (size_t)(p - buf) ||
                    put_name(out, g, v, "") < 0 || put_name(out, g, dst, " ") < 0)
                    return -1;
                p = g->weights ? put_weight(buf, g, g->weights, i) : buf;
                *p++ = '\n';
                continue;
            }
            p = emogi_put_u64(p, src);
            *p++ = ' ';
            p = emogi_put_u64(p, idmap ? idmap[dst] : dst);
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
