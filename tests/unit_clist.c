/*
 * unit_clist.c - compressed neighbour lists (emogi_clist.h, emogi-csr(5)):
 * encodings worked out by hand bit by bit, round trips of random lists of
 * every shape the blocks and the skip index care about, the iterator's
 * seek past corrupt predecessors, each corruption the checker must name,
 * and compressed .csr files written, reopened and refused.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csr_internal.h"
#include "emogi_clist.h"
#include "tap.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

static unsigned char buf[1 << 20];

static int bytes_are(const unsigned char *p, uint64_t n, const unsigned char *want, uint64_t wn)
{
    return n == wn && memcmp(p, want, n) == 0;
}

/* u=5, ids 3 4 5 6 10: first-u = -2, zigzag 3 in f=2 bits; gaps 1 1 1 4.
 * Mode 0 at b=3 takes 2+12 = 14 bits, mode 1 2+4+3 = 9: both 2 bytes, so
 * mode 0 (ties go to it).  Stream, low bit first: 11 100 100 100 001 00
 * -> 0x27 0x21. */
static void hand_encodings(void)
{
    static const uint64_t a[] = {3, 4, 5, 6, 10};
    static const unsigned char wa[] = {0x03, 0x02, 0x27, 0x21};
    uint64_t n = emogi_clist_encode(a, 8, 5, 5, buf);
    ok(bytes_are(buf, n, wa, sizeof wa), "mode 0 block matches the hand encoding");
    /* u=0, ids 0..30 then 1000: 30 gaps of 1, one of 970 (10 bits).  Mode
     * 1: mask of 31 bits (bit 30 clear), then 970 at bit 31: 41 bits. */
    uint64_t b[32];
    for (int i = 0; i < 31; i++)
        b[i] = (uint64_t)i;
    b[31] = 1000;
    static const unsigned char wb[] = {0x8a, 0x00, 0xff, 0xff, 0xff, 0x3f, 0xe5, 0x01};
    n = emogi_clist_encode(b, 8, 32, 0, buf);
    ok(bytes_are(buf, n, wb, sizeof wb), "mode 1 block (run mask) matches the hand encoding");
    uint64_t out[32];
    ok(emogi_clist_decode(wb, sizeof wb, 32, 0, out) == 0 && memcmp(out, b, sizeof b) == 0,
       "the hand-made mode 1 block decodes");
    static const uint64_t one[] = {7};
    static const unsigned char wone[] = {0x00, 0x03, 0x06}; /* zz(7-4)=6: 3 bits */
    n = emogi_clist_encode(one, 8, 1, 4, buf);
    ok(bytes_are(buf, n, wone, sizeof wone), "a one-entry list is a header and its first value");
    ok(emogi_clist_encode(one, 8, 0, 4, buf) == 0, "an empty list has no bytes");
}

/* A sorted list of D ids below NV, in one of several shapes. */
static void make_list(uint64_t *v, uint64_t d, uint64_t nv, int shape)
{
    uint64_t x = next_rand() % (nv / 2 + 1);
    for (uint64_t i = 0; i < d; i++) {
        uint64_t r = next_rand();
        uint64_t g = shape == 0   ? r % 3                          /* duplicates and runs */
                     : shape == 1 ? (r % 4 ? 1 : r % 1000)         /* long runs, rare jumps */
                     : shape == 2 ? r % ((nv - x) / (d - i + 1) + 1) /* spread over the range */
                                  : (r % 8 == 0 ? r % ((nv - x) / 2 + 1) : 0); /* wide gaps */
        if (i == 0)
            g = 0;
        x += g;
        if (x >= nv)
            x = nv - 1;
        v[i] = x;
    }
}

static int roundtrip(const uint64_t *v, uint64_t d, uint64_t u, uint64_t nv, uint32_t width)
{
    static uint64_t out[1 << 14];
    static uint32_t v32[1 << 14];
    const void *ids = v;
    if (width == 4) {
        for (uint64_t i = 0; i < d; i++)
            v32[i] = (uint32_t)v[i];
        ids = v32;
    }
    uint64_t n = emogi_clist_encode(ids, width, d, u, NULL);
    if (n > sizeof buf || emogi_clist_encode(ids, width, d, u, buf) != n)
        return 0;
    struct emogi_clist_report rep;
    if (emogi_clist_check(buf, n, d, u, nv, width, &rep) != 0)
        return 0;
    memset(out, 0xa5, d * sizeof *out);
    return emogi_clist_decode(buf, n, d, u, out) == 0 && memcmp(out, v, d * sizeof *v) == 0;
}

