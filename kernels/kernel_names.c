/* kernel_names.c - names of the GPU neighbour-reading kernels and of BFS
 * directions, for options and stats. */
#include "config.h"

#include "emogi_bfs.h"
#include "emogi_kernel.h"

static const char *const names[] = {
    [EMOGI_KERNEL_NAIVE] = "naive",
    [EMOGI_KERNEL_MERGED] = "merged",
    [EMOGI_KERNEL_ALIGNED] = "aligned",
};
#define NNAMES (unsigned)(sizeof names / sizeof names[0])

const char *emogi_kernel_name(enum emogi_kernel k)
{
    return emogi_name_of(names, NNAMES, (unsigned)k);
}

int emogi_kernel_parse(const char *s, enum emogi_kernel *k)
{
    int i = emogi_name_find(names, NNAMES, s);
    if (i >= 0)
        *k = (enum emogi_kernel)i;
    return i < 0 ? -1 : 0;
}

static const char *const directions[] = {
    [EMOGI_DIR_AUTO] = "auto",
    [EMOGI_DIR_PUSH] = "push",
    [EMOGI_DIR_PULL] = "pull",
    [EMOGI_DIR_GAP] = "gap",
};
#define NDIRECTIONS (unsigned)(sizeof directions / sizeof directions[0])

const char *emogi_direction_name(enum emogi_direction d)
{
    return emogi_name_of(directions, NDIRECTIONS, (unsigned)d);
}

int emogi_direction_parse(const char *s, enum emogi_direction *d)
{
    int i = emogi_name_find(directions, NDIRECTIONS, s);
    if (i >= 0)
        *d = (enum emogi_direction)i;
    return i < 0 ? -1 : 0;
}
