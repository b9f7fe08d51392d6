/*
 * unit_clist_fast.c - the kernels' inlined decoders (clist_fast.h) against
 * the library's checked one (emogi_clist_decode, emogi_clist_find_in_bitmap)
 * on random lists of every shape: runs that take mode 1, gaps of every
 * width 0..64 (past 57 bits the wide path), first ids 64 bits from their
 * vertex, 4- and 8-byte ids, lists with skip indexes.  Each section is
 * placed so that it ends where an inaccessible page begins: a decoder
 * that read one byte past the section would fault here.  Corrupt
 * sections must still be read inside their bounds, D entries a list, and
 * as the library reads them wherever the library can.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "clist_fast.h"
#include "tap.h"

#define MAXD 5000u
#define LISTS 48u

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    return tap_rand(&rng);
}

/* A sorted list of D ids below NV: SHAPE 0 runs (gap 1 three times in
 * four), 1 gaps of exactly BITS bits while they fit (then 0), 2 gaps of
 * 0..2, 3 spread over the range; from a first id that may be far from 0. */
static void make_list(uint64_t *v, uint64_t d, uint64_t nv, int shape, unsigned bits)
{
    uint64_t x = rnd() % 2 ? rnd() % (nv / 2 + 1) : rnd() % 64;
    for (uint64_t i = 0; i < d; i++) {
        uint64_t r = rnd(), g;
        if (shape == 0)
            g = r % 4 ? 1 : r % 5000;
        else if (shape == 1)
            g = bits == 0 ? 0
                : (UINT64_C(1) << (bits - 1)) | (bits > 1 ? r & (~UINT64_C(0) >> (65 - bits)) : 0);
        else if (shape == 2)
            g = r % 3;
        else
            g = r % ((nv - x) / (d - i + 1) + 1);
        if (i == 0 || g > nv - 1 - x)
            g = 0;
        x += g;
        v[i] = x;
    }
}

/* One direction: LISTS lists, vertex u's list compressed at coff[u]. */
struct dir {
    uint64_t off[LISTS + 1], coff[LISTS + 1];
    unsigned char *bytes; /* malloc'd */
    uint64_t *ids;        /* the lists, off[LISTS] of them */
};

/* A direction of random lists of ids below NV (8-byte ids when WIDE). */
static void make_dir(struct dir *g, uint64_t nv, unsigned width)
{
    static const uint64_t sizes[] = {1, 2, 3, 31, 32, 33, 63, 64, 65, 100, 1024, 1025, 2049, MAXD};
    uint64_t d[LISTS], total = 0;
    for (unsigned u = 0; u < LISTS; u++)
        total += d[u] = u % 7 == 6 ? 0 : sizes[rnd() % (sizeof sizes / sizeof *sizes)];
    g->ids = malloc(total * sizeof *g->ids);
    g->bytes = malloc(total * 9 + 16 * LISTS + 1);
    g->off[0] = g->coff[0] = 0;
    for (unsigned u = 0; u < LISTS; u++) {
        uint64_t *v = g->ids + g->off[u];
        /* lists 0 and 1 hold gaps of 64 and 58 bits if the ids reach */
        unsigned bits = u < 2 ? 8 * width - 6 * u : (unsigned)(rnd() % (8 * width + 1));
        make_list(v, d[u], nv, u < 2 ? 1 : (int)(rnd() % 4), bits);
        g->off[u + 1] = g->off[u] + d[u];
        uint32_t v32[MAXD];
        const void *in = v;
        if (width == 4) {
            for (uint64_t i = 0; i < d[u]; i++)
                v32[i] = (uint32_t)v[i];
            in = v32;
        }
        g->coff[u + 1] = g->coff[u] + emogi_clist_encode(in, width, d[u], u, g->bytes + g->coff[u]);
    }
}

/* N bytes at P copied to end where an inaccessible page begins. */
static unsigned char *guarded(const unsigned char *p, uint64_t n, void **map, size_t *maplen)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), span = (n + page - 1) / page * page;
    *maplen = span + page;
    unsigned char *m = mmap(NULL, *maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                            -1, 0);
    if (m == MAP_FAILED || mprotect(m + span, page, PROT_NONE) != 0)
        abort();
    *map = m;
    memcpy(m + span - n, p, n);
    return m + span - n;
}

/* Which kinds of block the direction holds: mode 1, gaps past 57 bits,
 * gaps of 64 bits, first ids of 64 bits. */
struct seen {
    int mode1, wide, b64, f64;
};