static void random_roundtrips(void)
{
    static const uint64_t sizes[] = {1, 2, 31, 32, 33, 64, 1024, 1025, 1025 + 32 * 32, 5000};
    static uint64_t v[1 << 14];
    for (uint32_t width = 4; width <= 8; width += 4) {
        uint64_t nv = width == 4 ? UINT32_MAX : UINT64_MAX - 1;
        int all = 1;
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (int shape = 0; shape < 4; shape++)
                for (int rep = 0; rep < 4; rep++) {
                    make_list(v, sizes[s], nv, shape);
                    uint64_t u = rep == 0 ? 0 : rep == 1 ? nv - 1 : next_rand() % nv;
                    if (!roundtrip(v, sizes[s], u, nv, width)) {
                        all = 0;
                        printf("# width %u size %llu shape %d rep %d\n", width,
                               (unsigned long long)sizes[s], shape, rep);
                    }
                }
        ok(all, "random lists round-trip and check, %u-byte ids", width);
    }
}

static void extreme_roundtrips(void)
{
    /* first value far below and far above u; gaps of 32 and 64 bits */
    uint64_t a[] = {0, UINT32_MAX - 1};
    ok(roundtrip(a, 2, UINT32_MAX - 1, UINT32_MAX, 4), "4-byte ids: a 32-bit gap, first far below u");
    uint64_t b[] = {UINT32_MAX - 1};
    ok(roundtrip(b, 1, 0, UINT32_MAX, 4), "4-byte ids: first far above u (33-bit code)");
    uint64_t c[] = {0, UINT64_MAX - 2};
    ok(roundtrip(c, 2, UINT64_MAX - 2, UINT64_MAX - 1, 8), "8-byte ids: a 64-bit gap");
    uint64_t e[] = {UINT64_MAX - 2, UINT64_MAX - 2, UINT64_MAX - 2};
    ok(roundtrip(e, 3, 0, UINT64_MAX - 1, 8), "8-byte ids: duplicates at the top, u = 0");
    uint64_t f[] = {1ull << 63, (1ull << 63) + 1};
    ok(roundtrip(f, 2, 0, UINT64_MAX - 1, 8), "8-byte ids: first - u = 2^63");
}

/* The iterator from block K on, through the skip index, matches V. */
static int seek_matches(const unsigned char *list, uint64_t n, const uint64_t *v, uint64_t d,
                        uint64_t u, uint64_t k)
{
    struct emogi_clist_iter it;
    uint64_t out[32];
    int m;
    emogi_clist_iter_init(&it, list, n, d, u);
    if (emogi_clist_seek(&it, k) != 0)
        return 0;
    for (uint64_t i = k * 32; (m = emogi_clist_next(&it, out)) > 0; i += (uint64_t)m)
        if (memcmp(out, v + i, (size_t)m * 8) != 0)
            return 0;
    return m == 0;
}

static void iterator(void)
{
    static uint64_t v[2049];
    uint64_t d = 2049, u = 77; /* 65 blocks: two skip entries */
    make_list(v, d, 1u << 30, 2);
    uint64_t n = emogi_clist_encode(v, 8, d, u, buf);
    int all = 1;
    for (uint64_t k = 0; k <= 65; k++)
        all &= seek_matches(buf, n, v, d, u, k);
    ok(all, "seek to every block of a 65-block list, then read to the end");
    ok(get_le64(buf) > 16 && get_le64(buf + 8) > get_le64(buf), "the skip index has two entries");
    /* spoil block 0's header: block 32 and on still decode (no predecessor read) */
    buf[16 + 1] |= 0x80;
    ok(seek_matches(buf, n, v, d, u, 32) && seek_matches(buf, n, v, d, u, 40),
       "blocks 32 and 40 decode with block 0 corrupt");
    struct emogi_clist_iter it;
    uint64_t out[32];
    emogi_clist_iter_init(&it, buf, n, d, u);
    ok(emogi_clist_next(&it, out) == -1, "...while block 0 itself is refused");
    ok(emogi_clist_seek(&it, 66) == -1, "seek past the last block is refused");
}

/* emogi_clist_find_in_bitmap on list V (D entries of U below NV, in buf)
 * with only id X's bit set: entries read up to the first X, as a scan
 * of V counts them; all D and no hit when X is not in V. */
