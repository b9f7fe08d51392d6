/*
 * emogi_text.h - decimal text for the tools that write an edge a line
 * (emogi-info --edges, emogi-export), one definition for both: numbers
 * go into a buffer by hand, with no format string to parse per id.
 */
#ifndef EMOGI_TEXT_H
#define EMOGI_TEXT_H

#include <stdint.h>

/* Writes X in decimal at P (at most 20 bytes, no terminator); returns
 * the byte after it. */
static inline char *emogi_put_u64(char *p, uint64_t x)
{
    char tmp[20];
    int n = 0;
    do
        tmp[n++] = (char)('0' + x % 10);
    while ((x /= 10) != 0);
    while (n > 0)
        *p++ = tmp[--n];
    return p;
}

#endif
