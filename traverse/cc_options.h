/* cc_options.h - the command line of emogi-cc: the shared traversal
 * options plus --algorithm. */
#ifndef EMOGI_CC_OPTIONS_H
#define EMOGI_CC_OPTIONS_H

#include "emogi_cc.h"
#include "trav_options.h"

struct cc_opts {
    struct trav_opts t;
    enum emogi_cc_algorithm algorithm; /* GPU only */
    uint64_t repeat;                   /* runs on the placed graph, for timing */
};

/* Fill O from the command line; prints help/version (exit 0) or a usage error (exit 2). */
void cc_parse_options(int argc, char **argv, struct cc_opts *o);

#endif
