/*
 * ooc_run.c - collecting edges and writing them out as sorted runs.
 *
 * A run is built by the in-memory builder itself (build_csr): the run's
 * lists come out sorted and deduplicated, self-loops handled, mirrored and
 * transposed exactly as the whole graph would be.  Sparse ids (and
 * --relabel, which needs every run's set of ids) are compacted per run, so
 * a run's arrays are only as large as the ids it uses.  The lists are then
 * encoded (ooc_internal.h) in input ids, in parallel pieces that end on
 * cell boundaries, and appended to the one run file.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "ooc_internal.h"
#include "progress.h"

#define MIN_CHUNK 1 /* edges: --memory 1 makes a run of every edge (the tests' worst case) */

int ooc_pwrite(int fd, const void *buf, size_t len, uint64_t off, const char *what,
               emogi_error *err)
{
    const char *p = buf;
    while (len > 0) {
        size_t n = len > ((size_t)1 << 30) ? ((size_t)1 << 30) : len;
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return emogi_fail(err, "%s: write failed at byte %llu: %s", what,
                              (unsigned long long)off, w < 0 ? strerror(errno) : "no progress");
        p += w;
        off += (uint64_t)w;
        len -= (size_t)w;
    }
    return 0;
}

void ooc_init(struct ooc *s, const struct ooc_opts *o)
{
    memset(s, 0, sizeof *s);
    s->o = *o;
    s->fd = -1;
}

/*
 * Bytes per input edge while a run is built: the edge list (16, 24 with
 * weights), then per stored arc its slot (4, 8 with weights) and 2 bytes
 * of block offset, plus the compacted copy; a quarter on top for the
 * encoded run and the allocator.  build.h's own accounting, rounded up.
 */
uint64_t ooc_plan(struct ooc *s, const struct build_opts *bo, int weighted)
{
    if (s->chunk)
        return s->chunk;
    uint64_t arcs = (!bo->directed || bo->mirror) ? 2 : 1;
    if (bo->directed && bo->transpose)
        arcs *= 2;
    uint64_t per_edge = (weighted ? 24 : 16) + arcs * (weighted ? 2 * 8 + 2 : 2 * 4 + 2);
    per_edge += per_edge / 4;
    /* a run's offsets and list lengths: 16 bytes per vertex it uses, which
     * is at most all of them, or two per edge when the count is unknown */
    uint64_t m = s->o.memory, per_vertex = 16 * (arcs > 2 ? 2 : 1), nv = s->o.nv_hint;
    if (nv && m > per_vertex * nv && (m - per_vertex * nv) / per_edge > nv / 2)
        s->chunk = (m - per_vertex * nv) / per_edge;
    else
        s->chunk = m / (per_edge + 2 * per_vertex);
    if (s->chunk < MIN_CHUNK)
        s->chunk = MIN_CHUNK;
    s->st.chunk = s->chunk;
    return s->chunk;
}

static int open_run_file(struct ooc *s, emogi_error *err)
{
    const char *dir = s->o.tmpdir;
    size_t len = strlen(dir) + sizeof "/emogi-convert-runs.XXXXXX";
    s->run_path = malloc(len);
    if (!s->run_path)
        return emogi_fail(err, "out of memory");
    snprintf(s->run_path, len, "%s/emogi-convert-runs.XXXXXX", dir);
    s->fd = mkstemp(s->run_path);
    if (s->fd < 0)
        return emogi_fail(err, "%s: cannot create a run file: %s", dir, strerror(errno));
    /* unlinked at once: the space is freed on close, however the process ends */
    unlink(s->run_path);
    snprintf(s->run_path, len, "%s: run file", dir); /* the name messages give */
    return 0;
}

static int weights_real(const struct edge_list *e)
{
    int real = 0;
    if (!e->w)
        return 0;
#pragma omp parallel for schedule(static) reduction(| : real)
    for (uint64_t i = 0; i < e->n; i++)
        real |= e->w[i] != floor(e->w[i]) || e->w[i] < 0 || e->w[i] > (double)UINT32_MAX;
    return real;
}

