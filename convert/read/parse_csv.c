/*
 * parse_csv.c - delimited edge lists: SNAP's tab files, LDBC's '|' files,
 * cuGraph's and everyone's CSV.
 *
 * A line is fields separated by one delimiter character (',' unless
 * --delimiter says otherwise); the edge is taken from the columns
 * --columns names, SRC,DST[,W], each a 1-based index or, with --header, a
 * name from the header line (the first line that is not a comment).  Ids
 * are 0-based integers, as in el; W is read as wel reads weights.  Blank
 * lines and lines starting with '#' or '%' are comments.  A field may be
 * quoted as RFC 4180 says ("a ""b"", c"); a quote must then close on its
 * line: a newline inside quotes is refused, naming the line, since the
 * block driver cuts at every newline.  Blanks and a '\r' around a field
 * are not part of it.  The lines parse in parallel chunks through
 * parse.c, as el's do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

static const char *const column_role[3] = {"source", "destination", "weight"};

/* Blanks other than the delimiter (a tab may be one). */
static int pad(char ch, char delim)
{
    return ch != delim && (ch == ' ' || ch == '\t' || ch == '\r');
}

int csv_columns_parse(const char *spec, struct csv_columns *c, char *msg, size_t cap)
{
    memset(c, 0, sizeof *c);
    const char *p = spec ? spec : "1,2";
    for (;;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (c->n == 3 || n == 0 || n >= sizeof c->name[0]) {
            snprintf(msg, cap, "--columns wants SRC,DST[,W]: 1-based indices or header names, "
                               "not '%s'", spec);
            return -1;
        }
        size_t digits = strspn(p, "0123456789");
        if (digits >= n) {
            c->col[c->n] = strtoull(p, NULL, 10);
            if (c->col[c->n] == 0 || c->col[c->n] > 1u << 20) {
                snprintf(msg, cap, "--columns: column %.*s is not in 1..1048576", (int)n, p);
                return -1;
            }
        } else
            memcpy(c->name[c->n], p, n); /* a name: resolved by the header line */
        c->n++;
        if (!e)
            break;
        p = e + 1;
    }
    if (c->n < 2) {
        snprintf(msg, cap, "--columns wants SRC,DST[,W], not '%s'", spec);
        return -1;
    }
    return 0;
}

/* The field at *PP up to DELIM or EOL, unquoted and unpadded into
 * [*FS, *FE) (a quoted field's "" stay doubled: ids and weights never
 * hold one); *PP moves past the delimiter.  1 when a delimiter followed,
 * 0 at the end of the line, -1 on a quote left open, -2 on text after a
 * closing quote. */
static int next_field(const char **pp, const char *eol, char delim, const char **fs,
                      const char **fe)
{
    const char *p = *pp;
    while (p < eol && pad(*p, delim))
        p++;
    if (p < eol && *p == '"') {
        const char *q = ++p;
        while (q < eol && (*q != '"' || (q + 1 < eol && q[1] == '"' && ++q)))
            q++;
        if (q >= eol)
            return -1;
        *fs = p, *fe = q;
        for (p = q + 1; p < eol && pad(*p, delim);)
            p++;
        if (p < eol && *p != delim)
            return -2;
    } else {
        *fs = p;
        while (p < eol && *p != delim)
            p++;
        *fe = p;
        while (*fe > *fs && pad((*fe)[-1], delim))
            (*fe)--;
    }
    *pp = p < eol ? p + 1 : eol;
    return p < eol;
}

static const char *field_fault(int rc)
{
    return rc == -1 ? "a quoted field does not close on its line (newlines inside quotes are "
                      "not supported)"
                    : "text after a quoted field's closing quote";
}

/* The fields of the line at P: [fs[i], fe[i]) for the columns WANT[i]
 * (1-based); how many fields the line has, or the fault of next_field(). */
static int64_t line_fields(const char *p, const char *eol, char delim, const uint64_t *want,
                           int nwant, const char **fs, const char **fe)
{
    int64_t k = 0;
    for (int more = 1; more;) {
        const char *s, *e;
        if ((more = next_field(&p, eol, delim, &s, &e)) < 0)
            return more;
        k++;
        for (int i = 0; i < nwant; i++)
            if (want[i] == (uint64_t)k)
                fs[i] = s, fe[i] = e;
    }
    return k;
}

/* The header line names the columns: a name in the spec becomes the
 * index of its first field of that name. */
static int csv_header_line(void *hv, const char *p, const char *eol, char *msg, size_t cap)
{
    struct csv_header *h = hv;
    if (is_skip_line(p, eol, 1))
        return 0;
    h->have_header = 1;
    for (int i = 0; i < h->cols.n; i++) {
        if (!h->cols.name[i][0])
            continue;
        const char *q = p, *s, *e;
        uint64_t k = 0;
        int more = 1;
        h->cols.col[i] = 0;
        while (more && !h->cols.col[i]) {
            if ((more = next_field(&q, eol, h->delim, &s, &e)) < 0) {
                snprintf(msg, cap, "header line: %s", field_fault(more));
                return -1;
            }
            k++;
            if ((size_t)(e - s) == strlen(h->cols.name[i]) &&
                memcmp(s, h->cols.name[i], (size_t)(e - s)) == 0)
                h->cols.col[i] = k;
        }
        if (!h->cols.col[i]) {
            snprintf(msg, cap, "column '%s' (the %s) missing from the header line",
                     h->cols.name[i], column_role[i]);
            return -1;
        }
    }
    return 0;
}

/* The field [S, E) for a message: "an empty field", "a quoted field that
 * holds ' 2 '", or "'x7'"; quoted fields keep their blanks, so the words
 * must say so rather than show what a blank-delimited scan would. */
