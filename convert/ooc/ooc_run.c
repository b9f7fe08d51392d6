/*
 * ooc_run.c - collecting edges and writing them out as sorted runs.
 *
 * A run is built by the in-memory builder itself (build_csr): the run's
 * lists come out sorted and deduplicated, self-loops handled, mirrored and
 * transposed exactly as the whole graph would be.  Sparse ids (and
 * --relabel, which needs every run's set of ids) are compacted per run, so
 * a run's arrays are only as large as the ids it uses (ooc_plan.c says
 * when).  The lists are then encoded (ooc_internal.h) in input ids, in
 * parallel pieces that end on cell boundaries: a first pass sizes every
 * piece, which fixes its place in the run file, and a second writes it
 * there through a buffer of fixed size, so encoding never holds a copy of
 * the run.
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

#include "memory.h"
#include "ooc_internal.h"
#include "progress.h"
#include "reorder.h"

void ooc_init(struct ooc *s, const struct ooc_opts *o)
{
    memset(s, 0, sizeof *s);
    s->o = *o;
    s->fd = -1;
}

void ooc_hold(struct ooc *s, uint64_t bytes)
{
    s->held = bytes;
}

void ooc_keep(struct ooc *s, uint64_t bytes)
{
    s->kept = bytes;
}

void ooc_set_vertices(struct ooc *s, uint64_t nv)
{
    s->o.nv_hint = nv;
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
        uint64_t u = edge_src(e, i), v = edge_dst(e, i), x = u > v ? u : v;
        m = x > m ? x : m;
    }
    return m;
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

/* One piece of a side: vertices [a, b), ending on cell boundaries. */
struct piece {
    uint64_t a, b;
    uint64_t bytes, ncells, maxdeg; /* from the sizing pass */
    uint64_t off, cell0;            /* its place in the run file and the cell table */
};

/* Writes a piece's varints to the run file through a buffer of CAP bytes. */
struct encoder {
    int fd;
    const char *what;
    uint8_t *buf;
    size_t len, cap;
    uint64_t off; /* the file position of buf[0] */
    int failed;
    emogi_error err;
};

static void enc_flush(struct encoder *e)
{
    if (e->len && !e->failed && ooc_pwrite(e->fd, e->buf, e->len, e->off, e->what, &e->err))
        e->failed = 1;
    e->off += e->len;
    e->len = 0;
}

static void enc_put(struct encoder *e, uint64_t v)
{
    if (e->cap - e->len < VARINT_MAX)
        enc_flush(e);
    e->len += varint_put(e->buf + e->len, v);
}

/* One varint: written through E, or (E NULL) only counted. */
static void put(struct encoder *e, uint64_t *bytes, uint64_t v)
{
    if (e)
        enc_put(e, v);
    else
        *bytes += varint_len(v);
}

/* The records of [a, b): sized (E NULL: counts into P) or written. */
static void walk_piece(const struct side_view *v, struct piece *p, struct encoder *e,
                       struct ooc_cell *cells)
{
    uint64_t cell = UINT64_MAX, next = 0, nc = 0, bytes = 0;
    for (uint64_t x = p->a; x < p->b; x++) {
        uint64_t lo = v->off[x], deg = v->off[x + 1] - lo, raw = input_id(v, x);
        if (deg == 0)
            continue;
        if (raw >> OOC_CELL_SHIFT != cell) {
            cell = raw >> OOC_CELL_SHIFT;
            next = cell << OOC_CELL_SHIFT;
            if (e && nc)
                cells[nc - 1].len = e->off + e->len - cells[nc - 1].off;
            if (e)
                cells[nc] = (struct ooc_cell){cell, e->off + e->len, 0};
            nc++;
        }
        uint64_t head[2] = {raw - next, deg}, prev = 0;
        next = raw + 1;
        p->maxdeg = deg > p->maxdeg ? deg : p->maxdeg;
        put(e, &bytes, head[0]);
        put(e, &bytes, head[1]);
        for (uint64_t i = lo; i < lo + deg; i++) {
            uint64_t u = input_id(v, nb_at(v, i));
            put(e, &bytes, u - prev);
            prev = u;
        }
        for (uint64_t i = lo; v->w && i < lo + deg; i++)
            put(e, &bytes, key_at(v, i));
    }
    if (e && nc)
        cells[nc - 1].len = e->off + e->len - cells[nc - 1].off;
    if (!e) {
        p->bytes = bytes;
        p->ncells = nc;
    }
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
    side->runs[side->nruns++] = (struct ooc_runside){NULL, 0, 0, weighted, real};
    return 0;
}