static int finds(const uint64_t *v, uint64_t d, uint64_t u, uint64_t nv, uint64_t x,
                 uint64_t *bm)
{
    uint64_t n = emogi_clist_encode(v, 8, d, u, buf), read, want = d;
    int found = 0;
    for (uint64_t i = 0; i < d && !found; i++)
        if (v[i] == x)
            want = i + 1, found = 1;
    memset(bm, 0, (nv + 63) / 64 * 8);
    bm[x >> 6] |= UINT64_C(1) << (x & 63);
    int rc = emogi_clist_find_in_bitmap(buf, n, d, u, bm, &read);
    return rc == found && read == want;
}

static void find_in_bitmap(void)
{
    static const uint64_t sizes[] = {1, 2, 31, 32, 33, 100, 1025 + 32 * 32};
    static uint64_t v[2100], bm[(1u << 20) / 64];
    const uint64_t nv = 1u << 20;
    int all = 1, absent = 1;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int shape = 0; shape < 4; shape++) {
            uint64_t d = sizes[s], u = next_rand() % nv;
            make_list(v, d, nv, shape);
            all &= finds(v, d, u, nv, v[0], bm) && finds(v, d, u, nv, v[d - 1], bm) &&
                   finds(v, d, u, nv, v[next_rand() % d], bm) &&
                   finds(v, d, u, nv, v[d / 2], bm);
            uint64_t x = v[d - 1] + 1 < nv ? v[d - 1] + 1 : (v[0] > 0 ? v[0] - 1 : nv);
            if (x < nv)
                absent &= finds(v, d, u, nv, x, bm);
        }
    ok(all, "find_in_bitmap stops at the first entry in the bitmap, counting those read");
    ok(absent, "find_in_bitmap reads the whole list when no entry is in the bitmap");
    uint64_t n = emogi_clist_encode(v, 8, 40, 5, buf), read;
    buf[n - 1] ^= 0xff;
    memset(bm, 0, sizeof bm);
    ok(emogi_clist_find_in_bitmap(buf, n - 1, 40, 5, bm, &read) == -1,
       "find_in_bitmap refuses a list cut short");
}

/* A list of 1025 entries of vertex 3 below nv = 2^20 in buf; its length. */
static uint64_t sample(uint64_t *v)
{
    make_list(v, 1025, 1u << 20, 2);
    return emogi_clist_encode(v, 8, 1025, 3, buf);
}

static int fault_of(const unsigned char *p, uint64_t n, uint64_t d, uint64_t u, uint64_t nv,
                    uint32_t width)
{
    struct emogi_clist_report rep;
    if (emogi_clist_check(p, n, d, u, nv, width, &rep) == 0)
        return EMOGI_CLIST_OK;
    uint64_t out[2048];
    if (d <= 2048) /* whatever the fault, decoding stays inside the list */
        emogi_clist_decode(p, n, d, u, out);
    return (int)rep.fault;
}