static uint64_t max_id(const struct edge_list *e)
{
    uint64_t m = 0;
#pragma omp parallel for schedule(static) reduction(max : m)
    for (uint64_t i = 0; i < e->n; i++) {
        uint64_t x = e->src[i] > e->dst[i] ? e->src[i] : e->dst[i];
        m = x > m ? x : m;
    }
    return m;
}

/* One piece's encoded bytes and its cells (offsets relative to the piece). */
struct piece {
    uint8_t *buf;
    size_t len, cap;
    struct ooc_cell *cells;
    uint64_t ncells, ccap;
    int failed;
};

static int piece_reserve(struct piece *p, size_t more)
{
    if (p->len + more <= p->cap)
        return 0;
    size_t cap = p->cap ? p->cap : 1 << 16;
    while (cap < p->len + more)
        cap *= 2;
    uint8_t *b = realloc(p->buf, cap);
    if (!b)
        return -1;
    p->buf = b;
    p->cap = cap;
    return 0;
}

static int piece_open_cell(struct piece *p, uint64_t cell)
{
    if (p->ncells == p->ccap) {
        uint64_t cap = p->ccap ? 2 * p->ccap : 64;
        struct ooc_cell *c = realloc(p->cells, cap * sizeof *c);
        if (!c)
            return -1;
        p->cells = c;
        p->ccap = cap;
    }
    p->cells[p->ncells++] = (struct ooc_cell){cell, p->len, 0};
    return 0;
}

/* What one side of a built run looks like to the encoder. */
struct side_view {
    uint64_t n;
    const uint64_t *off, *map;
    const void *nb;
    const uint32_t *w;
    int width, real;
};

static uint64_t nb_at(const struct side_view *v, uint64_t i)
{
    return v->width == 4 ? ((const uint32_t *)v->nb)[i] : ((const uint64_t *)v->nb)[i];
}

/* The run's compact ids back to the input's (no map: the run kept them). */
static uint64_t input_id(const struct side_view *v, uint64_t x)
{
    return v->map ? v->map[x] : x;
}

static uint32_t key_at(const struct side_view *v, uint64_t i)
{
    if (!v->real)
        return v->w[i];
    float f;
    memcpy(&f, &v->w[i], sizeof f);
    return float_key(f);
}

static void encode_piece(const struct side_view *v, uint64_t a, uint64_t b, struct piece *p)
{
    uint64_t cell = UINT64_MAX, next = 0;
    for (uint64_t x = a; x < b && !p->failed; x++) {
        uint64_t lo = v->off[x], deg = v->off[x + 1] - lo, raw = input_id(v, x);
        if (deg == 0)
            continue;
        if (raw >> OOC_CELL_SHIFT != cell) {
            if (cell != UINT64_MAX)
                p->cells[p->ncells - 1].len = p->len - p->cells[p->ncells - 1].off;
            cell = raw >> OOC_CELL_SHIFT;
            next = cell << OOC_CELL_SHIFT;
            if (piece_open_cell(p, cell)) {
                p->failed = 1;
                break;
            }
        }
        if (piece_reserve(p, 2 * VARINT_MAX + deg * (VARINT_MAX + (v->w ? 5 : 0)))) {
            p->failed = 1;
            break;
        }
        uint8_t *q = p->buf + p->len;
        q += varint_put(q, raw - next);
        q += varint_put(q, deg);
        next = raw + 1;
        uint64_t prev = 0;
        for (uint64_t i = lo; i < lo + deg; i++) {
            uint64_t u = input_id(v, nb_at(v, i));
            q += varint_put(q, u - prev);
            prev = u;
        }
        if (v->w)
            for (uint64_t i = lo; i < lo + deg; i++)
                q += varint_put(q, key_at(v, i));
        p->len = (size_t)(q - p->buf);
    }
    if (cell != UINT64_MAX && !p->failed)
        p->cells[p->ncells - 1].len = p->len - p->cells[p->ncells - 1].off;
}

