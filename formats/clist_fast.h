/*
 * clist_fast.h - the compressed-list decoders of the CPU kernels' inner
 * loops: the encoding of emogi_clist.h, decoded by static inline code
 * that the compiler folds into each loop, with no call per block.
 *
 * Speed comes from unchecked 8-byte loads: a block's header and first id
 * are read as whole words and each gap is one load, a shift and a mask.
 * Safety stays that of clist.c: no decoder here reads outside the list's
 * section (the whole coffsets/cneighbors direction), valid data or not.
 * Two checks per block keep it so: the bytes the header claims must lie
 * inside the list, and a load may run at most 8 bytes past them, so a
 * block within EMOGI_CLIST_MAX_BLOCK + 8 bytes of the section's end (the
 * last lists of a section that is not padded, e.g. built in memory) is
 * first copied into a zero-padded buffer.  A block that fails a check
 * reads as entries equal to the list's own vertex, as do the blocks after
 * it, so callers always get D entries; but the ids of a corrupt block
 * that passes the checks are what it holds (perhaps not below nv): the
 * kernels rely on emogi_csr_open having checked every list with
 * emogi_clist_check.  On such lists the results equal those of
 * emogi_clist_decode.
 */
#ifndef EMOGI_CLIST_FAST_H
#define EMOGI_CLIST_FAST_H

#include <stdint.h>
#include <string.h>

#include "emogi_clist.h"

#define EMOGI_CLIST_INLINE static inline __attribute__((always_inline))

/* The largest block: header, f of 64 bits, a 31-bit mask, 31 gaps of 64. */
#define EMOGI_CLIST_MAX_BLOCK (2u + (64u + 31u + 31u * 64u + 7u) / 8u)
/* The widest gap one 8-byte load reads whatever its first bit's place. */
#define EMOGI_CLIST_LOAD_WIDTH 57u

/* One direction's compressed lists, and where its section ends. */
struct emogi_clist_dir {
    const uint64_t *off;        /* nv+1 entry offsets: the degrees */
    const uint64_t *coff;       /* nv+1 byte offsets of the lists */
    const unsigned char *bytes; /* the lists: coff[nv] readable bytes */
    const unsigned char *end;   /* bytes + coff[nv] */
};

EMOGI_CLIST_INLINE struct emogi_clist_dir emogi_clist_dir_of(const uint64_t *off,
                                                             const uint64_t *coff,
                                                             const unsigned char *bytes,
                                                             uint64_t nv)
{
    return (struct emogi_clist_dir){off, coff, bytes, bytes + coff[nv]};
}

EMOGI_CLIST_INLINE uint64_t emogi_clist_word(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}

