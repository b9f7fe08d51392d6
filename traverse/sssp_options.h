/* sssp_options.h - the command line of emogi-sssp: the shared traversal
 * options plus --delta and --unit-weights. */
#ifndef EMOGI_SSSP_OPTIONS_H
#define EMOGI_SSSP_OPTIONS_H

#include "emogi_sssp.h"
#include "trav_options.h"

struct sssp_cli {
    struct trav_opts t;
    struct emogi_sssp_opts s;
};

/* Fill O from the command line; prints help/version (exit 0) or a usage error (exit 2). */
void sssp_parse_options(int argc, char **argv, struct sssp_cli *o);

#endif
