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

/* The element types of result arrays. */
enum tool_elem { TOOL_U32, TOOL_U64, TOOL_F32, TOOL_F64 };

/* As tool_write_array, for any element type; text prints floats with %.9g
 * (float32) or %.17g (float64) so values read back exactly, and the
 * all-ones integer (unreached) as -1. */
int tool_write_typed(const char *path, const void *a, enum tool_elem type, uint64_t n, int text,
                     emogi_error *err);

/* 1 when PATH is "-" (or another name for standard output), TEXT is off
 * and standard output is a terminal: raw
 * arrays there help nobody and can garble it, so tools refuse (as zstd does). */
int tool_binary_to_terminal(const char *path, int text);

#endif
