/*
 * ooc_write.c - the merged graph straight into its .csr file.
 *
 * The layout depends only on nv, ne and the flags (csr_layout.c), and ne
 * is known once pass 1 of the out-edges has counted: from then on every
 * section has its place, and the merge writes neighbours and weights there
 * directly.  The offsets array, the id map, the provenance and
 * --string-ids' names are in memory and go out whole; the header page,
 * with every section's crc32, goes out last.  Holes between sections
 * read as the zeros the in-memory writer puts there, so the bytes are
 * those of emogi_csr_write().
 *
 * With --compress the layout also depends on the bytes of each
 * direction's encoded lists, which pass 1 counts: the out-edges' count
 * places every section up to t_cneighbors, whose size moves only the
 * sections after it (--string-ids' names, written last), the in-edges'
 * count sizes that one.  The offsets
 * go out after pass 1, so that pass 2 can leave each list's size in their
 * array, which then becomes the byte offsets: 8 bytes per vertex, as
 * plain.
 *
 * An output written in place (standard output, a FIFO, a device) cannot
 * take pwrite(): the file is then built in an unlinked spool file in
 * --tmpdir and copied out, in order, once complete.
 *
 * plan_merge() fits the merge in --memory: what it holds whatever its
 * threads (offsets, ids, cell tables), then as many threads as there is
 * room for, with smaller buffers before none.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "csr_internal.h"
#include "memory.h"
#include "ooc_merge.h"
#include "progress.h"

#define SPOOL_COPY (1u << 20)

struct writer {
    struct emogi_atomic a;
    int fd;    /* where the sections go: a.fd, or the spool */
    int spool; /* 1: fd is an unlinked file in --tmpdir, copied to a.fd at the end */
    struct emogi_graph g; /* header fields and the in-memory sections */
    struct emogi_csr_plan plan;
    uint64_t cbytes[2]; /* compressing: bytes of the lists, out- and in-edges */
};

static struct emogi_section *section(struct writer *w, uint32_t type)
{
    for (uint32_t i = 0; i < w->plan.nsections; i++)
        if (w->plan.sec[i].type == type)
            return &w->plan.sec[i];
    return NULL;
}

static int put_whole(struct writer *w, uint32_t type, const void *data, emogi_error *err)
{
    struct emogi_section *s = section(w, type);
    if (!s)
        return 0;
    s->crc32 = emogi_crc32(data, (size_t)s->size);
    return ooc_pwrite(w->fd, data, (size_t)s->size, s->offset, w->a.path, err);
}

/* The NAMES section from the file the names were merged into. */
static int copy_names(struct writer *w, const struct ooc_output *out, emogi_error *err)
{
    struct emogi_section *s = section(w, EMOGI_SEC_NAMES);
    char *buf = malloc(SPOOL_COPY);
    if (!buf)
        return emogi_fail(err, "out of memory");
    uLong crc = crc32(0L, Z_NULL, 0);
    int rc = 0;
    for (uint64_t at = 0; rc == 0 && at < s->size;) {
        uint64_t left = s->size - at;
        size_t n = left < SPOOL_COPY ? (size_t)left : SPOOL_COPY;
        ssize_t r = pread(out->names_fd, buf, n, (off_t)(out->names_pos + at));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            rc = emogi_fail(err, "%s: the names file: %s", w->a.path,
                            r < 0 ? strerror(errno) : "shorter than written");
        else
            rc = ooc_pwrite(w->fd, buf, (size_t)r, s->offset + at, w->a.path, err);
        if (rc == 0)
            crc = crc32_combine(crc, emogi_crc32(buf, (size_t)r), (z_off_t)r);
        at += r > 0 ? (uint64_t)r : 0;
    }
    free(buf);
    s->crc32 = (uint32_t)crc;
    return rc;
}

static void setup(struct ooc *s, const struct ooc_output *out, struct merge *m,
                  struct writer *w)
{
    const struct build_opts *bo = s->bo;
    int weighted_in = bo->weights == BUILD_WEIGHTS_INPUT && out->wk != WEIGHTS_NONE;
    memset(m, 0, sizeof *m);
    m->s = s;
    m->bo = bo;
    m->keep_dups = bo->keep_duplicates;
    m->compress = s->o.compress;
    m->random = bo->weights == BUILD_WEIGHTS_RANDOM;
    m->weighted = weighted_in || m->random;
    m->real = weighted_in && (out->wk == WEIGHTS_REAL || bo->skew || s->any_real);
    if (bo->relabel) {
        m->ids = s->ids;
        m->nids = s->nids;
    }

