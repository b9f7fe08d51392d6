/*
 * export.h - emogi-export's writers: a mapped .csr written out as el, wel,
 * mtx, gr, metis, sg or wsg, the formats emogi-convert reads, so that
 * every one of them goes .csr -> FORMAT -> .csr unchanged.
 *
 * The lists are read one at a time, plain or compressed
 * (emogi_list_reader), so nothing but the map is held: they stream
 * through the output's buffer (out.h).  The one exception is a directed
 * sg/wsg of a file without a stored transpose: GAP's format wants the
 * in-edges too, and they are gathered a buffer's worth of destinations
 * at a time (write_sg.c).  A writer fails with a message; only the
 * program prints.
 */
#ifndef EMOGI_CONVERT_EXPORT_H
#define EMOGI_CONVERT_EXPORT_H

#include <stdint.h>

#include "emogi_clist.h"
#include "emogi_csr.h"
#include "out.h"

#define EXPORT_TOOL "emogi-export" /* the writer the text formats' comments name */

struct exporter;

/* One row a format (export.c). */
struct writer {
    const char *name;
    int (*write)(struct exporter *x);
    /* what the format cannot hold, refused before OUTPUT is touched (a
     * METIS self-loop is found only on the way, and the output then
     * aborted); NULL: anything */
    int (*check)(const struct exporter *x);
    int one_based; /* ids 1..N */
    int weights;   /* a weight an arc, 1 where the graph has none */
    int binary;    /* bytes, not text: not for a terminal */
    const char *ids; /* how it names a vertex, which the input's ids or names
                        cannot be; NULL: el and wel, whose --original-ids write them */
    const char *comment; /* what starts a comment line, in which --original-ids
                            writes the id map (mtx, gr, metis); NULL: none */
};

/* The writer named NAME; NULL: none. */
const struct writer *writer_find(const char *name);

struct exporter {
    const struct writer *w;
    const char *input; /* the .csr, for messages and the text formats' comments */
    int original;      /* --original-ids */
    const struct emogi_graph *g;
    struct emogi_lists lists;
    struct out out;
    emogi_error *err;
    uint64_t base; /* 0, or 1 for the 1-based formats */
    int weights;   /* the format writes a weight a line */
    uint64_t arcs; /* arcs (mtx symmetric: edges) written, for --stats */
};

/* What the format cannot hold (and, under --original-ids, the names el
 * or a comment line cannot): 0, or -1 with x->err, before anything is
 * written. */
int export_check(const struct exporter *x);
/* The whole graph into x->out: 0, or -1 with x->err. */
int export_graph(struct exporter *x);

/* ---- for the writers (write_text.c, write_sg.c) ---- */

/* One arc of the list being read: its source, its head and its index
 * (into the weights, and the transpose's for a transpose). */
typedef int (*arc_fn)(struct exporter *x, uint64_t u, uint64_t v, uint64_t e);
/* Every arc of U's list in L, in order, to FN. */
int each_arc(struct exporter *x, const struct emogi_lists *l, uint64_t u, arc_fn fn);
/* Every arc of the out-lists, by ascending source. */
int each_vertex_arc(struct exporter *x, arc_fn fn);
int export_directed(const struct emogi_graph *g);

int write_el(struct exporter *x); /* el, wel */
int write_mtx(struct exporter *x);
int write_gr(struct exporter *x);
int write_metis(struct exporter *x);
int check_metis(const struct exporter *x);
int write_sg(struct exporter *x); /* sg, wsg */
int check_sg(const struct exporter *x);

#endif
