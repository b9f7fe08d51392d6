/*
 * budget.c - what goes to device memory, decided from byte counts alone.
 *
 * A placement may take the GPU's free memory less headroom, and no more
 * than --gpu-memory when given (to share a GPU, or to make a big one act
 * like a smaller one).  Offsets and kernel state always live in device
 * memory; the edge arrays (neighbours, weights, a transpose's neighbours)
 * go there whole, stay in pinned host memory, or are split: a prefix of
 * every array in device memory, the rest pinned, one split for all so
 * that one edge index decides where each entry is read.
 */
#include <inttypes.h>
#include <stdio.h>

#include "placement.h"

/* Split points are whole 128-byte lines of 4-byte entries, hence of 8-byte ones too. */
#define SPLIT_ALIGN 32u

uint64_t emogi_place_headroom(uint64_t free_bytes)
{
    uint64_t tenth = free_bytes / 10, floor = 256ull << 20;
    return tenth > floor ? tenth : floor;
}

uint64_t emogi_place_budget_bytes(uint64_t free_bytes, uint64_t cap)
{
    uint64_t room = emogi_place_headroom(free_bytes);
    uint64_t avail = free_bytes > room ? free_bytes - room : 0;
    return cap && cap < avail ? cap : avail;
}

/* Offsets, state and every edge array whole in device memory; UINT64_MAX
 * stands for any sum past 2^64. */
static uint64_t whole_bytes(const struct emogi_budget *b)
{
    uint64_t edges;
    if (__builtin_mul_overflow(b->edge_bytes, b->ne, &edges) ||
        edges > UINT64_MAX - b->fixed_bytes)
        return UINT64_MAX;
    return b->fixed_bytes + edges;
}

uint64_t emogi_hybrid_heads(const uint64_t *off, uint64_t nv, uint64_t n, unsigned per_line,
                            uint64_t budget, uint64_t *bits)
{
    const uint64_t nlines = (n + per_line - 1) / per_line;
    uint64_t marked = 0;
    if (budget > nlines)
        budget = nlines;
    for (uint64_t v = 0; v < nv && marked < budget; v++) {
        if (off[v + 1] <= off[v])
            continue;
        const uint64_t l = off[v] / per_line;
        if (!(bits[l >> 6] >> (l & 63) & 1)) {
            bits[l >> 6] |= 1ull << (l & 63);
            marked++;
        }
    }
    for (uint64_t l = 0; l < nlines && marked < budget; l++) {
        if (!(bits[l >> 6] >> (l & 63) & 1)) {
            bits[l >> 6] |= 1ull << (l & 63);
            marked++;
        }
    }
    return marked;
}

uint64_t emogi_hybrid_heads_meta(uint64_t n, unsigned width)
{
    const uint64_t lines = (n + 128 / width - 1) / (128 / width);
    return 2 * 8 * ((lines + 63) / 64);
}

uint64_t emogi_hybrid_heads_room(uint64_t n, unsigned width, uint64_t split)
{
    const uint64_t room = split * width, meta = emogi_hybrid_heads_meta(n, width);
    return room > meta + 128 ? (room - meta) / 128 : 0;
}

int emogi_hybrid_heads_all(const uint64_t *off, uint64_t nv, uint64_t n, unsigned width,
                           uint64_t split)
{
    if (split >= n)
        return 1;
    const unsigned per_line = 128 / width;
    const uint64_t fit = emogi_hybrid_heads_room(n, width, split);
    uint64_t heads = 0, last = UINT64_MAX;
    for (uint64_t v = 0; v < nv && heads <= fit; v++) /* offsets ascend: so do head lines */
        if (off[v + 1] > off[v] && off[v] / per_line != last)
            last = off[v] / per_line, heads++;
    return heads <= fit;
}

int emogi_hybrid_wants_firsts(const uint64_t *off, uint64_t nv, uint64_t n, unsigned width,
                              int heads, uint64_t split)
{
    if (split >= n || split / 4 < nv) /* every list placed, or too little room */
        return 0;
    return !heads || !emogi_hybrid_heads_all(off, nv, n, width, split);
}

uint64_t emogi_place_hybrid_split(const struct emogi_budget *b)
{
    uint64_t budget = emogi_place_budget_bytes(b->free_bytes, b->cap);
    if (b->edge_bytes == 0 || whole_bytes(b) <= budget)
        return b->ne;
    if (budget <= b->fixed_bytes)
        return 0;
    uint64_t fit = (budget - b->fixed_bytes) / b->edge_bytes;
    return fit >= b->ne ? b->ne : fit - fit % SPLIT_ALIGN;
}