/* Piece k's first vertex: k*n/P moved up to the start of a cell. */
static uint64_t piece_start(const struct side_view *v, uint64_t k, uint64_t P)
{
    uint64_t x = (uint64_t)((unsigned __int128)v->n * k / P);
    while (x > 0 && x < v->n &&
           input_id(v, x) >> OOC_CELL_SHIFT == input_id(v, x - 1) >> OOC_CELL_SHIFT)
        x++;
    return x;
}

static int append_side(struct ooc_side *side, int weighted, int real, emogi_error *err)
{
    if (side->nruns == side->cap) {
        uint64_t cap = side->cap ? 2 * side->cap : 16;
        struct ooc_runside *r = realloc(side->runs, cap * sizeof *r);
        if (!r)
            return emogi_fail(err, "out of memory");
        side->runs = r;
        side->cap = cap;
    }
    side->runs[side->nruns++] = (struct ooc_runside){NULL, 0, weighted, real};
    return 0;
}

static int write_side(struct ooc *s, struct ooc_side *side, const struct side_view *v,
                      emogi_error *err)
{
    int T = 1;
#ifdef _OPENMP
    T = omp_get_max_threads();
#endif
    uint64_t P = (uint64_t)T * 4;
    struct piece *pc = calloc(P, sizeof *pc);
    if (!pc || append_side(side, v->w != NULL, v->real, err)) {
        free(pc);
        return pc ? -1 : emogi_fail(err, "out of memory");
    }
#pragma omp parallel for schedule(dynamic, 1)
    for (uint64_t k = 0; k < P; k++)
        encode_piece(v, piece_start(v, k, P), piece_start(v, k + 1, P), &pc[k]);
    struct ooc_runside *rs = &side->runs[side->nruns - 1];
    uint64_t ncells = 0;
    int rc = 0;
    for (uint64_t k = 0; k < P; k++) {
        ncells += pc[k].ncells;
        if (pc[k].failed)
            rc = emogi_fail(err, "out of memory encoding a run");
    }
    rs->cells = malloc((ncells ? ncells : 1) * sizeof *rs->cells);
    if (!rs->cells && !rc)
        rc = emogi_fail(err, "out of memory");
    for (uint64_t k = 0; k < P && !rc; k++) {
        rc = ooc_pwrite(s->fd, pc[k].buf, pc[k].len, s->file_pos, s->run_path, err);
        for (uint64_t c = 0; c < pc[k].ncells && !rc; c++) {
            struct ooc_cell x = pc[k].cells[c];
            x.off += s->file_pos;
            rs->cells[rs->ncells++] = x;
        }
        s->file_pos += pc[k].len;
    }
    for (uint64_t k = 0; k < P; k++) {
        free(pc[k].buf);
        free(pc[k].cells);
    }
    free(pc);
    return rc;
}

/* --relabel: s->ids becomes the union of itself and the run's ids. */
static int merge_ids(struct ooc *s, const uint64_t *map, uint64_t n, emogi_error *err)
{
    uint64_t *u = malloc((s->nids + n ? s->nids + n : 1) * sizeof *u);
    if (!u)
        return emogi_fail(err, "out of memory for the ids of --relabel");
    uint64_t i = 0, j = 0, k = 0;
    while (i < s->nids || j < n) {
        uint64_t x = j == n || (i < s->nids && s->ids[i] <= map[j]) ? s->ids[i] : map[j];
        if (i < s->nids && s->ids[i] == x)
            i++;
        if (j < n && map[j] == x)
            j++;
        u[k++] = x;
    }
    free(s->ids);
    s->ids = u;
    s->nids = k;
    return 0;
}

