/*
 * parse_fields.c - field helpers shared by the readers: weights, and the
 * quoting of a bad field for an error message.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

void chunk_fail(struct chunk *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, sizeof c->msg, fmt, ap);
    va_end(ap);
    if (c->status == CHUNK_OK)
        c->status = CHUNK_BAD_LINE;
}

/* Input may be any bytes: show at most 40 of them, escaping the rest. */
const char *escape_text(const char *p, size_t n, int quote, char *buf, size_t cap)
{
    size_t o = 0;
    if (quote)
        buf[o++] = '\'';
    for (size_t i = 0; i < n && i < 40 && o + 8 < cap; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (ch >= 0x20 && ch < 0x7f && ch != '\'' && ch != '\\')
            buf[o++] = (char)ch;
        else
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", ch);
    }
    if (n > 40 && o + 4 < cap) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    if (quote)
        buf[o++] = '\'';
    buf[o] = '\0';
    return buf;
}

const char *describe_field(const char *p, const char *eol, char *buf, size_t cap)
{
    const char *end = field_end(p, eol);
    if (p == end) {
        snprintf(buf, cap, "end of line");
        return buf;
    }
    return escape_text(p, (size_t)(end - p), 1, buf, cap);
}

/* FLT_MAX plus half a unit in the last place: from here on, rounding to
 * float32 gives infinity. */
#define FLOAT32_TO_INFINITY 0x1.ffffffp+127

/* A negative integer written as such: uint32 weights cannot hold it, and
 * turning the file's weights into float32 behind the user's back would be
 * a surprise, so only an explicit real number (or a real format) does. */
static int refuse_negative_integer(struct chunk *c, const char *p, const char *eol)
{
    char d[64], real[40] = "-1.0";
    size_t n = (size_t)(field_end(p, eol) - p);
    if (n + 3 <= sizeof real)
        snprintf(real, sizeof real, "%.*s.0", (int)n, p); /* "-DIGITS": printable */
    chunk_fail(c, "weight %s is a negative integer, which uint32 weights cannot hold: write "
                  "it as a real number (%s) to store float32 weights, or drop the weights "
                  "with --weights none",
               describe_field(p, eol, d, sizeof d), real);
    return -1;
}

/* A number that strtod takes, in full; 0, or -1 after chunk_fail(). */
static int scan_real(struct chunk *c, const char *p, const char *eol, double *x)
{
    char d[64], tmp[256], *stop;
    size_t n = (size_t)(field_end(p, eol) - p);
    if (n == 0) {
        chunk_fail(c, "expected a weight after the destination, found end of line (an edge "
                      "list without weights is format el)");
        return -1;
    }
    if (n >= sizeof tmp) {
        chunk_fail(c, "weight %s is too long to be a number", describe_field(p, eol, d, sizeof d));
        return -1;
    }
    memcpy(tmp, p, n);
    tmp[n] = '\0';
    *x = strtod(tmp, &stop);
    if (stop != tmp + n) {
        chunk_fail(c, "weight %s is not a number", describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (!isfinite(*x)) {
        chunk_fail(c, "weight %s is not a finite number", describe_field(p, eol, d, sizeof d));
        return -1;
    }
    return 0;
}

int scan_weight(struct chunk *c, const char **pp, const char *eol, double *w)
{
    const char *p = *pp;
    char d[64];
    uint64_t v;
    int st = scan_u64(pp, eol, &v);
    if (st == NUM_OK && v <= UINT32_MAX) { /* the common case: a uint32 */
        *w = (double)v;
        return 0;
    }
    double x;
    if (scan_real(c, p, eol, &x))
        return -1;
    *pp = field_end(p, eol);
    *w = 0;
    if (c->weights_dropped)
        return 0; /* read as a number, never stored: any finite value will do */
    if (fabs(x) >= FLOAT32_TO_INFINITY) {
        chunk_fail(c, "weight %s does not fit float32 (magnitudes up to %.9g)",
                   describe_field(p, eol, d, sizeof d), (double)FLT_MAX);
        return -1;
    }
    if (fabs(x) > FLT_MAX)
        x = copysign(FLT_MAX, x); /* what rounding to float32 gives, without the cast's UB */
    if (x < 0 && st == NUM_NEGATIVE && !c->negative_ok)
        return refuse_negative_integer(c, p, eol);
    if (x != floor(x) || x < 0 || x > (double)UINT32_MAX)
        c->nonint = 1; /* only float32 holds it */
    *w = x + 0.0; /* -0.0 is 0 */
    return 0;
}

int chunk_name(struct chunk *c, const char *p, size_t len, int unquote, uint64_t *id)
{
    if (names_intern(c->names, p, len, unquote, id, c->msg, sizeof c->msg) == 0)
        return 0;
    if (c->names->sorted) { /* the second reading: this line is at fault */
        char d[192];
        chunk_fail(c, "string id %s was not in the input when it was first read: the input "
                      "changed between its two readings", escape_text(p, len, 1, d, sizeof d));
        return -1;
    }
    c->status = CHUNK_FAILED;
    return -1;
}

int chunk_push(struct chunk *c, uint64_t s, uint64_t t, double w)
{
    emogi_error err;
    if (edge_list_push(c->e, s, t, w, &err)) {
        chunk_fail(c, "%s", err.msg);
        c->status = CHUNK_FAILED;
        return -1;
    }
    const uint64_t m = s > t ? s : t;
    if (m > c->max_id || c->entries == 0)
        c->max_id = m;
    c->entries++;
    return 0;
}
