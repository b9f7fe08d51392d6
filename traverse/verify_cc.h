/*
 * verify_cc.h - checking connected-component labels, shared by
 * emogi-verify cc and emogi-cc --verify.
 */
#ifndef EMOGI_VERIFY_CC_H
#define EMOGI_VERIFY_CC_H

#include "emogi_csr.h"

/*
 * 0 when LABELS (nv entries of G's id width) give every vertex the
 * smallest id of its (weakly) connected component; else -1 and the first
 * violation in err.  Uses out-edges only.
 */
int verify_cc_labels(const struct emogi_graph *g, const void *labels, emogi_error *err);

/* emogi-verify cc GRAPH LABELS: argv[0] is "cc"; returns the exit status. */
int verify_cc_main(int argc, char **argv);

#endif
