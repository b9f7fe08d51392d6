/* tool_input.h - reading a result array back (emogi-verify), from a file or "-". */
#ifndef EMOGI_TOOL_INPUT_H
#define EMOGI_TOOL_INPUT_H

#include <stdint.h>

#include "emogi_csr.h"

/* Name to print for PATH: "standard input" for "-". */
const char *tool_input_name(const char *path);

/*
 * Read exactly N entries of WIDTH bytes from PATH into a new buffer (*out,
 * to free); a file of any other size is an error naming both sizes.
 */
int tool_read_array(const char *path, unsigned width, uint64_t n, void **out, emogi_error *err);

#endif