/* Bits set in a 32-bit mask, without assuming a popcount instruction. */
EMOGI_CLIST_INLINE unsigned emogi_clist_ones(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* A parsed block header, and the block's first id. */
struct emogi_clist_head {
    unsigned b, mode;
    uint64_t mask;  /* mode 1: bit i-1 set when gap i is 1 */
    uint64_t xbase; /* bit of the first gap field in the stream */
    uint64_t size;  /* bytes of the block */
    uint64_t first;
};

/*
 * Parse the N-entry block of vertex U at P, AVAIL bytes of the list left
 * from P; 1, or 0 when it is malformed or runs past the list.  Reads only
 * [P, P + min(AVAIL, EMOGI_CLIST_MAX_BLOCK) + 8): see emogi_clist_at.
 */
EMOGI_CLIST_INLINE int emogi_clist_head(const unsigned char *p, uint64_t avail, unsigned n,
                                        uint64_t u, struct emogi_clist_head *h)
{
    if (avail < 2)
        return 0;
    const unsigned b = p[0] & 0x7f, mode = p[0] >> 7, f = p[1];
    const unsigned char *s = p + 2;
    if (f > 64 || b > 64 || (mode && n < 2))
        return 0;
    uint64_t gaps = n - 1;
    h->b = b;
    h->mode = mode;
    h->mask = 0;
    h->xbase = f;
    if (mode) {
        if (2 + (f + gaps + 7) / 8 > avail) /* the mask's own bytes first */
            return 0;
        h->mask = (emogi_clist_word(s + f / 8) >> (f % 8)) & ((UINT64_C(1) << gaps) - 1);
        h->xbase += gaps;
        gaps -= emogi_clist_ones((uint32_t)h->mask);
    }
    h->size = 2 + (h->xbase + gaps * b + 7) / 8;
    if (h->size > avail)
        return 0;
    uint64_t code = emogi_clist_word(s) & (f ? ~UINT64_C(0) >> (64 - f) : 0);
    h->first = u + emogi_clist_unzigzag(code);
    return 1;
}

/* The gap field at bit X of stream S, B bits wide (up to 64). */
EMOGI_CLIST_INLINE uint64_t emogi_clist_wide_gap(const unsigned char *s, uint64_t x, unsigned b)
{
    unsigned sh = (unsigned)(x % 8);
    uint64_t g = emogi_clist_word(s + x / 8) >> sh;
    if (sh + b > 64) /* the field's tail is in a ninth byte, inside the field */
        g |= (uint64_t)s[x / 8 + 8] << (64 - sh);
    return b == 64 ? g : g & ((UINT64_C(1) << b) - 1);
}

/* Whether BM, when given, has ID's bit set. */
EMOGI_CLIST_INLINE int emogi_clist_hit(const uint64_t *bm, uint64_t id)
{
    return bm && (bm[id >> 6] >> (id & 63)) & 1;
}

/*
 * Entries 1..WANT-1 of the parsed block at P (H) into OUT (unless OUT is
 * NULL), each as it is summed; with a bitmap BM, stop at the first entry
 * whose bit is set and return its index + 1 (0 when none is).  Each gap
 * is an 8-byte load, a shift and a mask: mode 0 has no branch per entry
 * but the bitmap's, mode 1 picks gap 1 or the next field by the mask.
 */
EMOGI_CLIST_INLINE unsigned emogi_clist_gaps(const unsigned char *p,
                                             const struct emogi_clist_head *h, unsigned want,
                                             uint64_t *out, const uint64_t *bm)
{
    const unsigned char *s = p + 2;
    const unsigned b = h->b;
    uint64_t id = h->first, x = h->xbase;
    if (b > EMOGI_CLIST_LOAD_WIDTH) { /* 8-byte ids far apart: rare */
        for (unsigned i = 1; i < want; i++) {
            uint64_t one = (h->mask >> (i - 1)) & 1;
            id += one ? 1 : emogi_clist_wide_gap(s, x, b);
            x += one ? 0 : b;
            if (out)
                out[i] = id;
            if (emogi_clist_hit(bm, id))
                return i + 1;
        }
        return 0;
    }
    const uint64_t m = (UINT64_C(1) << b) - 1;
    if (!h->mode) {
        for (unsigned i = 1; i < want; i++, x += b) {
            id += (emogi_clist_word(s + x / 8) >> (x % 8)) & m;
            if (out)
                out[i] = id;
            if (emogi_clist_hit(bm, id))
                return i + 1;
        }
        return 0;
    }
    for (unsigned i = 1; i < want; i++) {
        uint64_t gap = (emogi_clist_word(s + x / 8) >> (x % 8)) & m;
        uint64_t one = (h->mask >> (i - 1)) & 1;
        id += one ? 1 : gap;
        x += one ? 0 : b;
        if (out)
            out[i] = id;
        if (emogi_clist_hit(bm, id))
            return i + 1;
    }
    return 0;
}

/*
 * The block at P in a list with AVAIL bytes left from P and ROOM >= AVAIL
 * readable bytes of the section from P: P itself where the loads stay
 * inside the section, else a copy of the block in PAD, zero-padded.
 */
EMOGI_CLIST_INLINE const unsigned char *
emogi_clist_at(const unsigned char *p, uint64_t avail, uint64_t room,
               unsigned char pad[EMOGI_CLIST_MAX_BLOCK + 8])
{
    uint64_t span = avail < EMOGI_CLIST_MAX_BLOCK ? avail : EMOGI_CLIST_MAX_BLOCK;
    if (room >= span + 8)
        return p;
    memcpy(pad, p, span);
    memset(pad + span, 0, EMOGI_CLIST_MAX_BLOCK + 8 - span);
    return pad;
}

/*
 * Entries 0..WANT-1 (WANT <= N) of the N-entry block of vertex U at P
 * into OUT; its size in bytes, or 0 when it is corrupt (OUT then holds
 * WANT copies of U).
 */
EMOGI_CLIST_INLINE uint64_t emogi_clist_block(const unsigned char *p, uint64_t avail,
                                              uint64_t room, unsigned n, unsigned want,
                                              uint64_t u, uint64_t *out)
{
    unsigned char pad[EMOGI_CLIST_MAX_BLOCK + 8];
    struct emogi_clist_head h;
    p = emogi_clist_at(p, avail, room, pad);
    if (!emogi_clist_head(p, avail, n, u, &h)) {
        for (unsigned i = 0; i < want; i++)
            out[i] = u;
        return 0;
    }
    out[0] = h.first;
    emogi_clist_gaps(p, &h, want, out, NULL);
    return h.size;
}

/* A list read a block at a time: emogi_clist_open, then emogi_clist_read. */
struct emogi_clist_cursor {
    const unsigned char *p, *list_end, *end; /* next block, list's end, section's end */
    uint64_t left, u;                        /* entries still to read; the vertex */
};

EMOGI_CLIST_INLINE void emogi_clist_open(struct emogi_clist_cursor *c,
                                         const struct emogi_clist_dir *dir, uint64_t u)
{
    uint64_t d = dir->off[u + 1] - dir->off[u];
    uint64_t skip = 8 * emogi_clist_skip_entries(emogi_clist_blocks(d));
    uint64_t len = dir->coff[u + 1] - dir->coff[u];
    c->list_end = dir->bytes + dir->coff[u + 1];
    c->p = skip <= len ? dir->bytes + dir->coff[u] + skip : c->list_end;
    c->end = dir->end;
    c->left = d;
    c->u = u;
}

/* The list's next block into OUT: its entry count (1..32), 0 at the end.
 * A corrupt block, and every block after it, reads as copies of u. */
EMOGI_CLIST_INLINE unsigned emogi_clist_read(struct emogi_clist_cursor *c,
                                             uint64_t out[EMOGI_CLIST_BLOCK])
{
    if (c->left == 0)
        return 0;
    unsigned n = c->left < EMOGI_CLIST_BLOCK ? (unsigned)c->left : EMOGI_CLIST_BLOCK;
    uint64_t size = emogi_clist_block(c->p, (uint64_t)(c->list_end - c->p),
                                      (uint64_t)(c->end - c->p), n, n, c->u, out);
    c->p = size ? c->p + size : c->list_end;
    c->left -= n;
    return n;
}

/* Entry R (< EMOGI_CLIST_BLOCK, below U's degree) of U's list: only the
 * first block's header and entries up to R are decoded. */
EMOGI_CLIST_INLINE uint64_t emogi_clist_entry(const struct emogi_clist_dir *dir, uint64_t u,
                                              unsigned r)
{
    struct emogi_clist_cursor c;
    uint64_t out[EMOGI_CLIST_BLOCK];
    emogi_clist_open(&c, dir, u);
    unsigned n = c.left < EMOGI_CLIST_BLOCK ? (unsigned)c.left : EMOGI_CLIST_BLOCK;
    emogi_clist_block(c.p, (uint64_t)(c.list_end - c.p), (uint64_t)(c.end - c.p), n, r + 1, u,
                      out);
    return out[r];
}

/*
 * The mode 0 gaps of the parsed block at P (H, B <= EMOGI_CLIST_PAIR_WIDTH)
 * tested against BM as they are summed, entries 1..N-1: the index + 1 of
 * the first entry set in BM, or 0.  Two gaps come from each 8-byte load,
 * which a field pair of up to 57 bits fits whatever its first bit's place.
 */
#define EMOGI_CLIST_PAIR_WIDTH 28u
EMOGI_CLIST_INLINE unsigned emogi_clist_find_pairs(const unsigned char *p,
                                                   const struct emogi_clist_head *h, unsigned n,
                                                   const uint64_t *bm)
{
    const unsigned char *s = p + 2;
    const unsigned b = h->b;
    const uint64_t m = (UINT64_C(1) << b) - 1;
    uint64_t id = h->first, x = h->xbase;
    unsigned i = 1;
    for (; i + 1 < n; i += 2, x += 2 * b) {
        uint64_t w = emogi_clist_word(s + x / 8) >> (x % 8);
        id += w & m;
        if (emogi_clist_hit(bm, id))
            return i + 1;
        id += (w >> b) & m;
        if (emogi_clist_hit(bm, id))
            return i + 2;
    }
    if (i < n) {
        id += (emogi_clist_word(s + x / 8) >> (x % 8)) & m;
        if (emogi_clist_hit(bm, id))
            return i + 1;
    }
    return 0;
}

/* emogi_clist_find over a list whose blocks may need the padded copy
 * (emogi_clist_at): the last lists of a section. */
EMOGI_CLIST_INLINE int emogi_clist_find_padded(const struct emogi_clist_dir *dir, uint64_t u,
                                               const uint64_t *bm, uint64_t *read)
{
    struct emogi_clist_cursor c;
    unsigned char pad[EMOGI_CLIST_MAX_BLOCK + 8];
    emogi_clist_open(&c, dir, u);
    *read = 0;
    while (c.left) {
        unsigned n = c.left < EMOGI_CLIST_BLOCK ? (unsigned)c.left : EMOGI_CLIST_BLOCK;
        uint64_t avail = (uint64_t)(c.list_end - c.p);
        const unsigned char *p = emogi_clist_at(c.p, avail, (uint64_t)(c.end - c.p), pad);
        struct emogi_clist_head h;
        if (!emogi_clist_head(p, avail, n, u, &h)) { /* all of it reads as u */
            *read += 1;
            if (emogi_clist_hit(bm, u))
                return 1;
            *read += c.left - 1;
            return 0;
        }
        *read += 1;
        if (emogi_clist_hit(bm, h.first))
            return 1;
        unsigned k = emogi_clist_gaps(p, &h, n, NULL, bm);
        if (k) {
            *read += k - 1;
            return 1;
        }
        *read += n - 1;
        c.p += h.size;
        c.left -= n;
    }
    return 0;
}

/*
 * Bottom-up BFS's question (emogi_clist_find_in_bitmap): is an entry of
 * U's list set in BM?  Entries are tested as they are decoded and
 * decoding stops at the first hit; *READ counts the entries decoded.
 * 1 on a hit, 0 when none is set (a corrupt block reads as U's, as above).
 * Most lists end 8 bytes or more before their section does, so that no
 * block of theirs needs the padded copy: one test for the list, and a
 * loop with nothing else to carry, serve them.
 */
EMOGI_CLIST_INLINE int emogi_clist_find(const struct emogi_clist_dir *dir, uint64_t u,
                                        const uint64_t *bm, uint64_t *read)
{
    const uint64_t d = dir->off[u + 1] - dir->off[u];
    const uint64_t at = dir->coff[u], len = dir->coff[u + 1] - at;
    const unsigned char *list_end = dir->bytes + at + len;
    if (!bm || d == 0) { /* bm: never, but so the compiler drops its test */
        *read = 0;
        return 0;
    }
    if (dir->end - list_end < 8)
        return emogi_clist_find_padded(dir, u, bm, read);
    const uint64_t skip = 8 * emogi_clist_skip_entries(emogi_clist_blocks(d));
    const unsigned char *p = skip <= len ? list_end - len + skip : list_end;
    for (uint64_t done = 0; done < d;) {
        unsigned n = d - done < EMOGI_CLIST_BLOCK ? (unsigned)(d - done) : EMOGI_CLIST_BLOCK;
        struct emogi_clist_head h;
        if (!emogi_clist_head(p, (uint64_t)(list_end - p), n, u, &h)) {
            *read = done + (emogi_clist_hit(bm, u) ? 1 : d - done);
            return emogi_clist_hit(bm, u);
        }
        if (emogi_clist_hit(bm, h.first)) {
            *read = done + 1;
            return 1;
        }
        unsigned k = !h.mode && h.b <= EMOGI_CLIST_PAIR_WIDTH
                         ? emogi_clist_find_pairs(p, &h, n, bm)
                         : emogi_clist_gaps(p, &h, n, NULL, bm);
        if (k) {
            *read = done + k;
            return 1;
        }
        done += n;
        p += h.size;
    }
    *read = d;
    return 0;
}

/*
 * emogi_clist_find's answer from the first entry of U's list, worked out
 * with no branch: 1 when it settles it, *HIT then 1 when the entry is set
 * in BM, 0 when the list holds no other (both read 1 entry); 0 when it
 * does not settle it (a longer list whose first entry is not set, or one
 * with a skip index, or ending within 16 bytes of its section), and the
 * caller asks emogi_clist_find.  A sweep over many lists (bottom-up BFS)
 * mostly stops at their first entries; deciding those without a branch on
 * each answer lets their loads overlap, where a mispredicted branch would
 * wait for each.  Unlike emogi_clist_find, this does not recognize a first
 * block that fails its checks: the lists must have passed
 * emogi_clist_check (emogi_csr_open's), as the ids of every decoder here
 * must; its loads stay inside the section whatever the bytes.
 */
EMOGI_CLIST_INLINE int emogi_clist_first_find(const struct emogi_clist_dir *dir, uint64_t u,
                                              const uint64_t *bm, int *hit)
{
    static const unsigned char zero[16];
    const uint64_t d = dir->off[u + 1] - dir->off[u];
    const unsigned char *p = dir->bytes + dir->coff[u];
    const int safe = (d - 1 < EMOGI_CLIST_BLOCK * EMOGI_CLIST_SKIP) &
                     (dir->end - (dir->bytes + dir->coff[u + 1]) >= 16);
    p = safe ? p : zero; /* reads as u's, unused */
    const unsigned f = p[1];
    const uint64_t code = emogi_clist_word(p + 2) & (~UINT64_C(0) >> ((64 - f) & 63)) &
                          (0 - (uint64_t)(f != 0));
    const uint64_t id = u + emogi_clist_unzigzag(code);
    const int h = safe & (int)((bm[id >> 6] >> (id & 63)) & 1);
    *hit = h;
    return h | (safe & (d == 1));
}

/*
 * The lists of consecutive vertices as one stream of entries, decoded
 * ahead of where its reader is, so that a sweep in vertex order
 * (PageRank's gather) can prefetch what the entry K places ahead points
 * at, across list ends, as the plain edge array lets it: fill the run
 * until more than K + n entries are ready, read the n at
 * emogi_clist_run_ids() and those after them, then skip the n.
 */
#define EMOGI_CLIST_RUN_CAP 1024u /* entries buffered */
/* Bytes prefetched ahead of a sweep that decodes the lists in order: the
 * hardware's prefetcher alone leaves the decoder waiting on the coming
 * lists' bytes, and any distance from 512 to 2048 serves alike. */
#define EMOGI_CLIST_BYTES_AHEAD 1024

struct emogi_clist_run {
    struct emogi_clist_dir dir;
    struct emogi_clist_cursor c; /* the list being decoded */
    uint64_t v, vend;            /* the next list to open; the run's end */
    unsigned head, tail;         /* entries taken, entries decoded */
    uint64_t buf[EMOGI_CLIST_RUN_CAP];
};

/* Start a run over the lists of vertices V..VEND-1 of DIR. */
EMOGI_CLIST_INLINE void emogi_clist_run_init(struct emogi_clist_run *r,
                                             const struct emogi_clist_dir *dir, uint64_t v,
                                             uint64_t vend)
{
    r->dir = *dir;
    r->c.left = 0;
    r->v = v;
    r->vend = vend;
    r->head = r->tail = 0;
}

/* Decode blocks until more than AHEAD (< EMOGI_CLIST_RUN_CAP - 64)
 * entries are ready, or the run's lists are all decoded; how many are. */
EMOGI_CLIST_INLINE unsigned emogi_clist_run_fill(struct emogi_clist_run *r, unsigned ahead)
{
    while (r->tail - r->head <= ahead) {
        while (r->c.left == 0) {
            if (r->v >= r->vend)
                return r->tail - r->head;
            emogi_clist_open(&r->c, &r->dir, r->v++);
        }
        /* the lists are read in order, yet their bytes came late */
        if (r->c.end - r->c.p > EMOGI_CLIST_BYTES_AHEAD)
            __builtin_prefetch(r->c.p + EMOGI_CLIST_BYTES_AHEAD);
        if (r->tail + EMOGI_CLIST_BLOCK > EMOGI_CLIST_RUN_CAP) {
            memmove(r->buf, r->buf + r->head, (r->tail - r->head) * sizeof *r->buf);
            r->tail -= r->head;
            r->head = 0;
        }
        r->tail += emogi_clist_read(&r->c, r->buf + r->tail);
    }
    return r->tail - r->head;
}

/* The entries ready, in stream order. */
EMOGI_CLIST_INLINE const uint64_t *emogi_clist_run_ids(const struct emogi_clist_run *r)
{
    return r->buf + r->head;
}

/* Past N of the entries ready. */
EMOGI_CLIST_INLINE void emogi_clist_run_skip(struct emogi_clist_run *r, unsigned n)
{
    r->head += n;
}

#endif
