/*
 * parse_internal.h - what the format readers share with the block driver.
 *
 * The driver (parse.c) cuts each block into line-aligned chunks and hands
 * one to each thread; a reader (parse_el.c, parse_mtx.c) parses a chunk
 * into its own edge list and, on the first bad line, stops and says why.
 * The driver turns the chunk-relative line into an absolute one.  The
 * number scanners are inline because they run once per field.
 */
#ifndef EMOGI_CONVERT_PARSE_INTERNAL_H
#define EMOGI_CONVERT_PARSE_INTERNAL_H

#include <stdint.h>
#include <string.h>
#include <stddef.h>

#include "input.h"
#include "parse.h"

#define EMOGI_MAX_ID (UINT64_MAX - 1) /* UINT64_MAX stays free as "no vertex" */

enum chunk_status { CHUNK_OK = 0, CHUNK_BAD_LINE = 1, CHUNK_FAILED = 2 };

struct chunk {
    const char *p;
    size_t len;
    struct edge_list *e; /* this chunk's own list */
    uint64_t lines;   /* lines parsed; on a bad line, the 0-based index of it */
    uint64_t entries; /* data lines (edges) parsed */
    uint64_t max_id;  /* largest id seen, valid when entries > 0 */
    uint64_t vertices; /* el/wel: --vertices, every id below it (0: no bound) */
    int weighted;     /* the lines carry a weight */
    int nonint;       /* some weight is not an integer in 0..UINT32_MAX */
    int weights_dropped; /* weights are read as numbers but never stored */
    int negative_ok;  /* negative integers are real weights (mtx real, skew) */
    struct name_table *names; /* el, wel, csv: ids are tokens (--string-ids) */
    int name_token;   /* the bad line's fault: an id that is no integer (a name) */
    int status;       /* enum chunk_status */
    char msg[512];    /* why the line (or the chunk) failed */
};

enum mtx_field { MTX_PATTERN, MTX_INTEGER, MTX_REAL };

struct mtx_header {
    int have_banner, have_size;
    uint64_t lines, size_line; /* header lines seen; the size line's number */
    enum mtx_field field;
    enum mtx_symmetry symmetry;
    uint64_t rows, cols, nnz;
};

/*
 * A text format's part in the block driver (parse.c): its reader file
 * defines one and the format's row (formats.c) names it.  The driver keeps
 * the format's header (the lines before the data: mtx's banner and size
 * line, gr's problem line, csv's header line) in TEXT_HEADER_MAX bytes of
 * its own, zeroed, that every hook gets as H; a hook left NULL is a
 * format without that step.
 */
#define TEXT_HEADER_MAX 1024
struct text_reader {
    /* every thread's chunk of data lines into its own edge list */
    void (*chunk)(struct chunk *c, const void *h);
    /* before the first line: the options into the header (csv's columns) */
    int (*init)(void *h, const char *name, const struct parse_opts *o, emogi_error *err);
    /* the header lines, serially, until have_header(); 0, or -1 with msg */
    int (*have_header)(const void *h);
    int (*header_line)(void *h, const char *p, const char *eol, char *msg, size_t cap);
    /* the header read: what a streaming sink needs before the edges (nv) */
    void (*header_read)(const void *h, struct parse_result *r);
    /* the lines carry a weight (NULL: as the format's row says) */
    int (*weighted)(const void *h);
    /* negative integers are weights, not refused */
    int (*negative_ok)(const void *h);
    /* a chunk parsed, the ENTRIES before it counted and its first line
     * LINE + 1: 0, or -1 with "NAME:LINE: why" (mtx: more entries than
     * the size line says) */
    int (*check_chunk)(const void *h, const struct chunk *c, uint64_t entries, uint64_t line,
                       const char *name, emogi_error *err);
    /* the input read: the header against the ENTRIES found, and r->nv
     * (NULL: an edge list's, the largest id + 1 or more) */
    int (*finish)(const void *h, uint64_t entries, struct parse_result *r, const char *name,
                  emogi_error *err);
    /* a Matrix Market banner opens this format; the others refuse a file
     * that starts with one, whose ids would be read 1-based */
    int banner;
};
/* el and wel (parse_el.c), mtx (parse_mtx.c), gr (parse_gr.c), csv (parse_csv.c) */
extern const struct text_reader el_text, mtx_text, gr_text, csv_text;

