/*
 * clist.c - encode, decode and check compressed neighbour lists (the
 * layout is emogi-csr(5)'s "Compressed neighbour lists"; emogi_clist.h
 * gives the shape).  One parser of block headers serves the decoder, the
 * iterator's seek and the checker, and it bounds every read by the bytes
 * left in the list, so corrupt input can only make it fail.
 */
#include <stdlib.h>
#include <string.h>

#include "csr_internal.h"
#include "emogi_clist.h"

static inline uint64_t id_at(const void *ids, uint32_t width, uint64_t i)
{
    return width == 4 ? ((const uint32_t *)ids)[i] : ((const uint64_t *)ids)[i];
}

/* Eight bytes from P, fewer (zero-filled) when only AVAIL are there. */
static inline uint64_t load_le64(const unsigned char *p, uint64_t avail)
{
    uint64_t x = 0;
    if (avail >= 8) {
        memcpy(&x, p, 8);
        return x;
    }
    for (uint64_t i = 0; i < avail; i++)
        x |= (uint64_t)p[i] << (8 * i);
    return x;
}

/* W bits (0..64) at bit POS of the N-byte stream P; POS + W <= 8N. */
static inline uint64_t get_bits(const unsigned char *p, uint64_t n, uint64_t pos, unsigned w)
{
    if (w == 0)
        return 0;
    uint64_t byte = pos >> 3;
    unsigned sh = (unsigned)(pos & 7);
    uint64_t x = load_le64(p + byte, n - byte) >> sh;
    if (sh + w > 64) /* the field's tail sits in a ninth byte */
        x |= (uint64_t)p[byte + 8] << (64 - sh);
    return w == 64 ? x : x & ((UINT64_C(1) << w) - 1);
}

/* ---- encoding ---- */

struct bit_writer {
    unsigned char *p; /* NULL: count only */
    uint64_t bytes;
    uint64_t acc;
    unsigned nacc;
};

static void put_bits(struct bit_writer *w, uint64_t v, unsigned n)
{
    if (n > 32) { /* keep the accumulator below 64 bits */
        put_bits(w, v & 0xffffffffu, 32);
        put_bits(w, v >> 32, n - 32);
        return;
    }
    if (n < 64)
        v &= (UINT64_C(1) << n) - 1;
    w->acc |= v << w->nacc;
    w->nacc += n;
    for (; w->nacc >= 8; w->nacc -= 8, w->acc >>= 8)
        if (w->p)
            w->p[w->bytes++] = (unsigned char)w->acc;
        else
            w->bytes++;
}

static void flush_bits(struct bit_writer *w)
{
    if (w->nacc)
        put_bits(w, 0, 8 - w->nacc);
}

/* The widths and mode one block is written with, chosen by size. */
struct block_plan {
    unsigned f, b, mode;
    uint64_t code, mask;
};

static void plan_block(const uint64_t *v, unsigned n, uint64_t u, struct block_plan *pl)
{
    uint64_t all = 0, other = 0, mask = 0;
    unsigned exceptions = 0;
    for (unsigned i = 1; i < n; i++) {
        uint64_t g = v[i] - v[i - 1];
        all |= g;
        if (g == 1)
            mask |= UINT64_C(1) << (i - 1);
        else
            other |= g, exceptions++;
    }
    pl->code = emogi_clist_zigzag(v[0] - u);
    pl->f = emogi_clist_bit_width(pl->code);
    pl->mask = mask;
    /* widths from the OR of the values: the same as from their maximum */
    unsigned b0 = emogi_clist_bit_width(all), b1 = emogi_clist_bit_width(other);
    uint64_t bits0 = pl->f + (uint64_t)(n - 1) * b0;
    uint64_t bits1 = pl->f + (n - 1) + (uint64_t)exceptions * b1;
    pl->mode = n >= 2 && (bits1 + 7) / 8 < (bits0 + 7) / 8;
    pl->b = pl->mode ? b1 : (n >= 2 ? b0 : 0);
}

