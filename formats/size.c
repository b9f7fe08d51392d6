/* size.c - byte counts as the tools' options spell them (--memory, --gpu-memory). */
#include <errno.h>
#include <stdlib.h>

#include "emogi_csr.h"

int emogi_parse_size(const char *s, uint64_t *bytes)
{
    char *end;
    /* strtoull takes blanks, signs and "-1" (as a huge number): none is a size */
    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    int shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if (errno || *end || v == 0 || v > (UINT64_MAX >> shift))
        return -1;
    *bytes = (uint64_t)v << shift;
    return 0;
}
