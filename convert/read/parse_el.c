/*
 * parse_el.c - edge lists: "src dst" (el) and "src dst weight" (wel).
 *
 * One edge per line, fields separated by blanks; lines that are empty or
 * start with '#' or '%' are comments (but parse.c refuses a first line
 * that is a Matrix Market banner: that file's ids are 1-based).  Ids are
 * 0-based integers up to 2^64-2, or below --vertices.  This loop is the converter's hot path:
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
    if (c->names) {
        *pp = field_end(p, eol);
        if (*pp > p)
            return chunk_name(c, p, (size_t)(*pp - p), 0, id);
        chunk_fail(c, "expected %s vertex id, found end of line", what);
        return -1;
    }
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
        c->name_token = p < eol;
        chunk_fail(c, "expected %s vertex id (a non-negative integer), found %s%s", what,
                   describe_field(p, eol, d, sizeof d),
                   p < eol ? " (ids that are names need --string-ids)" : "");
        return -1;
    }
}

/* --vertices N: every id below N; 0, or -1 after chunk_fail(). */
static int check_range(struct chunk *c, uint64_t id)
{
    if (!c->vertices || id < c->vertices)
        return 0;
    chunk_fail(c, "vertex %llu out of range 0..%llu (--vertices %llu)", (unsigned long long)id,
               (unsigned long long)c->vertices - 1, (unsigned long long)c->vertices);
    return -1;
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
    if (check_range(c, s) || check_range(c, t))
        return -1;
    return chunk_push(c, s, t, w);
}

/* el and wel: the row says whether the lines carry a weight (c->weighted). */
static void el_chunk(struct chunk *c, const void *h)
{
    const char *p = c->p, *end = c->p + c->len;
    (void)h;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_skip_line(p, eol, 1) && el_line(c, p, eol, c->weighted))
            return;
        c->lines++;
        p = eol + 1;
    }
}

const struct text_reader el_text = {.chunk = el_chunk};

/* "WORD DIGITS" at *PP after blanks, as SNAP writes "Nodes: 12"; 0 or -1. */
static int snap_count(const char **pp, const char *eol, const char *word, uint64_t *n)
{
    size_t len = strlen(word);
    const char *p = skip_blanks(*pp, eol);
    if ((size_t)(eol - p) < len || memcmp(p, word, len) != 0)
        return -1;
    p = skip_blanks(p + len, eol);
    if (scan_u64(&p, eol, n) != NUM_OK)
        return -1;
    *pp = p;
    return 0;
}

/* The rest of a comment line after its '#': "Nodes: N", or "Nodes: N
 * Edges: M", blanks around. */
static int snap_header(const char *p, const char *eol, uint64_t *nodes)
{
    uint64_t edges; /* only informative: SNAP counts an undirected edge once or twice */
    if (snap_count(&p, eol, "Nodes:", nodes) != 0)
        return 0;
    if (skip_blanks(p, eol) == eol)
        return 1;
    return snap_count(&p, eol, "Edges:", &edges) == 0 && skip_blanks(p, eol) == eol;
}

/*
 * SNAP's dumps open with comments, one of them "# Nodes: N Edges: M"
 * (or "# Nodes: N" alone): N counts the vertices, isolated ones included,
 * which the edges alone cannot tell.  Only the comments before the first
 * edge are looked at (csv with --header: the header line is no edge, and
 * HEADER_LINES of such lines are passed over); a line that is not exactly
 * of that form is an ordinary comment.
 */
uint64_t snap_nodes(const char *p, const char *end, int header_lines)
{
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!is_skip_line(p, eol, 1) && header_lines-- <= 0)
            return 0;
        const char *q = skip_blanks(p, eol);
        uint64_t nodes;
        if (q < eol && *q == '#' && snap_header(q + 1, eol, &nodes))
            return nodes;
        p = eol + 1;
    }
    return 0;
}
