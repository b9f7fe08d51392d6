/* pagerank_args.c - the precision of PageRank result files. */
#include "config.h"

#include <string.h>

#include "pagerank_args.h"

int pagerank_parse_precision(const char *s, enum tool_elem *out)
{
    if (strcmp(s, "float32") == 0)
        *out = TOOL_F32;
    else if (strcmp(s, "float64") == 0)
        *out = TOOL_F64;
    else
        return -1;
    return 0;
}

void pagerank_narrow(double *rank, uint64_t nv, enum tool_elem precision)
{
    if (precision != TOOL_F32)
        return;
    /* Ascending: float v overwrites part of double v/2, already read.
     * memcpy, because the two views of one buffer alias. */
    for (uint64_t v = 0; v < nv; v++) {
        float f = (float)rank[v];
        memcpy((char *)rank + 4 * v, &f, 4);
    }
}

void pagerank_widen(void *buf, uint64_t nv, enum tool_elem precision)
{
    if (precision != TOOL_F32)
        return;
    /* Descending: double v covers floats 2v and 2v+1, already read. */
    for (uint64_t v = nv; v-- > 0;) {
        float f;
        memcpy(&f, (const char *)buf + 4 * v, 4);
        double d = f;
        memcpy((char *)buf + 8 * v, &d, 8);
    }
}
