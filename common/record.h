/*
 * record.h - what every emogi tool shares, the traversal tools (through
 * traverse/tool.h) and emogi-convert alike, built once into libcommon
 * (common/local.mk) over formats/ alone: the program's name in messages,
 * and the --stats records, text or JSON, to standard error or a file.
 *
 * Only tools print: library calls fill an emogi_error, and a tool ends
 * with "TOOL: message" on standard error, exit 1 for failures and 2 for
 * usage errors.
 */
#ifndef EMOGI_RECORD_H
#define EMOGI_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "emogi_csr.h"

/* ---- the program ---- */

/* Name the program ("emogi-bfs"), first thing in main: every message
 * below, --version and the hint to --help start with it. */
void tool_init(const char *name);
const char *tool_name(void);

/* "TOOL (emogi) VERSION" on standard output, exit 0: --version, the same
 * words for every tool. */
_Noreturn void tool_version(void);

/* "TOOL: <err>", exit 1. */
_Noreturn void tool_die(const emogi_error *err);

/* "TOOL: NAME: <err>", exit 1: for kernels' messages, which do not know
 * the file they ran on, and for checks of a named result file. */
_Noreturn void tool_die_about(const char *name, const emogi_error *err);

/* X per second, or 0 when no time passed (rates in --stats lines). */
double tool_rate(double x, double seconds);

/* A JSON string of S's LEN bytes to OUT: quotes, backslashes and control
 * characters escaped, bad UTF-8 as U+FFFD. */
void tool_json_string(FILE *out, const char *s, size_t len);

/* ---- statistics: the records --stats writes ---- */

/* The forms of --stats: none, text lines, JSON records. */
enum tool_stats_form { TOOL_STATS_OFF, TOOL_STATS_TEXT, TOOL_STATS_JSON };

/* The form --stats[=ARG] asks for after CUR: "text" or "json", or with no
 * ARG text unless CUR already chose one (--json --stats stays JSON); -1
 * for any other ARG, a usage error the caller reports.  (emogi-convert's
 * options.c, in libconvert, which does not link this, has its own.) */
int tool_stats_form(const char *arg, int cur);

/*
 * A record is one line: in text form "TOOL: [WORD ]key=value key=value",
 * in JSON form {"tool":"TOOL","event":"EVENT","key":value,...}, to
 * standard error or the --stats-file.  Tools describe each figure once,
 * through the calls below, so both forms carry the same figures.  The
 * text form prints a real with the FMT given (the figure scripts have
 * always parsed); JSON with the fewest digits that read back exactly,
 * and null for NaN or infinity.  One record at a time.
 */
void tool_record_begin(const char *event, const char *word);
void tool_record_u64(const char *key, uint64_t x);
void tool_record_real(const char *key, const char *fmt, double x);
void tool_record_flag(const char *key, int x); /* text 0 or 1, JSON false or true */
void tool_record_str(const char *key, const char *s);
void tool_record_note(const char *key, const char *s); /* text: S alone, no "key=" */
/* JSON only, where the text form has no such field: the text lines stay
 * as scripts have always parsed them. */
void tool_record_json_str(const char *key, const char *s);
void tool_record_peak_memory(void); /* "max_rss_bytes": the process's peak resident size */
void tool_record_end(void);

/* A line for the user that is not a failure (a warning, a check passed,
 * a trace): "TOOL: <fmt...>" on standard error, or, while JSON records go
 * to standard error, a record {"tool":"TOOL","event":EVENT,"message":...}
 * there instead, so that a JSON reader of standard error gets JSON alone. */
void tool_message(const char *event, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* TEXT's LEN bytes where the records go, as they are: for a tool whose
 * text form is not key=value records (emogi-convert's lines). */
void tool_stats_write(const char *text, size_t len);

/* The link figures of a GPU run, added to the record: link_bytes and
 * devmem_bytes, the edge-array bytes the kernels requested over the link
 * and from device memory (counted per 128-byte line by the kernels), and
 * link_gbps, the link rate over SECONDS. */
void tool_record_link(uint64_t link_bytes, uint64_t devmem_bytes, double seconds);

/* Where the records go: JSON when JSON is set, else text; to STATS_FILE
 * (replaced whole by tool_stats_finish()) or, when NULL, standard error.
 * A file that cannot be created: "TOOL: FILE: why", exit 1. */
void tool_stats_open(int json, const char *stats_file);

/* Commit the --stats-file, if any, at the end of a successful run, then
 * the result arrays held (array.h: tool_outputs_hold), else "TOOL: FILE:
 * why", exit 1.  A run that exits without it, failed,
 * leaves no stats file: an existing one stays as it was. */
void tool_stats_finish(void);

/* Drop the --stats-file of a process that writes no records (an MPI rank
 * other than 0): its temporary goes, whatever the file system. */
void tool_stats_discard(void);

#endif