static void encode_block(struct bit_writer *w, const uint64_t *v, unsigned n, uint64_t u)
{
    struct block_plan pl;
    plan_block(v, n, u, &pl);
    put_bits(w, pl.b | pl.mode << 7, 8);
    put_bits(w, pl.f, 8);
    put_bits(w, pl.code, pl.f);
    if (pl.mode)
        put_bits(w, pl.mask, n - 1);
    for (unsigned i = 1; i < n; i++) {
        uint64_t g = v[i] - v[i - 1];
        if (!pl.mode || g != 1)
            put_bits(w, g, pl.b);
    }
    flush_bits(w);
}

uint64_t emogi_clist_encode(const void *ids, uint32_t width, uint64_t d, uint64_t u,
                            unsigned char *out)
{
    uint64_t nb = emogi_clist_blocks(d), nskip = emogi_clist_skip_entries(nb);
    struct bit_writer w = {out, 8 * nskip, 0, 0};
    uint64_t v[EMOGI_CLIST_BLOCK];
    for (uint64_t k = 0; k < nb; k++) {
        if (k > 0 && k % EMOGI_CLIST_SKIP == 0 && out)
            put_le64(out + 8 * (k / EMOGI_CLIST_SKIP - 1), w.bytes);
        uint64_t first = k * EMOGI_CLIST_BLOCK;
        unsigned n = (unsigned)(d - first < EMOGI_CLIST_BLOCK ? d - first : EMOGI_CLIST_BLOCK);
        for (unsigned i = 0; i < n; i++)
            v[i] = id_at(ids, width, first + i);
        encode_block(&w, v, n, u);
    }
    return w.bytes;
}

/* ---- decoding ---- */

struct block_head {
    unsigned b, f, mode, n;
    uint64_t mask;
    uint64_t xbase; /* bit offset of the first exception in the stream */
    uint64_t bits;  /* bits of the stream before its padding */
    uint64_t size;  /* bytes of the whole block */
    uint64_t avail; /* bytes of the list from the block's start */
};

/* Parse the header of an N-entry block at P with AVAIL bytes left in the
 * list; gap widths up to MAXB.  Reads nothing past P + AVAIL. */
static enum emogi_clist_fault parse_block(const unsigned char *p, uint64_t avail, unsigned n,
                                          unsigned maxb, struct block_head *h)
{
    if (avail < 2)
        return EMOGI_CLIST_SHORT;
    h->n = n;
    h->avail = avail;
    h->b = p[0] & 0x7f;
    h->mode = p[0] >> 7;
    h->f = p[1];
    if (h->f & 0x80 || (h->mode && n < 2))
        return EMOGI_CLIST_RESERVED;
    if (h->f > 64 || h->b > maxb)
        return EMOGI_CLIST_WIDTH;
    uint64_t s = avail - 2, exceptions = n - 1;
    h->xbase = h->f;
    h->mask = 0;
    if (h->mode) {
        if (h->f + (uint64_t)(n - 1) > 8 * s)
            return EMOGI_CLIST_SHORT;
        h->mask = get_bits(p + 2, s, h->f, n - 1);
        exceptions -= (uint64_t)__builtin_popcountll(h->mask);
        h->xbase += n - 1;
    }
    h->bits = h->xbase + exceptions * h->b;
    h->size = 2 + (h->bits + 7) / 8;
    return h->size > avail ? EMOGI_CLIST_SHORT : EMOGI_CLIST_OK;
}

/* The widest gap the fast loops read with one 8-byte load: a field may
 * start at any of a byte's 8 bits. */
#define FAST_MAX_WIDTH 57u
/* The most bytes a block's stream can take: f, the mask, 31 gaps of 64. */
#define MAX_STREAM ((64 + 31 + 31 * 64 + 7) / 8)

static inline uint64_t load64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

static inline __attribute__((always_inline)) int in_bitmap(const uint64_t *bm, uint64_t v)
{
    return (int)((bm[v >> 6] >> (v & 63)) & 1);
}

/* The gaps of a block whose widths pass FAST_MAX_WIDTH, through the
 * checked reader: such blocks hold 8-byte ids far apart, and are rare. */
static unsigned decode_wide(const unsigned char *s, const struct block_head *h, uint64_t id,
                            uint64_t *out, const uint64_t *bm, int *hit)
{
    uint64_t sb = h->size - 2, x = h->xbase;
    for (unsigned i = 1; i < h->n; i++) {
        if (h->mode && (h->mask >> (i - 1)) & 1) {
            id += 1;
        } else {
            id += get_bits(s, sb, x, h->b);
            x += h->b;
        }
        out[i] = id;
        if (bm && in_bitmap(bm, id)) {
            *hit = 1;
            return i + 1;
        }
    }
    return h->n;
}

