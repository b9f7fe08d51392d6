/*
 * ooc_plan.c - how many edges a run may take, how a run is built, and
 * whether the vertices fit at all, within --memory (ooc.h says what each
 * phase holds).
 *
 * A run is built by the in-memory builder, so its peak is build_need() of
 * the buffer; with the built run still held come the encoder's buffers,
 * the run's cells and --relabel's growing set of ids.  The builder may
 * compact the run's ids to the ones it uses (as --relabel does) or keep
 * them: compacting costs a bitmap or a sort of the endpoints, keeping them
 * costs 16 bytes per id below the largest.  A run keeps its ids when they
 * are dense and that fits, and otherwise takes whichever needs less; so a
 * buffer may take edges while the cheaper of the two fits for the largest
 * id in it, and an edge past that sends the buffer to disk first.
 */
#ifdef _OPENMP
#include <omp.h>
#endif

#include "memory.h"
#include "ooc_internal.h"

#define ENCODE_MIN (16u << 10) /* bytes of encoder buffer per thread */
#define ENCODE_MAX (4u << 20)

void ooc_setup(struct ooc *s, const struct build_opts *bo)
{
    s->bo = bo;
    if (s->threads == 0) {
#ifdef _OPENMP
        s->threads = omp_get_max_threads();
#endif
        if (s->threads < 1)
            s->threads = 1;
    }
}

uint64_t ooc_encode_buffer(const struct ooc *s)
{
    return mem_clamp(s->o.memory / 64 / (uint64_t)s->threads, ENCODE_MIN, ENCODE_MAX);
}

/* What is held beside the run being built: the reader's share, the cell
 * tables of earlier runs, --relabel's ids, what the caller keeps. */
static uint64_t taken(const struct ooc *s)
{
    return mem_add(mem_add(mem_add(s->held, s->meta), mem_mul(8, s->nids)), s->kept);
}

uint64_t ooc_room(const struct ooc *s)
{
    return taken(s) < s->o.memory ? s->o.memory - taken(s) : 0;
}

struct build_opts ooc_run_opts(const struct ooc *s, int relabel)
{
    struct build_opts rb = *s->bo;
    rb.relabel = relabel;
    rb.id_width = 0;
    if (rb.weights == BUILD_WEIGHTS_RANDOM)
        rb.weights = BUILD_WEIGHTS_NONE; /* a function of the final ids: made in the merge */
    rb.memory = s->o.memory;
    return rb;
}

uint64_t ooc_run_need(const struct ooc *s, uint64_t n, uint64_t nv, int weighted, int relabel)
{
    struct build_shape sh = {n, nv, weighted, weighted ? WEIGHTS_INT : WEIGHTS_NONE, s->threads};
    struct build_opts rb = ooc_run_opts(s, relabel);
    uint64_t sides = s->bo->directed && s->bo->transpose ? 2 : 1;
    uint64_t used = mem_min(nv, mem_mul(2, n));
    uint64_t cells = mem_min(used, (nv >> OOC_CELL_SHIFT) + 1);
    uint64_t enc = mem_add(build_graph_bytes(&sh, &rb),
                           mem_mul((uint64_t)s->threads, ooc_encode_buffer(s)));
    enc = mem_add(enc, mem_mul(cells, sides * sizeof(struct ooc_cell)));
    if (s->bo->relabel)
        enc = mem_add(enc, mem_mul(8, used)); /* the union grows before the run's map goes */
    return mem_max(build_need(&sh, &rb), enc);
}

int ooc_run_relabel(const struct ooc *s, uint64_t n, uint64_t nv, int weighted)
{
    if (s->bo->relabel)
        return 1;
    uint64_t plain = ooc_run_need(s, n, nv, weighted, 0);
    if (nv / 4 <= n && plain <= ooc_room(s))
        return 0; /* dense ids: built as the whole graph would be */
    return ooc_run_need(s, n, nv, weighted, 1) < plain;
}

/*
 * Compacting the ids of N edges below NV, at its worst over every smaller
 * NV too: the bitmap grows with the id range up to where sorting the
 * endpoints takes over (build_relabel_by_bitmap()), so the worst is at NV
 * or at that crossing.  With it, what fits for NV fits for any smaller.
 */
static uint64_t relabel_upto(const struct ooc *s, uint64_t n, uint64_t nv, int weighted)
{
    uint64_t crossing = mem_max(mem_add(mem_mul(128, n), 127), 1ull << 24);
    return mem_max(ooc_run_need(s, n, nv, weighted, 1),
                   ooc_run_need(s, n, mem_min(nv, crossing), weighted, 1));
}

