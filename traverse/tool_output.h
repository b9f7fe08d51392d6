/*
 * tool_output.h - writing a result array (one entry per vertex) where a
 * tool's user asked: standard output for "-", else a file that appears
 * only when complete (emogi_atomic_*).
 */
#ifndef EMOGI_TOOL_OUTPUT_H
#define EMOGI_TOOL_OUTPUT_H

#include <stdint.h>

#include "emogi_csr.h"

/*
 * Write N entries of WIDTH bytes (4 or 8, unsigned) to PATH.  Raw: the
 * array as little-endian bytes.  TEXT: "vertex value" lines, where the
 * all-ones value (unreached, no parent) prints as -1.
 */
int tool_write_array(const char *path, const void *a, unsigned width, uint64_t n, int text,
                     emogi_error *err);

#endif
