/*
 * parse_el.c - edge lists: "src dst" (el) and "src dst weight" (wel).
 *
 * One edge per line, fields separated by blanks; lines that are empty or
 * start with '#' or '%' are comments (but parse.c refuses a first line
 * that is a Matrix Market banner: that file's ids are 1-based).  Ids are
 * 0-based integers up to 2^64-2.  This loop is the converter's hot path:
 * a memchr finds the end of the line, then the fields are scanned by hand
 * without strtoull.
 */
#include <string.h>

#include "parse_internal.h"

static int scan_id(struct chunk *c, const char **pp, const char *eol, const char *what,
                   uint64_t *id)
{
    const char *p = *pp;
    char d[192];
    switch (scan_u64(pp, eol, id)) {
    case NUM_OK:
        if (*id <= EMOGI_MAX_ID)
            return 0;
        /* fall through */
    case NUM_OVERFLOW:
        chunk_fail(c, "vertex id %s is too large: ids go up to %llu",
                   describe_field(p, eol, d, sizeof d), (unsigned long long)EMOGI_MAX_ID);
        return -1;
    case NUM_NEGATIVE:
        chunk_fail(c, "vertex id %s is negative: ids are non-negative integers",
                   describe_field(p, eol, d, sizeof d));
        return -1;
    default:
        chunk_fail(c, "expected %s vertex id (a non-negative integer), found %s", what,
                   describe_field(p, eol, d, sizeof d));
        return -1;
    }
}

/* One data line; 0, or -1 after chunk_fail(). */
static int el_line(struct chunk *c, const char *p, const char *eol, int weighted)
{
    uint64_t s, t;
    double w = 0;
    char d[192];
    p = skip_blanks(p, eol);
    if (scan_id(c, &p, eol, "a source", &s))
        return -1;
    p = skip_blanks(p, eol);
    if (scan_id(c, &p, eol, "a destination", &t))
        return -1;
    p = skip_blanks(p, eol);
    if (weighted && scan_weight(c, &p, eol, &w))
        return -1;
    p = skip_blanks(p, eol);
    if (p != eol) {
        chunk_fail(c, "expected end of line after %s, found %s",
                   weighted ? "'src dst weight'" : "'src dst' (extra fields need format wel)",
                   describe_field(p, eol, d, sizeof d));
        return -1;
    }
    emogi_error err;
    if (edge_list_push(c->e, s, t, w, &err)) {
        chunk_fail(c, "%s", err.msg);
        c->status = CHUNK_FAILED;
        return -1;
    }
    uint64_t m = s > t ? s : t;
    if (m > c->max_id || c->entries == 0)
        c->max_id = m;
    c->entries++;
    return 0;
}

void parse_el_chunk(struct chunk *c, int weighted)
{
    const char *p = c->p, *end = c->p + c->len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_skip_line(p, eol, 1) && el_line(c, p, eol, weighted))
            return;
        c->lines++;
        p = eol + 1;
    }
}
