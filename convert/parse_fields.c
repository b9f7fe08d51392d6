/*
 * parse_fields.c - field helpers shared by the readers: weights, and the
 * quoting of a bad field for an error message.
 */
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

int scan_weight(struct chunk *c, const char **pp, const char *eol, double *w)
{
    const char *p = *pp;
    char d[64];
    uint64_t v;
    switch (scan_u64(pp, eol, &v)) {
    case NUM_OK:
        if (v > UINT32_MAX)
            c->nonint = 1;
        *w = (double)v;
        return 0;
    case NUM_NEGATIVE:
        chunk_fail(c, "weight %s is negative: weights must be non-negative",
                   describe_field(p, eol, d, sizeof d));
        return -1;
    default:
        break; /* not a plain integer: a real number, or not a number */
    }
    const char *end = field_end(p, eol);
    size_t n = (size_t)(end - p);
    if (n == 0) {
        chunk_fail(c, "expected a weight after the destination, found end of line (an edge "
                      "list without weights is format el)");
        return -1;
    }
    char tmp[256], *stop;
    if (n >= sizeof tmp) {
        chunk_fail(c, "weight %s is too long to be a number", describe_field(p, eol, d, sizeof d));
        return -1;
    }
    memcpy(tmp, p, n);
    tmp[n] = '\0';
    double x = strtod(tmp, &stop);
    if (stop != tmp + n || n == 0) {
        chunk_fail(c, "weight %s is not a number", describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (!isfinite(x)) {
        chunk_fail(c, "weight %s is not a finite number", describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (tmp[0] == '-' || x < 0) {
        chunk_fail(c, "weight %s is negative: weights must be non-negative",
                   describe_field(p, eol, d, sizeof d));
        return -1;
    }
    if (x != floor(x) || x > (double)UINT32_MAX)
        c->nonint = 1;
    *w = x;
    *pp = end;
    return 0;
}
