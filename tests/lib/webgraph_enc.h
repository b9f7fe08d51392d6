/*
 * webgraph_enc.h - a small BVGraph encoder for the tests, written from the
 * format description (Boldi and Vigna, WWW 2004) and independent of the
 * reader: it writes .graph, .offsets and .properties for a graph given as
 * sorted adjacency lists, with any window, reference bound, interval
 * length and code per component, and counts which features it used so a
 * test can show that the case it claims to cover was really exercised.
 */
#ifndef EMOGI_TESTS_WEBGRAPH_ENC_H
#define EMOGI_TESTS_WEBGRAPH_ENC_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum enc_code { E_UNARY, E_GAMMA, E_DELTA, E_ZETA, E_NIBBLE, E_GOLOMB };
static const char *const enc_code_names[] = {"UNARY", "GAMMA", "DELTA", "ZETA", "NIBBLE", "GOLOMB"};

enum enc_part { P_OUTDEG, P_REF, P_BLOCK_COUNT, P_BLOCKS, P_INTERVALS, P_RESIDUALS, P_OFFSETS, P_N };
static const char *const enc_part_names[] = {"OUTDEGREES", "REFERENCES", "BLOCK_COUNT", "BLOCKS",
                                             "INTERVALS",  "RESIDUALS",  "OFFSETS"};
static const enum enc_code enc_defaults[P_N] = {E_GAMMA, E_UNARY, E_GAMMA, E_GAMMA,
                                                E_GAMMA, E_ZETA,  E_GAMMA};

struct enc_params {
    uint64_t window, maxref, minint;
    unsigned k;
    enum enc_code code[P_N];
    int always_ref; /* refer to the nearest allowed list even when it shares nothing */
};

struct enc_stats {
    uint64_t refs, blocks, intervals, residuals, max_chain;
};

struct adj {
    uint64_t n;
    uint64_t *deg, **succ;
};

struct bw {
    uint8_t *buf;
    uint64_t bits, cap;
};

static void bw_bit(struct bw *w, int bit)
{
    if (w->bits / 8 >= w->cap) {
        uint64_t old = w->cap;
        w->cap = old ? old * 2 : 64;
        w->buf = realloc(w->buf, w->cap);
        memset(w->buf + old, 0, w->cap - old);
    }
    if (bit)
        w->buf[w->bits / 8] |= (uint8_t)(0x80 >> (w->bits % 8));
    w->bits++;
}

static void bw_bits(struct bw *w, uint64_t v, unsigned n) /* low n bits of v, high first */
{
    while (n--)
        bw_bit(w, (int)(v >> n & 1));
}

static unsigned msb64(uint64_t x)
{
    unsigned m = 0;
    while (x >>= 1)
        m++;
    return m;
}

static void bw_unary(struct bw *w, uint64_t x)
{
    while (x--)
        bw_bit(w, 0);
    bw_bit(w, 1);
}

static void bw_gamma(struct bw *w, uint64_t x)
{
    unsigned m = msb64(x + 1);
    bw_unary(w, m);
    bw_bits(w, x + 1, m);
}

static void bw_delta(struct bw *w, uint64_t x)
{
    unsigned m = msb64(x + 1);
    bw_gamma(w, m);
    bw_bits(w, x + 1, m);
}

/* zeta_k: x+1 in [2^hk, 2^(h+1)k) as h in unary and a minimal binary code */
static void bw_zeta(struct bw *w, uint64_t x, unsigned k)
{
    uint64_t y = x + 1;
    unsigned h = msb64(y) / k;
    uint64_t left = UINT64_C(1) << (h * k);
    bw_unary(w, h);
    if (y - left < left)
        bw_bits(w, y - left, h * k + k - 1);
    else
        bw_bits(w, y, h * k + k);
}

static void bw_nibble(struct bw *w, uint64_t x)
{
    unsigned groups = msb64(x) / 3 + 1;
    for (unsigned g = groups; g-- > 0;) {
        bw_bit(w, g == 0);
        bw_bits(w, x >> (3 * g), 3);
    }
}

