/*
 * tool.c - what every emogi tool shares beside the command line
 * (options.c), the sources (sources.c), the backend (backend.c) and the
 * result arrays (common/array.c): usage errors that name the program or
 * subcommand, the graph opened for a checker, numbers on the command
 * line, and the refusal to write binary to a terminal.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emogi_clist.h"
#include "tool.h"

/* ---- errors ---- */

static const char *help_command;

void tool_help_hint(const char *command)
{
    help_command = command;
}

void tool_open_graph(const char *path, struct emogi_graph *g)
{
    emogi_error err;
    if (emogi_csr_open(path, g, &err) < 0)
        tool_die(&err);
    if (emogi_is_part(g)) { /* its ids are another graph's: answers would be nonsense */
        fprintf(stderr, "%s: %s is part %u of %u of a graph; run the tools under mpirun with "
                        "all parts, or use the whole file\n",
                tool_name(), path, g->part.index + 1, g->part.count);
        exit(1);
    }
}

int tool_plain_view(const struct emogi_graph *g, struct emogi_graph *view, void *keep[2],
                    emogi_error *err)
{
    *view = *g;
    keep[0] = keep[1] = NULL;
    if (!emogi_compressed(g))
        return 0;
    if (emogi_clist_decompress(g->offsets, g->coffsets, g->cneighbors, g->nv, g->id_width,
                               &keep[0], err) < 0)
        return -1;
    if (g->t_coffsets &&
        emogi_clist_decompress(g->t_offsets, g->t_coffsets, g->t_cneighbors, g->nv, g->id_width,
                               &keep[1], err) < 0) {
        tool_plain_free(keep);
        return -1;
    }
    view->neighbors = keep[0];
    view->t_neighbors = keep[1];
    view->coffsets = view->t_coffsets = NULL;
    view->cneighbors = view->t_cneighbors = NULL;
    view->flags &= ~(uint32_t)EMOGI_COMPRESSED;
    return 0;
}

void tool_plain_free(void *keep[2])
{
    free(keep[0]);
    free(keep[1]);
    keep[0] = keep[1] = NULL;
}

_Noreturn void tool_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", tool_name());
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help'.\n", help_command ? help_command : tool_name());
    exit(2);
}

/* ---- numbers ---- */

int tool_parse_u64(const char *s, uint64_t *out)
{
    char *end;
    /* strtoull accepts "-1" as a huge number and leading blanks: refuse both. */
    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = x;
    return 0;
}

int tool_parse_real(const char *s, double *out)
{
    char *end;
    /* strtod skips blanks and takes "nan", "inf" and hex: none belong here. */
    if (!((s[0] >= '0' && s[0] <= '9') || s[0] == '.' || s[0] == '-'))
        return -1;
    errno = 0;
    double x = strtod(s, &end);
    if (errno || *end || end == s || !isfinite(x) || strpbrk(s, "xX"))
        return -1;
    *out = x;
    return 0;
}

int tool_trace_levels(void)
{
    const char *t = getenv("EMOGI_TRACE_LEVELS");
    return t && *t && strcmp(t, "0") != 0;
}

void tool_refuse_terminal(const char *path, int text, const char *what)
{
    if (path && !text && emogi_same_file(path, STDOUT_FILENO, "-", STDOUT_FILENO) &&
        isatty(STDOUT_FILENO)) {
        fprintf(stderr, "%s: standard output is a terminal: not writing binary %s to it "
                        "(use -o FILE, a pipe, or --text)\n",
                tool_name(), what);
        exit(1);
    }
}
