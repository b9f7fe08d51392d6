/* tool_args.h - command-line values shared by the traversal tools. */
#ifndef EMOGI_TOOL_ARGS_H
#define EMOGI_TOOL_ARGS_H

#include <stdint.h>

/* A plain decimal uint64 (no sign, no blanks, no overflow): 0, or -1. */
int tool_parse_u64(const char *s, uint64_t *out);

#endif