    memset(&w->plan, 0, sizeof w->plan);
    w->cbytes[0] = w->cbytes[1] = 0;
    struct emogi_graph *g = &w->g;
    memset(g, 0, sizeof *g);
    g->nv = bo->relabel ? s->nids : out->nv;
    g->flags = bo->directed ? EMOGI_DIRECTED : 0;
    if (m->weighted) {
        g->flags |= EMOGI_WEIGHTED;
        g->weight_type = m->real ? EMOGI_WEIGHT_FLOAT32 : EMOGI_WEIGHT_UINT32;
    }
    if (bo->directed && bo->transpose)
        g->flags |= EMOGI_TRANSPOSE;
    if (m->compress)
        g->flags |= EMOGI_COMPRESSED;
    if (bo->relabel) {
        g->flags |= EMOGI_IDMAP;
        g->idmap = s->ids;
    }
    if (out->name_offsets) {
        g->flags |= EMOGI_IDNAMES;
        g->name_offsets = out->name_offsets;
        g->names = out->names;
    }
    g->provenance = out->provenance;
    g->provenance_len = out->provenance_len;
}

uint64_t ooc_merge_fixed(const struct ooc *s, uint64_t nv)
{
    uint64_t b = mem_add(mem_add(mem_mul(8, mem_add(nv, 1)), s->meta), s->kept);
    if (s->bo && s->bo->relabel)
        b = mem_add(b, mem_mul(8, s->nids));
    /* merge_cells(): the union of a side's cells and a crc and count per
     * cell, at most 24 bytes for each 24-byte entry of the tables; 24 more
     * with --compress (bytes per cell, where each cell starts) */
    return mem_add(b, s->o.compress ? mem_add(mem_mul(2, s->meta), 16) : s->meta);
}

/* Threads and buffers for a merge of NV vertices within --memory: a read
 * buffer of up to 1 MiB per run, output buffers of up to 2^18 neighbours,
 * fewer threads before smaller buffers. */
static int plan_merge(const struct ooc *s, struct merge *m, uint64_t nv, emogi_error *err)
{
    uint64_t b = s->o.memory, t = (uint64_t)s->threads, runs = s->side[0].nruns;
    uint64_t fixed = ooc_merge_fixed(s, nv), maxtotal = ooc_merge_maxtotal(s);
    uint64_t room = fixed < b ? b - fixed : 0, runs1 = runs ? runs : 1;
    uint64_t cbuf = mem_clamp(b / 16 / (t * runs1), MERGE_CURSOR_MIN, 1u << 20);
    uint64_t obuf = mem_clamp(b / 64 / t / 12, MERGE_OUT_MIN, 1u << 18);
    uint64_t fit = room / merge_worker_bytes(runs1, cbuf, obuf, maxtotal, s->o.compress);
    if (fit == 0) {
        cbuf = MERGE_CURSOR_MIN;
        obuf = MERGE_OUT_MIN;
        fit = room / merge_worker_bytes(runs1, cbuf, obuf, maxtotal, s->o.compress);
    }
    if (fit == 0) {
        char need[32], bound[32];
        uint64_t one =
            mem_add(fixed, merge_worker_bytes(runs1, cbuf, obuf, maxtotal, s->o.compress));
        return emogi_fail(err, "%s: merging %llu runs needs %s (a vertex's lists alone: up "
                               "to %llu entries), over --memory %s; use a larger --memory",
                          s->o.name, (unsigned long long)runs, memory_str(one, need, sizeof need),
                          (unsigned long long)maxtotal, memory_str(b, bound, sizeof bound));
    }
    m->threads = (int)(fit < t ? fit : t);
    m->cursor_buf = (size_t)cbuf;
    m->out_buf = (size_t)obuf;
    return 0;
}

/* Count (pass 1) and offsets, and compressing, the bytes of the lists. */
static int count_side(struct merge *m, struct writer *w, uint64_t *ne, uint64_t *cbytes,
                      emogi_error *err)
{
    uint64_t nv = w->g.nv;
    memset(m->offsets, 0, (nv + 1) * sizeof *m->offsets);
    if (merge_cells(m, err) || merge_pass(m, 1, err))
        return -1;
    build_exclusive_scan(m->offsets, nv);
    *ne = m->offsets[nv];
    *cbytes = m->compress ? merge_cell_starts(m) : 0;
    return 0;
}