static const char *csv_describe(const char *s, const char *e, int quoted, char *buf, size_t cap)
{
    char d[192];
    if (s == e)
        snprintf(buf, cap, "%s", quoted ? "an empty quoted field" : "an empty field");
    else if (quoted)
        snprintf(buf, cap, "a quoted field that holds %s", escape_text(s, (size_t)(e - s), 1, d,
                                                                       sizeof d));
    else
        snprintf(buf, cap, "%s", escape_text(s, (size_t)(e - s), 1, d, sizeof d));
    return buf;
}

/* Why a field that is not an id is not one, beyond what it holds. */
static const char *csv_hint(const char *s, const char *e, int quoted)
{
    if (s == e)
        return "";
    if (quoted && (is_blank(*s) || is_blank(e[-1])))
        return " (blanks inside quotes are part of the field)";
    return " (ids that are names need --string-ids)";
}

/* An id field: the whole field a non-negative integer. */
static int csv_id(struct chunk *c, const char *s, const char *e, int quoted, int role,
                  uint64_t *id)
{
    char d[192];
    const char *p = s;
    if (c->names) {
        if (s < e) /* in a quoted field "" stands for " */
            return chunk_name(c, s, (size_t)(e - s), quoted, id);
        chunk_fail(c, "expected a %s vertex id, found %s", column_role[role],
                   csv_describe(s, e, quoted, d, sizeof d));
        return -1;
    }
    int st = s < e ? scan_u64(&p, e, id) : NUM_NONE;
    if (st == NUM_OK && p == e && *id <= EMOGI_MAX_ID &&
        (!c->vertices || *id < c->vertices))
        return 0;
    if (st == NUM_OK && p == e && *id <= EMOGI_MAX_ID)
        chunk_fail(c, "vertex %llu out of range 0..%llu (--vertices %llu)",
                   (unsigned long long)*id, (unsigned long long)c->vertices - 1,
                   (unsigned long long)c->vertices);
    else {
        c->name_token = st == NUM_NONE && s < e; /* not "-3", not too large, not empty */
        chunk_fail(c, "expected a %s vertex id (a non-negative integer up to %llu), found %s%s",
                   column_role[role], (unsigned long long)EMOGI_MAX_ID,
                   csv_describe(s, e, quoted, d, sizeof d), csv_hint(s, e, quoted));
    }
    return -1;
}

static int csv_line(struct chunk *c, const struct csv_header *h, const char *p, const char *eol)
{
    const char *fs[3] = {0}, *fe[3] = {0};
    int64_t k = line_fields(p, eol, h->delim, h->cols.col, h->cols.n, fs, fe);
    if (k < 0) {
        chunk_fail(c, "%s", field_fault((int)k));
        return -1;
    }
    for (int i = 0; i < h->cols.n; i++)
        if (!fs[i]) {
            chunk_fail(c, "column %llu (the %s) missing: the line has %lld fields",
                       (unsigned long long)h->cols.col[i], column_role[i], (long long)k);
            return -1;
        }
    uint64_t s, t;
    double w = 0;
    /* a quoted field starts after its quote; an unquoted one never does */
    if (csv_id(c, fs[0], fe[0], fs[0] > p && fs[0][-1] == '"', 0, &s) ||
        csv_id(c, fs[1], fe[1], fs[1] > p && fs[1][-1] == '"', 1, &t))
        return -1;
    if (h->cols.n == 3) {
        const char *q = fs[2];
        int quoted = fs[2] > p && fs[2][-1] == '"';
        char d[192];
        if (fs[2] < fe[2] && !is_blank(*fs[2]) && scan_weight(c, &q, fe[2], &w))
            return -1;
        if (q != fe[2] || fs[2] == fe[2]) {
            chunk_fail(c, "expected a weight, found %s%s",
                       csv_describe(fs[2], fe[2], quoted, d, sizeof d),
                       quoted && fs[2] < fe[2] ? " (blanks inside quotes are part of the field)"
                                               : "");
            return -1;
        }
    }
    return chunk_push(c, s, t, w);
}

static void csv_chunk(struct chunk *c, const void *h)
{
    const char *p = c->p, *end = c->p + c->len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_skip_line(p, eol, 1) && csv_line(c, h, p, eol))
            return;
        c->lines++;
        p = eol + 1;
    }
}

/* The delimiter and the columns; names wait for the header line. */
static int csv_init(void *hv, const char *name, const struct parse_opts *po, emogi_error *err)
{
    static const struct csv_opts defaults = {0};
    const struct csv_opts *o = po->csv ? po->csv : &defaults;
    struct csv_header *h = hv;
    char msg[256];
    h->delim = o->delimiter ? o->delimiter : ',';
    h->want_header = o->header;
    if (csv_columns_parse(o->columns, &h->cols, msg, sizeof msg))
        return emogi_fail(err, "%s: %s", name, msg);
    for (int i = 0; i < h->cols.n; i++)
        if (h->cols.name[i][0] && !o->header)
            return emogi_fail(err, "%s: --columns names '%s' but there is no --header line "
                                   "to find it in", name, h->cols.name[i]);
    return 0;
}

static int csv_have_header(const void *hv)
{
    const struct csv_header *h = hv;
    return !h->want_header || h->have_header;
}

static int csv_weighted(const void *h)
{
    return ((const struct csv_header *)h)->cols.n == 3;
}

_Static_assert(sizeof(struct csv_header) <= TEXT_HEADER_MAX, "the driver holds the header");
const struct text_reader csv_text = {.chunk = csv_chunk, .init = csv_init,
                                     .have_header = csv_have_header,
                                     .header_line = csv_header_line, .weighted = csv_weighted};