static void bw_golomb(struct bw *w, uint64_t x, unsigned b)
{
    unsigned lb = msb64(b);
    uint64_t r = x % b, cut = (UINT64_C(2) << lb) - b;
    bw_unary(w, x / b);
    if (r < cut)
        bw_bits(w, r, lb);
    else
        bw_bits(w, r + cut, lb + 1);
}

static void bw_code(struct bw *w, enum enc_code c, unsigned k, uint64_t x)
{
    switch (c) {
    case E_UNARY: bw_unary(w, x); break;
    case E_GAMMA: bw_gamma(w, x); break;
    case E_DELTA: bw_delta(w, x); break;
    case E_ZETA: bw_zeta(w, x, k); break;
    case E_NIBBLE: bw_nibble(w, x); break;
    case E_GOLOMB: bw_golomb(w, x, k); break;
    }
}

static uint64_t int2nat(int64_t v)
{
    return v >= 0 ? (uint64_t)v * 2 : (uint64_t)(-v) * 2 - 1;
}

static int in_list(const uint64_t *v, uint64_t n, uint64_t x)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t m = (lo + hi) / 2;
        if (v[m] < x)
            lo = m + 1;
        else
            hi = m;
    }
    return lo < n && v[lo] == x;
}

static uint64_t shared(const struct adj *g, uint64_t a, uint64_t b)
{
    uint64_t c = 0;
    for (uint64_t i = 0; i < g->deg[b]; i++)
        c += (uint64_t)in_list(g->succ[a], g->deg[a], g->succ[b][i]);
    return c;
}

static uint64_t choose_ref(const struct adj *g, const struct enc_params *p, uint64_t x,
                           const uint64_t *chain)
{
    uint64_t best = 0, best_shared = 0;
    for (uint64_t r = 1; r <= p->window && r <= x; r++) {
        if (chain[x - r] >= p->maxref || g->deg[x - r] == 0)
            continue;
        if (p->always_ref)
            return r;
        uint64_t s = shared(g, x, x - r);
        if (s > best_shared)
            best = r, best_shared = s;
    }
    return best;
}

#define CODE(part, v) bw_code(w, p->code[part], p->k, (v))

/* Copy blocks of the list of x from the list of x - ref; marks copied successors. */
static void enc_blocks(struct bw *w, const struct enc_params *p, const struct adj *g, uint64_t x,
                       uint64_t ref, char *copied, struct enc_stats *st)
{
    uint64_t y = x - ref, *runs = malloc((g->deg[y] + 2) * sizeof *runs), nruns = 0, len = 0;
    int copying = 1;
    for (uint64_t i = 0; i < g->deg[y]; i++) {
        int in = in_list(g->succ[x], g->deg[x], g->succ[y][i]);
        if (in != copying) {
            runs[nruns++] = len;
            len = 0;
            copying = in;
        }
        len++;
        if (in) {
            uint64_t j = 0;
            while (g->succ[x][j] != g->succ[y][i])
                j++;
            copied[j] = 1;
        }
    }
    runs[nruns++] = len; /* the last run is implied */
    CODE(P_BLOCK_COUNT, nruns - 1);
    for (uint64_t i = 0; i + 1 < nruns; i++)
        CODE(P_BLOCKS, i ? runs[i] - 1 : runs[i]);
    st->blocks += nruns - 1;
    free(runs);
}

static void enc_extras(struct bw *w, const struct enc_params *p, const uint64_t *v, uint64_t n,
                       uint64_t x, struct enc_stats *st)
{
    uint64_t *res = malloc((n + 1) * sizeof *res), nres = 0;
    uint64_t left[1024], len[1024], nint = 0;
    for (uint64_t i = 0; i < n;) {
        uint64_t j = i + 1;
        while (j < n && v[j] == v[j - 1] + 1)
            j++;
        if (p->minint && j - i >= p->minint && nint < 1024) {
            left[nint] = v[i];
            len[nint++] = j - i;
        } else {
            for (uint64_t t = i; t < j; t++)
                res[nres++] = v[t];
        }
        i = j;
    }
    if (p->minint && n) {
        CODE(P_INTERVALS, nint);
        for (uint64_t i = 0; i < nint; i++) {
            CODE(P_INTERVALS, i ? left[i] - (left[i - 1] + len[i - 1]) - 1
                                : int2nat((int64_t)left[0] - (int64_t)x));
            CODE(P_INTERVALS, len[i] - p->minint);
        }
    }
    for (uint64_t i = 0; i < nres; i++)
        CODE(P_RESIDUALS, i ? res[i] - res[i - 1] - 1 : int2nat((int64_t)res[0] - (int64_t)x));
    st->intervals += nint;
    st->residuals += nres;
    free(res);
}

