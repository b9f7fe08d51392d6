/* tool_args.c - command-line values shared by the traversal tools. */
#include <errno.h>
#include <stdlib.h>

#include "tool_args.h"

int tool_parse_u64(const char *s, uint64_t *out)
{
    char *end;
    /* strtoull accepts "-1" as a huge number and leading blanks: refuse both. */
    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = x;
    return 0;
}
