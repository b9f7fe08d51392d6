/*
 * parse_mtx.c - Matrix Market coordinate files.
 *
 * A banner "%%MatrixMarket matrix coordinate FIELD SYMMETRY" (keywords in
 * any case), '%' comment lines, a size line "M N NNZ", then NNZ entries
 * "i j [value]" with 1-based indices, which become 0-based edges i-1 -> j-1.
 * Symmetric and skew-symmetric files list one triangle; the builder
 * mirrors them.  Values may be negative in real matrices, and in
 * skew-symmetric ones (whose mirror is negated anyway): float32 holds
 * them.  Only what a graph can use is accepted: pattern, integer or real
 * values, no complex/hermitian, no dense (array) layout.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "parse_internal.h"

#define NEEDS "emogi needs a coordinate pattern, integer or real matrix"

static int word_is(const char *p, const char *end, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(end - p) == n && strncasecmp(p, w, n) == 0;
}

/* Next blank-separated word of the banner in [*w, *we). */
static int next_word(const char **p, const char *eol, const char **w, const char **we)
{
    *w = skip_blanks(*p, eol);
    *we = field_end(*w, eol);
    *p = *we;
    return *w < *we;
}

int mtx_banner_at(const char *p, const char *end)
{
    if (end - p > 256)
        end = p + 256; /* the banner word is near the start, or it is not a banner */
    const char *eol = memchr(p, '\n', (size_t)(end - p)), *w, *we;
    return next_word(&p, eol ? eol : end, &w, &we) && word_is(w, we, "%%MatrixMarket");
}

int mtx_banner_error(const char *name, int binary, emogi_error *err)
{
    return emogi_fail(err, "%s%s: a Matrix Market file (%%%%MatrixMarket banner)%s: convert it "
                           "with 'emogi-convert mtx'",
                      name, binary ? "" : ":1", binary ? ", not binary ids" : "");
}

static int banner(struct mtx_header *h, const char *p, const char *eol, char *msg, size_t cap)
{
    const char *w, *we;
    char d[192];
    if (!next_word(&p, eol, &w, &we) || !word_is(w, we, "%%MatrixMarket")) {
        snprintf(msg, cap,
                 "expected the banner '%%%%MatrixMarket matrix coordinate "
                 "pattern|integer|real general|symmetric|skew-symmetric': this is not a Matrix "
                 "Market file (edge lists convert with 'el' or 'wel')");
        return -1;
    }
    if (!next_word(&p, eol, &w, &we) || !word_is(w, we, "matrix"))
        goto bad;
    if (!next_word(&p, eol, &w, &we))
        goto bad;
    if (word_is(w, we, "array")) {
        snprintf(msg, cap, "dense (array) Matrix Market files are not supported: " NEEDS);
        return -1;
    }
    if (!word_is(w, we, "coordinate"))
        goto bad;
    if (!next_word(&p, eol, &w, &we))
        goto bad;
    if (word_is(w, we, "pattern"))
        h->field = MTX_PATTERN;
    else if (word_is(w, we, "integer"))
        h->field = MTX_INTEGER;
    else if (word_is(w, we, "real"))
        h->field = MTX_REAL;
    else if (word_is(w, we, "complex")) {
        snprintf(msg, cap, "complex matrices are not supported: " NEEDS);
        return -1;
    } else
        goto bad;
    if (!next_word(&p, eol, &w, &we))
        goto bad;
    if (word_is(w, we, "general"))
        h->symmetry = MTX_GENERAL;
    else if (word_is(w, we, "symmetric"))
        h->symmetry = MTX_SYMMETRIC;
    else if (word_is(w, we, "skew-symmetric"))
        h->symmetry = MTX_SKEW;
    else if (word_is(w, we, "hermitian")) {
        snprintf(msg, cap, "hermitian matrices are not supported: " NEEDS);
        return -1;
    } else
        goto bad;
    if (next_word(&p, eol, &w, &we)) {
        snprintf(msg, cap, "unexpected %s after the Matrix Market banner",
                 describe_field(w, eol, d, sizeof d));
        return -1;
    }
    h->have_banner = 1;
    return 0;
bad:
    snprintf(msg, cap,
             "expected the banner '%%%%MatrixMarket matrix coordinate "
             "pattern|integer|real general|symmetric|skew-symmetric'");
    return -1;
}