static int write_run(struct ooc *s, struct edge_list *e, emogi_error *err)
{
    double t = build_now();
    struct build_opts rb = *s->bo;
    struct built_graph b;
    int real = weights_real(e);
    uint64_t nv = e->n ? max_id(e) + 1 : 0;
    /* compact the run's ids when --relabel needs the set of ids, or when
     * they are sparse; a dense run (a Kronecker graph's) keeps its own */
    rb.relabel = s->bo->relabel || nv / 4 > e->n;
    rb.id_width = 0;
    if (rb.weights == BUILD_WEIGHTS_RANDOM)
        rb.weights = BUILD_WEIGHTS_NONE; /* a function of the final ids: made in the merge */
    if (s->fd < 0 && open_run_file(s, err))
        return -1;
    if (build_csr(e, nv, e->w ? (real ? WEIGHTS_REAL : WEIGHTS_INT) : WEIGHTS_NONE, &rb, &b,
                  NULL, err))
        return -1;
    const struct emogi_graph *g = &b.g;
    int wreal = g->weight_type == EMOGI_WEIGHT_FLOAT32;
    struct side_view out = {g->nv, g->offsets, b.idmap, g->neighbors, g->weights,
                            (int)g->id_width, wreal};
    int rc = write_side(s, &s->side[0], &out, err);
    if (!rc && g->t_offsets) {
        struct side_view in = {g->nv, g->t_offsets, b.idmap, g->t_neighbors, g->t_weights,
                               (int)g->id_width, wreal};
        rc = write_side(s, &s->side[1], &in, err);
    }
    if (!rc && s->bo->relabel)
        rc = merge_ids(s, b.idmap, g->nv, err);
    s->any_real |= wreal;
    s->self_loops += b.self_loops_dropped;
    s->dups += b.duplicates_dropped;
    s->st.runs++;
    s->st.run_arcs += g->ne + (g->t_offsets ? g->t_offsets[g->nv] : 0);
    s->st.run_bytes = s->file_pos;
    s->st.run_seconds += build_now() - t;
    built_graph_free(&b);
    return rc;
}

static int flush(struct ooc *s, emogi_error *err)
{
    char what[64];
    snprintf(what, sizeof what, "writing run %llu (%llu edges)",
             (unsigned long long)s->st.runs + 1, (unsigned long long)s->buf.n);
    progress_note(what);
    int rc = write_run(s, &s->buf, err); /* build_csr consumes the list */
    memset(&s->buf, 0, sizeof s->buf);
    return rc;
}

int ooc_add(struct ooc *s, struct edge_list *e, const struct build_opts *bo, emogi_error *err)
{
    s->bo = bo;
    ooc_plan(s, bo, e->w != NULL);
    if (s->side == NULL && !(s->side = calloc(2, sizeof *s->side)))
        return emogi_fail(err, "out of memory");
    uint64_t i = 0;
    if (s->buf.n == 0 && e->n <= s->chunk) { /* a whole chunk: take it, no copy */
        struct edge_list t = s->buf;
        s->buf = *e;
        *e = t;
        i = s->buf.n;
    }
    while (i < e->n) {
        uint64_t take = e->n - i < s->chunk - s->buf.n ? e->n - i : s->chunk - s->buf.n;
        if (edge_list_reserve(&s->buf, s->chunk, e->w != NULL, err))
            return -1;
        memcpy(s->buf.src + s->buf.n, e->src + i, take * sizeof *e->src);
        memcpy(s->buf.dst + s->buf.n, e->dst + i, take * sizeof *e->dst);
        if (e->w)
            memcpy(s->buf.w + s->buf.n, e->w + i, take * sizeof *e->w);
        s->buf.n += take;
        i += take;
        if (s->buf.n == s->chunk && flush(s, err))
            return -1;
    }
    if (s->buf.n == s->chunk && flush(s, err))
        return -1;
    edge_list_free(e);
    return 0;
}

int ooc_spilled(const struct ooc *s)
{
    return s->st.runs > 0;
}

void ooc_take_edges(struct ooc *s, struct edge_list *e)
{
    *e = s->buf;
    memset(&s->buf, 0, sizeof s->buf);
}

int ooc_flush_last(struct ooc *s, emogi_error *err)
{
    return s->buf.n ? flush(s, err) : 0;
}

void ooc_free(struct ooc *s)
{
    edge_list_free(&s->buf);
    if (s->fd >= 0)
        close(s->fd);
    for (int k = 0; s->side && k < 2; k++) {
        for (uint64_t r = 0; r < s->side[k].nruns; r++)
            free(s->side[k].runs[r].cells);
        free(s->side[k].runs);
    }
    free(s->side);
    free(s->ids);
    free(s->run_path);
    memset(s, 0, sizeof *s);
    s->fd = -1;
}
