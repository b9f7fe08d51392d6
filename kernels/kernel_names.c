/* kernel_names.c - names of the GPU neighbour-reading kernels and of BFS
 * directions, for options and stats. */
#include "config.h"

#include <string.h>

#include "emogi_bfs.h"
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

static const char *const directions[] = {
    [EMOGI_DIR_AUTO] = "auto",
    [EMOGI_DIR_PUSH] = "push",
    [EMOGI_DIR_PULL] = "pull",
};

const char *emogi_direction_name(enum emogi_direction d)
{
    return (unsigned)d < sizeof directions / sizeof directions[0] ? directions[d] : "unknown";
}

int emogi_direction_parse(const char *s, enum emogi_direction *d)
{
    for (unsigned i = 0; i < sizeof directions / sizeof directions[0]; i++) {
        if (strcmp(s, directions[i]) == 0) {
            *d = (enum emogi_direction)i;
            return 0;
        }
    }
    return -1;
}