static int size_line(struct mtx_header *h, const char *p, const char *eol, char *msg, size_t cap)
{
    uint64_t v[3];
    static const char *const names[3] = {"rows", "columns", "entries"};
    char d[192];
    for (int i = 0; i < 3; i++) {
        p = skip_blanks(p, eol);
        const char *f = p;
        if (scan_u64(&p, eol, &v[i]) != NUM_OK) {
            snprintf(msg, cap, "expected the size line 'ROWS COLUMNS ENTRIES': number of %s, found %s",
                     names[i], describe_field(f, eol, d, sizeof d));
            return -1;
        }
    }
    p = skip_blanks(p, eol);
    if (p != eol) {
        snprintf(msg, cap, "expected end of line after the size line 'ROWS COLUMNS ENTRIES', found %s",
                 describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (h->symmetry != MTX_GENERAL && v[0] != v[1]) {
        snprintf(msg, cap, "a %s matrix must be square, but it is %llu x %llu",
                 h->symmetry == MTX_SKEW ? "skew-symmetric" : "symmetric",
                 (unsigned long long)v[0], (unsigned long long)v[1]);
        return -1;
    }
    h->rows = v[0];
    h->cols = v[1];
    h->nnz = v[2];
    h->have_size = 1;
    h->size_line = h->lines;
    return 0;
}

static int mtx_header_line(void *hv, const char *p, const char *eol, char *msg, size_t cap)
{
    struct mtx_header *h = hv;
    h->lines++; /* the driver hands over every line of the header, one at a time */
    if (!h->have_banner)
        return banner(h, p, eol, msg, cap);
    if (is_skip_line(p, eol, 0))
        return 0;
    return size_line(h, p, eol, msg, cap);
}

int scan_index(struct chunk *c, const char **pp, const char *eol, const char *what,
               uint64_t max, uint64_t *idx)
{
    const char *p = *pp;
    char d[192];
    int st = scan_u64(pp, eol, idx);
    if (st == NUM_NONE) {
        chunk_fail(c, "expected a %s index (an integer in 1..%llu), found %s", what,
                   (unsigned long long)max, describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (st != NUM_OK || *idx < 1 || *idx > max) {
        const char *e = field_end(p, eol);
        chunk_fail(c, "%s %.*s out of range 1..%llu", what, (int)(e - p < 40 ? e - p : 40), p,
                   (unsigned long long)max);
        return -1;
    }
    return 0;
}

static int mtx_value(struct chunk *c, const char **pp, const char *eol,
                     const struct mtx_header *h, double *w)
{
    const char *p = *pp;
    char d[192];
    if (p == eol) {
        chunk_fail(c, "expected a value after the column index (the matrix is %s)",
                   h->field == MTX_INTEGER ? "integer" : "real");
        return -1;
    }
    if (h->field == MTX_INTEGER) {
        uint64_t v;
        int st = scan_u64(pp, eol, &v);
        if (st == NUM_NONE) {
            chunk_fail(c, "expected an integer value (the matrix is integer), found %s",
                       describe_field(p, eol, d, sizeof d));
            return -1;
        }
        if (st == NUM_NEGATIVE && !c->negative_ok && !c->weights_dropped) {
            chunk_fail(c, "value %s is negative, which the uint32 weights of an integer matrix "
                          "cannot hold: make the banner's field 'real' to store float32 "
                          "weights, or drop the weights with --weights none",
                       describe_field(p, eol, d, sizeof d));
            return -1;
        }
        *pp = p; /* too large for uint64: let scan_weight take it as a real */
    }
    return scan_weight(c, pp, eol, w);
}

static int mtx_line(struct chunk *c, const char *p, const char *eol, const struct mtx_header *h)
{
    uint64_t i, j;
    double w = 0;
    char d[192];
    p = skip_blanks(p, eol);
    if (scan_index(c, &p, eol, "row", h->rows, &i))
        return -1;
    p = skip_blanks(p, eol);
    if (scan_index(c, &p, eol, "column", h->cols, &j))
        return -1;
    p = skip_blanks(p, eol);
    if (h->field != MTX_PATTERN && mtx_value(c, &p, eol, h, &w))
        return -1;
    p = skip_blanks(p, eol);
    if (p != eol) {
        chunk_fail(c, "expected end of line after the %s, found %s",
                   h->field == MTX_PATTERN ? "column index (the matrix is pattern)" : "value",
                   describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (h->symmetry == MTX_SKEW && i == j) {
        chunk_fail(c, "diagonal entry (%llu, %llu) in a skew-symmetric matrix",
                   (unsigned long long)i, (unsigned long long)j);
        return -1;
    }
    return chunk_push(c, i - 1, j - 1, w);
}

static void mtx_chunk(struct chunk *c, const void *h)
{
    const char *p = c->p, *end = c->p + c->len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_skip_line(p, eol, 0) && mtx_line(c, p, eol, h))
            return;
        c->lines++;
        p = eol + 1;
    }
}

/* 1-based index k of an entry in c -> 0-based line index within c */
static uint64_t mtx_entry_line(const struct chunk *c, uint64_t k)
{
    const char *p = c->p, *end = c->p + c->len;
    uint64_t line = 0;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_skip_line(p, eol, 0) && --k == 0)
            return line;
        line++;
        p = eol + 1;
    }
    return line;
}

static int mtx_have_header(const void *h)
{
    return ((const struct mtx_header *)h)->have_size;
}

/* The size line gives the vertex count, and the banner what a streaming
 * sink must mirror. */
static void mtx_header_read(const void *hv, struct parse_result *r)
{
    const struct mtx_header *h = hv;
    r->nv = h->rows > h->cols ? h->rows : h->cols;
    r->symmetry = h->symmetry;
}

static int mtx_weighted(const void *h)
{
    return ((const struct mtx_header *)h)->field != MTX_PATTERN;
}

/* negative integers are weights a real (or skew, negated anyway) matrix can have */
static int mtx_negative_ok(const void *hv)
{
    const struct mtx_header *h = hv;
    return h->field == MTX_REAL || h->symmetry == MTX_SKEW;
}

static int mtx_check_chunk(const void *hv, const struct chunk *c, uint64_t entries,
                           uint64_t line, const char *name, emogi_error *err)
{
    const struct mtx_header *h = hv;
    if (c->entries <= h->nnz - entries)
        return 0;
    return emogi_fail(err, "%s:%llu: more entries than the %llu on the size line", name,
                      (unsigned long long)(line + mtx_entry_line(c, h->nnz - entries + 1) + 1),
                      (unsigned long long)h->nnz);
}

static int mtx_finish(const void *hv, uint64_t entries, struct parse_result *r, const char *name,
                      emogi_error *err)
{
    const struct mtx_header *h = hv;
    if (!h->have_banner)
        return emogi_fail(err, "%s: empty input: expected the banner '%%%%MatrixMarket "
                               "matrix coordinate FIELD SYMMETRY'", name);
    if (!h->have_size)
        return emogi_fail(err, "%s: missing the size line 'ROWS COLUMNS ENTRIES'", name);
    if (entries != h->nnz)
        return emogi_fail(err, "%s:%llu: the size line says %llu entries, but the file holds "
                               "%llu",
                          name, (unsigned long long)h->size_line, (unsigned long long)h->nnz,
                          (unsigned long long)entries);
    mtx_header_read(h, r);
    r->one_based = 1;
    return 0;
}

_Static_assert(sizeof(struct mtx_header) <= TEXT_HEADER_MAX, "the driver holds the header");
const struct text_reader mtx_text = {
    .chunk = mtx_chunk, .have_header = mtx_have_header, .header_line = mtx_header_line,
    .header_read = mtx_header_read, .weighted = mtx_weighted, .negative_ok = mtx_negative_ok,
    .check_chunk = mtx_check_chunk, .finish = mtx_finish, .banner = 1};
