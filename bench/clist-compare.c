/*
 * clist-compare.c - emogi's compressed neighbour lists against two
 * alternatives, on every list of a .csr file: bits per link, and
 * single-thread decode speed (ids per second, best of --reps runs, the
 * codecs interleaved within each run).  Every codec must give back every
 * list exactly, or the program names the vertex and exits 1.
 *
 * The codecs, each a row (a codec whose bytes two decoders read has two):
 *   1-emogi/lib  emogi-csr(5), gap blocks with a run mask: libemogi's
 *                encoder and emogi_clist_decode, the baseline of vs_1L
 *   1-emogi      the same bytes through this file's decoder: the
 *                library's loop without its checked header reader and
 *                end-of-list copy, in the harness codecs 2 and 3 use
 *                (the baseline of vs_1)
 *   2-pack       the same blocks in mode 0 only: every gap at the block's
 *                widest width, no run mask; decoded here
 *   2-pack/lib   codec 2's bytes (valid emogi blocks) through
 *                emogi_clist_decode: against 1-emogi/lib, the run mask
 *                alone in the library's decoder
 *   3-ef         Elias-Fano per block of 32: low bits l = floor(log2(U/m)),
 *                high parts as a unary bit vector; decoded here with the
 *                select-by-ctz loop
 *
 * So that only the coding of a block's later ids differs, all three cut
 * a list into blocks of 32, start each block with the same two header
 * bytes (a width, then f) and its first id as zigzag(x0 - u) in f bits,
 * and start a list of more than 32 blocks with emogi's skip index.
 * This file's decoders rely on the buffer's zeroed slack after the last
 * list instead of copying a list's last block, as the library does, and
 * decode straight into the list's buffer instead of a block at a time.
 *
 * usage: clist-compare [--reps N] [--check] [--transpose] [--damage C:V] FILE.csr
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emogi_clist.h"
#include "emogi_csr.h"

#define PROG "clist-compare"
#define SLACK 32u /* zero bytes after the last list: a header, then 9-byte loads */
#define FAST_MAX_WIDTH 56u /* widest field one unaligned 8-byte load holds */

typedef uint64_t (*encode_fn)(const void *ids, uint32_t width, uint64_t d, uint64_t u,
                              unsigned char *out);
typedef int (*decode_fn)(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                         uint64_t *out);

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, PROG ": ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xmalloc(uint64_t n)
{
    void *p = n <= SIZE_MAX ? calloc(1, n ? (size_t)n : 1) : NULL;
    if (!p)
        die("out of memory for %" PRIu64 " bytes", n);
    return p;
}

static inline uint64_t low_mask(unsigned w)
{
    return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

static inline uint64_t id_at(const void *ids, uint32_t width, uint64_t i)
{
    return width == 4 ? ((const uint32_t *)ids)[i] : ((const uint64_t *)ids)[i];
}

static inline uint64_t load64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8); /* the file format and this bench: little-endian hosts */
    return x;
}

/* W bits (0..64) at bit POS of S; may read 9 bytes from byte POS/8. */
static inline uint64_t field(const unsigned char *s, uint64_t pos, unsigned w)
{
    unsigned sh = (unsigned)(pos & 7);
    uint64_t x = load64(s + (pos >> 3)) >> sh;
    if (sh + w > 64)
        x |= (uint64_t)s[(pos >> 3) + 8] << (64 - sh);
    return x & low_mask(w);
}

/* ---- a bit writer, least significant bit first; counts when p is NULL ---- */

struct bits {
    unsigned char *p;
    uint64_t bytes;
    uint64_t acc;
    unsigned nacc;
};

static void put(struct bits *w, uint64_t v, unsigned n)
{
    if (n > 32) {
        put(w, v & 0xffffffffu, 32);
        put(w, v >> 32, n - 32);
        return;
    }
    w->acc |= (v & low_mask(n)) << w->nacc;
    for (w->nacc += n; w->nacc >= 8; w->nacc -= 8, w->acc >>= 8, w->bytes++)
        if (w->p)
            w->p[w->bytes] = (unsigned char)w->acc;
}

static void flush(struct bits *w)
{
    if (w->nacc)
        put(w, 0, 8 - w->nacc);
}

/* ---- list framing shared by codecs 2 and 3: emogi's blocks and skip index ---- */

