/*
 * sources.c - the sources a traversal tool starts from: -s as a compact
 * or an input id (the id map, or a name with --string-ids), or -n random
 * ones, picked as GAP and Graph500 pick them: uniform over the vertices
 * that have an out-edge, so no run measures an empty search.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tool.h"

/* The id map, when the source was given as an input id (-S,
 * --original-ids): the search records name that id too. */
static const uint64_t *source_ids;

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

/* N vertices with out-degree > 0, drawn uniformly (with replacement) by a
 * generator seeded with SEED; -1 when no vertex has an out-edge. */
static int random_sources(const struct emogi_graph *g, uint64_t n, uint64_t seed, uint64_t *out,
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

/* The vertex whose input id is ID, or -1: a scan of the map, in parallel,
 * since a run looks up one source: it reads the map once and needs no
 * memory, where an index (sorted or hashed) would cost O(n log n) or 8n
 * bytes before the first lookup.  emogi-convert writes distinct input
 * ids; a map with repeats, which validation does not rule out, gives the
 * smallest vertex, whatever the thread count. */
static int64_t find_input_id(const uint64_t *idmap, uint64_t nv, uint64_t id)
{
    uint64_t first = UINT64_MAX;
#pragma omp parallel for reduction(min : first)
    for (uint64_t v = 0; v < nv; v++)
        if (idmap[v] == id && v < first)
            first = v;
    return first == UINT64_MAX ? -1 : (int64_t)first;
}

int tool_resolve_source(const char *graph, const struct emogi_graph *g, uint64_t id,
                        const char *input_how, uint64_t *v, emogi_error *err)
{
    const unsigned long long last = g->nv ? (unsigned long long)(g->nv - 1) : 0;
    if (g->nv == 0)
        return emogi_fail(err, "%s: the graph has no vertices", graph);
    if (input_how && g->idmap) {
        int64_t found = find_input_id(g->idmap, g->nv, id);
        if (found < 0)
            return emogi_fail(err, "%s: source %llu (an input id, %s) is not in the graph's id map",
                              graph, (unsigned long long)id, input_how);
        *v = (uint64_t)found;
        return 0;
    }
    if (id < g->nv) {
        *v = id;
        return 0;
    }
    if (input_how)
        return emogi_fail(err, "%s: source %llu (an input id, %s) out of range 0..%llu: the graph "
                               "has no id map, so its input ids are its own",
                          graph, (unsigned long long)id, input_how, last);
    return emogi_fail(err, "%s: source %llu out of range (compact ids 0..%llu)", graph,
                      (unsigned long long)id, last);
}

int tool_resolve_source_text(const char *graph, const struct emogi_graph *g, const char *text,
                             const char *input_how, uint64_t *v, emogi_error *err)
{
    uint64_t id;
    int is_name = tool_parse_u64(text, &id) != 0;
    if (input_how && (g->flags & EMOGI_IDNAMES)) {
        if (emogi_csr_find_name(g, text, strlen(text), v) == 0)
            return 0;
        return emogi_fail(err, "%s: source '%s' (an input name, %s) is not among the graph's names",
                          graph, text, input_how);
    }
    if (is_name)
        return emogi_fail(err, "%s: source '%s' is a name, but the graph has no names (it was not "
                               "converted with --string-ids)", graph, text);
    return tool_resolve_source(graph, g, id, input_how, v, err);
}

const struct emogi_graph *tool_text_ids(const struct tool_opts *o, const struct emogi_graph *g)
{
    return o->original_ids && (g->idmap || (g->flags & EMOGI_IDNAMES)) ? g : NULL;
}

uint64_t *tool_pick_sources(const struct tool_opts *o, const struct emogi_graph *g, uint64_t *n,
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
        if (random_sources(g, *n, o->seed, s, &why) == 0)
            return s;
        emogi_fail(err, "%s: %s", o->graph, why.msg);
    } else if (tool_resolve_source_text(o->graph, g, o->source_text, o->source_input, &s[0],
                                        err) == 0) {
        source_ids = o->source_input && !(g->flags & EMOGI_IDNAMES) ? g->idmap : NULL;
        return s;
    }
    free(s);
    return NULL;
}

void tool_record_source(uint64_t source)
{
    tool_record_u64("source", source);
    if (source_ids)
        tool_record_u64("source_id", source_ids[source]);
}