/*
 * The entries of a parsed block (P its first byte), as unchecked sums,
 * into OUT; with a bitmap BM, stop after the first entry whose bit is set
 * (*HIT = 1) and return how many were decoded.  Each gap is one unchecked
 * 8-byte load, a shift and a mask, without a branch in either mode; for
 * that the stream needs 8 readable bytes past its end, so a block that
 * ends within 8 bytes of the list's end is first copied, zero-padded.
 */
static inline __attribute__((always_inline)) unsigned
decode_block(const unsigned char *p, const struct block_head *h, uint64_t u, uint64_t *out,
             const uint64_t *bm, int *hit)
{
    const unsigned char *s = p + 2;
    uint64_t sb = h->size - 2, id = u + emogi_clist_unzigzag(get_bits(s, sb, 0, h->f));
    out[0] = id;
    if (bm && in_bitmap(bm, id)) {
        *hit = 1;
        return 1;
    }
    if (h->n == 1)
        return 1;
    if (h->b > FAST_MAX_WIDTH)
        return decode_wide(s, h, id, out, bm, hit);
    unsigned char copy[MAX_STREAM + 8];
    if (h->avail < h->size + 8) {
        memcpy(copy, s, sb);
        memset(copy + sb, 0, 8);
        s = copy;
    }
    const uint64_t m = (UINT64_C(1) << h->b) - 1, b = h->b;
    uint64_t x = h->xbase;
    for (unsigned i = 1; i < h->n; i++) {
        uint64_t gap = (load64(s + (x >> 3)) >> (x & 7)) & m;
        /* mode 1: a set mask bit is a gap of 1 and reads no field */
        uint64_t one = h->mode ? (h->mask >> (i - 1)) & 1 : 0;
        id += one ? 1 : gap;
        x += one ? 0 : b;
        out[i] = id;
        if (bm && in_bitmap(bm, id)) {
            *hit = 1;
            return i + 1;
        }
    }
    return h->n;
}

static unsigned block_entries(uint64_t d, uint64_t k)
{
    uint64_t left = d - k * EMOGI_CLIST_BLOCK;
    return (unsigned)(left < EMOGI_CLIST_BLOCK ? left : EMOGI_CLIST_BLOCK);
}

void emogi_clist_iter_init(struct emogi_clist_iter *it, const unsigned char *list, uint64_t len,
                           uint64_t d, uint64_t u)
{
    *it = (struct emogi_clist_iter){list, len, d, u, 0,
                                    8 * emogi_clist_skip_entries(emogi_clist_blocks(d))};
}

int emogi_clist_seek(struct emogi_clist_iter *it, uint64_t k)
{
    uint64_t nb = emogi_clist_blocks(it->d), nskip = emogi_clist_skip_entries(nb);
    if (k > nb || 8 * nskip > it->len)
        return -1;
    uint64_t j = k / EMOGI_CLIST_SKIP, pos = 8 * nskip;
    if (j > 0 && j <= nskip)
        pos = get_le64(it->list + 8 * (j - 1));
    else
        j = 0;
    for (uint64_t b = j * EMOGI_CLIST_SKIP; b < k; b++) {
        struct block_head h;
        if (pos > it->len ||
            parse_block(it->list + pos, it->len - pos, block_entries(it->d, b), 64, &h))
            return -1;
        pos += h.size;
    }
    it->block = k;
    it->pos = pos;
    return 0;
}

int emogi_clist_next(struct emogi_clist_iter *it, uint64_t out[EMOGI_CLIST_BLOCK])
{
    if (it->block >= emogi_clist_blocks(it->d))
        return 0;
    struct block_head h;
    unsigned n = block_entries(it->d, it->block);
    if (it->pos > it->len || parse_block(it->list + it->pos, it->len - it->pos, n, 64, &h))
        return -1;
    decode_block(it->list + it->pos, &h, it->u, out, NULL, NULL);
    it->pos += h.size;
    it->block++;
    return (int)n;
}

