/*
 * bitstream.h - a big-endian bit reader and the instantaneous codes of
 * WebGraph (unary, gamma, delta, zeta_k, nibble, Golomb).
 *
 * Bits are read most significant first, as it.unimi.dsi.io.InputBitStream
 * reads them.  Every read loads eight bytes at the current byte and shifts,
 * so a code costs a few instructions and no branch per bit; loads that
 * would run past the buffer are assembled byte by byte with zeros.
 *
 * Errors are sticky instead of checked per call: a read past the end sets
 * BR_TRUNCATED, a code whose value cannot fit in 64 bits sets BR_CORRUPT,
 * and both make later reads return 0.  Callers look at `bad` once per
 * successor list, which keeps the decoding loops free of error paths.
 */
#ifndef EMOGI_CONVERT_BITSTREAM_H
#define EMOGI_CONVERT_BITSTREAM_H

#include <stdint.h>
#include <string.h>

enum br_status { BR_OK = 0, BR_TRUNCATED = 1, BR_CORRUPT = 2 };

struct bit_reader {
    const uint8_t *buf;
    uint64_t nbytes, nbits;
    uint64_t pos; /* the next bit to read */
    int bad;      /* enum br_status */
};

enum wg_code { WG_UNARY, WG_GAMMA, WG_DELTA, WG_ZETA, WG_NIBBLE, WG_GOLOMB };

/* A code with its parameter: k of zeta_k, or the modulus of Golomb. */
struct wg_coding {
    enum wg_code code;
    unsigned k;
};

static inline void br_init(struct bit_reader *b, const void *buf, uint64_t nbytes)
{
    b->buf = buf;
    b->nbytes = nbytes;
    b->nbits = nbytes * 8;
    b->pos = 0;
    b->bad = BR_OK;
}

static inline uint64_t br_load64(const struct bit_reader *b, uint64_t byte)
{
    uint64_t v = 0;
    if (byte + 8 <= b->nbytes) {
        memcpy(&v, b->buf + byte, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        v = __builtin_bswap64(v);
#endif
        return v;
    }
    for (int i = 0; i < 8; i++)
        v = v << 8 | (byte + i < b->nbytes ? b->buf[byte + i] : 0);
    return v;
}

/* At least 57 bits from pos on, left-aligned; the bits below them are 0. */
static inline uint64_t br_peek(const struct bit_reader *b)
{
    return br_load64(b, b->pos >> 3) << (b->pos & 7);
}

static inline void br_advance(struct bit_reader *b, uint64_t n)
{
    b->pos += n;
    if (b->pos > b->nbits)
        b->bad |= BR_TRUNCATED;
}

static inline uint64_t br_bits(struct bit_reader *b, unsigned n)
{
    if (n == 0 || b->bad)
        return 0;
    if (n > 56) {
        uint64_t hi = br_bits(b, n - 32);
        return hi << 32 | br_bits(b, 32);
    }
    uint64_t v = br_peek(b) >> (64 - n);
    br_advance(b, n);
    return b->bad ? 0 : v;
}

static inline uint64_t br_unary(struct bit_reader *b)
{
    uint64_t count = 0;
    while (!b->bad) {
        uint64_t w = br_peek(b);
        if (w) { /* bits past the end load as 0, so a 1 is real data */
            unsigned z = (unsigned)__builtin_clzll(w);
            br_advance(b, z + 1);
            return count + z;
        }
        count += 57;
        br_advance(b, 57);
    }
    return 0;
}

/* 2^msb + the msb bits that follow, minus 1: the tail of gamma and delta. */
static inline uint64_t br_tail(struct bit_reader *b, uint64_t msb)
{
    if (msb > 63) {
        b->bad |= BR_CORRUPT;
        return 0;
    }
    return ((UINT64_C(1) << msb) | br_bits(b, (unsigned)msb)) - 1;
}

static inline uint64_t br_gamma(struct bit_reader *b)
{
    return br_tail(b, br_unary(b));
}

static inline uint64_t br_delta(struct bit_reader *b)
{
    return br_tail(b, br_gamma(b));
}

static inline uint64_t br_zeta(struct bit_reader *b, unsigned k)
{
    uint64_t h = br_unary(b);
    if (h > 64 || h * k + k > 64) {
        b->bad |= BR_CORRUPT;
        return 0;
    }
    unsigned hk = (unsigned)(h * k);
    uint64_t left = UINT64_C(1) << hk;
    uint64_t m = br_bits(b, hk + k - 1);
    if (m < left)
        return m + left - 1;
    return (m << 1) + br_bits(b, 1) - 1;
}

/* Groups of a stop bit and three value bits, most significant group first. */
static inline uint64_t br_nibble(struct bit_reader *b)
{
    uint64_t x = 0, stop;
    do {
        if (x >> 61) {
            b->bad |= BR_CORRUPT;
            return 0;
        }
        stop = br_bits(b, 1);
        x = x << 3 | br_bits(b, 3);
    } while (!stop && !b->bad);
    return x;
}

static inline uint64_t br_golomb(struct bit_reader *b, unsigned m)
{
    if (m == 0)
        return 0;
    uint64_t q = br_unary(b);
    unsigned log2m = 63u - (unsigned)__builtin_clzll(m);
    uint64_t cut = (UINT64_C(2) << log2m) - m; /* minimal binary: short codes below cut */
    uint64_t r = br_bits(b, log2m);
    if (r >= cut)
        r = (r << 1) + br_bits(b, 1) - cut;
    if (q > (UINT64_MAX - r) / m) {
        b->bad |= BR_CORRUPT;
        return 0;
    }
    return q * m + r;
}

static inline uint64_t br_read(struct bit_reader *b, struct wg_coding c)
{
    switch (c.code) {
    case WG_UNARY:
        return br_unary(b);
    case WG_GAMMA:
        return br_gamma(b);
    case WG_DELTA:
        return br_delta(b);
    case WG_ZETA:
        return br_zeta(b, c.k);
    case WG_NIBBLE:
        return br_nibble(b);
    case WG_GOLOMB:
        return br_golomb(b, c.k);
    }
    b->bad |= BR_CORRUPT;
    return 0;
}

#endif
