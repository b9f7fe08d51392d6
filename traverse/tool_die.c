/* tool_die.c - how every tool ends on an error. */
#include <stdio.h>
#include <stdlib.h>

#include "tool_die.h"

_Noreturn void tool_die(const char *tool, const emogi_error *err)
{
    fprintf(stderr, "%s: %s\n", tool, err->msg);
    exit(1);
}

_Noreturn void tool_die_about(const char *tool, const char *name, const emogi_error *err)
{
    fprintf(stderr, "%s: %s: %s\n", tool, name, err->msg);
    exit(1);
}

_Noreturn void tool_usage_error(const char *tool, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", tool);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help'.\n", tool);
    exit(2);
}
