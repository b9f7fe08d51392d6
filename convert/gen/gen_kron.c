/*
 * gen_kron.c - Kronecker graph as Graph500 and GAP generate it.
 *
 * Each edge descends SCALE levels of the 2x2 initiator matrix
 * [A B; C D] = [0.57 0.19; 0.19 0.05], choosing a quadrant per level, which
 * sets one bit of the source and one of the destination (Leskovec et al.,
 * "Kronecker graphs", JMLR 2010; Graph500 specification; GAP's generator.h
 * with the same comparisons).  Vertex 0 would otherwise be the hub and ids
 * would sort by degree, so ids are permuted afterwards, as both benchmarks
 * do.  Edge i is a pure function of (seed, i), so any thread count gives
 * the same graph.
 */
#include "gen.h"

/*
 * The quadrant choice is bit-sliced: 64 edges at once, one bit each, per
 * 64-bit word.  A uniform u is compared with a threshold t bit by bit from
 * the top, with random words as u's bits: a lane is decided at its first
 * bit that differs from t's, so after about eight words every lane of the
 * 64 is decided, for all three thresholds at once.  That is a few word
 * operations per level for 64 edges instead of a compare chain per edge;
 * a 64x64 bit transpose then turns per-level words into per-edge ids.
 * Thresholds have 16 bits (quantisation 1.5e-5, far below sampling noise).
 */
#define KRON_A 37356u   /* 0.57 * 65536 */
#define KRON_AB 49807u  /* 0.76 * 65536 */
#define KRON_ABC 62259u /* 0.95 * 65536 */

struct perm {
    uint64_t mask, mul[3], add[3];
    int shift;
};

/* A seeded bijection on [0, 2^scale): odd multipliers, additions and
 * xor-shifts are each invertible modulo 2^scale, and need no table, so the
 * permutation costs no memory and no serial shuffle. */
static void perm_init(struct perm *p, int scale, uint64_t seed)
{
    p->mask = scale == 64 ? ~0ull : (1ull << scale) - 1;
    p->shift = (scale + 1) / 2;
    for (int r = 0; r < 3; r++) {
        p->mul[r] = gen_mix64(seed ^ (0x6d756c00ull + r)) | 1;
        p->add[r] = gen_mix64(seed ^ (0x61646400ull + r));
    }
}

static uint64_t perm_apply(const struct perm *p, uint64_t x)
{
    for (int r = 0; r < 3; r++) {
        x = (x * p->mul[r] + p->add[r]) & p->mask;
        x ^= x >> p->shift;
    }
    return x;
}

/* Lanes where u < t, u's bits drawn from mix(base + counter) words.  The
 * steps are spelled out so that each threshold bit is a constant. */
struct compare3 {
    uint64_t lt_a, lt_ab, lt_abc;
};

#define BELOW(T, LT, OPEN, J)                                                                \
    do {                                                                                     \
        if ((T) >> (J) & 1) {                                                                \
            LT |= OPEN & ~r; /* u's bit 0 under t's 1: below */                              \
            OPEN &= r;                                                                       \
        } else {                                                                             \
            OPEN &= ~r; /* u's bit 1 over t's 0: not below */                                \
        }                                                                                    \
    } while (0)
#define STEP(J)                                                                              \
    do {                                                                                     \
        if (!(open_a | open_ab | open_abc))                                                  \
            goto done;                                                                       \
        r = gen_mix64(base + (counter << 4 | (J)));                                          \
        BELOW(KRON_A, c->lt_a, open_a, J);                                                   \
        BELOW(KRON_AB, c->lt_ab, open_ab, J);                                                \
        BELOW(KRON_ABC, c->lt_abc, open_abc, J);                                             \
    } while (0)

static void compare_level(uint64_t base, uint64_t counter, struct compare3 *c)
{
    uint64_t open_a = ~0ull, open_ab = ~0ull, open_abc = ~0ull, r;
    c->lt_a = c->lt_ab = c->lt_abc = 0;
    STEP(15); STEP(14); STEP(13); STEP(12); STEP(11); STEP(10); STEP(9); STEP(8);
    STEP(7); STEP(6); STEP(5); STEP(4); STEP(3); STEP(2); STEP(1); STEP(0);
done:
    return;
}

/* out[i] bit l = in[l] bit i (Hacker's Delight, 7-3). */
static void transpose64(uint64_t a[64])
{
    uint64_t m = 0x00000000ffffffffull;
    for (int j = 32; j; j >>= 1, m ^= m << j)
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k | j] ^= t;
            a[k] ^= t << j;
        }
}

/* Edges 64g .. 64g+63: per level, source bit where u >= A+B, destination
 * bit where A <= u < A+B or u >= A+B+C (GAP's generator.h). */
static void kron_group(uint64_t base, uint64_t g, int scale, uint64_t s[64], uint64_t d[64])
{
    for (int l = 0; l < 64; l++) {
        s[l] = d[l] = 0;
        if (l >= scale)
            continue;
        struct compare3 c;
        compare_level(base, g * 64 + (uint64_t)l, &c);
        s[l] = ~c.lt_ab;
        d[l] = (c.lt_ab & ~c.lt_a) | ~c.lt_abc;
    }
    transpose64(s);
    transpose64(d);
}

void gen_kron_range(const struct gen_opts *g, uint64_t lo, uint64_t n, uint64_t *src,
                    uint64_t *dst)
{
    struct perm p;
    perm_init(&p, g->scale, g->seed);
    uint64_t base = gen_mix64(g->seed ^ 0x6b726f6eull), hi = lo + n;
    int scale = g->scale;
    uint64_t first = lo / 64, groups = (hi + 63) / 64 - first;
#pragma omp parallel for schedule(static)
    for (uint64_t k = first; k < first + groups; k++) {
        uint64_t s[64], d[64];
        kron_group(base, k, scale, s, d);
        uint64_t a = k * 64 > lo ? k * 64 : lo, b = k * 64 + 64 < hi ? k * 64 + 64 : hi;
        for (uint64_t i = a; i < b; i++) {
            src[i - lo] = perm_apply(&p, s[i - k * 64]);
            dst[i - lo] = perm_apply(&p, d[i - k * 64]);
        }
    }
}

int gen_kron(const struct gen_opts *g, struct edge_list *e, emogi_error *err)
{
    if (gen_alloc(g, e, err))
        return -1;
    gen_kron_range(g, 0, e->n, e->src, e->dst);
    return 0;
}
