/*
 * unit_stats.c - the --stats record emitter (common/record.c) in both
 * forms, on records whose lines are written out by hand here: JSON
 * numbers (2^64 - 1 exact, the fewest digits that read back, null for NaN
 * and infinity), strings escaped (quotes, backslashes, control characters,
 * bad UTF-8), the JSON-only keys left out of the text form.  Standard
 * error goes into a pipe that the test reads back.
 */
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "tool.h"

static int pipe_fd[2], saved_stderr;

/* Standard error into the pipe, until caught() gives it back. */
static void catch_stderr(void)
{
    if (pipe(pipe_fd) < 0 || (saved_stderr = dup(2)) < 0 || dup2(pipe_fd[1], 2) < 0)
        abort();
}

/* What standard error got since catch_stderr() (records are short: the
 * pipe holds them all). */
static const char *caught(void)
{
    static char buf[4096];
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    close(pipe_fd[1]);
    ssize_t n = read(pipe_fd[0], buf, sizeof buf - 1);
    close(pipe_fd[0]);
    buf[n > 0 ? n : 0] = '\0';
    return buf;
}

static void parse(const char *form)
{
    static const char usage[] = "usage\n";
    const struct tool_spec spec = {usage, 0, NULL, NULL, NULL};
    char *argv[] = {"unit_stats", (char *)form, "g.csr", NULL};
    struct tool_opts o;
    optind = 0;
    tool_parse_options(3, argv, &spec, &o);
}

/* One record of every kind of value. */
static void emit(const char *s)
{
    tool_record_begin("e", "w");
    tool_record_json_str("graph", "g.csr");
    tool_record_u64("n", UINT64_MAX);
    tool_record_real("nan", "%.3f", NAN);
    tool_record_real("inf", "%.3f", -INFINITY);
    tool_record_real("tenth", "%.4f", 0.1);
    tool_record_real("third", "%.4f", 1.0 / 3);
    tool_record_real("tiny", "%.6g", 2.5e-300);
    tool_record_flag("f", 7);
    tool_record_str("s", s);
    tool_record_note("note", "a free note");
    tool_record_end();
}

static void check(const char *got, const char *want, const char *what)
{
    if (!ok(strcmp(got, want) == 0, "%s", what))
        printf("# got:  %s# want: %s", got, want);
}

int main(void)
{
    tool_init("unit_stats");
    plan(6);

    parse("--json");
    catch_stderr();
    emit("q\"b\\s\x01\n\t\x7f \xc3\xa9 \xff.");
    check(caught(),
          "{\"tool\":\"unit_stats\",\"event\":\"e\",\"graph\":\"g.csr\","
          "\"n\":18446744073709551615,\"nan\":null,\"inf\":null,\"tenth\":0.1,"
          "\"third\":0.3333333333333333,\"tiny\":2.5e-300,\"f\":true,"
          "\"s\":\"q\\\"b\\\\s\\u0001\\n\\t\\u007f \xc3\xa9 \\ufffd.\",\"note\":\"a free note\"}\n",
          "JSON: exact integers, shortest reals, null, escapes, the note as a key");

    catch_stderr();
    tool_record_begin("load", "load");
    tool_record_peak_memory();
    tool_record_end();
    const char *rss = caught();
    const char *at = strstr(rss, "\"max_rss_bytes\":");
    ok(at && strtoull(at + 16, NULL, 10) > 0, "JSON: max_rss_bytes, the peak resident size");

    parse("--stats");
    catch_stderr();
    emit("plain");
    check(caught(),
          "unit_stats: w n=18446744073709551615 nan=nan inf=-inf tenth=0.1000 third=0.3333 "
          "tiny=2.5e-300 f=1 s=plain a free note\n",
          "text: the formats given, no JSON-only keys");

    catch_stderr();
    tool_record_begin("load", "load");
    tool_record_peak_memory();
    tool_record_end();
    check(caught(), "unit_stats: load\n", "text: no max_rss_bytes");

    catch_stderr();
    tool_message("verified", "source=%d verified", 4);
    check(caught(), "unit_stats: source=4 verified\n", "text: a message is a plain line");

    parse("--json");
    catch_stderr();
    tool_message("warning", "warning: %s", "x \"y\"");
    check(caught(),
          "{\"tool\":\"unit_stats\",\"event\":\"warning\",\"message\":\"warning: x \\\"y\\\"\"}\n",
          "JSON: a message is a record on standard error");
    return done_testing();
}
