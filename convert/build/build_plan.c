/*
 * build_plan.c - what build_csr() holds at each moment, for --memory.
 *
 * Every array that build.c, build_relabel.c and build_scatter.c allocate
 * is counted here, at its size, in the phases that hold it; where a size
 * depends on the data the bound is taken (arcs before self-loops and
 * duplicates are dropped, the vertices --relabel keeps at most 2 per
 * edge).  The phases, each holding what the one before left:
 *
 *   relabel     edge list, bitmap and ranks (or the sorted endpoints), map
 *   scatter     edge list, map, per side: block table, slots, block offsets;
 *               one histogram per thread
 *   sort        per side: slots, block offsets, vertex offsets and lengths,
 *               per thread: vertex counters and scratch
 *   compact     slots, offsets, lengths, the compacted lists (and weights)
 *   weights     the final side, random weights included
 *
 * The in-side (--transpose) is sorted after the out-side is final.  Keep
 * this in step with those files: a new array there is a new term here.
 */
#include <string.h>

#include "build.h"
#include "memory.h"

#define SCRATCH_MIN 4096      /* slots: below this a thread sorts in place more than not */
#define SCRATCH_MAX (1 << 20) /* slots: enough for all but hubs' blocks */

uint64_t build_scratch_slots(uint64_t memory, int threads, uint64_t elem)
{
    if (memory == 0)
        return SCRATCH_MAX;
    uint64_t t = threads > 0 ? (uint64_t)threads : 1;
    return mem_clamp(memory / 64 / t / (elem ? elem : 1), SCRATCH_MIN, SCRATCH_MAX);
}

void build_sizes(const struct build_shape *sh, const struct build_opts *o, struct build_sizes *z)
{
    uint64_t n = sh->edges, nv = sh->nv;
    memset(z, 0, sizeof *z);
    if (o->relabel) {
        nv = mem_min(nv, mem_mul(2, n));
        z->idmap = mem_mul(8, nv);
    }
    z->nv = nv;
    int weighted_in = o->weights == BUILD_WEIGHTS_INPUT && sh->wk != WEIGHTS_NONE &&
                      sh->edge_weights;
    z->idw = o->id_width ? o->id_width : emogi_id_width_for(nv);
    if (z->idw == 4)
        z->elem = weighted_in ? 8 : 4;
    else
        z->elem = weighted_in ? sizeof(struct id_weight) : 8;
    z->packed = weighted_in;
    z->wout = weighted_in || o->weights == BUILD_WEIGHTS_RANDOM;
    z->a1 = mem_mul(n, !o->directed || o->mirror ? 2 : 1);
    z->a2 = o->transpose && o->directed ? n : 0;
    /* choose_shift() (build_scatter.c) stops at 4096 blocks or at 2^16 ids a block */
    z->nblocks = nv ? mem_min(nv, mem_max(4097, ((nv - 1) >> 16) + 1)) : 0;
    z->cur = mem_min(nv, 1u << 16);
}

/* A side between the scatter and the sort: block table, slots, block offsets. */
static uint64_t raw_bytes(const struct build_sizes *z, uint64_t a)
{
    return mem_add(mem_mul(8, mem_add(z->nblocks, 1)), mem_mul(a, z->elem + 2));
}

/* A finished side: offsets, neighbours, weights. */
static uint64_t final_bytes(const struct build_sizes *z, uint64_t a)
{
    uint64_t b = mem_add(mem_mul(8, mem_add(z->nv, 1)), mem_mul(a, z->idw));
    return z->wout ? mem_add(b, mem_mul(a, 4)) : b;
}

/* The most one side holds while it is sorted, compacted and weighed. */
static uint64_t side_peak(const struct build_sizes *z, uint64_t a, uint64_t per_thread)
{
    uint64_t lists = mem_mul(16, mem_add(z->nv, 1)); /* offsets and lengths */
    uint64_t sort = mem_add(mem_add(raw_bytes(z, a), lists), per_thread);
    uint64_t compact = mem_add(mem_add(mem_mul(a, z->elem), lists), mem_mul(a, z->idw));
    if (z->packed)
        compact = mem_add(compact, mem_mul(a, 4));
    return mem_max(mem_max(sort, compact), final_bytes(z, a));
}

static uint64_t relabel_peak(const struct build_shape *sh, const struct build_sizes *z,
                             uint64_t list)
{
    uint64_t n = sh->edges;
    if (!build_relabel_by_bitmap(sh->nv, n))
        return mem_add(list, mem_mul(16, n)); /* the sorted endpoints become the map */
    uint64_t words = sh->nv / 64 + 1;
    return mem_add(mem_add(list, mem_mul(16, words) + 8), z->idmap);
}

uint64_t build_need(const struct build_shape *sh, const struct build_opts *o)
{
    struct build_sizes z;
    build_sizes(sh, o, &z);
    uint64_t t = sh->threads > 0 ? (uint64_t)sh->threads : 1;
    uint64_t list = mem_mul(sh->edges, sh->edge_weights ? 24 : 16);
    uint64_t peak = o->relabel ? relabel_peak(sh, &z, list) : 0;
    if (o->combine == COMBINE_FIRST && z.packed) /* build_first.c's ranks */
        peak = mem_max(peak, mem_add(list, mem_mul(8, sh->edges)));
    uint64_t hist = mem_add(mem_mul(mem_mul(8, t), z.nblocks), 8);
    uint64_t in_raw = z.a2 ? raw_bytes(&z, z.a2) : 0;
    uint64_t scatter = mem_add(mem_add(list, z.idmap), raw_bytes(&z, z.a1));
    peak = mem_max(peak, mem_add(mem_add(scatter, in_raw), hist));
    uint64_t slots = mem_min(build_scratch_slots(o->memory, (int)t, z.elem), mem_max(z.a1, z.a2));
    uint64_t per_thread = mem_mul(t, mem_add(mem_mul(8, z.cur), mem_mul(z.elem, slots)));
    peak = mem_max(peak, mem_add(mem_add(z.idmap, side_peak(&z, z.a1, per_thread)), in_raw));
    if (z.a2)
        peak = mem_max(peak, mem_add(mem_add(z.idmap, final_bytes(&z, z.a1)),
                                     side_peak(&z, z.a2, per_thread)));
    return peak;
}

uint64_t build_graph_bytes(const struct build_shape *sh, const struct build_opts *o)
{
    struct build_sizes z;
    build_sizes(sh, o, &z);
    uint64_t g = mem_add(z.idmap, final_bytes(&z, z.a1));
    return z.a2 ? mem_add(g, final_bytes(&z, z.a2)) : g;
}
