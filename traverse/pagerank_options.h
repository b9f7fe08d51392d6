/* pagerank_options.h - the command line of emogi-pagerank: the shared
 * traversal options plus the iteration's parameters and the output type. */
#ifndef EMOGI_PAGERANK_OPTIONS_H
#define EMOGI_PAGERANK_OPTIONS_H

#include "emogi_pagerank.h"
#include "tool_output.h"
#include "trav_options.h"

/* The CPU iteration (a GPU always runs Jacobi). */
enum pagerank_method { PAGERANK_GAUSS_SEIDEL, PAGERANK_JACOBI };

struct pagerank_opts {
    struct trav_opts t;
    struct emogi_pagerank_params prm;
    enum tool_elem precision; /* TOOL_F32 or TOOL_F64 */
    enum pagerank_method method;
};

/* Fill O from the command line; prints help/version (exit 0) or a usage error (exit 2). */
void pagerank_parse_options(int argc, char **argv, struct pagerank_opts *o);

#endif