static int write_side(struct merge *m, struct writer *w, int t, emogi_error *err)
{
    int c = m->compress;
    uint32_t off_type = t ? EMOGI_SEC_T_OFFSETS : EMOGI_SEC_OFFSETS;
    struct emogi_section *nb = section(w, c ? (t ? EMOGI_SEC_T_CNEIGHBORS : EMOGI_SEC_CNEIGHBORS)
                                            : (t ? EMOGI_SEC_T_NEIGHBORS : EMOGI_SEC_NEIGHBORS));
    struct emogi_section *ws = section(w, t ? EMOGI_SEC_T_WEIGHTS : EMOGI_SEC_WEIGHTS);
    m->nb_off = nb->offset;
    m->w_off = ws ? ws->offset : 0;
    if (c) { /* pass 2 leaves each list's size in the offsets' array */
        if (put_whole(w, off_type, m->offsets, err))
            return -1;
        memset(m->offsets, 0, (w->g.nv + 1) * sizeof *m->offsets);
    }
    if (merge_pass(m, 2, err))
        return -1;
    uint32_t cn, cw;
    merge_crcs(m, &cn, &cw);
    nb->crc32 = cn;
    if (ws)
        ws->crc32 = cw;
    merge_free_cells(m);
    if (!c)
        return put_whole(w, off_type, m->offsets, err);
    build_exclusive_scan(m->offsets, w->g.nv);
    return put_whole(w, t ? EMOGI_SEC_T_COFFSETS : EMOGI_SEC_COFFSETS, m->offsets, err);
}

static int reserve(struct writer *w, emogi_error *err)
{
#ifdef HAVE_POSIX_FALLOCATE
    int e = posix_fallocate(w->fd, 0, (off_t)w->plan.file_size);
    if (e == ENOSPC || e == EFBIG)
        return emogi_fail(err, "%s: cannot reserve %llu bytes: %s", w->a.path,
                          (unsigned long long)w->plan.file_size, strerror(e));
#else
    (void)w, (void)err;
#endif
    return 0;
}

/* Every section's place, from the sides counted so far (t_cneighbors
 * empty until the in-edges are: only the names, after it, move); the
 * crc32s of the sections already written carry over: their places stay. */
static int place_sections(struct writer *w, emogi_error *err)
{
    struct emogi_csr_plan old = w->plan;
    if (emogi_csr_plan_layout_sized(&w->g, w->cbytes, &w->plan, w->a.path, err))
        return -1;
    for (uint32_t i = 0; i < old.nsections; i++)
        w->plan.sec[i].crc32 = old.sec[i].crc32;
    return reserve(w, err);
}

static int finish_file(struct writer *w, const struct ooc_output *out, emogi_error *err)
{
    unsigned char page[EMOGI_CSR_ALIGN];
    if (put_whole(w, EMOGI_SEC_IDMAP, w->g.idmap, err) ||
        put_whole(w, EMOGI_SEC_PROVENANCE, w->g.provenance, err) ||
        put_whole(w, EMOGI_SEC_NAME_OFFSETS, w->g.name_offsets, err) ||
        (w->g.names ? put_whole(w, EMOGI_SEC_NAMES, w->g.names, err)
                    : out->name_offsets && copy_names(w, out, err)))
        return -1;
    emogi_csr_encode_header(page, &w->g, &w->plan);
    if (ooc_pwrite(w->fd, page, sizeof page, 0, w->a.path, err))
        return -1;
    if (ftruncate(w->fd, (off_t)w->plan.file_size) < 0)
        return emogi_fail(err, "%s: %s", w->a.path, strerror(errno));
    return 0;
}

