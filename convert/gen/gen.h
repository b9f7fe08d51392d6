/*
 * gen.h - synthetic graphs generated straight into an edge list.
 *
 * Edge i is a pure function of (seed, i): threads split the index range
 * and the output is the same for any thread count.
 */
#ifndef EMOGI_CONVERT_GEN_H
#define EMOGI_CONVERT_GEN_H

#include <stdint.h>

#include "edges.h"

struct gen_opts {
    int scale;           /* 2^scale vertices */
    uint64_t edgefactor; /* edgefactor * 2^scale edges */
    uint64_t seed;
};

/* Graph500 / GAP Kronecker (A=0.57, B=C=0.19), vertex ids permuted. */
int gen_kron(const struct gen_opts *g, struct edge_list *e, emogi_error *err);
/* Both endpoints uniform over the vertices. */
int gen_urand(const struct gen_opts *g, struct edge_list *e, emogi_error *err);

/* Edges lo .. lo+n-1 of the same graphs into src and dst (any lo and n),
 * for generating a graph larger than memory a piece at a time. */
void gen_kron_range(const struct gen_opts *g, uint64_t lo, uint64_t n, uint64_t *src,
                    uint64_t *dst);
void gen_urand_range(const struct gen_opts *g, uint64_t lo, uint64_t n, uint64_t *src,
                     uint64_t *dst);
/* How many edges a generator makes: edgefactor << scale; -1 if out of range. */
int gen_count(const struct gen_opts *g, uint64_t *n, emogi_error *err);

/* ---- shared between gen_*.c ---- */
/* splitmix64's finaliser: bijective, every output bit depends on every
 * input bit, so mix(base + i) for consecutive i gives independent-looking
 * values without any state carried between edges. */
static inline uint64_t gen_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
/* Allocate e for edgefactor << scale edges without weights. */
int gen_alloc(const struct gen_opts *g, struct edge_list *e, emogi_error *err);

#endif