typedef void (*block_enc)(struct bits *w, const uint64_t *v, unsigned n, uint64_t u);

static unsigned block_entries(uint64_t d, uint64_t k)
{
    uint64_t left = d - k * EMOGI_CLIST_BLOCK;
    return (unsigned)(left < EMOGI_CLIST_BLOCK ? left : EMOGI_CLIST_BLOCK);
}

static uint64_t encode_list(block_enc enc, const void *ids, uint32_t width, uint64_t d,
                            uint64_t u, unsigned char *out)
{
    uint64_t nb = emogi_clist_blocks(d), nskip = emogi_clist_skip_entries(nb);
    struct bits w = {out, 8 * nskip, 0, 0};
    uint64_t v[EMOGI_CLIST_BLOCK];
    for (uint64_t k = 0; k < nb; k++) {
        if (k > 0 && k % EMOGI_CLIST_SKIP == 0 && out)
            for (unsigned i = 0; i < 8; i++) /* skip entry: the block's byte offset */
                out[8 * (k / EMOGI_CLIST_SKIP - 1) + i] = (unsigned char)(w.bytes >> (8 * i));
        unsigned n = block_entries(d, k);
        for (unsigned i = 0; i < n; i++)
            v[i] = id_at(ids, width, k * EMOGI_CLIST_BLOCK + i);
        enc(&w, v, n, u);
    }
    return w.bytes;
}

/* Decode a list block by block with DEC, which returns a block's bytes
 * or -1; the blocks must end exactly at LEN. */
typedef int64_t (*block_dec)(const unsigned char *p, uint64_t avail, unsigned n, uint64_t u,
                             uint64_t *out);

static inline int decode_list(block_dec dec, const unsigned char *list, uint64_t len,
                              uint64_t d, uint64_t u, uint64_t *out)
{
    uint64_t nb = emogi_clist_blocks(d), pos = 8 * emogi_clist_skip_entries(nb);
    for (uint64_t k = 0; k < nb; k++) {
        if (pos > len)
            return -1;
        int64_t size = dec(list + pos, len - pos, block_entries(d, k), u,
                           out + k * EMOGI_CLIST_BLOCK);
        if (size < 0)
            return -1;
        pos += (uint64_t)size;
    }
    return pos == len ? 0 : -1;
}

/* ---- codec 2: bit-packed gaps, emogi's mode 0 only ---- */

static void pack_block(struct bits *w, const uint64_t *v, unsigned n, uint64_t u)
{
    uint64_t code = emogi_clist_zigzag(v[0] - u), all = 0;
    for (unsigned i = 1; i < n; i++)
        all |= v[i] - v[i - 1];
    unsigned f = emogi_clist_bit_width(code), b = emogi_clist_bit_width(all);
    put(w, b, 8);
    put(w, f, 8);
    put(w, code, f);
    for (unsigned i = 1; i < n; i++)
        put(w, v[i] - v[i - 1], b);
    flush(w);
}

static uint64_t pack_encode(const void *ids, uint32_t width, uint64_t d, uint64_t u,
                            unsigned char *out)
{
    return encode_list(pack_block, ids, width, d, u, out);
}

static inline int64_t pack_block_decode(const unsigned char *p, uint64_t avail, unsigned n,
                                        uint64_t u, uint64_t *out)
{
    if (avail < 2 || p[0] > 64 || p[1] > 64)
        return -1;
    unsigned b = p[0], f = p[1];
    uint64_t size = 2 + (f + (uint64_t)(n - 1) * b + 7) / 8;
    if (size > avail)
        return -1;
    const unsigned char *s = p + 2;
    uint64_t id = u + emogi_clist_unzigzag(field(s, 0, f)), x = f;
    out[0] = id;
    if (b <= FAST_MAX_WIDTH) {
        const uint64_t m = low_mask(b);
        for (unsigned i = 1; i < n; i++, x += b)
            out[i] = id += (load64(s + (x >> 3)) >> (x & 7)) & m;
    } else {
        for (unsigned i = 1; i < n; i++, x += b)
            out[i] = id += field(s, x, b);
    }
    return (int64_t)size;
}

static int pack_decode(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                       uint64_t *out)
{
    return decode_list(pack_block_decode, list, len, d, u, out);
}

