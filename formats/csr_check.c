/*
 * csr_check.c - the structural checks that make a .csr safe to traverse:
 * offsets from 0 to ne and monotone, every neighbour id below nv, every
 * list non-decreasing, float weights finite, and the same for the
 * transpose.  A part file (emogi-csr(5), "Part files") keeps the whole
 * graph's ids: they are checked against its nv, its transpose against its
 * own in-edge count, and its compressed lists decode against whole-graph
 * vertex ids.  They read every byte of offsets and neighbors once, so they
 * run in parallel over equal edge ranges (not vertex ranges: one vertex
 * of a power-law graph can hold a large share of the edges).  Each range
 * reports its first bad index; the smallest wins, so the message names the
 * same first error whatever the thread count.
 */
#include <math.h>

#include "csr_internal.h"
#include "emogi_clist.h"

#define CHECK_CHUNK ((uint64_t)1 << 20)
#define NONE UINT64_MAX

static inline uint64_t id_at(const void *ids, uint32_t width, uint64_t i)
{
    return width == 4 ? ((const uint32_t *)ids)[i] : ((const uint64_t *)ids)[i];
}

/* The vertex whose list holds edge E: the last v with off[v] <= E. */
static uint64_t vertex_of_edge(const uint64_t *off, uint64_t nv, uint64_t e)
{
    uint64_t lo = 0, hi = nv; /* off[lo] <= e < off[hi] */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (off[mid] <= e)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* OFF[0..nv]: 0 first, LAST last (the edge count, or the bytes of the
 * compressed lists, as WHAT names it), monotone. */
static int check_offsets(const uint64_t *off, uint64_t nv, uint64_t last, const char *what,
                         uint32_t type, const char *name, emogi_error *err)
{
    const char *sec = emogi_section_name(type);
    uint64_t bad = NONE;
    if (off[0] != 0)
        return emogi_fail(err, "%s: %s[0] is %llu, not 0", name, sec, (unsigned long long)off[0]);
    if (off[nv] != last)
        return emogi_fail(err, "%s: %s[%llu] is %llu, not %s %llu", name, sec,
                          (unsigned long long)nv, (unsigned long long)off[nv], what,
                          (unsigned long long)last);
    EMOGI_OMP(parallel for schedule(static) reduction(min : bad))
    for (uint64_t v = 0; v < nv; v++)
        if (off[v + 1] < off[v] && v < bad)
            bad = v;
    if (bad != NONE)
        return emogi_fail(err, "%s: %s not monotone at vertex %llu (%llu, then %llu)", name, sec,
                          (unsigned long long)bad, (unsigned long long)off[bad],
                          (unsigned long long)off[bad + 1]);
    return 0;
}

/* First edge in [a, b) of vertex V's list whose id is out of range (not
 * below BOUND) or smaller than its predecessor in the list. */
static uint64_t first_bad_in_list(const uint64_t *off, const void *ids, uint32_t width,
                                  uint64_t bound, uint64_t v, uint64_t a, uint64_t b)
{
    for (uint64_t i = a; i < b; i++) {
        uint64_t x = id_at(ids, width, i);
        if (x >= bound || (i > off[v] && x < id_at(ids, width, i - 1)))
            return i;
    }
    return NONE;
}

/* Whether IDS[lo, hi) never descends: a compare per id and no branch, so
 * that opening a graph runs near memory speed, not at the pace of a
 * branch per id
 * (bench/journal/2026-11-24-cpu-backend-against-gap-every-row-ahead.md). */
static inline int never_descends(const void *ids, uint32_t width, uint64_t lo, uint64_t hi)
{
    unsigned down = 0;
    if (width == 4) {
        const uint32_t *x = ids;
        for (uint64_t i = lo + 1; i < hi; i++)
            down |= x[i] < x[i - 1];
    } else {
        const uint64_t *x = ids;
        for (uint64_t i = lo + 1; i < hi; i++)
            down |= x[i] < x[i - 1];
    }
    return !down;
}

/* First edge in [a, b) whose id is out of range or smaller than its
 * predecessor in the list.  A list piece that ascends is in range when
 * its last id is; only a piece that fails is scanned for its first bad
 * id. */
static uint64_t first_bad_edge(const uint64_t *off, const void *ids, uint32_t width, uint64_t nv,
                               uint64_t bound, uint64_t a, uint64_t b)
{
    for (uint64_t i = a, v = vertex_of_edge(off, nv, a); i < b; v++) {
        uint64_t end = off[v + 1] < b ? off[v + 1] : b;
        if (end <= i)
            continue; /* an empty list */
        uint64_t from = i > off[v] ? i - 1 : i; /* a chunk may start inside a list */
        if (!never_descends(ids, width, from, end) || id_at(ids, width, end - 1) >= bound)
            return first_bad_in_list(off, ids, width, bound, v, i, end);
        i = end;
    }
    return NONE;
}

/* The lists of edges [EA, EB) (every edge: 0 and this direction's count;
 * a part's transpose has its own). */
static int check_lists(const uint64_t *off, const void *ids, uint64_t ea, uint64_t eb,
                       const struct emogi_graph *g, uint32_t type, const char *name,
                       emogi_error *err)
{
    uint64_t nchunks = (eb - ea + CHECK_CHUNK - 1) / CHECK_CHUNK, bad = NONE;
    uint64_t bound = emogi_csr_id_bound(g);
    EMOGI_OMP(parallel for schedule(dynamic, 1) reduction(min : bad))
    for (uint64_t c = 0; c < nchunks; c++) {
        uint64_t a = ea + c * CHECK_CHUNK, b = eb - a > CHECK_CHUNK ? a + CHECK_CHUNK : eb;
        uint64_t e = first_bad_edge(off, ids, g->id_width, g->nv, bound, a, b);
        if (e < bad)
            bad = e;
    }
    if (bad == NONE)
        return 0;
    uint64_t v = vertex_of_edge(off, g->nv, bad), k = bad - off[v], x = id_at(ids, g->id_width, bad);
    const char *what = type == EMOGI_SEC_NEIGHBORS ? "neighbor" : "in-neighbor";
    if (x >= bound)
        return emogi_fail(err, "%s: %s %llu of vertex %llu is %llu, not below %llu", name, what,
                          (unsigned long long)k, (unsigned long long)v, (unsigned long long)x,
                          (unsigned long long)bound);
    return emogi_fail(err, "%s: %ss of vertex %llu not ascending: %s %llu is %llu, after %llu", name,
                      what, (unsigned long long)v, what, (unsigned long long)k,
                      (unsigned long long)x, (unsigned long long)id_at(ids, g->id_width, bad - 1));
}

static int check_float_weights(const uint64_t *off, const float *w, uint64_t ea, uint64_t eb,
                               const struct emogi_graph *g, uint32_t type, const char *name,
                               emogi_error *err)
{
    uint64_t bad = NONE;
    EMOGI_OMP(parallel for schedule(static) reduction(min : bad))
    for (uint64_t i = ea; i < eb; i++)
        if (!isfinite(w[i]) && i < bad)
            bad = i;
    if (bad == NONE)
        return 0;
    uint64_t v = vertex_of_edge(off, g->nv, bad);
    return emogi_fail(err, "%s: %s: weight %llu of vertex %llu is %g, not finite", name,
                      emogi_section_name(type), (unsigned long long)(bad - off[v]),
                      (unsigned long long)v, (double)w[bad]);
}

/* One direction's offsets (OFFSETS_TOO) and the lists of vertices
 * [LO, HI), weights included. */
static int check_direction(const uint64_t *off, const void *ids, const void *w, uint32_t off_type,
                           const struct emogi_graph *g, int offsets_too, uint64_t lo, uint64_t hi,
                           const char *name, emogi_error *err)
{
    uint32_t ids_type = off_type + 1, w_type = off_type + 2; /* the enum keeps each triple together */
    uint64_t ne = off_type == EMOGI_SEC_T_OFFSETS ? emogi_csr_t_ne(g) : g->ne;
    if (offsets_too && check_offsets(off, g->nv, ne, "the edge count", off_type, name, err) < 0)
        return -1;
    if (check_lists(off, ids, off[lo], off[hi], g, ids_type, name, err) < 0)
        return -1;
    if (g->weight_type == EMOGI_WEIGHT_FLOAT32 && w)
        return check_float_weights(off, w, off[lo], off[hi], g, w_type, name, err);
    return 0;
}

/* ---- compressed lists ---- */

/* The bytes of section TYPE (compressed lists, names): the table's for a
 * file, the offsets' own last entry for a graph in memory (the writer
 * sizes it from them). */
static uint64_t clist_bytes(const struct emogi_graph *g, uint32_t type, const uint64_t *coff)
{
    for (uint32_t i = 0; g->map && i < g->nsections; i++)
        if (g->sections[i].type == type)
            return g->sections[i].size;
    return coff[g->nv];
}


static int check_clist(const uint64_t *off, const uint64_t *coff, const unsigned char *bytes,
                       const struct emogi_graph *g, uint64_t u, struct emogi_clist_report *rep)
{
    uint64_t len;
    const unsigned char *list = emogi_clist_of(coff, bytes, u, &len);
    /* a part's lists are encoded for the whole graph's ids */
    return emogi_clist_check(list, len, off[u + 1] - off[u], emogi_id_base(g) + u,
                             emogi_csr_id_bound(g), g->id_width, rep);
}

/* Every list in parallel; the first bad vertex is checked again alone
 * for its message, so the message does not depend on the thread count. */
static int check_clists(const uint64_t *off, const uint64_t *coff, const unsigned char *bytes,
                        const struct emogi_graph *g, uint64_t lo, uint64_t hi, uint32_t type,
                        const char *name, emogi_error *err)
{
    uint64_t bad = NONE;
    EMOGI_OMP(parallel for schedule(dynamic, 1024) reduction(min : bad))
    for (uint64_t u = lo; u < hi; u++) {
        struct emogi_clist_report rep;
        if (u < bad && check_clist(off, coff, bytes, g, u, &rep) < 0)
            bad = u;
    }
    if (bad == NONE)
        return 0;
    struct emogi_clist_report r;
    check_clist(off, coff, bytes, g, bad, &r);
    const char *sec = emogi_section_name(type);
    if (r.fault == EMOGI_CLIST_RANGE)
        return emogi_fail(err, "%s: %s: entry %llu of vertex %llu is %llu, not below %llu", name,
                          sec, (unsigned long long)r.entry, (unsigned long long)bad,
                          (unsigned long long)r.value, (unsigned long long)emogi_csr_id_bound(g));
    if (r.fault == EMOGI_CLIST_DESCENDING)
        return emogi_fail(err, "%s: %s: list of vertex %llu not ascending: entry %llu is %llu, "
                          "after %llu", name, sec, (unsigned long long)bad,
                          (unsigned long long)r.entry, (unsigned long long)r.value,
                          (unsigned long long)r.prev);
    return emogi_fail(err, "%s: %s: list of vertex %llu, block %llu: %s", name, sec,
                      (unsigned long long)bad, (unsigned long long)(r.entry / EMOGI_CLIST_BLOCK),
                      emogi_clist_fault_text(r.fault));
}

/* As check_direction, for compressed lists. */
static int check_compressed(const uint64_t *off, const uint64_t *coff, const unsigned char *bytes,
                            const void *w, uint32_t off_type, uint32_t coff_type,
                            const struct emogi_graph *g, int offsets_too, uint64_t lo, uint64_t hi,
                            const char *name, emogi_error *err)
{
    uint32_t bytes_type = coff_type + 1, w_type = off_type + 2;
    uint64_t ne = off_type == EMOGI_SEC_T_OFFSETS ? emogi_csr_t_ne(g) : g->ne;
    if (offsets_too &&
        (check_offsets(off, g->nv, ne, "the edge count", off_type, name, err) < 0 ||
         check_offsets(coff, g->nv, clist_bytes(g, bytes_type, coff), "its lists' byte count",
                       coff_type, name, err) < 0))
        return -1;
    if (check_clists(off, coff, bytes, g, lo, hi, bytes_type, name, err) < 0)
        return -1;
    if (g->weight_type == EMOGI_WEIGHT_FLOAT32 && w)
        return check_float_weights(off, w, off[lo], off[hi], g, w_type, name, err);
    return 0;
}

/* ---- id names ---- */

/* Whether name v+1 sorts after name v: bytewise, a prefix first. */
static int names_ascend(const uint64_t *off, const char *names, uint64_t v)
{
    uint64_t la = off[v + 1] - off[v], lb = off[v + 2] - off[v + 1];
    int c = memcmp(names + off[v], names + off[v + 1], (size_t)(la < lb ? la : lb));
    return c < 0 || (c == 0 && la < lb);
}

/* Offsets from 0 to the section's bytes, monotone; names strictly
 * ascending, so unique and searchable by emogi_csr_find_name(). */
static int check_names(const struct emogi_graph *g, const char *name, emogi_error *err)
{
    const uint64_t *off = g->name_offsets;
    uint64_t bad = NONE;
    if (check_offsets(off, g->nv, clist_bytes(g, EMOGI_SEC_NAMES, off), "the bytes of names",
                      EMOGI_SEC_NAME_OFFSETS, name, err) < 0)
        return -1;
    EMOGI_OMP(parallel for schedule(static) reduction(min : bad))
    for (uint64_t v = 1; v < g->nv; v++)
        if (v - 1 < bad && !names_ascend(off, g->names, v - 1))
            bad = v - 1;
    if (bad != NONE)
        return emogi_fail(err, "%s: names: the name of vertex %llu does not sort after that of "
                          "vertex %llu (names must be unique and ascending)", name,
                          (unsigned long long)bad + 1, (unsigned long long)bad);
    return 0;
}

/* Names and every offsets array (OFFSETS_TOO), and the lists of
 * vertices [LO, HI) in both directions. */
static int check_content(const struct emogi_graph *g, int offsets_too, uint64_t lo, uint64_t hi,
                         const char *name, emogi_error *err)
{
    int t = (g->flags & EMOGI_TRANSPOSE) != 0;
    if (offsets_too && (g->flags & EMOGI_IDNAMES) && check_names(g, name, err) < 0)
        return -1;
    if (emogi_compressed(g))
        return check_compressed(g->offsets, g->coffsets, g->cneighbors, g->weights,
                                EMOGI_SEC_OFFSETS, EMOGI_SEC_COFFSETS, g, offsets_too, lo, hi,
                                name, err) < 0 ||
                       (t && check_compressed(g->t_offsets, g->t_coffsets, g->t_cneighbors,
                                              g->t_weights, EMOGI_SEC_T_OFFSETS,
                                              EMOGI_SEC_T_COFFSETS, g, offsets_too, lo, hi, name,
                                              err) < 0)
                   ? -1
                   : 0;
    if (check_direction(g->offsets, g->neighbors, g->weights, EMOGI_SEC_OFFSETS, g, offsets_too,
                        lo, hi, name, err) < 0)
        return -1;
    if (t)
        return check_direction(g->t_offsets, g->t_neighbors, g->t_weights, EMOGI_SEC_T_OFFSETS, g,
                               offsets_too, lo, hi, name, err);
    return 0;
}

int emogi_csr_check_content(const struct emogi_graph *g, const char *name, emogi_error *err)
{
    return check_content(g, 1, 0, g->nv, name, err);
}

/* Offsets before lists: a check that reads only the offsets and names,
 * then one of the lists of a vertex range, checks what the whole one
 * checks for those lists. */
int emogi_csr_check_offsets(const struct emogi_graph *g, const char *name, emogi_error *err)
{
    return check_content(g, 1, 0, 0, name, err);
}

int emogi_csr_check_range(const struct emogi_graph *g, uint64_t lo, uint64_t hi, emogi_error *err)
{
    if (lo > hi || hi > g->nv)
        return emogi_fail(err, "%s: vertices %llu..%llu are not a range of its %llu",
                          g->path ? g->path : "graph", (unsigned long long)lo,
                          (unsigned long long)hi, (unsigned long long)g->nv);
    return check_content(g, 0, lo, hi, g->path ? g->path : "graph", err);
}
