/*
 * parse.h - the readers: el, wel, mtx, gr, metis, bel32/64, sg/wsg (and
 * what they learned of the input).
 *
 * parse_input() reads a whole input (a path, or "-" for standard input;
 * gzip and lz4-frame compression recognised by magic bytes) in blocks and
 * parses each block in parallel over line-aligned chunks.  A rejected line
 * is reported as "NAME:LINE: what was expected", a line too long to hold as
 * "NAME:LINE: line longer than N bytes".  parse_buffer() is the
 * same parser over one in-memory buffer, for the fuzz targets.
 */
#ifndef EMOGI_CONVERT_PARSE_H
#define EMOGI_CONVERT_PARSE_H

#include "edges.h"
#include "names.h"

/* BEL32 / BEL64: binary edge lists, pairs of little-endian uint32 / uint64 ids.
 * GR: DIMACS shortest-path files; METIS: METIS/Chaco graph files
 * (parse_metis.c); SG / WSG: GAP's serialized graphs (parse_sg.c). */
enum input_format {
    FORMAT_EL, FORMAT_WEL, FORMAT_MTX, FORMAT_BEL32, FORMAT_BEL64,
    FORMAT_GR, FORMAT_METIS, FORMAT_SG, FORMAT_WSG,
    FORMAT_CSV /* delimited fields, columns chosen (parse_csv.c) */
};
/* The format named S (its row's name): 0, or -1 for none. */
int input_format_parse(const char *s, enum input_format *f);

enum mtx_symmetry { MTX_GENERAL = 0, MTX_SYMMETRIC = 1, MTX_SKEW = 2 };

struct parse_result {
    struct edge_list edges;
    enum weight_kind weights;
    uint64_t nv;       /* mtx, gr, metis, sg: from the header; el/wel: max id + 1
                          (0 if no edges), or more: a SNAP '# Nodes: N' comment
                          raises it to N; el/wel/bel: --vertices if given */
    int one_based;     /* ids in edges are already made 0-based; kept for provenance */
    enum mtx_symmetry symmetry; /* mtx only: the file lists one triangle */
    int undirected;    /* metis, sg/wsg: the input says the graph is undirected */
    uint64_t lines;    /* input lines read */
    uint64_t bytes_in; /* bytes read from the file (compressed size) */
    uint64_t bytes;    /* bytes of text parsed */
    uint64_t held;     /* streaming: the most bytes the reader holds beside the
                          edges it hands to the sink (buffers, a block's parse) */
    uint64_t at_in, size_in; /* streaming: the bytes of the input consumed before
                                each sink call, of its size_in (0: not a file) */
    int name_token;    /* on failure: the bad line's id is a token that is no
                          integer, which --string-ids would read as a name */
};

/* csv: the delimiter, whether a header line names the columns, and the
 * columns "SRC,DST[,W]" (1-based indices or header names; NULL: "1,2"). */
struct csv_opts {
    char delimiter; /* 0: ',' */
    int header;
    const char *columns;
};

struct parse_opts {
    enum input_format format;
    int threads; /* 0: OpenMP default */
    size_t block_size; /* text bytes read and parsed at a time; 0: 64 MiB.  A line
                          may be as long as this or 1 MiB, whichever is more */
    int drop_weights;  /* the caller drops the weights: they are read as numbers
                          (any finite value) but not stored, and weights is NONE */
    uint64_t memory;   /* --memory: sg/wsg refuse offsets that do not fit; 0: no bound */
    uint64_t vertices; /* --vertices: el, wel, bel32/64 have this many vertices and
                          refuse an id at or past it; 0: as the input says */
    const struct csv_opts *csv; /* csv only; NULL: the defaults */
    struct name_table *names; /* el, wel, csv: ids are tokens interned here (--string-ids),
                                 parsed on one thread; NULL: integers */
};

int parse_input(const char *path, const struct parse_opts *o, struct parse_result *r,
                emogi_error *err);
int parse_buffer(const char *name, const char *buf, size_t len, const struct parse_opts *o,
                 struct parse_result *r, emogi_error *err);
void parse_result_free(struct parse_result *r);

/*
 * parse_input() for inputs larger than memory: after each block SINK gets
 * *R with that block's edges in r->edges, takes them (leaving r->edges
 * empty, n == 0) and returns 0, or -1 to stop with *err filled.  R's
 * other fields are final only on return; the nv of mtx, gr, metis and sg
 * (and their symmetry or undirected flag), and of el/wel/bel with
 * --vertices, are set before the first edges arrive; el/wel's SNAP header
 * count is set then too, but only as a lower bound.
 */
typedef int (*edge_sink)(void *ctx, struct parse_result *r, emogi_error *err);
int parse_input_stream(const char *path, const struct parse_opts *o, struct parse_result *r,
                       edge_sink sink, void *ctx, emogi_error *err);

/*
 * One row a format (formats.c), which the readers and emogi-convert both
 * go by: a new reader is its own file, its enum input_format name and a
 * row.  A text format's lines go through the block driver (parse.c) by
 * its hooks (TEXT); the others read the whole input themselves (READ) and
 * a buffer for the fuzz targets (READ_BUFFER).
 */
struct text_reader;
struct input_format_info {
    const char *name;
    const struct text_reader *text;
    int (*read)(const char *path, const struct parse_opts *o, struct parse_result *r,
                edge_sink sink, void *ctx, emogi_error *err);
    int (*read_buffer)(const char *name, const char *buf, size_t len,
                       const struct parse_opts *o, struct parse_result *r, emogi_error *err);
    int weighted;     /* it carries weights (mtx, csv, metis: when the file or --columns
                         says; 0: --combine has none to pick from) */
    int edge_list;    /* an edge a line, ids as they come: a SNAP header may count the
                         vertices, and the ids may be names (--string-ids) */
    int vertices;     /* --vertices is its vertex count (the others state theirs, which
                         --vertices must then repeat) */
    int one_triangle; /* a symmetric file lists one triangle: undirected unless told,
                         mirrored always */
    unsigned block_share; /* emogi-convert reads --memory / this at a time (formats.c) */
};
const struct input_format_info *input_format_info(enum input_format f);

#endif