/* ---- codec 1 decoded here: emogi's blocks, the library's loop without
 * its bounds-checked header reader and end-of-list copy ---- */

static inline int64_t emogi_block_decode(const unsigned char *p, uint64_t avail, unsigned n,
                                         uint64_t u, uint64_t *out)
{
    if (avail < 2)
        return -1;
    unsigned b = p[0] & 0x7f, mode = p[0] >> 7, f = p[1];
    if (b > 64 || f > 64 || (mode && n < 2))
        return -1;
    const unsigned char *s = p + 2;
    uint64_t mask = mode ? field(s, f, n - 1) : 0, x = f + (mode ? n - 1 : 0);
    uint64_t size = 2 + (x + (n - 1 - (uint64_t)__builtin_popcountll(mask)) * b + 7) / 8;
    if (size > avail)
        return -1;
    uint64_t id = u + emogi_clist_unzigzag(field(s, 0, f));
    out[0] = id;
    if (b > FAST_MAX_WIDTH) {
        for (unsigned i = 1; i < n; i++) {
            uint64_t one = (mask >> (i - 1)) & 1;
            out[i] = id += one ? 1 : field(s, x, b);
            x += one ? 0 : b;
        }
        return (int64_t)size;
    }
    const uint64_t m = low_mask(b);
    for (unsigned i = 1; i < n; i++) {
        /* mode 1: a set mask bit is a gap of 1 and reads no field */
        uint64_t one = (mask >> (i - 1)) & 1;
        uint64_t gap = (load64(s + (x >> 3)) >> (x & 7)) & m;
        id += one ? 1 : gap;
        x += one ? 0 : b;
        out[i] = id;
    }
    return (int64_t)size;
}

static int emogi_decode(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                        uint64_t *out)
{
    return decode_list(emogi_block_decode, list, len, d, u, out);
}

/* ---- codec 3: Elias-Fano per block ---- */

/* The m = n-1 later ids as y_i = x_i - x0 (0 <= y_1 <= .. <= y_m = top):
 * l = floor(log2(top/m)) low bits each, then the high parts y_i >> l as
 * a bit vector with bit (y_i >> l) + i - 1 set for i = 1..m. */
static unsigned ef_low_width(uint64_t top, uint64_t m)
{
    return m && top >= m ? emogi_clist_bit_width(top / m) - 1 : 0;
}

static void ef_block(struct bits *w, const uint64_t *v, unsigned n, uint64_t u)
{
    uint64_t code = emogi_clist_zigzag(v[0] - u), prev_high = 0;
    unsigned f = emogi_clist_bit_width(code), l = ef_low_width(v[n - 1] - v[0], n - 1);
    put(w, l, 8);
    put(w, f, 8);
    put(w, code, f);
    for (unsigned i = 1; i < n; i++)
        put(w, v[i] - v[0], l);
    for (unsigned i = 1; i < n; i++) {
        uint64_t high = (v[i] - v[0]) >> l;
        for (uint64_t z = high - prev_high; z > 0; z -= z < 32 ? z : 32)
            put(w, 0, z < 32 ? (unsigned)z : 32);
        put(w, 1, 1);
        prev_high = high;
    }
    flush(w);
}

static uint64_t ef_encode(const void *ids, uint32_t width, uint64_t d, uint64_t u,
                          unsigned char *out)
{
    return encode_list(ef_block, ids, width, d, u, out);
}

/* The high parts: the i-th set bit of the vector at bit HBASE of S (at
 * most SBITS bits) is at position h_i + i; 56-bit windows, ctz per one. */
static inline int64_t ef_highs(const unsigned char *s, uint64_t hbase, uint64_t sbits,
                               uint64_t m, unsigned l, uint64_t *y)
{
    uint64_t q = 0, i = 0, last = 0;
    while (i < m) {
        if (hbase + q >= sbits)
            return -1;
        uint64_t pos = hbase + q;
        uint64_t win = (load64(s + (pos >> 3)) >> (pos & 7)) & low_mask(FAST_MAX_WIDTH);
        for (; win && i < m; win &= win - 1, i++) {
            last = q + (uint64_t)__builtin_ctzll(win);
            y[i] += (last - i) << l;
        }
        q += FAST_MAX_WIDTH;
    }
    return (int64_t)(hbase + last + 1);
}