static void enc_list(struct bw *w, const struct enc_params *p, const struct adj *g, uint64_t x,
                     uint64_t *chain, struct enc_stats *st)
{
    uint64_t d = g->deg[x];
    CODE(P_OUTDEG, d);
    chain[x] = 0;
    if (d == 0)
        return;
    char *copied = calloc(d + 1, 1);
    if (p->window) {
        uint64_t ref = choose_ref(g, p, x, chain);
        CODE(P_REF, ref);
        if (ref) {
            chain[x] = chain[x - ref] + 1;
            st->refs++;
            if (chain[x] > st->max_chain)
                st->max_chain = chain[x];
            enc_blocks(w, p, g, x, ref, copied, st);
        }
    }
    uint64_t *extra = malloc(d * sizeof *extra), ne = 0;
    for (uint64_t i = 0; i < d; i++)
        if (!copied[i])
            extra[ne++] = g->succ[x][i];
    enc_extras(w, p, extra, ne, x, st);
    free(extra);
    free(copied);
}

static int write_bytes(const char *base, const char *ext, const void *buf, uint64_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s%s", base, ext);
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = len ? fwrite(buf, 1, (size_t)len, f) : 0;
    return fclose(f) == 0 && put == len ? 0 : -1;
}

static void enc_properties(const char *base, const struct enc_params *p, const struct adj *g,
                           uint64_t arcs, const char *extra_lines)
{
    char flags[512] = "", text[2048];
    for (int i = 0; i < P_N; i++)
        if (p->code[i] != enc_defaults[i])
            snprintf(flags + strlen(flags), sizeof flags - strlen(flags), "%s%s_%s",
                     *flags ? " | " : "", enc_part_names[i], enc_code_names[p->code[i]]);
    snprintf(text, sizeof text,
             "#BVGraph properties\ngraphclass=it.unimi.dsi.webgraph.BVGraph\nversion=0\n"
             "nodes=%llu\narcs=%llu\nwindowsize=%llu\nmaxrefcount=%llu\n"
             "minintervallength=%llu\nzetak=%u\ncompressionflags=%s\n%s",
             (unsigned long long)g->n, (unsigned long long)arcs, (unsigned long long)p->window,
             (unsigned long long)p->maxref, (unsigned long long)p->minint, p->k, flags,
             extra_lines ? extra_lines : "");
    write_bytes(base, ".properties", text, strlen(text));
}

/* Write BASE.graph, BASE.offsets and BASE.properties. */
static struct enc_stats encode_graph(const char *base, const struct adj *g,
                                     const struct enc_params *p)
{
    struct enc_stats st = {0};
    struct bw w = {0}, ow = {0};
    uint64_t *chain = calloc(g->n + 1, sizeof *chain), arcs = 0, last = 0;
    for (uint64_t x = 0; x < g->n; x++) {
        bw_code(&ow, p->code[P_OFFSETS], p->k, w.bits - last);
        last = w.bits;
        enc_list(&w, p, g, x, chain, &st);
        arcs += g->deg[x];
    }
    bw_code(&ow, p->code[P_OFFSETS], p->k, w.bits - last);
    write_bytes(base, ".graph", w.buf, (w.bits + 7) / 8);
    write_bytes(base, ".offsets", ow.buf, (ow.bits + 7) / 8);
    enc_properties(base, p, g, arcs, NULL);
    free(w.buf);
    free(ow.buf);
    free(chain);
    return st;
}

#endif