/* The N of a SNAP header comment '# Nodes: N [Edges: M]' among the comment
 * lines that open [P, END), HEADER_LINES lines that are not comments (a
 * csv header) passed over; 0 when there is none (parse_el.c). */
uint64_t snap_nodes(const char *p, const char *end, int header_lines);
/* 1 when [p, end) starts with a Matrix Market banner line. */
int mtx_banner_at(const char *p, const char *end);
/* The error for a Matrix Market file given as another format (BINARY:
 * bel32/bel64, which have no lines): it names the format to use. */
int mtx_banner_error(const char *name, int binary, emogi_error *err);

/* DIMACS shortest-path files (parse_gr.c): the problem line 'p sp N M'
 * comes before any arc; 'c' lines and empty lines are comments. */
struct gr_header {
    int have_problem;
    uint64_t lines, problem_line; /* header lines seen; the problem line's number */
    uint64_t nodes, arcs;
};

/* csv (parse_csv.c): the columns of SRC, DST and W (n == 3 when
 * weighted), 1-based, or by name until the header line gives the index. */
struct csv_columns {
    int n;
    uint64_t col[3];
    char name[3][128]; /* "" for a column given by index */
};
struct csv_header {
    char delim;
    int want_header, have_header;
    struct csv_columns cols;
};
/* SPEC ("SRC,DST[,W]", NULL for "1,2") into *C; 0, or -1 with msg. */
int csv_columns_parse(const char *spec, struct csv_columns *c, char *msg, size_t cap);

/* A 1-based index in 1..MAX at *PP, 'WHAT N out of range 1..MAX' when it is
 * not (parse_mtx.c); 0, or -1 after chunk_fail(). */
int scan_index(struct chunk *c, const char **pp, const char *eol, const char *what,
               uint64_t max, uint64_t *idx);

/* The readers of their own (bel, metis, sg), behind parse_input() and
 * parse_input_stream() (SINK may be NULL) and parse_buffer(): binary edge
 * lists (parse_bel.c), METIS graph files (parse_metis.c) and GAP's
 * serialized graphs, sg and wsg (parse_sg.c).  Metis and sg read no
 * buffer: their parse_buffer() refuses, naming the format. */
int parse_bel(const char *path, const struct parse_opts *o, struct parse_result *r,
              edge_sink sink, void *ctx, emogi_error *err);
int parse_bel_buffer(const char *name, const char *buf, size_t len, const struct parse_opts *o,
                     struct parse_result *r, emogi_error *err);
int parse_metis(const char *path, const struct parse_opts *o, struct parse_result *r,
                edge_sink sink, void *ctx, emogi_error *err);
int parse_metis_buffer(const char *name, const char *buf, size_t len,
                       const struct parse_opts *o, struct parse_result *r, emogi_error *err);
int parse_sg(const char *path, const struct parse_opts *o, struct parse_result *r,
             edge_sink sink, void *ctx, emogi_error *err);
int parse_sg_buffer(const char *name, const char *buf, size_t len, const struct parse_opts *o,
                    struct parse_result *r, emogi_error *err);

/* The input layer failed on IN's line LINES + 1 (counted by the caller)
 * because it is too long: say so, naming it (parse.c). */
struct input;
int parse_long_line(const struct input *in, uint64_t lines, emogi_error *err);

/* ---- shared line helpers ---- */

