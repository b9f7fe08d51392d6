/* tool_sources.h - reproducible random sources for traversal tools (-n, --seed). */
#ifndef EMOGI_TOOL_SOURCES_H
#define EMOGI_TOOL_SOURCES_H

#include <stdint.h>

#include "emogi_csr.h"

/*
 * N vertices with out-degree > 0, drawn uniformly (with replacement) by a
 * generator seeded with SEED: the same graph and seed give the same list on
 * every machine.  -1 when no vertex has an out-edge.
 */
int tool_random_sources(const struct emogi_graph *g, uint64_t n, uint64_t seed, uint64_t *out,
                        emogi_error *err);

/* The sources a tool's -s or -n asks for (n of them, to free), or NULL
 * with a message: a source past the graph is the user's error. */
struct trav_opts;
uint64_t *tool_pick_sources(const struct trav_opts *o, const struct emogi_graph *g, uint64_t *n,
                            emogi_error *err);

#endif
