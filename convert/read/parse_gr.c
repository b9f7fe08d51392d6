/*
 * parse_gr.c - DIMACS shortest-path files (the 9th DIMACS challenge's .gr).
 *
 * Comment lines 'c ...' and empty lines anywhere; one problem line
 * 'p sp NODES ARCS' before the first arc; then arcs 'a TAIL HEAD WEIGHT'
 * with 1-based ids in 1..NODES, which become 0-based edges.  The weights
 * are integers in the challenge's files: uint32 holds them, and, as in
 * wel, a negative integer is refused.  parse.c reads the lines before the
 * problem line serially (gr_header_line) and the arcs in parallel chunks,
 * and checks the number of arcs against ARCS at the end.
 */
#include <stdio.h>
#include <string.h>

#include "parse_internal.h"

#define PROBLEM "'p sp NODES ARCS'"

/* Empty, or a comment: 'c' alone or followed by a blank. */
static int gr_skip_line(const char *p, const char *eol)
{
    p = skip_blanks(p, eol);
    return p == eol || (*p == 'c' && (p + 1 == eol || is_blank(p[1])));
}

/* The one-letter field that starts a line: 'a', 'p', or 0 for anything else. */
static char line_kind(const char *p, const char *eol)
{
    p = skip_blanks(p, eol);
    if (p < eol && (*p == 'a' || *p == 'p') && (p + 1 == eol || is_blank(p[1])))
        return *p;
    return 0;
}

static int problem_line(struct gr_header *h, const char *p, const char *eol, char *msg,
                        size_t cap)
{
    const char *f;
    char d[192];
    uint64_t v[2];
    static const char *const names[2] = {"nodes", "arcs"};
    p = skip_blanks(skip_blanks(p, eol) + 1, eol);
    f = p;
    p = field_end(p, eol);
    if (p - f != 2 || memcmp(f, "sp", 2) != 0) {
        snprintf(msg, cap, "expected the problem line " PROBLEM ": problem 'sp', found %s",
                 describe_field(f, eol, d, sizeof d));
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        p = skip_blanks(p, eol);
        f = p;
        if (scan_u64(&p, eol, &v[i]) != NUM_OK) {
            snprintf(msg, cap, "expected the problem line " PROBLEM ": number of %s, found %s",
                     names[i], describe_field(f, eol, d, sizeof d));
            return -1;
        }
    }
    p = skip_blanks(p, eol);
    if (p != eol) {
        snprintf(msg, cap, "expected end of line after the problem line " PROBLEM ", found %s",
                 describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (v[0] > EMOGI_MAX_ID) {
        snprintf(msg, cap, "%llu nodes: ids go up to %llu", (unsigned long long)v[0],
                 (unsigned long long)EMOGI_MAX_ID);
        return -1;
    }
    h->nodes = v[0];
    h->arcs = v[1];
    h->have_problem = 1;
    h->problem_line = h->lines;
    return 0;
}

static int gr_header_line(void *h, const char *p, const char *eol, char *msg, size_t cap)
{
    char d[192];
    ((struct gr_header *)h)->lines++; /* the driver hands over every header line */
    if (gr_skip_line(p, eol))
        return 0;
    switch (line_kind(p, eol)) {
    case 'p':
        return problem_line(h, p, eol, msg, cap);
    case 'a':
        snprintf(msg, cap, "an arc before the problem line " PROBLEM);
        return -1;
    default:
        snprintf(msg, cap, "expected the problem line " PROBLEM " or a comment 'c ...', found %s"
                           " (is this a DIMACS .gr file?)",
                 describe_field(skip_blanks(p, eol), eol, d, sizeof d));
        return -1;
    }
}

static int gr_arc(struct chunk *c, const char *p, const char *eol, const struct gr_header *h)
{
    uint64_t u, v;
    double w = 0;
    char d[192];
    p = skip_blanks(skip_blanks(p, eol) + 1, eol);
    if (scan_index(c, &p, eol, "tail", h->nodes, &u))
        return -1;
    p = skip_blanks(p, eol);
    if (scan_index(c, &p, eol, "head", h->nodes, &v))
        return -1;
    p = skip_blanks(p, eol);
    if (p == eol) {
        chunk_fail(c, "expected a weight after the head, found end of line (arcs are "
                      "'a TAIL HEAD WEIGHT')");
        return -1;
    }
    if (scan_weight(c, &p, eol, &w))
        return -1;
    p = skip_blanks(p, eol);
    if (p != eol) {
        chunk_fail(c, "expected end of line after 'a TAIL HEAD WEIGHT', found %s",
                   describe_field(p, eol, d, sizeof d));
        return -1;
    }
    return chunk_push(c, u - 1, v - 1, w);
}

static int gr_line(struct chunk *c, const char *p, const char *eol, const struct gr_header *h)
{
    char d[192];
    switch (line_kind(p, eol)) {
    case 'a':
        return gr_arc(c, p, eol, h);
    case 'p':
        chunk_fail(c, "a second problem line (the first said %llu nodes, %llu arcs)",
                   (unsigned long long)h->nodes, (unsigned long long)h->arcs);
        return -1;
    default:
        chunk_fail(c, "expected an arc 'a TAIL HEAD WEIGHT' or a comment 'c ...', found %s",
                   describe_field(skip_blanks(p, eol), eol, d, sizeof d));
        return -1;
    }
}

static void gr_chunk(struct chunk *c, const void *h)
{
    const char *p = c->p, *end = c->p + c->len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (!gr_skip_line(p, eol) && gr_line(c, p, eol, h))
            return;
        c->lines++;
        p = eol + 1;
    }
}

static int gr_have_header(const void *h)
{
    return ((const struct gr_header *)h)->have_problem;
}

static void gr_header_read(const void *h, struct parse_result *r)
{
    r->nv = ((const struct gr_header *)h)->nodes;
}

static int gr_finish(const void *hv, uint64_t entries, struct parse_result *r, const char *name,
                     emogi_error *err)
{
    const struct gr_header *h = hv;
    if (!h->have_problem)
        return emogi_fail(err, "%s: missing the problem line 'p sp NODES ARCS'", name);
    if (entries != h->arcs)
        return emogi_fail(err, "%s:%llu: the problem line says %llu arcs, but the file holds %llu",
                          name, (unsigned long long)h->problem_line,
                          (unsigned long long)h->arcs, (unsigned long long)entries);
    r->nv = h->nodes;
    r->one_based = 1;
    return 0;
}

_Static_assert(sizeof(struct gr_header) <= TEXT_HEADER_MAX, "the driver holds the header");
const struct text_reader gr_text = {.chunk = gr_chunk, .have_header = gr_have_header,
                                    .header_line = gr_header_line,
                                    .header_read = gr_header_read, .finish = gr_finish};
