/*
 * webgraph.h - reading graphs compressed in the BVGraph format of the
 * WebGraph framework (Boldi and Vigna, "The WebGraph Framework I:
 * Compression Techniques", WWW 2004), as the Java library writes them.
 *
 * A graph BASENAME is BASENAME.properties (parameters and codes),
 * BASENAME.graph (the successor lists, one after the other, as a bit
 * stream) and, optionally, BASENAME.offsets (the bit offset of each list,
 * as gaps), which lets threads start decoding in the middle.
 */
#ifndef EMOGI_CONVERT_WEBGRAPH_H
#define EMOGI_CONVERT_WEBGRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "bitstream.h"
#include "parse.h"

/* Read BASENAME.properties and BASENAME.graph (BASENAME.offsets used when
   present to decode in parallel, never required); arcs into r->edges with
   0-based ids, r->nv = nodes, r->weights = WEIGHTS_NONE, r->lines = 0,
   r->bytes = bytes of .graph read. */
int webgraph_read(const char *basename, int threads, struct parse_result *r, emogi_error *err);

/* What webgraph_read() holds at its peak, besides its decoders' windows:
   the .graph file, the offsets when it uses them, the edge list of ARCS
   (arcs=) arcs; NODES (nodes=), which the offsets take 8 bytes each of. */
int webgraph_held(const char *basename, int threads, uint64_t *bytes, uint64_t *nodes,
                  uint64_t *arcs, emogi_error *err);

struct webgraph_opts {
    int threads;     /* 0: OpenMP default; 1: sequential */
    int use_offsets; /* 0: ignore BASENAME.offsets even when present */
};

int webgraph_read_opts(const char *basename, const struct webgraph_opts *o,
                       struct parse_result *r, emogi_error *err);

/* adj: WebGraph's ASCII adjacency form (ASCIIGraph): the node count on the
   first line, then one line per node with its successors separated by
   blanks.  PATH may be "-" and gzip/lz4-compressed, as for parse_input();
   the same parse_result contract as webgraph_read(), with r->lines and
   r->bytes counting the text. */
int adj_read(const char *path, int threads, struct parse_result *r, emogi_error *err);
/* The same a block at a time, as parse_input_stream() (O's threads and
   block size; a line may be as long as a block). */
int adj_read_stream(const char *path, const struct parse_opts *o, struct parse_result *r,
                    edge_sink sink, void *ctx, emogi_error *err);

/* What BASENAME.properties says (the keys of BVGraph.store()). */
struct webgraph_props {
    uint64_t nodes, arcs;
    unsigned arcs_line; /* the line of arcs=, which a decoded count is held to */
    uint64_t windowsize, maxrefcount, minintervallength;
    unsigned zetak;
    int version;
    struct wg_coding outdegrees, references, blocks, block_count, intervals, residuals,
        offsets;
};

/* Parse the text of a .properties file; NAME is used in messages
   ("NAME:LINE: ..." or "NAME: ..."). */
int webgraph_parse_properties(const char *name, const char *text, size_t len,
                              struct webgraph_props *p, emogi_error *err);

#endif