/* Every piece sized; their places in the file and the cell table laid out. */
static int lay_out(struct ooc *s, struct ooc_runside *rs, const struct side_view *v,
                   struct piece *pc, uint64_t P, emogi_error *err)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (uint64_t k = 0; k < P; k++) {
        pc[k].a = piece_start(v, k, P);
        pc[k].b = piece_start(v, k + 1, P);
        walk_piece(v, &pc[k], NULL, NULL);
    }
    uint64_t off = s->file_pos, ncells = 0;
    for (uint64_t k = 0; k < P; k++) {
        pc[k].off = off;
        pc[k].cell0 = ncells;
        off += pc[k].bytes;
        ncells += pc[k].ncells;
        rs->maxdeg = pc[k].maxdeg > rs->maxdeg ? pc[k].maxdeg : rs->maxdeg;
    }
    rs->cells = malloc((ncells ? ncells : 1) * sizeof *rs->cells);
    if (!rs->cells)
        return emogi_fail(err, "out of memory for a run's index of %llu cells",
                          (unsigned long long)ncells);
    rs->ncells = ncells;
    s->meta += ncells * sizeof *rs->cells;
    s->file_pos = off;
    return 0;
}

static int write_side(struct ooc *s, struct ooc_side *side, const struct side_view *v,
                      emogi_error *err)
{
    uint64_t P = (uint64_t)s->threads * 4;
    struct piece *pc = calloc(P, sizeof *pc);
    if (!pc || append_side(side, v->w != NULL, v->real, err)) {
        free(pc);
        return pc ? -1 : emogi_fail(err, "out of memory");
    }
    struct ooc_runside *rs = &side->runs[side->nruns - 1];
    s->meta += 2 * sizeof *rs; /* the table of runs, grown by doubling */
    int failed = lay_out(s, rs, v, pc, P, err);
    size_t cap = (size_t)ooc_encode_buffer(s);
    if (failed) {
        free(pc);
        return -1;
    }
#pragma omp parallel
    {
        struct encoder e = {s->fd, s->run_path, malloc(cap), 0, cap, 0, 0, {{0}}};
        if (!e.buf) {
            emogi_fail(&e.err, "out of memory for the encoder's buffer");
            e.failed = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (uint64_t k = 0; k < P; k++)
            if (!e.failed) {
                e.off = pc[k].off;
                walk_piece(v, &pc[k], &e, rs->cells + pc[k].cell0);
                enc_flush(&e);
            }
#pragma omp critical
        if (e.failed && !failed) {
            failed = 1;
            *err = e.err;
        }
        free(e.buf);
    }
    free(pc);
    return failed ? -1 : 0;
}

/* --relabel: s->ids becomes the union of itself and the run's N ids (both
 * ascending), merged from the back in place, so that the set is never
 * held twice. */
static int merge_ids(struct ooc *s, const uint64_t *map, uint64_t n, emogi_error *err)
{
    uint64_t total = s->nids + n, i = s->nids, j = n, k = total;
    uint64_t *u = realloc(s->ids, (total ? total : 1) * sizeof *u);
    if (!u)
        return emogi_fail(err, "out of memory for the %llu ids of --relabel",
                          (unsigned long long)total);
    while (j > 0) {
        if (i > 0 && u[i - 1] >= map[j - 1]) {
            j -= u[i - 1] == map[j - 1];
            u[--k] = u[--i];
        } else {
            u[--k] = map[--j];
        }
    }
    /* u[0, i) never moved; u[k, total) is the merged rest */
    memmove(u + i, u + k, (total - k) * sizeof *u);
    s->nids = i + (total - k);
    uint64_t *shrunk = realloc(u, (s->nids ? s->nids : 1) * sizeof *u);
    s->ids = shrunk ? shrunk : u;
    return 0;
}

static int write_run(struct ooc *s, struct edge_list *e, emogi_error *err)
{
    double t = emogi_now();
    struct built_graph b;
    edge_list_shrink(e); /* the plan counted the edges, not the room to grow */
    int real = weights_real(e), weighted = e->w != NULL;
    uint64_t nv = e->n ? max_id(e) + 1 : 0;
    struct build_opts rb = ooc_run_opts(s, ooc_run_relabel(s, e->n, nv, weighted));
    if (s->fd < 0 && open_run_file(s, err))
        return -1;
    s->entries += e->n;
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
    s->st.runs++;
    s->st.run_arcs += g->ne + (g->t_offsets ? g->t_offsets[g->nv] : 0);
    s->st.run_bytes = s->file_pos;
    s->st.run_seconds += emogi_now() - t;
    built_graph_free(&b);
    return rc;
}

static int flush(struct ooc *s, emogi_error *err)
{
    char what[64];
    if (s->o.reorder)
        return emogi_fail(err, "%s: --reorder needs the graph in memory, and its first %llu "
                               "edges already fill --memory %s: raise --memory, or reorder a "
                               "smaller graph",
                          s->o.name, (unsigned long long)s->buf.n,
                          memory_str(s->o.memory, what, sizeof what));
    if (s->o.string_ids) /* provisional ids: the caller reads the input again */
        return emogi_fail(err, "%s: --string-ids: the graph does not fit in --memory %s: its "
                               "first %llu edges already fill it",
                          s->o.name, memory_str(s->o.memory, what, sizeof what),
                          (unsigned long long)s->buf.n);
    snprintf(what, sizeof what, "writing run %llu (%llu edges)",
             (unsigned long long)s->st.runs + 1, (unsigned long long)s->buf.n);
    progress_note(what);
    int rc = write_run(s, &s->buf, err); /* build_csr consumes the list */
    memset(&s->buf, 0, sizeof s->buf);
    s->buf_nv = 0;
    return rc;
}

/* Edges [i, i + take) of E (wide) into the buffer: all of E is taken
 * without a copy.  The buffer holds 32-bit ids while NARROW: every id so
 * far, E's included, fits (edges.h). */
static int append(struct ooc *s, struct edge_list *e, uint64_t i, uint64_t take, int narrow,
                  emogi_error *err)
{
    if (s->buf.n == 0 && i == 0 && take == e->n) {
        struct edge_list t = s->buf;
        s->buf = *e;
        *e = t;
        return narrow ? edge_list_narrow(&s->buf, err) : 0;
    }
    if ((narrow ? edge_list_narrow(&s->buf, err) : edge_list_widen(&s->buf, err)) ||
        edge_list_reserve(&s->buf, s->chunk, e->w != NULL, err))
        return -1;
    if (narrow) {
        uint32_t *src = s->buf.src32 + s->buf.n, *dst = s->buf.dst32 + s->buf.n;
#pragma omp parallel for schedule(static) if (take > (1u << 16))
        for (uint64_t k = 0; k < take; k++)
            src[k] = (uint32_t)e->src[i + k], dst[k] = (uint32_t)e->dst[i + k];
    } else {
        memcpy(s->buf.src + s->buf.n, e->src + i, take * sizeof *e->src);
        memcpy(s->buf.dst + s->buf.n, e->dst + i, take * sizeof *e->dst);
    }
    if (e->w)
        memcpy(s->buf.w + s->buf.n, e->w + i, take * sizeof *e->w);
    s->buf.n += take;
    return 0;
}

int ooc_add(struct ooc *s, struct edge_list *e, const struct build_opts *bo, emogi_error *err)
{
    uint64_t env = e->n ? max_id(e) + 1 : 0, cap, n = e->n;
    int weighted = e->w != NULL;
    /* 32-bit ids in the buffer while they fit: half its bytes */
    const int narrow = env <= (1ull << 32) && (s->buf.n == 0 || edge_list_narrow_p(&s->buf));
    ooc_setup(s, bo);
    s->seen_nv = s->seen_nv > env ? s->seen_nv : env;
    if (s->side == NULL && !(s->side = calloc(2, sizeof *s->side)))
        return emogi_fail(err, "out of memory");
    for (uint64_t i = 0; i < n;) {
        if (ooc_plan(s, bo, weighted, &cap, err))
            return -1;
        uint64_t take = n - i < cap - s->buf.n ? n - i : cap - s->buf.n;
        uint64_t nv = s->buf_nv > env ? s->buf_nv : env;
        if (!ooc_fits(s, s->buf.n + take, nv, weighted)) {
            if (s->buf.n) { /* these ids would not fit beside the buffered ones */
                if (flush(s, err))
                    return -1;
                continue;
            }
            take = ooc_fitting(s, take, env, weighted);
            if (take == 0) {
                char bound[32];
                return emogi_fail(err, "%s: no room in --memory %s for a run of even one edge",
                                  s->o.name, memory_str(s->o.memory, bound, sizeof bound));
            }
        }
        if (append(s, e, i, take, narrow, err))
            return -1;
        s->buf_nv = nv;
        i += take;
        if (s->buf.n >= s->chunk && flush(s, err))
            return -1;
    }
    if (n == 0 && ooc_check_vertices(s, err))
        return -1;
    edge_list_free(e);
    return 0;
}

int ooc_build_fits(const struct ooc *s, const struct build_opts *bo, uint64_t edges,
                   uint64_t nv, int edge_weights, enum weight_kind wk, uint64_t *need)
{
    int threads = s->threads;
#ifdef _OPENMP
    if (threads < 1)
        threads = omp_get_max_threads();
#endif
    struct build_shape sh = {edges, nv, edge_weights, wk, threads};
    struct build_opts o = *bo;
    o.memory = s->o.memory;
    *need = build_need(&sh, &o);
    if (s->o.reorder)
        *need = mem_max(*need, reorder_need(&sh, &o));
    return *need <= (s->o.memory > s->held ? s->o.memory - s->held : 0);
}

int ooc_fits_in_memory(const struct ooc *s, uint64_t nv, enum weight_kind wk, uint64_t *need)
{
    *need = 0;
    if (!s->bo)
        return 1; /* no edges came */
    return ooc_build_fits(s, s->bo, s->buf.n, nv, s->buf.w != NULL, wk, need);
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