static void count_blocks(const struct dir *g, const unsigned char *bytes, struct seen *s)
{
    for (unsigned u = 0; u < LISTS; u++) {
        struct emogi_clist_iter it;
        uint64_t out[EMOGI_CLIST_BLOCK];
        const unsigned char *list = bytes + g->coff[u];
        emogi_clist_iter_init(&it, list, g->coff[u + 1] - g->coff[u], g->off[u + 1] - g->off[u], u);
        while (it.pos + 2 <= it.len && it.block < emogi_clist_blocks(it.d)) {
            unsigned b = list[it.pos] & 0x7f, f = list[it.pos + 1];
            s->mode1 |= list[it.pos] >> 7, s->wide |= b > 57, s->b64 |= b == 64, s->f64 |= f == 64;
            if (emogi_clist_next(&it, out) <= 0)
                break;
        }
    }
}

/* Whether the cursor, entry R and a run over every list read what
 * emogi_clist_decode reads, wherever it reads one (a list it refuses
 * must still give D entries). */
static int cursor_agrees(const struct dir *g, const struct emogi_clist_dir *cd)
{
    static uint64_t want[MAXD], got[MAXD];
    int agree = 1;
    for (unsigned u = 0; u < LISTS; u++) {
        uint64_t d = g->off[u + 1] - g->off[u], n = 0;
        int valid = emogi_clist_decode(cd->bytes + g->coff[u], g->coff[u + 1] - g->coff[u], d, u,
                                       want) == 0;
        struct emogi_clist_cursor c;
        unsigned k;
        emogi_clist_open(&c, cd, u);
        while ((k = emogi_clist_read(&c, got + n)) > 0 && n + k <= d)
            n += k;
        agree &= n == d && k == 0;
        if (valid)
            agree &= memcmp(got, want, d * sizeof *got) == 0;
        for (unsigned r = 0; valid && r < d && r < EMOGI_CLIST_BLOCK; r++)
            agree &= emogi_clist_entry(cd, u, r) == want[r];
    }
    return agree;
}

/* A run over lists A..B-1 read in pieces of random size, filled to a
 * random depth, against the lists one by one (valid ones only). */
static int run_agrees(const struct dir *g, const struct emogi_clist_dir *cd, uint64_t a,
                      uint64_t b)
{
    static struct emogi_clist_run run;
    static uint64_t want[MAXD];
    int agree = 1;
    emogi_clist_run_init(&run, cd, a, b);
    for (uint64_t u = a; u < b; u++) {
        uint64_t d = g->off[u + 1] - g->off[u], i = 0;
        int valid = emogi_clist_decode(cd->bytes + g->coff[u], g->coff[u + 1] - g->coff[u], d, u,
                                       want) == 0;
        while (i < d) {
            unsigned piece = (unsigned)(1 + rnd() % 300), ahead = (unsigned)(rnd() % 600);
            if (piece > d - i)
                piece = (unsigned)(d - i);
            if (ahead < piece)
                ahead = piece - 1;
            unsigned ready = emogi_clist_run_fill(&run, ahead);
            if (ready <= ahead && ready != g->off[b] - g->off[u] - i)
                return 0; /* short of entries before the run's end */
            const uint64_t *ids = emogi_clist_run_ids(&run);
            if (valid)
                agree &= memcmp(ids, want + i, piece * sizeof *ids) == 0;
            emogi_clist_run_skip(&run, piece);
            i += piece;
        }
    }
    return agree && emogi_clist_run_fill(&run, 0) == 0;
}

/* emogi_clist_find against emogi_clist_find_in_bitmap on every list that
 * checks (ids below NV: a bitmap of NV bits holds them), with bitmaps
 * empty, of one entry of the list, sparse random; and emogi_clist_first_find,
 * which must settle a list of one entry, or one whose first entry is set,
 * wherever the list has no skip index and ends 16 bytes or more before its
 * section (the lists near the guard page test its bounds). */
static int find_agrees(const struct dir *g, const struct emogi_clist_dir *cd, uint64_t nv,
                       uint64_t *bm)
{
    int agree = 1;
    for (int kind = 0; kind < 3; kind++)
        for (unsigned u = 0; u < LISTS; u++) {
            uint64_t d = g->off[u + 1] - g->off[u], len = g->coff[u + 1] - g->coff[u];
            struct emogi_clist_report rep;
            if (emogi_clist_check(cd->bytes + g->coff[u], len, d, u, nv, 8, &rep) != 0)
                continue;
            memset(bm, 0, (nv + 63) / 64 * 8);
            if (kind == 1 && d > 0) {
                uint64_t x = g->ids[g->off[u] + rnd() % d];
                bm[x >> 6] |= UINT64_C(1) << (x & 63);
            }
            for (uint64_t i = 0; kind == 2 && i < nv / 2000; i++) {
                uint64_t x = rnd() % nv;
                bm[x >> 6] |= UINT64_C(1) << (x & 63);
            }
            uint64_t want_read, got_read;
            int want = emogi_clist_find_in_bitmap(cd->bytes + g->coff[u], len, d, u, bm, &want_read);
            int got = emogi_clist_find(cd, u, bm, &got_read);
            agree &= got == want && got_read == want_read;
            int first_hit;
            if (emogi_clist_first_find(cd, u, bm, &first_hit)) /* settled: as the library */
                agree &= first_hit == want && want_read == 1;
            else /* not settled: a longer list, its first entry not set, or near the end */
                agree &= !(d == 1 && g->coff[LISTS] - g->coff[u + 1] >= 16) &&
                         !(want && want_read == 1 && d <= 1024 &&
                           g->coff[LISTS] - g->coff[u + 1] >= 16);
        }
    return agree;
}


