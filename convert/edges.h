/*
 * edges.h - the edge stream between readers/generators and the CSR builder.
 *
 * Readers append (src, dst[, weight]) with ids as they appear in the input;
 * the builder compacts, symmetrizes, sorts and deduplicates.  Each parsing
 * thread fills its own list; edge_list_concat() joins them in order, so the
 * result does not depend on the thread count.
 */
#ifndef EMOGI_CONVERT_EDGES_H
#define EMOGI_CONVERT_EDGES_H

#include <stdint.h>
#include <stddef.h>

#include "emogi_csr.h"

enum weight_kind {
    WEIGHTS_NONE = 0, /* the input has no weights */
    WEIGHTS_INT = 1,  /* every weight an integer in 0..UINT32_MAX */
    WEIGHTS_REAL = 2  /* some weight needs float32 */
};

struct edge_list {
    uint64_t n, cap;
    uint64_t *src, *dst;
    double *w; /* NULL when the input carries no weights */
};

int edge_list_reserve(struct edge_list *e, uint64_t cap, int weighted, emogi_error *err);
int edge_list_push(struct edge_list *e, uint64_t s, uint64_t d, double w, emogi_error *err);
/* Append every part in order into *out (parts are freed). */
int edge_list_concat(struct edge_list *out, struct edge_list *parts, int nparts, emogi_error *err);
/* Give back the spare capacity that growth left behind. */
void edge_list_shrink(struct edge_list *e);
void edge_list_free(struct edge_list *e);

#endif
