/* bfs_options.h - the command line of emogi-bfs: the shared traversal
 * options plus --parents. */
#ifndef EMOGI_BFS_OPTIONS_H
#define EMOGI_BFS_OPTIONS_H

#include "trav_options.h"

struct bfs_opts {
    struct trav_opts t;
    const char *parents; /* or NULL */
};

/* Fill O from the command line; prints help/version (exit 0) or a usage error (exit 2). */
void bfs_parse_options(int argc, char **argv, struct bfs_opts *o);

#endif