static void valid_sections(unsigned width, uint64_t nv, int with_find)
{
    static uint64_t bm[(1u << 20) / 64];
    struct seen seen = {0, 0, 0, 0};
    int cursor = 1, run = 1, find = 1;
    for (int rep = 0; rep < 12; rep++) {
        struct dir g;
        void *map;
        size_t maplen;
        make_dir(&g, nv, width);
        unsigned char *bytes = guarded(g.bytes, g.coff[LISTS], &map, &maplen);
        struct emogi_clist_dir cd = emogi_clist_dir_of(g.off, g.coff, bytes, LISTS);
        count_blocks(&g, bytes, &seen);
        cursor &= cursor_agrees(&g, &cd);
        run &= run_agrees(&g, &cd, 0, LISTS) && run_agrees(&g, &cd, LISTS / 3, LISTS / 3 + 5);
        if (with_find)
            find &= find_agrees(&g, &cd, nv, bm);
        munmap(map, maplen);
        free(g.bytes), free(g.ids);
    }
    ok(cursor, "%u-byte ids below %llu: cursor and entry read what emogi_clist_decode reads",
       width, (unsigned long long)nv);
    ok(run, "%u-byte ids below %llu: runs over consecutive lists read the same", width,
       (unsigned long long)nv);
    if (with_find)
        ok(find, "%u-byte ids below %llu: find and first_find answer as emogi_clist_find_in_bitmap",
           width,
           (unsigned long long)nv);
    ok(seen.mode1, "%u-byte ids: the sections held mode 1 blocks", width);
    if (nv > UINT64_C(1) << 60)
        ok(seen.wide && seen.b64 && seen.f64,
           "8-byte ids: the sections held gaps past 57 bits, of 64 bits, and 64-bit first ids");
}

/* Random bytes of valid sections spoiled: every reader stays inside the
 * section (the guard page), gives D entries a list, and agrees with the
 * library on the lists the library still decodes. */
static void corrupt_sections(void)
{
    static uint64_t bm[(1u << 20) / 64];
    int agree = 1, spoiled = 0;
    for (int rep = 0; rep < 40; rep++) {
        struct dir g;
        void *map;
        size_t maplen;
        make_dir(&g, 1u << 20, 4);
        uint64_t n = g.coff[LISTS], near = n < 64 ? n : 64; /* anywhere, or near the end */
        for (int i = 0; i < 1 + rep % 8 && n > 0; i++)
            g.bytes[n - 1 - rnd() % (rep % 2 ? n : near)] ^= (unsigned char)(1 + rnd() % 255);
        unsigned char *bytes = guarded(g.bytes, g.coff[LISTS], &map, &maplen);
        struct emogi_clist_dir cd = emogi_clist_dir_of(g.off, g.coff, bytes, LISTS);
        static uint64_t out[MAXD];
        for (unsigned u = 0; u < LISTS; u++)
            spoiled += emogi_clist_decode(bytes + g.coff[u], g.coff[u + 1] - g.coff[u],
                                          g.off[u + 1] - g.off[u], u, out) < 0;
        agree &= cursor_agrees(&g, &cd) && run_agrees(&g, &cd, 0, LISTS) &&
                 find_agrees(&g, &cd, 1u << 20, bm);
        munmap(map, maplen);
        free(g.bytes), free(g.ids);
    }
    ok(agree, "corrupt sections: read in bounds, D entries a list, as the library where it can");
    ok(spoiled > 0, "corrupt sections: %d lists the library refuses", spoiled);
}

int main(void)
{
    plan(17);
    valid_sections(4, 1u << 20, 1);
    valid_sections(4, UINT32_MAX, 0);
    valid_sections(8, 1u << 20, 1);
    valid_sections(8, UINT64_MAX - 1, 0);
    corrupt_sections();
    return done_testing();
}
