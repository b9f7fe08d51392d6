/*
 * parts.c - the file a process opens for a graph (parts.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parts.h"
#include "record.h"

char *tool_part_path(const char *graph, int r, int single)
{
    const char *pct = strstr(graph, "%d");
    size_t n = strlen(graph) + 24;
    char *p = malloc(n);
    if (!p) {
        fprintf(stderr, "%s: out of memory for %llu a file name\n", tool_name(),
                (unsigned long long)n);
        exit(1);
    }
    if (pct && !(single && access(graph, F_OK) == 0)) {
        snprintf(p, n, "%.*s%d%s", (int)(pct - graph), graph, r, pct + 2);
        return p;
    }
    snprintf(p, n, "%s.%d", graph, r);
    if (access(graph, F_OK) < 0 && errno == ENOENT && access(p, F_OK) == 0)
        return p;
    snprintf(p, n, "%s", graph);
    return p;
}