static void corruptions(void)
{
    static const unsigned char hand[] = {0x03, 0x02, 0x27, 0x21}; /* u=5: 3 4 5 6 10 */
    unsigned char p[32];
    memcpy(p, hand, 4);
    ok(fault_of(p, 4, 5, 5, 11, 4) == EMOGI_CLIST_OK, "the hand block checks");
    ok(fault_of(p, 4, 5, 5, 10, 4) == EMOGI_CLIST_RANGE, "an id equal to nv: range");
    p[0] = 33;
    ok(fault_of(p, 4, 5, 5, 11, 4) == EMOGI_CLIST_WIDTH, "gap width 33 with 4-byte ids: width");
    p[0] = 0x03, p[1] = 65;
    ok(fault_of(p, 4, 5, 5, 11, 8) == EMOGI_CLIST_WIDTH, "first width 65: width");
    p[1] = 0x82;
    ok(fault_of(p, 4, 5, 5, 11, 4) == EMOGI_CLIST_RESERVED, "bit 7 of f set: reserved");
    p[1] = 0x02, p[3] = 0x21 | 0x80;
    ok(fault_of(p, 4, 5, 5, 11, 4) == EMOGI_CLIST_PADDING, "a padding bit set: padding");
    p[3] = 0x21;
    ok(fault_of(p, 3, 5, 5, 11, 4) == EMOGI_CLIST_SHORT, "a block past the list's end: short");
    p[4] = 0;
    ok(fault_of(p, 5, 5, 5, 11, 4) == EMOGI_CLIST_LENGTH, "a byte after the last block: length");
    static const unsigned char one_mode1[] = {0x80, 0x00};
    ok(fault_of(one_mode1, 2, 1, 0, 11, 4) == EMOGI_CLIST_RESERVED, "mode 1 on one entry: reserved");
    static const uint64_t down[] = {9, 4};
    uint64_t n = emogi_clist_encode(down, 8, 2, 0, p); /* gap 4-9 wraps: 64 bits */
    ok(fault_of(p, n, 2, 0, 11, 8) == EMOGI_CLIST_DESCENDING, "a gap wrapping past 2^64: descending");
    static uint64_t v[1025];
    n = sample(v);
    ok(fault_of(buf, n, 1025, 3, 1u << 20, 8) == EMOGI_CLIST_OK, "a 33-block list checks");
    buf[0] ^= 1;
    ok(fault_of(buf, n, 1025, 3, 1u << 20, 8) == EMOGI_CLIST_SKIP_INDEX, "a skip entry off by one");
    put_le64(buf, UINT64_MAX);
    ok(fault_of(buf, n, 1025, 3, 1u << 20, 8) == EMOGI_CLIST_SKIP_INDEX, "a skip entry past the list");
    ok(fault_of(buf, 7, 1025, 3, 1u << 20, 8) == EMOGI_CLIST_SHORT, "a skip index past the list");
}

/* The 5-vertex graph of unit_csr, compressed in both directions. */
static const uint64_t OFF[] = {0, 2, 3, 6, 6, 7};
static const uint32_t NBR[] = {1, 2, 2, 0, 3, 4, 4};
static const uint64_t T_OFF[] = {0, 1, 2, 4, 5, 7};
static const uint32_t T_NBR[] = {2, 0, 0, 1, 2, 2, 4};

/* emogi_csr_decompress, the public decoder, on the reopened file H. */
static void public_decompress(const struct emogi_graph *h)
{
    uint32_t ids[7], t_ids[7];
    emogi_error err;
    ok(emogi_csr_decompress(h, 0, ids, &err) == 0 && memcmp(ids, NBR, sizeof NBR) == 0 &&
       emogi_csr_decompress(h, 1, t_ids, &err) == 0 && memcmp(t_ids, T_NBR, sizeof T_NBR) == 0,
       "emogi_csr_decompress gives both directions' plain ids");
    struct emogi_graph plain = *h;
    plain.flags &= ~(uint32_t)EMOGI_COMPRESSED;
    ok(emogi_csr_decompress(&plain, 0, ids, &err) < 0 && strstr(err.msg, "c.csr: no compressed"),
       "a plain graph is refused by name: %s", err.msg);
    plain = *h;
    plain.t_coffsets = NULL;
    ok(emogi_csr_decompress(&plain, 1, ids, &err) < 0 && strstr(err.msg, "transpose"),
       "a missing transpose is refused: %s", err.msg);
}

