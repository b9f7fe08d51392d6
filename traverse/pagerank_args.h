/* pagerank_args.h - the values emogi-pagerank and emogi-verify pagerank
 * both read from their command lines. */
#ifndef EMOGI_PAGERANK_ARGS_H
#define EMOGI_PAGERANK_ARGS_H

#include "tool.h"

/* "float32" or "float64": 0, or -1. */
int pagerank_parse_precision(const char *s, enum tool_elem *out);

/* Convert float64 ranks in place to the PRECISION a result file holds
 * (float32: the first nv*4 bytes, rounded to nearest). */
void pagerank_narrow(double *rank, uint64_t nv, enum tool_elem precision);

/* The other way: a result array of PRECISION read as float64, in place
 * (the buffer holds nv doubles). */
void pagerank_widen(void *buf, uint64_t nv, enum tool_elem precision);

#endif