int emogi_clist_find_in_bitmap(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                               const uint64_t *bitmap, uint64_t *read)
{
    uint64_t nb = emogi_clist_blocks(d), pos = 8 * emogi_clist_skip_entries(nb);
    uint64_t ids[EMOGI_CLIST_BLOCK];
    *read = 0;
    for (uint64_t k = 0; k < nb; k++) {
        struct block_head h;
        int hit = 0;
        if (pos > len || parse_block(list + pos, len - pos, block_entries(d, k), 64, &h))
            return -1;
        *read += decode_block(list + pos, &h, u, ids, bitmap, &hit);
        if (hit)
            return 1;
        pos += h.size;
    }
    return 0;
}

int emogi_clist_decode(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                       uint64_t *out)
{
    struct emogi_clist_iter it;
    uint64_t buf[EMOGI_CLIST_BLOCK];
    int n;
    emogi_clist_iter_init(&it, list, len, d, u);
    for (uint64_t i = 0; (n = emogi_clist_next(&it, buf)) > 0; i += (uint64_t)n)
        memcpy(out + i, buf, (size_t)n * sizeof *buf);
    return n < 0 ? -1 : 0;
}

/* ---- checking ---- */

const char *emogi_clist_fault_text(enum emogi_clist_fault f)
{
    switch (f) {
    case EMOGI_CLIST_OK: return "no fault";
    case EMOGI_CLIST_SHORT: return "a block or the skip index runs past the end of the list";
    case EMOGI_CLIST_WIDTH: return "a block's bit width is out of range";
    case EMOGI_CLIST_RESERVED: return "a block's reserved bits are set";
    case EMOGI_CLIST_PADDING: return "a block's padding bits are not zero";
    case EMOGI_CLIST_RANGE: return "an id is not below the vertex count";
    case EMOGI_CLIST_DESCENDING: return "ids not ascending";
    case EMOGI_CLIST_SKIP_INDEX: return "a skip-index entry does not point at its block";
    case EMOGI_CLIST_LENGTH: return "the last block ends before the list does";
    }
    return "unknown fault";
}

static int report(struct emogi_clist_report *rep, enum emogi_clist_fault f, uint64_t entry,
                  uint64_t value, uint64_t prev)
{
    *rep = (struct emogi_clist_report){f, entry, value, prev};
    return -1;
}

/* The block at P (entries from FIRST) against its padding, NV and the
 * predecessor *PREV (UINT64_MAX before the first entry). */
static int check_block(const unsigned char *p, const struct block_head *h, uint64_t u,
                       uint64_t nv, uint64_t first, uint64_t *prev,
                       struct emogi_clist_report *rep)
{
    uint64_t v[EMOGI_CLIST_BLOCK], sb = h->size - 2;
    unsigned pad = (unsigned)(8 * sb - h->bits);
    if (get_bits(p + 2, sb, h->bits, pad) != 0)
        return report(rep, EMOGI_CLIST_PADDING, first, 0, 0);
    decode_block(p, h, u, v, NULL, NULL);
    for (unsigned i = 0; i < h->n; i++) {
        if (v[i] >= nv)
            return report(rep, EMOGI_CLIST_RANGE, first + i, v[i], 0);
        /* a sum past 2^64 wraps below its predecessor: caught here */
        if (*prev != UINT64_MAX && v[i] < *prev)
            return report(rep, EMOGI_CLIST_DESCENDING, first + i, v[i], *prev);
        *prev = v[i];
    }
    return 0;
}

int emogi_clist_check(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                      uint64_t nv, uint32_t width, struct emogi_clist_report *rep)
{
    uint64_t nb = emogi_clist_blocks(d), nskip = emogi_clist_skip_entries(nb);
    uint64_t pos = 8 * nskip, prev = UINT64_MAX;
    if (pos > len)
        return report(rep, EMOGI_CLIST_SHORT, 0, 0, 0);
    for (uint64_t k = 0; k < nb; k++) {
        struct block_head h;
        uint64_t first = k * EMOGI_CLIST_BLOCK;
        if (k > 0 && k % EMOGI_CLIST_SKIP == 0) {
            uint64_t skip = get_le64(list + 8 * (k / EMOGI_CLIST_SKIP - 1));
            if (skip != pos)
                return report(rep, EMOGI_CLIST_SKIP_INDEX, first, skip, pos);
        }
        enum emogi_clist_fault f =
            parse_block(list + pos, len - pos, block_entries(d, k), 8 * width, &h);
        if (f != EMOGI_CLIST_OK)
            return report(rep, f, first, 0, 0);
        if (check_block(list + pos, &h, u, nv, first, &prev, rep) < 0)
            return -1;
        pos += h.size;
    }
    if (pos != len)
        return report(rep, EMOGI_CLIST_LENGTH, d, pos, len);
    return 0;
}

