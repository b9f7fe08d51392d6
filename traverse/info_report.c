/*
 * info_report.c - emogi-info's report of a .csr: header fields, the
 * section table, degree statistics and provenance, as "key: value" text
 * or as one JSON object with the same content.
 */
#include <inttypes.h>
#include <string.h>

#include "info.h"

static const char *weight_name(uint32_t t)
{
    return t == EMOGI_WEIGHT_UINT32 ? "uint32" : t == EMOGI_WEIGHT_FLOAT32 ? "float32" : "none";
}

static const char *yes_no(int b) { return b ? "yes" : "no"; }

static void text_histogram(FILE *out, const struct degree_stats *s)
{
    fprintf(out, "out-degree histogram (log2 buckets):\n");
    for (int k = 0; k < s->nbuckets; k++) {
        uint64_t lo = degree_bucket_low(k), hi = degree_bucket_high(k);
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

void info_print_text(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                     const char *checksums)
{
    fprintf(out, "file: %s\nformat version: %u\nfile size: %zu\n", g->path, EMOGI_CSR_VERSION,
            g->map_size);
    fprintf(out, "vertices: %" PRIu64 "\nedges: %" PRIu64 "\n", g->nv, g->ne);
    fprintf(out, "directed: %s\nid width: %u\nweights: %s\ntranspose: %s\nidmap: %s\n",
            yes_no(g->flags & EMOGI_DIRECTED), g->id_width, weight_name(g->weight_type),
            yes_no(g->flags & EMOGI_TRANSPOSE), yes_no(g->flags & EMOGI_IDMAP));
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
    if (checksums)
        fprintf(out, "checksums: %s\n", checksums);
    if (g->provenance_len)
        text_provenance(out, g);
}

/* Length of the valid UTF-8 sequence at p (up to end), or 0 if invalid. */
static size_t utf8_len(const unsigned char *p, const unsigned char *end)
{
    size_t n = p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 && p[0] < 0xE0 ? 2 : 0;
    if (n == 0 || (size_t)(end - p) < n)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* A JSON string: quotes, backslashes and control characters escaped, bad UTF-8 as U+FFFD. */
static void json_string(FILE *out, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    putc('"', out);
    while (p < end) {
        if (*p == '"' || *p == '\\') {
            fprintf(out, "\\%c", *p++);
        } else if (*p == '\n' || *p == '\t') {
            fputs(*p++ == '\n' ? "\\n" : "\\t", out);
        } else if (*p < 0x20 || *p == 0x7F) {
            fprintf(out, "\\u%04x", *p++);
        } else if (*p < 0x80) {
            putc(*p++, out);
        } else {
            size_t n = utf8_len(p, end);
            if (n)
                fwrite(p, 1, n, out);
            else
                fputs("\\ufffd", out);
            p += n ? n : 1;
        }
    }
    putc('"', out);
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

static void json_degrees(FILE *out, const struct degree_stats *s)
{
    fprintf(out,
            "\"out_degree\":{\"min\":%" PRIu64 ",\"max\":%" PRIu64 ",\"mean\":%.17g,"
            "\"no_out_edges\":%" PRIu64 ",\"isolated\":%" PRIu64 ",\"histogram\":[",
            s->min, s->max, s->mean, s->sinks, s->isolated);
    for (int k = 0; k < s->nbuckets; k++)
        fprintf(out, "%s{\"min\":%" PRIu64 ",\"max\":%" PRIu64 ",\"count\":%" PRIu64 "}", k ? "," : "",
                degree_bucket_low(k), degree_bucket_high(k), s->hist[k]);
    fputs("]}", out);
}

void info_print_json(FILE *out, const struct emogi_graph *g, const struct degree_stats *s,
                     const char *checksums)
{
    fputs("{\"file\":", out);
    json_string(out, g->path, strlen(g->path));
    fprintf(out, ",\"version\":%u,\"file_size\":%zu,\"vertices\":%" PRIu64 ",\"edges\":%" PRIu64 ",",
            EMOGI_CSR_VERSION, g->map_size, g->nv, g->ne);
    fprintf(out, "\"directed\":%s,\"id_width\":%u,\"weights\":\"%s\",\"transpose\":%s,\"idmap\":%s,",
            g->flags & EMOGI_DIRECTED ? "true" : "false", g->id_width, weight_name(g->weight_type),
            g->flags & EMOGI_TRANSPOSE ? "true" : "false", g->flags & EMOGI_IDMAP ? "true" : "false");
    json_sections(out, g);
    json_degrees(out, s);
    if (checksums)
        fprintf(out, ",\"checksums\":\"%s\"", checksums);
    fputs(",\"provenance\":", out);
    if (g->provenance_len)
        json_string(out, g->provenance, g->provenance_len);
    else
        fputs("null", out);
    fputs("}\n", out);
}