void chunk_fail(struct chunk *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* N bytes at P made printable ("12x\\x01"), at most 40 shown, in single
 * quotes when QUOTE; a CAP of 192 always suffices. */
const char *escape_text(const char *p, size_t n, int quote, char *buf, size_t cap);
/* The field at p, quoted and made printable ("'12x'"), or "end of line". */
const char *describe_field(const char *p, const char *eol, char *buf, size_t cap);

static inline int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline const char *skip_blanks(const char *p, const char *eol)
{
    while (p < eol && is_blank(*p))
        p++;
    return p;
}

static inline const char *field_end(const char *p, const char *eol)
{
    while (p < eol && !is_blank(*p))
        p++;
    return p;
}

/* A line with nothing but blanks or a comment starting with one of CMT. */
static inline int is_skip_line(const char *p, const char *eol, int hash_comments)
{
    p = skip_blanks(p, eol);
    return p == eol || *p == '%' || (hash_comments && *p == '#');
}

enum num_status { NUM_OK, NUM_NONE, NUM_NEGATIVE, NUM_OVERFLOW };

/*
 * A whole field of decimal digits as a uint64.  NUM_NONE when the field is
 * not all digits, NUM_NEGATIVE for "-DIGITS", NUM_OVERFLOW past UINT64_MAX.
 * Nineteen digits cannot overflow, so only longer numbers are checked.
 */
static inline int scan_u64(const char **pp, const char *eol, uint64_t *out)
{
    const char *p = *pp, *s = p;
    uint64_t v = 0;
    while (p < eol && (unsigned)(*p - '0') < 10u && p - s < 19)
        v = v * 10 + (uint64_t)(*p++ - '0');
    if (p == s) {
        if (p < eol && *p == '-') {
            const char *q = p + 1;
            while (q < eol && (unsigned)(*q - '0') < 10u)
                q++;
            if (q > p + 1 && (q == eol || is_blank(*q)))
                return NUM_NEGATIVE;
        }
        return NUM_NONE;
    }
    int over = 0;
    while (p < eol && (unsigned)(*p - '0') < 10u) {
        uint64_t d = (uint64_t)(*p++ - '0');
        if (v > (UINT64_MAX - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    if (p < eol && !is_blank(*p))
        return NUM_NONE;
    *pp = p;
    *out = v;
    return over ? NUM_OVERFLOW : NUM_OK;
}

/*
 * A weight: plain integers take the fast path; anything else goes through
 * strtod on a NUL-terminated copy.  A stored weight must fit float32; a
 * negative one makes the weights float32 (sets nonint), but a negative
 * integer literal ("-3") is refused unless c->negative_ok.  With
 * c->weights_dropped any finite number passes.  Returns 0, or -1 after
 * chunk_fail().
 */
int scan_weight(struct chunk *c, const char **pp, const char *eol, double *w);

/* Where a streaming reader is in its input, for the sink's progress. */
static inline void note_position(struct parse_result *r, const struct input *in)
{
    r->at_in = input_consumed(in);
    r->size_in = in->size;
}

/* Appends edge (S, T, W) to the chunk's list and counts it (and the
 * largest id); 0, or -1 after failing the chunk when the list cannot
 * grow. */
int chunk_push(struct chunk *c, uint64_t s, uint64_t t, double w);

/* A token's id under --string-ids (c->names): 0, or -1 after failing the
 * chunk (CHUNK_FAILED: the table, not the line, is at fault; but on the
 * second reading of names_sort(), a token that is no name is the line's). */
int chunk_name(struct chunk *c, const char *p, size_t len, int unquote, uint64_t *id);

/* Where the next of LEFT near-equal chunks of P[AT, LEN) ends: past the
 * first newline at or after its share, so that no line is split (the
 * readers that number lines per chunk, adj and metis, cut this way). */
static inline size_t parse_chunk_end(const char *p, size_t len, size_t at, int left)
{
    size_t stop = at + (len - at) / (size_t)left;
    if (stop < len) {
        const char *nl = memchr(p + stop, '\n', len - stop);
        stop = nl ? (size_t)(nl - p) + 1 : len;
    }
    return stop;
}

#endif
