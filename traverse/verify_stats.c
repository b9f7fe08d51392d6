/*
 * verify_stats.c - the --stats record of every emogi-verify subcommand:
 * one record a run, text or JSON (common/record.h), on standard error or
 * to the --stats-file, with the figures a check has: the algorithm, the
 * result (ok or mismatch), the vertices checked, the edge-list entries
 * the checkers read (verify_edges_read), the seconds to open the graph
 * and read the result, the seconds of the check, and the peak memory.
 * In libtools beside the checkers, whose subcommands call it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "verify.h"

static struct {
    int form; /* enum tool_stats_form */
    const char *file, *algorithm, *graph;
    double t0, t_check;
} stats;

int verify_stats_option(int c, const char *arg)
{
    if (c == VERIFY_OPT_STATS_FILE) {
        stats.file = arg;
    } else if (c == VERIFY_OPT_VERSION) {
        tool_version();
    } else if (c == VERIFY_OPT_JSON) {
        stats.form = TOOL_STATS_JSON;
    } else if (c == VERIFY_OPT_STATS) {
        int form = tool_stats_form(arg, stats.form);
        if (form < 0)
            tool_usage_error("bad --stats form '%s' (text or json)", arg);
        stats.form = form;
    } else {
        return -1;
    }
    return 0;
}

/* Usage error when the stats file is the result file PATH (read, then replaced). */
static void not_the_result(const char *path)
{
    if (path && emogi_same_file(stats.file, STDOUT_FILENO, path, STDIN_FILENO)) {
        fprintf(stderr, "%s: --stats-file %s is the result file %s: writing it would destroy "
                        "the result\n",
                tool_name(), stats.file, path);
        exit(2);
    }
}

void verify_stats_start(const char *algorithm, const char *graph, const char *result,
                        const char *other)
{
    stats.algorithm = algorithm;
    stats.graph = graph;
    if (stats.file && !stats.form)
        stats.form = TOOL_STATS_TEXT;
    if (stats.file) {
        const struct tool_output outs[] = {{"--stats-file", stats.file}};
        tool_check_outputs(graph, outs, 1);
        not_the_result(result);
        not_the_result(other);
    }
    if (stats.form)
        tool_stats_open(stats.form == TOOL_STATS_JSON, stats.file);
    stats.t0 = stats.t_check = emogi_now();
}

void verify_stats_checking(void)
{
    stats.t_check = emogi_now();
}

static void record(const char *result, uint64_t vertices)
{
    if (!stats.form)
        return;
    double end = emogi_now();
    struct rusage ru;
    tool_record_begin("verify", NULL);
    tool_record_json_str("graph", stats.graph);
    tool_record_str("algorithm", stats.algorithm);
    tool_record_str("result", result);
    tool_record_u64("vertices", vertices);
    tool_record_u64("edges_read", verify_edges_read);
    tool_record_real("open_seconds", "%.6f", stats.t_check - stats.t0);
    tool_record_real("seconds", "%.6f", end - stats.t_check);
    if (getrusage(RUSAGE_SELF, &ru) == 0) /* in both forms: a new record, no old parsers */
        tool_record_u64("max_rss_bytes", (uint64_t)ru.ru_maxrss * 1024); /* Linux: KiB */
    tool_record_end();
    tool_stats_finish();
}

void verify_stats_ok(uint64_t vertices)
{
    record("ok", vertices);
}

_Noreturn void verify_mismatch(const char *name, const emogi_error *err, uint64_t vertices)
{
    record("mismatch", vertices);
    tool_die_about(name, err);
}
