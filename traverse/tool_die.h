/* tool_die.h - how every tool ends on an error: "TOOL: message" on
 * standard error, exit 1 for failures and 2 for usage errors. */
#ifndef EMOGI_TOOL_DIE_H
#define EMOGI_TOOL_DIE_H

#include "emogi_csr.h"

/* "TOOL: <err>", exit 1. */
_Noreturn void tool_die(const char *tool, const emogi_error *err);

/* "TOOL: NAME: <err>", exit 1: for kernels' messages, which do not know
 * the file they ran on. */
_Noreturn void tool_die_about(const char *tool, const char *name, const emogi_error *err);

/* "TOOL: <fmt with arg>", a hint to --help, exit 2. */
_Noreturn void tool_usage_error(const char *tool, const char *fmt, const char *arg);

#endif
