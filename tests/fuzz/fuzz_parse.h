/*
 * fuzz_parse.h - what every text-reader fuzz target checks.
 *
 * The input is parsed twice, in one chunk and in several (the targets are
 * built with PARSE_MIN_CHUNK=1, so even tiny inputs split), and the two
 * results must agree exactly: same edges, or the same error message.  A
 * success must also be sound: ids below nv, weights finite and within
 * float32, negative only when reported as WEIGHTS_REAL, integral and at
 * most UINT32_MAX when reported as WEIGHTS_INT.  Parsing with the weights
 * dropped must accept all that the weighted parse accepts, with the same
 * edges.  el, wel and csv are parsed once more with --string-ids: what
 * the integer parse accepts is accepted there too, its names sorted
 * bytewise and distinct, and each edge's names read as numbers are the
 * integer parse's ids; and read twice, as out of core (names gathered,
 * names_sort(), then each token looked up), the same names and edges.
 * Error messages are printable, whatever the input bytes.  csv is read
 * with the options in fuzz_csv (fuzz_csv.c sets them from its input's
 * first byte; NULL: the defaults).
 */
#ifndef EMOGI_FUZZ_PARSE_H
#define EMOGI_FUZZ_PARSE_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* csv: the delimiter, header and columns every parse here uses. */
static const struct csv_opts *fuzz_csv;
static int fuzz_csv_weighted; /* its columns name a weight */

#define FUZZ_CHECK(c)                                                                      \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

static void fuzz_check_sound(const struct parse_result *r, enum input_format f)
{
    const struct edge_list *e = &r->edges;
    int weighted = r->weights != WEIGHTS_NONE;
    FUZZ_CHECK(weighted == (e->w != NULL));
    FUZZ_CHECK(f == FORMAT_MTX || f == FORMAT_METIS ||
               weighted == (f == FORMAT_WEL || f == FORMAT_GR ||
                            (f == FORMAT_CSV && fuzz_csv_weighted)));
    for (uint64_t i = 0; i < e->n; i++) {
        FUZZ_CHECK(e->src[i] < r->nv && e->dst[i] < r->nv);
        if (f == FORMAT_MTX && r->symmetry == MTX_SKEW)
            FUZZ_CHECK(e->src[i] != e->dst[i]);
        if (!weighted)
            continue;
        FUZZ_CHECK(isfinite(e->w[i]) && fabs(e->w[i]) <= FLT_MAX);
        FUZZ_CHECK(e->w[i] >= 0 || r->weights == WEIGHTS_REAL);
        if (r->weights == WEIGHTS_INT)
            FUZZ_CHECK(e->w[i] == floor(e->w[i]) && e->w[i] <= 4294967295.0);
    }
}

static void fuzz_same(const struct parse_result *a, const struct parse_result *b)
{
    FUZZ_CHECK(a->edges.n == b->edges.n && a->nv == b->nv && a->weights == b->weights &&
               a->lines == b->lines && a->symmetry == b->symmetry && a->bytes == b->bytes);
    size_t n = (size_t)a->edges.n;
    FUZZ_CHECK(n == 0 || memcmp(a->edges.src, b->edges.src, n * sizeof(uint64_t)) == 0);
    FUZZ_CHECK(n == 0 || memcmp(a->edges.dst, b->edges.dst, n * sizeof(uint64_t)) == 0);
    FUZZ_CHECK(n == 0 || !a->edges.w || memcmp(a->edges.w, b->edges.w, n * sizeof(double)) == 0);
}

static void fuzz_printable(const char *msg)
{
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
        FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
}

/* The weights dropped: everything the weighted parse A took, same edges. */
static void fuzz_dropped(const uint8_t *data, size_t size, enum input_format f,
                         const struct parse_result *a)
{
    struct parse_opts o = {.format = f, .threads = 3, .drop_weights = 1, .csv = fuzz_csv};
    struct parse_result d;
    emogi_error e;
    FUZZ_CHECK(parse_buffer("fuzz", (const char *)data, size, &o, &d, &e) == 0);
    FUZZ_CHECK(d.weights == WEIGHTS_NONE && !d.edges.w && d.edges.n == a->edges.n &&
               d.nv == a->nv);
    size_t n = (size_t)d.edges.n;
    FUZZ_CHECK(n == 0 || memcmp(a->edges.src, d.edges.src, n * sizeof(uint64_t)) == 0);
    FUZZ_CHECK(n == 0 || memcmp(a->edges.dst, d.edges.dst, n * sizeof(uint64_t)) == 0);
    parse_result_free(&d);
}

