/*
 * partition.c - one graph in contiguous vertex ranges: the balanced split
 * that emogi-convert --partitions writes and the tools' ranks read, and
 * the part section of a file that holds one range (emogi-csr(5), "Part
 * files").  The split needs only the offsets, read at a few places by
 * binary search, so it is the same computation for a mapped whole file
 * and for a rank that has only the offsets.
 */
#include "csr_internal.h"

_Static_assert(sizeof(struct emogi_part) == EMOGI_PART_SECTION_SIZE,
               "struct emogi_part is the on-disk part section");

typedef unsigned __int128 u128;

struct array_ctx {
    const uint64_t *offsets;
};

static uint64_t array_offset(const void *ctx, uint64_t v)
{
    return ((const struct array_ctx *)ctx)->offsets[v];
}

/* The first v in [lo, nv] with v + offset(v) >= TARGET (nv when none). */
static uint64_t first_reaching(uint64_t (*offset_at)(const void *, uint64_t), const void *ctx,
                               uint64_t lo, uint64_t nv, u128 target)
{
    uint64_t hi = nv;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if ((u128)mid + offset_at(ctx, mid) >= target)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

int emogi_partition_fn(uint64_t (*offset_at)(const void *ctx, uint64_t v), const void *ctx,
                       uint64_t nv, uint32_t nparts, uint64_t *split, emogi_error *err)
{
    if (nparts == 0)
        return emogi_fail(err, "a graph is split into at least one part, not 0");
    u128 total = (u128)nv + offset_at(ctx, nv);
    int nonempty = nparts <= nv; /* then every part gets a vertex */
    split[0] = 0;
    for (uint32_t k = 1; k < nparts; k++) {
        uint64_t lo = split[k - 1] + (nonempty ? 1 : 0);
        uint64_t hi = nonempty ? nv - (nparts - k) : nv;
        uint64_t s = first_reaching(offset_at, ctx, lo, nv, total * k / nparts);
        split[k] = s > hi ? hi : s;
    }
    split[nparts] = nv;
    return 0;
}

int emogi_partition(const uint64_t *offsets, uint64_t nv, uint32_t nparts, uint64_t *split,
                    emogi_error *err)
{
    struct array_ctx c = {offsets};
    return emogi_partition_fn(array_offset, &c, nv, nparts, split, err);
}

int emogi_csr_part(const struct emogi_graph *g, struct emogi_part *p)
{
    if (emogi_is_part(g)) {
        *p = g->part;
        return 1;
    }
    *p = (struct emogi_part){.index = 0, .count = 1, .first = 0, .end = g->nv, .nv = g->nv,
                             .ne = g->ne};
    if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets)
        p->t_ne = g->t_offsets[g->nv];
    return 0;
}

/* The ranges of P inside the whole graph's vertices and edges. */
static int check_ranges(const struct emogi_graph *g, const struct emogi_part *p, const char *name,
                        emogi_error *err)
{
    if (p->first > p->end || p->end > p->nv || p->end - p->first != g->nv)
        return emogi_fail(err, "%s: part section: vertices %llu..%llu of %llu do not make the "
                          "%llu vertices of the file", name, (unsigned long long)p->first,
                          (unsigned long long)p->end, (unsigned long long)p->nv,
                          (unsigned long long)g->nv);
    if (g->ne > p->ne || p->edge_first > p->ne - g->ne)
        return emogi_fail(err, "%s: part section: edges %llu..%llu past the whole graph's %llu",
                          name, (unsigned long long)p->edge_first,
                          (unsigned long long)p->edge_first + g->ne, (unsigned long long)p->ne);
    if (!(g->flags & EMOGI_TRANSPOSE) && (p->t_ne || p->t_edge_first))
        return emogi_fail(err, "%s: part section: in-edges given but no transpose stored", name);
    if (p->t_ne > p->ne || p->t_edge_first > p->ne - p->t_ne)
        return emogi_fail(err, "%s: part section: in-edges %llu..%llu past the whole graph's %llu",
                          name, (unsigned long long)p->t_edge_first,
                          (unsigned long long)p->t_edge_first + p->t_ne, (unsigned long long)p->ne);
    return 0;
}

int emogi_csr_check_part(const struct emogi_graph *g, const char *name, emogi_error *err)
{
    const struct emogi_part *p = &g->part;
    if (!emogi_is_part(g))
        return 0;
    if (p->count == 0 || p->index >= p->count)
        return emogi_fail(err, "%s: part section: part index %u of %u parts", name, p->index,
                          p->count);
    if (check_ranges(g, p, name, err) < 0)
        return -1;
    /* the first part starts the graph and the last ends it */
    if (p->index == 0 && (p->first != 0 || p->edge_first != 0 || p->t_edge_first != 0))
        return emogi_fail(err, "%s: part section: part 0 starts at vertex %llu, not 0", name,
                          (unsigned long long)p->first);
    int t = (g->flags & EMOGI_TRANSPOSE) != 0;
    if (p->index == p->count - 1 && (p->end != p->nv || p->edge_first + g->ne != p->ne ||
                                     (t && p->t_edge_first + p->t_ne != p->ne)))
        return emogi_fail(err, "%s: part section: the last part ends at vertex %llu and edge "
                          "%llu, not at the whole graph's %llu and %llu", name,
                          (unsigned long long)p->end, (unsigned long long)(p->edge_first + g->ne),
                          (unsigned long long)p->nv, (unsigned long long)p->ne);
    if (g->id_width == 4 && p->nv > UINT32_MAX)
        return emogi_fail(err, "%s: part section: the whole graph's %llu vertices do not fit "
                               "4-byte ids (at most %llu)",
                          name, (unsigned long long)p->nv, (unsigned long long)UINT32_MAX);
    return 0;
}