/* ---- whole directions ---- */

int emogi_csr_compress_lists(const uint64_t *off, const void *ids, uint32_t width, uint64_t nv,
                             uint64_t *coff, unsigned char *bytes, emogi_error *err)
{
    if (width != 4 && width != 8)
        return emogi_fail(err, "id width %u: compressed lists take 4 or 8", width);
    if (!bytes) {
        coff[0] = 0;
        EMOGI_OMP(parallel for schedule(dynamic, 1024))
        for (uint64_t u = 0; u < nv; u++)
            coff[u + 1] = emogi_clist_encode((const char *)ids + off[u] * width, width,
                                             off[u + 1] - off[u], u, NULL);
        for (uint64_t u = 0; u < nv; u++)
            coff[u + 1] += coff[u];
        return 0;
    }
    EMOGI_OMP(parallel for schedule(dynamic, 1024))
    for (uint64_t u = 0; u < nv; u++)
        emogi_clist_encode((const char *)ids + off[u] * width, width, off[u + 1] - off[u], u,
                           bytes + coff[u]);
    return 0;
}

int emogi_clist_compress(const uint64_t *off, const void *ids, uint32_t width, uint64_t nv,
                         uint64_t **coff, unsigned char **bytes, emogi_error *err)
{
    uint64_t *c = malloc((nv + 1) * sizeof *c);
    if (!c)
        return emogi_fail(err, "out of memory for %llu list offsets", (unsigned long long)nv + 1);
    if (emogi_csr_compress_lists(off, ids, width, nv, c, NULL, err) < 0) {
        free(c);
        return -1;
    }
    uint64_t total = c[nv];
    unsigned char *b = total <= SIZE_MAX ? malloc(total ? (size_t)total : 1) : NULL;
    if (!b) {
        free(c);
        return emogi_fail(err, "out of memory for %llu bytes of compressed lists",
                          (unsigned long long)total);
    }
    emogi_csr_compress_lists(off, ids, width, nv, c, b, err);
    *coff = c;
    *bytes = b;
    return 0;
}

/* A list's length to within a quarter of an octave, in a byte: its bit
 * length and the two bits below the top one (the lengths 0-3 as they
 * are).  A byte a vertex stays in cache where the offsets do not, so
 * emogi_lists_firsts reads these rather than the offsets
 * (bench/journal/2026-11-27-which-in-neighbour-to-keep.md). */
static unsigned char length_class(uint64_t len)
{
    unsigned b = 0;
    while (b < 64 && len >> b)
        b++;
    const unsigned c = b < 3 ? (unsigned)len : 4 * b + (unsigned)(len >> (b - 3) & 3);
    return (unsigned char)(c < 255 ? c : 255);
}

void emogi_length_classes(const uint64_t *off, uint64_t nv, unsigned char *cls)
{
    EMOGI_OMP(parallel for schedule(static))
    for (uint64_t w = 0; w < nv; w++)
        cls[w] = length_class(off[w + 1] - off[w]);
}