static inline int64_t ef_block_decode(const unsigned char *p, uint64_t avail, unsigned n,
                                      uint64_t u, uint64_t *out)
{
    if (avail < 2 || p[0] > 63 || p[1] > 64)
        return -1;
    unsigned l = p[0], f = p[1];
    uint64_t m = n - 1, sbits = 8 * (avail - 2), hbase = f + m * l;
    if (hbase + m > sbits)
        return -1;
    const unsigned char *s = p + 2;
    uint64_t x0 = u + emogi_clist_unzigzag(field(s, 0, f)), x = f, *y = out + 1;
    out[0] = x0;
    if (m == 0)
        return (int64_t)(2 + (f + 7) / 8);
    if (l <= FAST_MAX_WIDTH) {
        const uint64_t lm = low_mask(l);
        for (uint64_t i = 0; i < m; i++, x += l)
            y[i] = x0 + ((load64(s + (x >> 3)) >> (x & 7)) & lm);
    } else {
        for (uint64_t i = 0; i < m; i++, x += l)
            y[i] = x0 + field(s, x, l);
    }
    int64_t bits = ef_highs(s, hbase, sbits, m, l, y);
    if (bits < 0 || (uint64_t)bits > sbits)
        return -1;
    return 2 + (bits + 7) / 8;
}

static int ef_decode(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                     uint64_t *out)
{
    return decode_list(ef_block_decode, list, len, d, u, out);
}

/* ---- the graph's lists and their encodings ---- */

struct lists {
    uint64_t nv, ne, maxdeg;
    const uint64_t *off;
    void *ids; /* WIDTH bytes each, as in the file */
    uint32_t width;
};

struct codec {
    const char *name;
    encode_fn enc;
    decode_fn dec;
    int same_bytes_as; /* decodes the bytes of another codec (index), or -1 */
    uint64_t *coff;
    unsigned char *bytes;
    double best;
};

/* Every list of L into one array: plain or compressed, through the
 * library's reader. */
static void read_lists(const struct emogi_lists *l, uint64_t nv, struct lists *out)
{
    out->nv = nv;
    out->off = l->off;
    out->ne = l->off[nv];
    out->width = l->width;
    out->ids = xmalloc(out->ne * l->width);
    out->maxdeg = 0;
    uint64_t buf[EMOGI_CLIST_BLOCK];
    for (uint64_t u = 0; u < nv; u++) {
        struct emogi_list_reader r;
        uint64_t at = l->off[u];
        int n;
        emogi_list_open(&r, l, u);
        while ((n = emogi_list_next(&r, buf)) > 0)
            for (int i = 0; i < n; i++, at++)
                if (out->width == 4)
                    ((uint32_t *)out->ids)[at] = (uint32_t)buf[i];
                else
                    ((uint64_t *)out->ids)[at] = buf[i];
        if (n < 0)
            die("vertex %" PRIu64 ": the file's list does not decode", u);
        if (l->off[u + 1] - l->off[u] > out->maxdeg)
            out->maxdeg = l->off[u + 1] - l->off[u];
    }
}

static const void *list_ids(const struct lists *g, uint64_t u)
{
    return (const char *)g->ids + g->off[u] * g->width;
}

static void encode_all(const struct lists *g, struct codec *c)
{
    c->coff = xmalloc((g->nv + 1) * sizeof *c->coff);
    for (uint64_t u = 0; u < g->nv; u++)
        c->coff[u + 1] = c->coff[u] + c->enc(list_ids(g, u), g->width,
                                             g->off[u + 1] - g->off[u], u, NULL);
    c->bytes = xmalloc(c->coff[g->nv] + SLACK);
    for (uint64_t u = 0; u < g->nv; u++) {
        uint64_t d = g->off[u + 1] - g->off[u];
        if (c->enc(list_ids(g, u), g->width, d, u, c->bytes + c->coff[u]) !=
            c->coff[u + 1] - c->coff[u])
            die("codec %s: vertex %" PRIu64 ": the encoder's two passes disagree", c->name, u);
    }
}