/* "the budget of B bytes (--gpu-memory C, F free less H headroom)", the
 * figures every refusal names. */
static const char *budget_words(const struct emogi_budget *b, char *buf, size_t len)
{
    uint64_t room = emogi_place_headroom(b->free_bytes);
    if (b->cap)
        snprintf(buf, len, "the budget of %" PRIu64 " bytes (--gpu-memory %" PRIu64 ", %" PRIu64
                 " bytes free less %" PRIu64 " headroom)",
                 emogi_place_budget_bytes(b->free_bytes, b->cap), b->cap, b->free_bytes, room);
    else
        snprintf(buf, len, "the GPU's %" PRIu64 " free bytes less %" PRIu64 " headroom",
                 b->free_bytes, room);
    return buf;
}

static int refuse_whole(const struct emogi_budget *b, const char *what, const char *path,
                        emogi_error *err)
{
    char words[192], need[48];
    uint64_t whole = whole_bytes(b);
    if (whole == UINT64_MAX)
        snprintf(need, sizeof need, "more than 2^64 bytes");
    else
        snprintf(need, sizeof need, "%" PRIu64 " bytes", whole);
    return emogi_fail(err,
                      "%s: %s: %s (%" PRIu64 " per edge for %" PRIu64 " edges, %" PRIu64
                      " for offsets and kernel state) exceed %s; use --mem hybrid or zerocopy",
                      path ? path : "graph", what, need, b->edge_bytes, b->ne, b->fixed_bytes,
                      budget_words(b, words, sizeof words));
}

int emogi_place_decide(const struct emogi_budget *b, enum emogi_mem asked, const char *path,
                       enum emogi_mem *mem, uint64_t *split, emogi_error *err)
{
    uint64_t budget = emogi_place_budget_bytes(b->free_bytes, b->cap);
    if (b->cap && b->fixed_bytes > b->cap)
        return emogi_fail(err,
                          "%s: --gpu-memory %" PRIu64 " is below the %" PRIu64
                          " bytes that offsets and kernel state need in device memory",
                          path ? path : "graph", b->cap, b->fixed_bytes);
    int whole_fits = whole_bytes(b) <= budget;
    *mem = asked;
    *split = b->ne;
    switch (asked) {
    case EMOGI_MEM_AUTO:
        *mem = whole_fits ? EMOGI_MEM_DEVICE : EMOGI_MEM_HYBRID;
        *split = emogi_place_hybrid_split(b);
        return 0;
    case EMOGI_MEM_DEVICE:
        /* Uncapped, cudaMalloc is the judge: the headroom is a margin
         * for auto, not a rule for an explicit ask. */
        if (b->cap && !whole_fits)
            return refuse_whole(b, "device placement refused", path, err);
        return 0;
    case EMOGI_MEM_UVM:
        /* Oversubscribed UVM thrashes and can stall every context on a shared GPU. */
        if (!whole_fits)
            return refuse_whole(b, "uvm placement refused (oversubscribed UVM can stall a "
                                   "shared GPU)", path, err);
        return 0;
    case EMOGI_MEM_ZEROCOPY:
        *split = 0;
        return 0;
    case EMOGI_MEM_HYBRID:
        *split = emogi_place_hybrid_split(b);
        return 0;
    }
    return emogi_fail(err, "%s: unknown placement %d", path ? path : "graph", (int)asked);
}

uint64_t emogi_edge_bytes(const struct emogi_graph *g, int transpose)
{
    if (!emogi_compressed(g))
        return g->id_width;
    const uint64_t *coff = transpose ? g->t_coffsets : g->coffsets;
    if (!coff || g->ne == 0)
        return 0;
    const uint64_t bytes = coff[g->nv];
    return bytes / g->ne + (bytes % g->ne != 0) + (bytes == 0);
}

uint64_t emogi_place_words_split(uint64_t split, uint64_t ne, uint64_t words)
{
    if (split >= ne)
        return words;
    /* the same share of the words as of the edges: within the room, as
     * emogi_edge_bytes rounds the bytes an edge up */
    const uint64_t share = (uint64_t)((unsigned __int128)words * split / ne);
    return share - share % SPLIT_ALIGN;
}
