/*
 * tool_sources.c - random traversal sources, as GAP and Graph500 pick them:
 * uniform over the vertices that have an out-edge, so no run measures an
 * empty search.
 */
#include "config.h"

#include <stdlib.h>

#include "tool_sources.h"
#include "trav_options.h"

/* Draws before giving up on rejection and listing the candidates instead. */
#define REJECT_TRIES 4096

/* splitmix64: tiny, portable, and good enough to pick vertices */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Rejection sampling is fast when many vertices have edges; else list them. */
static int draw(const struct emogi_graph *g, uint64_t *state, uint64_t **cand, uint64_t *ncand,
                uint64_t *out, emogi_error *err)
{
    for (int i = 0; !*cand && i < REJECT_TRIES; i++) {
        uint64_t v = next_random(state) % g->nv;
        if (emogi_degree(g, v) > 0) {
            *out = v;
            return 0;
        }
    }
    if (!*cand) {
        *cand = malloc(g->nv * sizeof **cand);
        if (!*cand)
            return emogi_fail(err, "out of memory listing source candidates");
        for (uint64_t v = 0; v < g->nv; v++)
            if (emogi_degree(g, v) > 0)
                (*cand)[(*ncand)++] = v;
    }
    *out = (*cand)[next_random(state) % *ncand];
    return 0;
}

int tool_random_sources(const struct emogi_graph *g, uint64_t n, uint64_t seed, uint64_t *out,
                        emogi_error *err)
{
    if (g->ne == 0)
        return emogi_fail(err, "no vertex has an out-edge to start from");
    uint64_t state = seed, *cand = NULL, ncand = 0;
    int rc = 0;
    for (uint64_t i = 0; i < n && rc == 0; i++)
        rc = draw(g, &state, &cand, &ncand, &out[i], err);
    free(cand);
    return rc;
}

uint64_t *tool_pick_sources(const struct trav_opts *o, const struct emogi_graph *g, uint64_t *n,
                            emogi_error *err)
{
    *n = o->runs ? o->runs : 1;
    uint64_t *s = malloc(*n * sizeof *s);
    if (!s) {
        emogi_fail(err, "%s: out of memory for %llu sources", o->graph, (unsigned long long)*n);
        return NULL;
    }
    if (o->runs) {
        emogi_error why;
        if (tool_random_sources(g, *n, o->seed, s, &why) == 0)
            return s;
        emogi_fail(err, "%s: %s", o->graph, why.msg);
    } else if (g->nv == 0) {
        emogi_fail(err, "%s: the graph has no vertices", o->graph);
    } else if (o->source < g->nv) {
        s[0] = o->source;
        return s;
    } else {
        emogi_fail(err, "%s: source %llu out of range 0..%llu", o->graph,
                   (unsigned long long)o->source, (unsigned long long)(g->nv - 1));
    }
    free(s);
    return NULL;
}