/* Every list of C decoded and compared with the file's ids. */
static int check_codec(const char *path, const struct lists *g, const struct codec *c,
                       uint64_t *buf)
{
    for (uint64_t u = 0; u < g->nv; u++) {
        uint64_t d = g->off[u + 1] - g->off[u];
        if (c->dec(c->bytes + c->coff[u], c->coff[u + 1] - c->coff[u], d, u, buf) < 0) {
            fprintf(stderr, PROG ": %s: codec %s: vertex %" PRIu64 ": the list does not decode\n",
                    path, c->name, u);
            return -1;
        }
        for (uint64_t i = 0; i < d; i++)
            if (buf[i] != id_at(list_ids(g, u), g->width, i)) {
                fprintf(stderr,
                        PROG ": %s: codec %s: vertex %" PRIu64 ": entry %" PRIu64
                        " decodes to %" PRIu64 ", not %" PRIu64 "\n",
                        path, c->name, u, i, buf[i], id_at(list_ids(g, u), g->width, i));
                return -1;
            }
    }
    return 0;
}

/* Seconds to decode every list of C once, one thread; *SINK keeps the
 * work from being optimised away. */
static double time_codec(const struct lists *g, const struct codec *c, uint64_t *buf,
                         uint64_t *sink)
{
    double t0 = emogi_now();
    for (uint64_t u = 0; u < g->nv; u++) {
        uint64_t d = g->off[u + 1] - g->off[u];
        if (d == 0)
            continue;
        c->dec(c->bytes + c->coff[u], c->coff[u + 1] - c->coff[u], d, u, buf);
        *sink += buf[d - 1];
    }
    return emogi_now() - t0;
}

/* ---- the tool ---- */

struct options {
    const char *path;
    unsigned reps;
    int check_only, transpose;
    int damage_codec; /* 0: none */
    uint64_t damage_vertex;
};

static void usage(void)
{
    fprintf(stderr, "usage: " PROG " [--reps N] [--check] [--transpose] [--damage C:V] FILE.csr\n"
                    "  --reps N     decode every list N times per codec, keep the best (3)\n"
                    "  --check      sizes and round trips only, no timing\n"
                    "  --transpose  the stored in-lists instead of the out-lists\n"
                    "  --damage C:V flip the lowest bit of vertex V's first id in codec C\n"
                    "               (1, 2 or 3) after encoding: the round trip must fail\n");
    exit(2);
}

static void parse_options(int argc, char **argv, struct options *o)
{
    *o = (struct options){NULL, 3, 0, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--check")) {
            o->check_only = 1;
        } else if (!strcmp(argv[i], "--transpose")) {
            o->transpose = 1;
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            unsigned long r = strtoul(argv[++i], &end, 10);
            if (*end || r < 1 || r > 1000)
                usage();
            o->reps = (unsigned)r;
        } else if (!strcmp(argv[i], "--damage") && i + 1 < argc) {
            o->damage_codec = (int)strtol(argv[++i], &end, 10);
            if (*end != ':' || o->damage_codec < 1 || o->damage_codec > 3)
                usage();
            errno = 0;
            o->damage_vertex = strtoull(end + 1, &end, 10);
            if (*end || errno)
                usage();
        } else if (argv[i][0] == '-' || o->path) {
            usage();
        } else {
            o->path = argv[i];
        }
    }
    if (!o->path)
        usage();
}

/* The fault --damage asks for: the lowest bit of the first block's f-bit
 * code, which all three codecs keep at byte 2 of the block. */
static void damage(const struct lists *g, struct codec *c, uint64_t v)
{
    if (v >= g->nv || g->off[v + 1] == g->off[v])
        die("--damage: vertex %" PRIu64 " has no list", v);
    uint64_t nb = emogi_clist_blocks(g->off[v + 1] - g->off[v]);
    unsigned char *block = c->bytes + c->coff[v] + 8 * emogi_clist_skip_entries(nb);
    if (block[1] == 0)
        die("--damage: vertex %" PRIu64 "'s first id needs no bits in codec %s", v, c->name);
    block[2] ^= 1;
}

/* Codec 1 against the file's own lists, when the file is compressed: the
 * bench must measure the encoding the tools write. */
