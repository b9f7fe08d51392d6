/* cc_report.h - what emogi-cc says about a run, as key=value lines on
 * standard error so scripts can pick fields out of them. */
#ifndef EMOGI_CC_REPORT_H
#define EMOGI_CC_REPORT_H

#include "emogi_cc.h"

/* Components and the largest one's size, from canonical labels of G's id
 * width (a component is counted at the vertex that labels it). */
int cc_summary(const struct emogi_graph *g, const void *labels, uint64_t *components,
               uint64_t *largest, emogi_error *err);

/* "emogi-cc: algorithm=... seconds=... passes=... components=... ..." */
void cc_report(const struct emogi_graph *g, const char *algorithm, const void *labels,
               const struct emogi_cc_stats *st);

#endif