static int merge_all(struct ooc *s, struct merge *m, struct writer *w,
                     const struct ooc_output *out, struct ooc_result *res, emogi_error *err)
{
    uint64_t ne, t_ne = 0, self_loops = 0;
    m->side = &s->side[0];
    m->self_loops = &self_loops;
    progress_phase("merging runs: counting");
    if (count_side(m, w, &ne, &w->cbytes[0], err))
        return -1;
    m->self_loops = NULL; /* the in-edges hold the same */
    w->g.ne = ne;
    if (place_sections(w, err))
        return -1;
    progress_phase("merging runs: writing");
    if (write_side(m, w, 0, err))
        return -1;
    if (w->g.flags & EMOGI_TRANSPOSE) {
        m->side = &s->side[1];
        progress_phase("merging runs: in-edges");
        if (count_side(m, w, &t_ne, &w->cbytes[1], err) ||
            (m->compress && place_sections(w, err)) || write_side(m, w, 1, err))
            return -1;
    }
    if (finish_file(w, out, err))
        return -1;
    res->nv = w->g.nv;
    res->ne = ne;
    res->t_ne = t_ne;
    res->file_bytes = w->plan.file_size;
    res->self_loops_dropped = s->self_loops;
    res->duplicates_dropped = build_duplicates(s->bo, s->entries, s->self_loops, ne, self_loops);
    return 0;
}

/* The sections' file: the output itself, or a spool when it is a stream. */
static int open_sections(struct ooc *s, struct writer *w, emogi_error *err)
{
    w->fd = w->a.fd;
    w->spool = 0;
    if (!w->a.direct)
        return 0;
    const char *dir = s->o.tmpdir;
    size_t len = strlen(dir) + sizeof "/emogi-convert-spool.XXXXXX";
    char *tmp = malloc(len);
    if (!tmp)
        return emogi_fail(err, "out of memory");
    snprintf(tmp, len, "%s/emogi-convert-spool.XXXXXX", dir);
    w->fd = mkstemp(tmp);
    int e = errno;
    if (w->fd >= 0)
        unlink(tmp); /* freed on close, however the process ends */
    free(tmp);
    if (w->fd < 0)
        return emogi_fail(err, "%s: cannot create a spool file for %s: %s", dir, w->a.path,
                          strerror(e));
    w->spool = 1;
    return 0;
}

/* The finished spool into the output, front to back. */
static int copy_spool(struct writer *w, emogi_error *err)
{
    char *buf = malloc(SPOOL_COPY);
    if (!buf)
        return emogi_fail(err, "out of memory");
    int rc = 0;
    for (uint64_t off = 0; rc == 0 && off < w->plan.file_size;) {
        uint64_t left = w->plan.file_size - off;
        ssize_t r = pread(w->fd, buf, left < SPOOL_COPY ? (size_t)left : SPOOL_COPY, (off_t)off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            rc = emogi_fail(err, "%s: spool file: %s", w->a.path,
                            r < 0 ? strerror(errno) : "shorter than written");
        else
            rc = emogi_write_all(&w->a, buf, (size_t)r, err);
        off += r > 0 ? (uint64_t)r : 0;
    }
    free(buf);
    return rc;
}

static void close_spool(struct writer *w)
{
    if (w->spool)
        close(w->fd);
    w->spool = 0;
}

int ooc_finish(struct ooc *s, const struct ooc_output *out, struct ooc_result *res,
               emogi_error *err)
{
    struct merge m;
    struct writer w;
    double t;
    if (ooc_flush_last(s, err))
        return -1;
    t = emogi_now();
    setup(s, out, &m, &w);
    if (build_choose_width(w.g.nv, s->bo->id_width, &w.g.id_width, err))
        return -1;
    m.width = (int)w.g.id_width;
    if (ooc_check_vertices(s, err) || plan_merge(s, &m, w.g.nv, err))
        return -1;
    m.offsets = build_alloc(w.g.nv + 1, sizeof *m.offsets, "the offsets", err);
    if (!m.offsets)
        return -1;
    if (emogi_atomic_open(&w.a, out->path, err)) {
        free(m.offsets);
        return -1;
    }
    int rc = open_sections(s, &w, err);
    m.out_fd = w.fd;
    m.out_path = w.a.path;
    rc = rc ? rc : merge_all(s, &m, &w, out, res, err);
    merge_free_cells(&m);
    free(m.offsets);
    if (rc == 0 && w.spool)
        rc = copy_spool(&w, err);
    close_spool(&w);
    if (rc) {
        emogi_atomic_abort(&w.a);
        return -1;
    }
    s->st.merge_seconds = emogi_now() - t;
    return emogi_atomic_commit(&w.a, err);
}