static void graph_checks(const char *dir)
{
    struct emogi_graph g = {.nv = 5, .ne = 7, .flags = EMOGI_DIRECTED | EMOGI_TRANSPOSE |
                                                        EMOGI_COMPRESSED, .id_width = 4};
    uint64_t *coff, *tcoff;
    unsigned char *cb, *tcb;
    emogi_error err;
    ok(emogi_clist_compress(OFF, NBR, 4, 5, &coff, &cb, &err) == 0 &&
       emogi_clist_compress(T_OFF, T_NBR, 4, 5, &tcoff, &tcb, &err) == 0, "compress both directions");
    g.offsets = OFF, g.coffsets = coff, g.cneighbors = cb;
    g.t_offsets = T_OFF, g.t_coffsets = tcoff, g.t_cneighbors = tcb;
    ok(emogi_csr_check_content(&g, "g", &err) == 0, "the compressed graph checks");
    char path[512];
    snprintf(path, sizeof path, "%s/c.csr", dir);
    struct emogi_graph h;
    void *ids = NULL;
    int wrote = emogi_csr_write(path, &g, &err) == 0 && emogi_csr_open(path, &h, &err) == 0;
    ok(wrote && !h.neighbors && !h.t_neighbors && h.coffsets[5] == coff[5] &&
       get_le32((const unsigned char *)h.map + HDR_VERSION) == 2,
       "written and reopened: version 2, no plain lists");
    ok(wrote && emogi_clist_decompress(h.t_offsets, h.t_coffsets, h.t_cneighbors, 5, 4, &ids,
                                       &err) == 0 && memcmp(ids, T_NBR, sizeof T_NBR) == 0,
       "the reopened transpose decompresses to its ids");
    free(ids);
    if (wrote) {
        public_decompress(&h);
        emogi_csr_close(&h);
    }
    uint64_t save = coff[2];
    coff[2] = coff[3] + 1;
    ok(emogi_csr_check_content(&g, "g", &err) < 0 && strstr(err.msg, "coffsets not monotone"),
       "coffsets not monotone: %s", err.msg);
    coff[2] = save;
    cb[coff[2] + 1] |= 0x80;
    ok(emogi_csr_check_content(&g, "g", &err) < 0 && strstr(err.msg, "list of vertex 2, block 0"),
       "a bad block names its vertex: %s", err.msg);
    uint32_t ids2[7];
    g.path = "g.csr";
    ok(emogi_csr_decompress(&g, 0, ids2, &err) < 0 &&
       strstr(err.msg, "g.csr: compressed list of vertex 2 is corrupt"),
       "a corrupt list fails to decompress by name: %s", err.msg);
    free(coff), free(cb), free(tcoff), free(tcb);
}

/* NV lists of 8-byte ids as they are (PLAIN) and compressed (PACKED,
 * in *COFF and *BYTES, the caller's to free); -1, with two failed
 * results in place of a test's two, when compressing fails. */
static int both_views(const uint64_t *off, const uint64_t *ids, uint64_t nv,
                      struct emogi_lists *plain, struct emogi_lists *packed, uint64_t **coff,
                      unsigned char **bytes)
{
    emogi_error err;
    if (emogi_clist_compress(off, ids, 8, nv, coff, bytes, &err) < 0) {
        ok(0, "compress %llu lists: %s", (unsigned long long)nv, err.msg);
        ok(0, "(skipped)");
        return -1;
    }
    *plain = (struct emogi_lists){off, ids, NULL, NULL, 8, 0};
    *packed = (struct emogi_lists){off, NULL, *coff, *bytes, 8, 0};
    return 0;
}

/* emogi_lists_firsts over three lists (5 9, none, 2 3 4 and on to 40:
 * two blocks), plain and compressed, into 4- and 8-byte ids. */
static void firsts(void)
{
    static uint64_t ids[2 + 39], off[4] = {0, 2, 2, 41};
    ids[0] = 5, ids[1] = 9;
    for (uint64_t i = 0; i < 39; i++)
        ids[2 + i] = 2 + i;
    uint64_t *coff;
    unsigned char *bytes;
    struct emogi_lists plain, packed;
    if (both_views(off, ids, 3, &plain, &packed, &coff, &bytes) < 0)
        return;
    uint32_t f4[3] = {7, 7, 7};
    uint64_t f8[3] = {7, 7, 7};
    ok(emogi_lists_firsts(&plain, 3, 4, NULL, 0, f4) == 0 && f4[0] == 5 && f4[1] == 0 && f4[2] == 2,
       "first ids of plain lists, 4 bytes each: 5, 0 (empty), 2");
    ok(emogi_lists_firsts(&packed, 3, 8, NULL, 0, f8) == 0 && f8[0] == 5 && f8[1] == 0 && f8[2] == 2,
       "first ids of compressed lists, 8 bytes each: 5, 0 (empty), 2");
    free(coff);
    free(bytes);
}

/* Of a list's first 32 entries, the one whose own list is longest: over
 * 50 vertices, 0 -> 1 .. 40 keeps 20 (5 entries), not 35 (10 entries,
 * entry 35, past the head); 1 -> 20 35 and 2 -> 35 20 keep 35; 3 -> 4 5
 * (both empty) keeps 4, the earlier; 20 -> 1 .. 5 and 35 -> 1 .. 10 keep
 * 1 (2 entries).  Plain and compressed alike; a range of the lists
 * alone, by its own lists and by the whole graph's classes. */