static void same_as_file(const char *path, const struct emogi_lists *l, const struct lists *g,
                         const struct codec *c)
{
    if (!l->coff)
        return;
    for (uint64_t u = 0; u < g->nv; u++)
        if (l->coff[u + 1] - l->coff[u] != c->coff[u + 1] - c->coff[u] ||
            memcmp(l->cbytes + l->coff[u], c->bytes + c->coff[u], c->coff[u + 1] - c->coff[u]))
            die("%s: vertex %" PRIu64 ": codec %s differs from the file's list", path, u,
                c->name);
}

static void report(const struct options *o, const struct lists *g, struct codec *cs,
                   unsigned nc)
{
    printf("# %s: %s, %" PRIu64 " lists, %" PRIu64 " links, %u-byte ids, longest %" PRIu64 "\n",
           o->path, o->transpose ? "in-lists" : "out-lists", g->nv, g->ne, g->width, g->maxdeg);
    printf("%-12s %12s %9s", "codec", "bytes", "bits/link");
    if (!o->check_only)
        printf(" %9s %8s %6s %6s", "decode_s", "Mids/s", "vs_1L", "vs_1");
    printf("\n");
    for (unsigned c = 0; c < nc; c++) {
        uint64_t bytes = cs[c].coff[g->nv];
        printf("%-12s %12" PRIu64 " %9.3f", cs[c].name, bytes,
               g->ne ? 8.0 * (double)bytes / (double)g->ne : 0.0);
        if (!o->check_only)
            printf(" %9.4f %8.1f %6.3f %6.3f", cs[c].best, (double)g->ne / cs[c].best / 1e6,
                   cs[0].best / cs[c].best, cs[1].best / cs[c].best);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    struct options o;
    parse_options(argc, argv, &o);
    struct emogi_graph file;
    emogi_error err;
    if (emogi_csr_open(o.path, &file, &err) < 0)
        die("%s", err.msg);
    struct emogi_lists l = o.transpose ? emogi_lists_transpose(&file) : emogi_lists_out(&file);
    if (!l.off)
        die("%s: --transpose: the file stores no in-lists", o.path);
    struct lists g;
    read_lists(&l, file.nv, &g);

    struct codec cs[] = {
        {"1-emogi/lib", emogi_clist_encode, emogi_clist_decode, -1, NULL, NULL, 0},
        {"1-emogi", NULL, emogi_decode, 0, NULL, NULL, 0},
        {"2-pack", pack_encode, pack_decode, -1, NULL, NULL, 0},
        {"2-pack/lib", NULL, emogi_clist_decode, 2, NULL, NULL, 0},
        {"3-ef", ef_encode, ef_decode, -1, NULL, NULL, 0},
    };
    const unsigned nc = sizeof cs / sizeof *cs;
    for (unsigned c = 0; c < nc; c++) {
        if (cs[c].same_bytes_as >= 0) {
            cs[c].coff = cs[cs[c].same_bytes_as].coff;
            cs[c].bytes = cs[cs[c].same_bytes_as].bytes;
        } else {
            encode_all(&g, &cs[c]);
        }
    }
    same_as_file(o.path, &l, &g, &cs[0]);
    if (o.damage_codec)
        damage(&g, &cs[o.damage_codec == 1 ? 0 : o.damage_codec == 2 ? 2 : 4], o.damage_vertex);

    uint64_t *buf = xmalloc((g.maxdeg ? g.maxdeg : 1) * sizeof *buf), sink = 0;
    int status = 0;
    for (unsigned c = 0; c < nc && status == 0; c++)
        if (check_codec(o.path, &g, &cs[c], buf) < 0)
            status = 1;
    for (unsigned r = 0; status == 0 && !o.check_only && r < o.reps; r++)
        for (unsigned c = 0; c < nc; c++) {
            double t = time_codec(&g, &cs[c], buf, &sink);
            if (r == 0 || t < cs[c].best)
                cs[c].best = t;
        }
    if (status == 0) {
        report(&o, &g, cs, nc);
        if (!o.check_only)
            printf("# sink %" PRIu64 "\n", sink);
    }
    /* Everything freed, so the sanitizer build's leak check stays quiet. */
    free(buf);
    for (unsigned c = 0; c < nc; c++)
        if (cs[c].same_bytes_as < 0) {
            free(cs[c].coff);
            free(cs[c].bytes);
        }
    free(g.ids);
    emogi_csr_close(&file);
    return status;
}
