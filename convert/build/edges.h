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

/* Readers and generators fill src/dst.  The buffer that gathers a whole
 * input for the builder (ooc_run.c) is narrowed to src32/dst32 while every
 * id fits in 32 bits, halving the largest array of a conversion; then
 * src/dst are NULL.  Only the builder and that buffer see narrow lists. */
struct edge_list {
    uint64_t n, cap;
    uint64_t *src, *dst;
    uint32_t *src32, *dst32;
    double *w; /* NULL when the input carries no weights */
};

static inline int edge_list_narrow_p(const struct edge_list *e)
{
    return e->src32 != NULL;
}

static inline uint64_t edge_src(const struct edge_list *e, uint64_t i)
{
    return e->src32 ? e->src32[i] : e->src[i];
}

static inline uint64_t edge_dst(const struct edge_list *e, uint64_t i)
{
    return e->dst32 ? e->dst32[i] : e->dst[i];
}

int edge_list_reserve(struct edge_list *e, uint64_t cap, int weighted, emogi_error *err);
int edge_list_push(struct edge_list *e, uint64_t s, uint64_t d, double w, emogi_error *err);
/* Append every part in order into *out (parts are freed). */
int edge_list_concat(struct edge_list *out, struct edge_list *parts, int nparts, emogi_error *err);
/* Give back the spare capacity that growth left behind. */
void edge_list_shrink(struct edge_list *e);
/* A wide list whose ids are all below 2^32 to 32-bit ids, in place (an
 * empty one gets narrow arrays to grow). */
int edge_list_narrow(struct edge_list *e, emogi_error *err);
/* A narrow list back to 64-bit ids. */
int edge_list_widen(struct edge_list *e, emogi_error *err);
void edge_list_free(struct edge_list *e);

#endif