/* The least a run of N edges with ids below NV can need. */
static uint64_t least_need(const struct ooc *s, uint64_t n, uint64_t nv, int weighted)
{
    uint64_t need = relabel_upto(s, n, nv, weighted);
    if (!s->bo->relabel)
        need = mem_min(need, ooc_run_need(s, n, nv, weighted, 0));
    return need;
}

int ooc_fits(const struct ooc *s, uint64_t n, uint64_t nv, int weighted)
{
    return least_need(s, n, nv, weighted) <= ooc_room(s);
}

uint64_t ooc_fitting(const struct ooc *s, uint64_t take, uint64_t nv, int weighted)
{
    uint64_t lo = 0, hi = take;
    while (lo < hi) { /* the need grows with the edges: a binary search */
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (ooc_fits(s, mid, nv, weighted))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The most edges a buffer may take with the ids seen so far (an edge with
 * larger ones sends it to disk early); 0 when not even one fits. */
static uint64_t capacity(const struct ooc *s, int weighted)
{
    uint64_t nv = mem_max(mem_max(s->o.nv_hint, s->seen_nv), 1);
    uint64_t lo = ooc_fitting(s, ooc_room(s) / 16, nv, weighted);
    if (s->o.run_edges && lo > s->o.run_edges)
        lo = s->o.run_edges;
    return lo;
}

int ooc_check_vertices(const struct ooc *s, emogi_error *err)
{
    char need[32], bound[32];
    uint64_t b = s->o.memory, floor = ooc_merge_worker_min(s);
    memory_str(b, bound, sizeof bound);
    if (s->bo->relabel) {
        uint64_t all = mem_add(ooc_merge_fixed(s, s->nids), floor); /* the figure compared */
        if (all <= b)
            return 0;
        if (s->nids == 0) /* before the first run: no id is counted yet */
            return emogi_fail(err, "%s: --memory %s is too small: the merge of --relabel's runs "
                                   "alone needs %s; use a larger --memory",
                              s->o.name, bound, memory_str(all, need, sizeof need));
        return emogi_fail(err, "%s: %llu distinct ids need %s for the id map, the offsets and "
                               "the merge, over --memory %s; use a larger --memory",
                          s->o.name, (unsigned long long)s->nids,
                          memory_str(all, need, sizeof need), bound);
    }
    uint64_t nv = mem_max(s->o.nv_hint, s->seen_nv), pv = mem_mul(8, mem_add(nv, 1));
    if (mem_add(ooc_merge_fixed(s, nv), floor) <= b ||
        (s->bo->id_width == 4 && emogi_id_width_for(nv) == 8))
        return 0; /* (the build refuses --id-width 4 with its own message) */
    memory_str(pv, need, sizeof need);
    if (pv <= b) {
        char rest[32];
        return emogi_fail(err, "%s: %llu vertices need %s of per-vertex arrays, which with the "
                               "merge's own %s is over --memory %s; use a larger --memory",
                          s->o.name, (unsigned long long)nv, need,
                          memory_str(mem_add(ooc_merge_fixed(s, nv) - pv, floor), rest,
                                     sizeof rest),
                          bound);
    }
    return emogi_fail(err, "%s: %llu vertices need %s of per-vertex arrays, over --memory %s; "
                           "use --relabel for sparse ids, or a larger --memory",
                      s->o.name, (unsigned long long)nv, need, bound);
}

static int no_room(const struct ooc *s, int weighted, emogi_error *err)
{
    char one[32], held[32], bound[32];
    uint64_t nv = mem_max(mem_max(s->o.nv_hint, s->seen_nv), 1);
    uint64_t need = least_need(s, 1, nv, weighted);
    return emogi_fail(err, "%s: --memory %s is too small: a run of even one edge needs %s "
                           "beside the %s held already (the reader's buffers, the runs' "
                           "index, --relabel's ids, --string-ids' names); use a larger --memory or "
                           "fewer --threads",
                      s->o.name, memory_str(s->o.memory, bound, sizeof bound),
                      memory_str(need, one, sizeof one),
                      memory_str(taken(s), held, sizeof held));
}

int ooc_plan(struct ooc *s, const struct build_opts *bo, int weighted, uint64_t *edges,
             emogi_error *err)
{
    ooc_setup(s, bo);
    if (ooc_check_vertices(s, err))
        return -1;
    if (s->buf.n == 0)
        s->chunk = capacity(s, weighted);
    if (s->chunk == 0)
        return no_room(s, weighted, err);
    if (s->chunk > s->st.chunk)
        s->st.chunk = s->chunk;
    *edges = s->chunk;
    return 0;
}
