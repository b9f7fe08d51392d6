/* kernel_names.c - names of the GPU neighbour-reading kernels, for options and stats. */
#include "config.h"

#include <string.h>

#include "emogi_kernel.h"

static const char *const names[] = {
    [EMOGI_KERNEL_NAIVE] = "naive",
    [EMOGI_KERNEL_MERGED] = "merged",
    [EMOGI_KERNEL_ALIGNED] = "aligned",
};

const char *emogi_kernel_name(enum emogi_kernel k)
{
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "unknown";
}

int emogi_kernel_parse(const char *s, enum emogi_kernel *k)
{
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(s, names[i]) == 0) {
            *k = (enum emogi_kernel)i;
            return 0;
        }
    }
    return -1;
}