/* Name R of the sorted names (OFF, BLOB) as a number, as strtoull reads it. */
static uint64_t fuzz_name_value(const uint64_t *off, const char *blob, uint64_t r)
{
    /* Not a fixed buffer: a name may carry any number of leading zeros. */
    size_t len = (size_t)(off[r + 1] - off[r]);
    char *tmp = malloc(len + 1);
    FUZZ_CHECK(tmp != NULL);
    memcpy(tmp, blob + off[r], len);
    tmp[len] = '\0';
    uint64_t v = strtoull(tmp, NULL, 10);
    free(tmp);
    return v;
}

/* --string-ids read twice, as out of core: the names the one reading
 * sorted (OFF, BLOB) and its edges D, ranks straight from the parse. */
static void fuzz_names_twice(const uint8_t *data, size_t size, enum input_format f,
                             const uint64_t *off, const char *blob, const struct parse_result *d)
{
    struct name_table t = {0};
    struct parse_opts o = {.format = f, .threads = 1, .names = &t, .csv = fuzz_csv};
    struct parse_result first, second;
    emogi_error e;
    FUZZ_CHECK(parse_buffer("fuzz", (const char *)data, size, &o, &first, &e) == 0);
    parse_result_free(&first);
    FUZZ_CHECK(names_sort(&t, &e) == 0);
    FUZZ_CHECK(parse_buffer("fuzz", (const char *)data, size, &o, &second, &e) == 0);
    FUZZ_CHECK(memcmp(t.start, off, (size_t)(t.n + 1) * sizeof *off) == 0);
    FUZZ_CHECK(t.nbytes == 0 || memcmp(t.bytes, blob, (size_t)t.nbytes) == 0);
    FUZZ_CHECK(second.edges.n == d->edges.n);
    for (uint64_t i = 0; i < d->edges.n; i++)
        FUZZ_CHECK(edge_src(&second.edges, i) == d->edges.src[i] &&
                   edge_dst(&second.edges, i) == d->edges.dst[i]);
    parse_result_free(&second);
    names_free(&t);
}

/* --string-ids over what the integer parse A took: the same edges, named. */
static void fuzz_names(const uint8_t *data, size_t size, enum input_format f,
                       const struct parse_result *a)
{
    struct name_table t = {0};
    struct parse_opts o = {.format = f, .threads = 1, .names = &t, .csv = fuzz_csv};
    struct parse_result d;
    emogi_error e;
    uint64_t *off;
    char *blob;
    FUZZ_CHECK(parse_buffer("fuzz", (const char *)data, size, &o, &d, &e) == 0);
    uint64_t n = t.n;
    FUZZ_CHECK(names_finish(&t, &d.edges, &off, &blob, &e) == 0);
    FUZZ_CHECK(d.edges.n == a->edges.n && d.weights == a->weights);
    for (uint64_t r = 1; r < n; r++) {
        uint64_t la = off[r] - off[r - 1], lb = off[r + 1] - off[r];
        int c = memcmp(blob + off[r - 1], blob + off[r], la < lb ? la : lb);
        FUZZ_CHECK(c < 0 || (c == 0 && la < lb));
    }
    for (uint64_t i = 0; i < d.edges.n; i++) {
        FUZZ_CHECK(d.edges.src[i] < n && d.edges.dst[i] < n);
        FUZZ_CHECK(fuzz_name_value(off, blob, d.edges.src[i]) == a->edges.src[i]);
        FUZZ_CHECK(fuzz_name_value(off, blob, d.edges.dst[i]) == a->edges.dst[i]);
        FUZZ_CHECK(!a->edges.w || d.edges.w[i] == a->edges.w[i]);
    }
    fuzz_names_twice(data, size, f, off, blob, &d);
    free(off), free(blob);
    parse_result_free(&d);
}

static int fuzz_parse(const uint8_t *data, size_t size, enum input_format f)
{
    struct parse_opts one = {.format = f, .threads = 1, .csv = fuzz_csv},
                      many = {.format = f, .threads = 5, .csv = fuzz_csv};
    struct parse_result a, b;
    emogi_error ea, eb;
    int ra = parse_buffer("fuzz", (const char *)data, size, &one, &a, &ea);
    int rb = parse_buffer("fuzz", (const char *)data, size, &many, &b, &eb);
    FUZZ_CHECK(ra == rb);
    if (ra == 0) {
        fuzz_check_sound(&a, f);
        fuzz_same(&a, &b);
        fuzz_dropped(data, size, f, &a);
        if (f == FORMAT_EL || f == FORMAT_WEL || f == FORMAT_CSV)
            fuzz_names(data, size, f, &a);
        parse_result_free(&a);
        parse_result_free(&b);
    } else {
        FUZZ_CHECK(strcmp(ea.msg, eb.msg) == 0);
        FUZZ_CHECK(strncmp(ea.msg, "fuzz:", 5) == 0);
        fuzz_printable(ea.msg);
    }
    return 0;
}

#endif