int emogi_lists_firsts(const struct emogi_lists *l, uint64_t nv, uint32_t width,
                       const unsigned char *classes, uint64_t nclasses, void *out)
{
    int bad = 0;
    /* Classes by id - BASE, below N_BY: the ones given, or L's own (ids outside
     * L's vertices then count as empty), or, where there is no memory for
     * them, none: L's offsets read directly. */
    unsigned char *own = NULL;
    uint64_t base = 0, n_by = nclasses;
    if (!classes) {
        if ((own = malloc(nv ? nv : 1)))
            emogi_length_classes(l->off, nv, own);
        classes = own, base = l->first, n_by = nv;
    }
    EMOGI_OMP(parallel for schedule(dynamic, 4096) reduction(| : bad))
    for (uint64_t u = 0; u < nv; u++) {
        uint64_t kept = 0, ids[EMOGI_CLIST_BLOCK];
        unsigned most = 0;
        int n = 0;
        if (l->off[u] < l->off[u + 1]) { /* plain: 32 ids; compressed: its first block */
            struct emogi_list_reader r;
            emogi_list_open(&r, l, l->first + u);
            if ((n = emogi_list_next(&r, ids)) <= 0)
                bad = 1;
        }
        for (int i = 0; i < n; i++) {
            const uint64_t w = ids[i] - base; /* wraps past n_by below base */
            const unsigned c = w >= n_by ? 0
                               : classes ? classes[w]
                                         : length_class(l->off[w + 1] - l->off[w]);
            if (i == 0 || c > most)
                kept = ids[i], most = c;
        }
        if (width == 4)
            ((uint32_t *)out)[u] = (uint32_t)kept;
        else
            ((uint64_t *)out)[u] = kept;
    }
    free(own);
    return bad ? -1 : 0;
}

/* List U decoded into IDS at its edge offset, at WIDTH bytes an id; it
 * was encoded for vertex BASE + U (a part file's whole-graph id). */
static int decompress_list(const uint64_t *off, const uint64_t *coff, const unsigned char *bytes,
                           uint64_t u, uint64_t base, uint32_t width, void *ids)
{
    struct emogi_clist_iter it;
    uint64_t buf[EMOGI_CLIST_BLOCK], at = off[u];
    int n;
    emogi_clist_iter_init(&it, bytes + coff[u], coff[u + 1] - coff[u], off[u + 1] - off[u],
                          base + u);
    while ((n = emogi_clist_next(&it, buf)) > 0)
        for (int i = 0; i < n; i++, at++)
            if (width == 4)
                ((uint32_t *)ids)[at] = (uint32_t)buf[i];
            else
                ((uint64_t *)ids)[at] = buf[i];
    return n;
}

/* Decode every list into IDS; the first corrupt list's vertex, or
 * UINT64_MAX when all decode. */
static uint64_t decompress_into(const uint64_t *off, const uint64_t *coff,
                                const unsigned char *bytes, uint64_t nv, uint64_t base,
                                uint32_t width, void *ids)
{
    uint64_t bad = UINT64_MAX;
    EMOGI_OMP(parallel for schedule(dynamic, 1024) reduction(min : bad))
    for (uint64_t u = 0; u < nv; u++)
        if (decompress_list(off, coff, bytes, u, base, width, ids) < 0 && u < bad)
            bad = u;
    return bad;
}

int emogi_clist_decompress(const uint64_t *off, const uint64_t *coff, const unsigned char *bytes,
                           uint64_t nv, uint32_t width, void **ids, emogi_error *err)
{
    void *out = malloc(off[nv] ? off[nv] * width : 1);
    if (!out)
        return emogi_fail(err, "out of memory for %llu ids", (unsigned long long)off[nv]);
    uint64_t bad = decompress_into(off, coff, bytes, nv, 0, width, out);
    if (bad != UINT64_MAX) {
        free(out);
        return emogi_fail(err, "compressed list of vertex %llu is corrupt",
                          (unsigned long long)bad);
    }
    *ids = out;
    return 0;
}

int emogi_csr_decompress(const struct emogi_graph *g, int transpose, void *ids, emogi_error *err)
{
    const char *name = g->path ? g->path : "graph";
    const uint64_t *coff = transpose ? g->t_coffsets : g->coffsets;
    if (!emogi_compressed(g) || !coff)
        return emogi_fail(err, "%s: no compressed %s lists", name,
                          transpose ? "transpose" : "neighbour");
    uint64_t bad = decompress_into(transpose ? g->t_offsets : g->offsets, coff,
                                   transpose ? g->t_cneighbors : g->cneighbors, g->nv,
                                   emogi_id_base(g), g->id_width, ids);
    if (bad != UINT64_MAX)
        return emogi_fail(err, "%s: compressed %slist of vertex %llu is corrupt", name,
                          transpose ? "transpose " : "", (unsigned long long)bad);
    return 0;
}
