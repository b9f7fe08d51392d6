/*
 * ooc_merge.c - merging the runs of one side, cell by cell, in parallel.
 *
 * Cells are independent: a cell's sources are the same 2^16 input ids in
 * every run, and after the merge its lists fill one contiguous stretch of
 * the output.  So threads take cells (dynamic schedule: Kronecker hubs
 * make some cells heavy) and, per cell, decode the runs that have it and
 * merge each source's lists by (neighbour, weight key), combining the
 * weights of equal neighbours as the in-memory builder does (--combine).
 * Pass 1 only counts, giving the offsets; pass 2 writes neighbours and
 * weights at their final places with pwrite and keeps each cell's crc32,
 * combined in cell order afterwards.
 *
 * With --compress each merged list is encoded as it comes out, in vertex
 * order.  Pass 1 then also counts each cell's bytes of encoded lists
 * (encoding without output), which places every cell in the cneighbors
 * section; pass 2 encodes again, into the output buffer, or alone into a
 * buffer of its own when a list's encoding may not fit there, and leaves
 * each list's size in the offsets array for the byte offsets.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "emogi_clist.h"
#include "memory.h"
#include "ooc_merge.h"
#include "progress.h"

#define LISTS_MIN 256 /* entries the gathered lists start with */

struct cursor {
    uint64_t pos, end; /* run file bytes not yet read */
    uint8_t *buf;
    size_t i, n, cap;
    uint64_t v, deg, next; /* current record's source (UINT64_MAX: done) */
    const struct ooc_runside *rs;
};

struct worker {
    struct cursor *cur;
    uint8_t *bufs;
    uint64_t *ids, *tids, cap; /* gathered lists of the current source, scratch */
    uint32_t *keys, *tkeys;
    uint64_t *start; /* per list */
    uint8_t *onb;           /* pass 2 output */
    uint32_t *ow;
    uint64_t on, obase, cell_arcs;
    uint64_t self_loops; /* pass 1: kept in the merged lists */
    uint64_t cn, cbase, cell_bytes; /* compressing: bytes in onb, their place */
    unsigned char *enc;             /* a list whose encoding may not fit onb */
    uint64_t enc_cap;
    uint32_t crc_nb, crc_w;
    int failed;
    emogi_error err;
};

static int cur_fill(struct cursor *c, int fd)
{
    size_t want = c->end - c->pos < c->cap ? (size_t)(c->end - c->pos) : c->cap;
    ssize_t r;
    do
        r = pread(fd, c->buf, want, (off_t)c->pos);
    while (r < 0 && errno == EINTR);
    if (r <= 0)
        return -1;
    c->pos += (uint64_t)r;
    c->i = 0;
    c->n = (size_t)r;
    return 0;
}

static uint64_t cur_varint(struct cursor *c, int fd, int *bad)
{
    uint64_t v = 0;
    if (c->n - c->i >= VARINT_MAX) { /* the usual case: no refill can be due */
        const uint8_t *p = c->buf + c->i;
        for (int sh = 0, k = 0; k < VARINT_MAX; k++, sh += 7) {
            v |= (uint64_t)(p[k] & 0x7f) << sh;
            if (!(p[k] & 0x80)) {
                c->i += (size_t)k + 1;
                return v;
            }
        }
        *bad = 1;
        return 0;
    }
    for (int sh = 0; sh < 64; sh += 7) {
        if (c->i == c->n && cur_fill(c, fd)) {
            *bad = 1;
            return 0;
        }
        uint8_t b = c->buf[c->i++];
        v |= (uint64_t)(b & 0x7f) << sh;
        if (!(b & 0x80))
            return v;
    }
    *bad = 1;
    return 0;
}

static void cur_header(struct cursor *c, int fd, int *bad)
{
    if (c->i == c->n && c->pos == c->end) {
        c->v = UINT64_MAX;
        return;
    }
    c->v = c->next + cur_varint(c, fd, bad);
    c->deg = cur_varint(c, fd, bad);
    c->next = c->v + 1;
}