static void kept(void)
{
    static uint64_t ids[40 + 2 + 2 + 2 + 5 + 10], off[51];
    uint64_t e = 0;
    for (uint64_t v = 0; v < 50; v++) {
        off[v] = e;
        if (v == 0)
            for (uint64_t i = 1; i <= 40; i++)
                ids[e++] = i;
        if (v == 1)
            ids[e++] = 20, ids[e++] = 35;
        if (v == 2)
            ids[e++] = 35, ids[e++] = 20;
        if (v == 3)
            ids[e++] = 4, ids[e++] = 5;
        if (v == 20 || v == 35)
            for (uint64_t i = 1; i <= (v == 20 ? 5u : 10u); i++)
                ids[e++] = i;
    }
    off[50] = e;
    uint64_t *coff;
    unsigned char *bytes;
    struct emogi_lists plain, packed;
    if (both_views(off, ids, 50, &plain, &packed, &coff, &bytes) < 0)
        return;
    for (int c = 0; c < 2; c++) {
        uint32_t f[50];
        int rc = emogi_lists_firsts(c ? &packed : &plain, 50, 4, NULL, 0, f), rest = 1;
        for (int v = 4; v < 50; v++)
            rest &= f[v] == (v == 20 || v == 35 ? 1u : 0u);
        ok(rc == 0 && f[0] == 20 && f[1] == 35 && f[2] == 35 && f[3] == 4 && rest,
           "%s lists keep the longest-listed of their first 32 entries: %u %u %u %u, 1 for "
           "20 and 35, 0 for the empty", c ? "compressed" : "plain", f[0], f[1], f[2], f[3]);
    }
    free(coff);
    free(bytes);
    /* vertices 1 and 2 alone, as an MPI rank's range view holds them (its
     * vertex 0 is 1, ids the whole graph's): by their own lists 20 and 35
     * lie outside and rank alike, so each keeps its first entry; by the
     * whole graph's classes both keep 35 (10 entries against 5) */
    const uint64_t roff[3] = {0, off[2] - off[1], off[3] - off[1]};
    const struct emogi_lists range = {roff, ids + off[1], NULL, NULL, 8, 0};
    unsigned char cls[50];
    emogi_length_classes(off, 50, cls);
    uint64_t own[2] = {0}, whole[2] = {0};
    const int rc_own = emogi_lists_firsts(&range, 2, 8, NULL, 0, own);
    const int rc_whole = emogi_lists_firsts(&range, 2, 8, cls, 50, whole);
    ok(rc_own == 0 && rc_whole == 0 && own[0] == 20 && own[1] == 35 && whole[0] == 35 &&
           whole[1] == 35 && cls[35] > cls[20],
       "a range ranks the neighbours outside it by the whole graph's classes: %llu %llu, by "
       "its own lists %llu %llu", (unsigned long long)whole[0], (unsigned long long)whole[1],
       (unsigned long long)own[0], (unsigned long long)own[1]);
    /* lengths to a quarter octave: 40 and 41 rank alike (the earlier is
     * kept), 48 above 40: 0 -> 2 1, 3 -> 2 4 over lists 1 (41 entries),
     * 2 (40), 4 (48) */
    static uint64_t q[2 + 41 + 40 + 2 + 48], qoff[6];
    uint64_t n = 0;
    qoff[0] = n, q[n++] = 2, q[n++] = 1;
    qoff[1] = n, n += 41;
    qoff[2] = n, n += 40;
    qoff[3] = n, q[n++] = 2, q[n++] = 4;
    qoff[4] = n, n += 48;
    qoff[5] = n;
    const struct emogi_lists ql = {qoff, q, NULL, NULL, 8, 0};
    uint64_t k[5] = {0};
    const int rc = emogi_lists_firsts(&ql, 5, 8, NULL, 0, k);
    ok(rc == 0 && k[0] == 2 && k[3] == 4,
       "lengths rank to a quarter octave: 40 and 41 alike (2 kept, the earlier), 48 above 40 "
       "(4 kept): %llu %llu", (unsigned long long)k[0], (unsigned long long)k[3]);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    char dir[256];
    snprintf(dir, sizeof dir, "%s/unit_clist.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        printf("1..0 # SKIP cannot create a temporary folder\n");
        return 0;
    }
    plan(50);
    hand_encodings();
    random_roundtrips();
    extreme_roundtrips();
    iterator();
    find_in_bitmap();
    firsts();
    kept();
    corruptions();
    graph_checks(dir);
    char path[512];
    snprintf(path, sizeof path, "%s/c.csr", dir);
    unlink(path);
    rmdir(dir);
    return done_testing();
}