static uint64_t rank_of(const struct merge *m, uint64_t raw)
{
    if (!m->ids)
        return raw;
    uint64_t lo = 0, hi = m->nids; /* ids[lo..hi) holds raw */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (m->ids[mid] <= raw)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static int grow_lists(struct worker *w, uint64_t need)
{
    if (need <= w->cap)
        return 0;
    uint64_t cap = w->cap ? w->cap : LISTS_MIN;
    while (cap < need)
        cap *= 2;
    void *p;
    if (!(p = realloc(w->ids, cap * 8)))
        return -1;
    w->ids = p;
    if (!(p = realloc(w->tids, cap * 8)))
        return -1;
    w->tids = p;
    if (!(p = realloc(w->keys, cap * 4)))
        return -1;
    w->keys = p;
    if (!(p = realloc(w->tkeys, cap * 4)))
        return -1;
    w->tkeys = p;
    w->cap = cap;
    return 0;
}

static int before(uint64_t a, uint32_t ka, uint64_t b, uint32_t kb, int by_key)
{
    return a < b || (a == b && by_key && ka < kb);
}

/* Lists j and j+1 into the scratch arrays at their common start; equal
 * entries (by id alone unless BY_KEY) keep list j's first: the earlier
 * run's, which --combine first keeps. */
static void merge_two(struct worker *w, uint64_t a, uint64_t am, uint64_t bm, int by_key)
{
    uint64_t b = am, o = a;
    while (a < am && b < bm) {
        if (before(w->ids[b], w->keys[b], w->ids[a], w->keys[a], by_key)) {
            w->tids[o] = w->ids[b];
            w->tkeys[o++] = w->keys[b++];
        } else {
            w->tids[o] = w->ids[a];
            w->tkeys[o++] = w->keys[a++];
        }
    }
    for (; a < am; a++, o++) {
        w->tids[o] = w->ids[a];
        w->tkeys[o] = w->keys[a];
    }
    for (; b < bm; b++, o++) {
        w->tids[o] = w->ids[b];
        w->tkeys[o] = w->keys[b];
    }
}

/* N sorted lists [start[j], start[j+1]) -> one, merging pairs level by
 * level: d log n work for d entries, where picking the least head of n
 * lists each time costs d n. */
static void merge_tree(struct worker *w, int n, int by_key)
{
    while (n > 1) {
        int m = 0;
        for (int j = 0; j < n; j += 2) {
            uint64_t end = j + 1 < n ? w->start[j + 2] : w->start[j + 1];
            merge_two(w, w->start[j], w->start[j + 1], end, by_key);
            w->start[m++] = w->start[j];
        }
        w->start[m] = w->start[n];
        n = m;
        uint64_t *t = w->ids;
        w->ids = w->tids;
        w->tids = t;
        uint32_t *k = w->keys;
        w->keys = w->tkeys;
        w->tkeys = k;
    }
}

/* Decode cursor C's current list into w->ids/keys from AT; keys in the
 * merge's terms (an integer run's weights become float keys when any
 * weight in the input is real). */
static void read_list(const struct merge *m, struct worker *w, struct cursor *c, uint64_t at,
                      int *bad)
{
    uint64_t prev = 0;
    for (uint64_t i = 0; i < c->deg; i++) {
        prev += cur_varint(c, m->s->fd, bad);
        w->ids[at + i] = prev;
        w->keys[at + i] = 0;
    }
    if (!c->rs->weighted)
        return;
    for (uint64_t i = 0; i < c->deg; i++) {
        uint32_t k = (uint32_t)cur_varint(c, m->s->fd, bad);
        w->keys[at + i] = m->real && !c->rs->real ? float_key((float)k) : k;
    }
}

static int flush_out(const struct merge *m, struct worker *w)
{
    if (!w->on)
        return 0;
    size_t nbytes = (size_t)w->on * (size_t)m->width;
    w->crc_nb = (uint32_t)crc32(w->crc_nb, w->onb, (uInt)nbytes);
    if (ooc_pwrite(m->out_fd, w->onb, nbytes, m->nb_off + w->obase * m->width, m->out_path,
                   &w->err))
        return -1;
    if (m->weighted) {
        w->crc_w = (uint32_t)crc32(w->crc_w, (const Bytef *)w->ow, (uInt)(w->on * 4));
        if (ooc_pwrite(m->out_fd, w->ow, (size_t)w->on * 4, m->w_off + w->obase * 4,
                       m->out_path, &w->err))
            return -1;
    }
    w->obase += w->on;
    w->on = 0;
    return 0;
}

static uint32_t out_weight(const struct merge *m, uint64_t v, uint64_t u, uint32_t key)
{
    const struct build_opts *bo = m->bo;
    if (m->random)
        return random_weight(bo->seed, v, u, bo->wlo, bo->whi);
    if (!m->real)
        return key;
    float f = float_from_key(key);
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

static int emit(const struct merge *m, struct worker *w, uint64_t v, uint64_t u, uint32_t key)
{
    uint64_t fu = rank_of(m, u);
    if (m->width == 4)
        ((uint32_t *)w->onb)[w->on] = (uint32_t)fu;
    else
        ((uint64_t *)w->onb)[w->on] = fu;
    if (m->weighted)
        w->ow[w->on] = out_weight(m, v, fu, key);
    w->on++;
    w->cell_arcs++;
    return w->on == m->out_buf ? flush_out(m, w) : 0;
}

/* Merge K gathered lists of source V into w->ids/keys, each neighbour
 * once unless --keep-duplicates, the runs' weights of a neighbour (each
 * run's already combined, ascending here) combined as --combine says:
 * the length, or -1 when a sum overflows. */
static int64_t merged_list(const struct merge *m, struct worker *w, uint64_t v, int k)
{
    merge_tree(w, k, m->bo->combine != COMBINE_FIRST);
    uint64_t n = w->start[1], d = 0;
    if (m->keep_dups)
        return (int64_t)n;
    for (uint64_t h = 0; h < n; h++) {
        if (d == 0 || w->ids[h] != w->ids[d - 1]) {
            w->ids[d] = w->ids[h];
            w->keys[d++] = w->keys[h];
        } else if (m->weighted && !m->random &&
                   combine_keys(m->bo->combine, m->real, &w->keys[d - 1], w->keys[h])) {
            emogi_fail(&w->err, "%s: the sum of the weights of duplicate edge %llu %llu "
                       "overflows %s", m->s->o.name, (unsigned long long)v,
                       (unsigned long long)w->ids[h], m->real ? "float32" : "uint32");
            return -1;
        }
    }
    return (int64_t)d;
}

/* Merge K gathered lists of source V: count (pass 1) or emit (pass 2). */
static int merge_lists(const struct merge *m, struct worker *w, uint64_t v, int k, int pass)
{
    uint64_t fv = rank_of(m, v), count = 0;
    int64_t n = merged_list(m, w, v, k);
    if (n < 0)
        return -1;
    if (pass == 2 && w->on == 0)
        w->obase = m->offsets[fv];
    for (uint64_t h = 0; h < (uint64_t)n; h++) {
        count++;
        w->self_loops += w->ids[h] == v;
        if (pass == 2 && emit(m, w, fv, w->ids[h], w->keys[h]))
            return -1;
    }
    if (pass == 1)
        m->offsets[fv] = count;
    return 0;
}

/* ---- compressed lists ---- */

/* The most bytes emogi_clist_encode() gives for D ids below 2^(8 WIDTH):
 * a block of n is 2 bytes of header and, in mode 0, which it is never
 * larger than, f + (n-1) b bits with f <= 8 WIDTH + 1 and b <= 8 WIDTH;
 * so under 3 + WIDTH n bytes; and 8 bytes a skip entry. */
static uint64_t clist_bound(uint64_t d, uint64_t width)
{
    uint64_t nb = emogi_clist_blocks(d);
    return mem_add(mem_add(mem_mul(8, emogi_clist_skip_entries(nb)), mem_mul(3, nb)),
                   mem_mul(width, d));
}

static uLong crc_more(uLong crc, const unsigned char *p, uint64_t n)
{
    for (uint64_t i = 0; i < n;) {
        uInt k = n - i > (1u << 30) ? (1u << 30) : (uInt)(n - i);
        crc = crc32(crc, p + i, k);
        i += k;
    }
    return crc;
}

/* N bytes of encoded lists at P out after the cell's others. */
static int put_bytes(const struct merge *m, struct worker *w, const unsigned char *p, uint64_t n)
{
    w->crc_nb = (uint32_t)crc_more(w->crc_nb, p, n);
    if (ooc_pwrite(m->out_fd, p, (size_t)n, m->nb_off + w->cbase, m->out_path, &w->err))
        return -1;
    w->cbase += n;
    return 0;
}

static int flush_bytes(const struct merge *m, struct worker *w)
{
    int rc = w->cn ? put_bytes(m, w, w->onb, w->cn) : 0;
    w->cn = 0;
    return rc;
}

static int flush_weights(const struct merge *m, struct worker *w)
{
    if (!w->on)
        return 0;
    w->crc_w = (uint32_t)crc32(w->crc_w, (const Bytef *)w->ow, (uInt)(w->on * 4));
    if (ooc_pwrite(m->out_fd, w->ow, (size_t)w->on * 4, m->w_off + w->obase * 4, m->out_path,
                   &w->err))
        return -1;
    w->obase += w->on;
    w->on = 0;
    return 0;
}

/* The merged list of the source whose K lists were gathered, duplicates
 * dropped and ids final, into w->tids, its weight keys into w->tkeys (both
 * free once merge_tree() is done): its length. */
static int64_t final_list(const struct merge *m, struct worker *w, uint64_t v, int k)
{
    int64_t n = merged_list(m, w, v, k);
    for (int64_t h = 0; h < n; h++) {
        w->tids[h] = rank_of(m, w->ids[h]);
        w->tkeys[h] = w->keys[h];
    }
    return n;
}

/* Encode the D ids of FV in w->tids after the cell's lists so far. */
static int put_list(const struct merge *m, struct worker *w, uint64_t fv, uint64_t d,
                    uint64_t *size)
{
    uint64_t room = (uint64_t)m->out_buf * 8, bound = clist_bound(d, (uint64_t)m->width);
    if (bound <= room) {
        if (w->cn + bound > room && flush_bytes(m, w))
            return -1;
        *size = emogi_clist_encode(w->tids, 8, d, fv, w->onb + w->cn);
        w->cn += *size;
        return 0;
    }
    if (flush_bytes(m, w))
        return -1;
    if (bound > w->enc_cap) { /* sized for the lists' capacity, as counted */
        uint64_t cap = clist_bound(w->cap, (uint64_t)m->width);
        void *p = cap <= SIZE_MAX ? realloc(w->enc, (size_t)cap) : NULL;
        if (!p)
            return emogi_fail(&w->err, "out of memory for a list's encoding");
        w->enc = p;
        w->enc_cap = cap;
    }
    *size = emogi_clist_encode(w->tids, 8, d, fv, w->enc);
    return put_bytes(m, w, w->enc, *size);
}

/* Merge K gathered lists of source V, compressing: count its entries and
 * bytes (pass 1), or write its weights and encoding, keeping its size in
 * the offsets array (pass 2). */
static int merge_clist(const struct merge *m, struct worker *w, uint64_t v, int k, int pass)
{
    int64_t n = final_list(m, w, v, k);
    if (n < 0)
        return -1;
    uint64_t fv = rank_of(m, v), d = (uint64_t)n, size = 0;
    w->cell_arcs += d;
    if (pass == 1) {
        m->offsets[fv] = d;
        w->cell_bytes += emogi_clist_encode(w->tids, 8, d, fv, NULL);
        for (uint64_t i = 0; i < d; i++)
            w->self_loops += w->tids[i] == fv;
        return 0;
    }
    for (uint64_t i = 0; m->weighted && i < d; i++) {
        w->ow[w->on++] = out_weight(m, fv, w->tids[i], w->tkeys[i]);
        if (w->on == m->out_buf && flush_weights(m, w))
            return -1;
    }
    if (put_list(m, w, fv, d, &size))
        return -1;
    m->offsets[fv] = size;
    w->cell_bytes += size;
    return 0;
}

/* ---- cells ---- */

/* Cell CI's crc32s and counts from zero; compressing, pass 2 writes from
 * where pass 1's counts placed the cell. */
static void start_cell(const struct merge *m, struct worker *w, uint64_t ci, int pass)
{
    w->crc_nb = w->crc_w = (uint32_t)crc32(0, Z_NULL, 0);
    w->cell_arcs = w->cell_bytes = 0;
    w->on = w->cn = 0;
    if (m->compress && pass == 2) {
        w->obase = m->arc_at[ci];
        w->cbase = m->byte_at[ci];
    }
}

/* After cell CI's last list: compressing, pass 1 keeps its counts, and
 * pass 2 must find it as they said (else its lists would overlap the next
 * cell's); pass 2 writes what is buffered and keeps the crc32s. */
static int end_cell(const struct merge *m, struct worker *w, uint64_t ci, int pass)
{
    if (pass == 1) {
        if (m->compress) {
            m->cell_arcs[ci] = w->cell_arcs;
            m->cell_bytes[ci] = w->cell_bytes;
        }
        return 0;
    }
    if (!m->compress) {
        if (flush_out(m, w))
            return -1;
    } else if (flush_weights(m, w) || flush_bytes(m, w)) {
        return -1;
    } else if (w->cell_arcs != m->cell_arcs[ci] || w->cell_bytes != m->cell_bytes[ci]) {
        return emogi_fail(&w->err, "%s: run file changed during the merge (cell %llu)",
                          m->s->run_path, (unsigned long long)m->cells[ci]);
    }
    m->crc_nb[ci] = w->crc_nb;
    m->crc_w[ci] = w->crc_w;
    m->cell_arcs[ci] = w->cell_arcs;
    return 0;
}

static const struct ooc_cell *find_cell(const struct ooc_runside *rs, uint64_t cell)
{
    uint64_t lo = 0, hi = rs->ncells;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (rs->cells[mid].cell < cell)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < rs->ncells && rs->cells[lo].cell == cell ? &rs->cells[lo] : NULL;
}

static int do_cell(const struct merge *m, struct worker *w, uint64_t ci, int pass)
{
    uint64_t cell = m->cells[ci];
    int k = 0, bad = 0, fd = m->s->fd;
    for (uint64_t r = 0; r < m->side->nruns; r++) {
        const struct ooc_cell *c = find_cell(&m->side->runs[r], cell);
        if (!c)
            continue;
        struct cursor *cu = &w->cur[k++];
        cu->pos = c->off;
        cu->end = c->off + c->len;
        cu->i = cu->n = 0;
        cu->next = cell << OOC_CELL_SHIFT;
        cu->rs = &m->side->runs[r];
        cur_header(cu, fd, &bad);
    }
    start_cell(m, w, ci, pass);
    while (!bad) {
        uint64_t v = UINT64_MAX, total = 0;
        for (int j = 0; j < k; j++)
            if (w->cur[j].v < v)
                v = w->cur[j].v;
        if (v == UINT64_MAX)
            break;
        int n = 0;
        for (int j = 0; j < k; j++)
            if (w->cur[j].v == v)
                total += w->cur[j].deg;
        if (grow_lists(w, total))
            return emogi_fail(&w->err, "out of memory merging runs");
        for (int j = 0; j < k && !bad; j++) {
            struct cursor *cu = &w->cur[j];
            if (cu->v != v)
                continue;
            w->start[n + 1] = w->start[n] + cu->deg;
            read_list(m, w, cu, w->start[n], &bad);
            n++;
            cur_header(cu, fd, &bad);
        }
        if (!bad && (m->compress ? merge_clist(m, w, v, n, pass)
                                 : merge_lists(m, w, v, n, pass)))
            return -1;
    }
    if (bad)
        return emogi_fail(&w->err, "%s: run file unreadable or corrupt (cell %llu)",
                          m->s->run_path, (unsigned long long)cell);
    return end_cell(m, w, ci, pass);
}

static int worker_init(const struct merge *m, struct worker *w)
{
    uint64_t k = m->side->nruns;
    memset(w, 0, sizeof *w);
    w->cur = calloc(k, sizeof *w->cur);
    w->bufs = malloc(k * m->cursor_buf);
    w->start = calloc(k + 1, sizeof *w->start);
    w->onb = malloc(m->out_buf * 8);
    w->ow = malloc(m->out_buf * 4);
    if (!w->cur || !w->bufs || !w->start || !w->onb || !w->ow || grow_lists(w, 1))
        return emogi_fail(&w->err, "out of memory for the merge's buffers");
    for (uint64_t j = 0; j < k; j++) {
        w->cur[j].buf = w->bufs + j * m->cursor_buf;
        w->cur[j].cap = m->cursor_buf;
    }
    return 0;
}

static void worker_free(struct worker *w)
{
    free(w->cur);
    free(w->bufs);
    free(w->start);
    free(w->onb);
    free(w->ow);
    free(w->ids);
    free(w->keys);
    free(w->tids);
    free(w->tkeys);
    free(w->enc);
}

int merge_pass(const struct merge *m, int pass, emogi_error *err)
{
    int failed = 0;
    uint64_t done = 0;
#pragma omp parallel num_threads(m->threads)
    {
        struct worker w;
        int bad = worker_init(m, &w);
#pragma omp for schedule(dynamic, 1)
        for (uint64_t c = 0; c < m->ncells; c++)
            if (!bad && !failed) {
                bad = do_cell(m, &w, c, pass);
#pragma omp atomic
                done++;
                progress_update(pass == 1 ? "counting" : "merging", done, m->ncells, "cells");
            }
#pragma omp critical
        {
            if (bad && !failed) {
                failed = 1;
                *err = w.err;
            }
            if (pass == 1 && m->self_loops)
                *m->self_loops += w.self_loops;
        }
        worker_free(&w);
    }
    return failed ? -1 : 0;
}

uint64_t merge_worker_bytes(uint64_t runs, uint64_t cursor_buf, uint64_t out_buf,
                            uint64_t maxtotal, int compress)
{
    uint64_t lists = LISTS_MIN;
    while (lists < maxtotal && lists < (UINT64_MAX >> 6))
        lists *= 2; /* grow_lists() doubles */
    uint64_t b = mem_mul(runs, sizeof(struct cursor) + cursor_buf + 8);
    b = mem_add(b, mem_mul(out_buf, 12));
    b = mem_add(b, mem_mul(lists, 24)); /* ids, tids, keys, tkeys */
    return compress ? mem_add(b, clist_bound(lists, 8)) : b; /* put_list()'s own buffer */
}

static uint64_t side_maxtotal(const struct ooc_side *side)
{
    uint64_t t = 0;
    for (uint64_t r = 0; r < side->nruns; r++)
        t = mem_add(t, side->runs[r].maxdeg);
    return t;
}

uint64_t ooc_merge_maxtotal(const struct ooc *s)
{
    if (!s->side)
        return 0;
    return mem_max(side_maxtotal(&s->side[0]), side_maxtotal(&s->side[1]));
}

uint64_t ooc_merge_worker_min(const struct ooc *s)
{
    uint64_t runs = s->side ? s->side[0].nruns + 1 : 1; /* a run may still come */
    return merge_worker_bytes(runs, MERGE_CURSOR_MIN, MERGE_OUT_MIN, ooc_merge_maxtotal(s),
                              s->o.compress);
}

/* The union of the side's cells, ascending. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int merge_cells(struct merge *m, emogi_error *err)
{
    uint64_t n = 0;
    for (uint64_t r = 0; r < m->side->nruns; r++)
        n += m->side->runs[r].ncells;
    m->cells = malloc((n ? n : 1) * sizeof *m->cells);
    if (!m->cells)
        return emogi_fail(err, "out of memory");
    n = 0;
    for (uint64_t r = 0; r < m->side->nruns; r++)
        for (uint64_t c = 0; c < m->side->runs[r].ncells; c++)
            m->cells[n++] = m->side->runs[r].cells[c].cell;
    qsort(m->cells, n, sizeof *m->cells, cmp_u64);
    uint64_t u = 0;
    for (uint64_t i = 0; i < n; i++)
        if (u == 0 || m->cells[i] != m->cells[u - 1])
            m->cells[u++] = m->cells[i];
    m->ncells = u;
    m->crc_nb = calloc(u ? u : 1, sizeof *m->crc_nb);
    m->crc_w = calloc(u ? u : 1, sizeof *m->crc_w);
    m->cell_arcs = calloc(u ? u : 1, sizeof *m->cell_arcs);
    if (!m->crc_nb || !m->crc_w || !m->cell_arcs)
        return emogi_fail(err, "out of memory");
    if (!m->compress)
        return 0;
    m->cell_bytes = calloc(u ? u : 1, sizeof *m->cell_bytes);
    m->arc_at = calloc(u + 1, sizeof *m->arc_at);
    m->byte_at = calloc(u + 1, sizeof *m->byte_at);
    if (!m->cell_bytes || !m->arc_at || !m->byte_at)
        return emogi_fail(err, "out of memory");
    return 0;
}

uint64_t merge_cell_starts(struct merge *m)
{
    uint64_t arcs = 0, bytes = 0;
    for (uint64_t c = 0; c < m->ncells; c++) {
        m->arc_at[c] = arcs;
        m->byte_at[c] = bytes;
        arcs += m->cell_arcs[c];
        bytes += m->cell_bytes[c];
    }
    m->arc_at[m->ncells] = arcs;
    m->byte_at[m->ncells] = bytes;
    return bytes;
}

void merge_free_cells(struct merge *m)
{
    free(m->cells);
    free(m->crc_nb);
    free(m->crc_w);
    free(m->cell_arcs);
    free(m->cell_bytes);
    free(m->arc_at);
    free(m->byte_at);
    m->cells = NULL;
    m->crc_nb = m->crc_w = NULL;
    m->cell_arcs = m->cell_bytes = m->arc_at = m->byte_at = NULL;
}

/* The sections' crc32s from the cells', in cell order. */
void merge_crcs(const struct merge *m, uint32_t *nb, uint32_t *w)
{
    uLong a = crc32(0, Z_NULL, 0), b = a;
    for (uint64_t c = 0; c < m->ncells; c++) {
        uint64_t len = m->compress ? m->cell_bytes[c] : m->cell_arcs[c] * (uint64_t)m->width;
        a = crc32_combine(a, m->crc_nb[c], (z_off_t)len);
        b = crc32_combine(b, m->crc_w[c], (z_off_t)(m->cell_arcs[c] * 4));
    }
    *nb = (uint32_t)a;
    *w = (uint32_t)b;
}
