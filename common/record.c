/*
 * record.c - what every emogi tool shares, traversal or conversion: its
 * name in messages, and the --stats records in text or JSON form (see
 * record.h), to standard error or a --stats-file written whole at the end.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "array.h"
#include "record.h"

/* ---- the program ---- */

static const char *program = "emogi";

void tool_init(const char *name)
{
    program = name;
}

const char *tool_name(void)
{
    return program;
}

_Noreturn void tool_version(void)
{
    printf("%s (" PACKAGE_NAME ") " PACKAGE_VERSION "\n", program);
    exit(0);
}

_Noreturn void tool_die(const emogi_error *err)
{
    fprintf(stderr, "%s: %s\n", program, err->msg);
    exit(1);
}

_Noreturn void tool_die_about(const char *name, const emogi_error *err)
{
    fprintf(stderr, "%s: %s: %s\n", program, name, err->msg);
    exit(1);
}

int tool_stats_form(const char *arg, int cur)
{
    if (!arg)
        return cur ? cur : TOOL_STATS_TEXT;
    if (strcmp(arg, "json") == 0)
        return TOOL_STATS_JSON;
    if (strcmp(arg, "text") == 0)
        return TOOL_STATS_TEXT;
    return -1;
}

double tool_rate(double x, double seconds)
{
    return seconds > 0 ? x / seconds : 0.0;
}

/* Length of the valid UTF-8 sequence at p (up to end), or 0 if invalid. */
static size_t utf8_len(const unsigned char *p, const unsigned char *end)
{
    size_t n = p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 && p[0] < 0xE0 ? 2 : 0;
    if (n == 0 || (size_t)(end - p) < n)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

void tool_json_string(FILE *out, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    putc('"', out);
    while (p < end) {
        if (*p == '"' || *p == '\\') {
            fprintf(out, "\\%c", *p++);
        } else if (*p == '\n' || *p == '\t') {
            fputs(*p++ == '\n' ? "\\n" : "\\t", out);
        } else if (*p < 0x20 || *p == 0x7F) {
            fprintf(out, "\\u%04x", *p++);
        } else if (*p < 0x80) {
            putc(*p++, out);
        } else {
            size_t n = utf8_len(p, end);
            if (n)
                fwrite(p, 1, n, out);
            else
                fputs("\\ufffd", out);
            p += n ? n : 1;
        }
    }
    putc('"', out);
}

/* ---- statistics ---- */

/* Where records go and in which form; the record being built, in memory,
 * so that each reaches its destination whole, in one write. */
static struct {
    int json;
    int to_file;
    struct emogi_atomic file; /* --stats-file, written as records come */
    FILE *line;
    char *buf;
    size_t len;
} rec;

static _Noreturn void out_of_memory(const char *what)
{
    fprintf(stderr, "%s: out of memory for %s\n", program, what);
    exit(1);
}

void tool_record_begin(const char *event, const char *word)
{
    if (!(rec.line = open_memstream(&rec.buf, &rec.len)))
        out_of_memory("a --stats record");
    if (!rec.json) {
        fprintf(rec.line, "%s:", program);
        if (word)
            fprintf(rec.line, " %s", word);
        return;
    }
    fputs("{\"tool\":", rec.line);
    tool_json_string(rec.line, program, strlen(program));
    fputs(",\"event\":", rec.line);
    tool_json_string(rec.line, event, strlen(event));
}

/* " key=" or ,"key": before a value. */
static void record_key(const char *key)
{
    if (rec.json) {
        putc(',', rec.line);
        tool_json_string(rec.line, key, strlen(key));
        putc(':', rec.line);
    } else {
        fprintf(rec.line, " %s=", key);
    }
}

void tool_record_u64(const char *key, uint64_t x)
{
    record_key(key);
    fprintf(rec.line, "%" PRIu64, x);
}

/* The fewest significant digits that read back as X. */
static void json_real(FILE *f, double x)
{
    char buf[40];
    if (!isfinite(x)) {
        fputs("null", f);
        return;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, f);
}

void tool_record_real(const char *key, const char *fmt, double x)
{
    record_key(key);
    if (rec.json)
        json_real(rec.line, x);
    else
        fprintf(rec.line, fmt, x);
}

void tool_record_flag(const char *key, int x)
{
    record_key(key);
    fputs(rec.json ? (x ? "true" : "false") : (x ? "1" : "0"), rec.line);
}

void tool_record_str(const char *key, const char *s)
{
    record_key(key);
    if (rec.json)
        tool_json_string(rec.line, s, strlen(s));
    else
        fputs(s, rec.line);
}

void tool_record_note(const char *key, const char *s)
{
    if (rec.json)
        tool_record_str(key, s);
    else
        fprintf(rec.line, " %s", s);
}

void tool_record_json_str(const char *key, const char *s)
{
    if (rec.json)
        tool_record_str(key, s);
}

void tool_record_peak_memory(void)
{
    struct rusage ru;
    if (rec.json && getrusage(RUSAGE_SELF, &ru) == 0)
        tool_record_u64("max_rss_bytes", (uint64_t)ru.ru_maxrss * 1024); /* Linux: KiB */
}

void tool_message(const char *event, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!text)
        out_of_memory("a message");
    va_start(ap, fmt);
    vsnprintf(text, (size_t)len + 1, fmt, ap);
    va_end(ap);
    if (rec.json && !rec.to_file) {
        FILE *saved = rec.line;
        char *saved_buf = rec.buf;
        size_t saved_len = rec.len;
        tool_record_begin(event, NULL);
        tool_record_str("message", text);
        tool_record_end();
        rec.line = saved, rec.buf = saved_buf, rec.len = saved_len;
    } else {
        fprintf(stderr, "%s: %s\n", program, text);
    }
    free(text);
}

void tool_stats_write(const char *text, size_t len)
{
    emogi_error err;
    if (rec.to_file && emogi_write_all(&rec.file, text, len, &err) < 0)
        tool_die(&err);
    if (!rec.to_file)
        fwrite(text, 1, len, stderr);
}

void tool_record_end(void)
{
    fputs(rec.json ? "}\n" : "\n", rec.line);
    if (fclose(rec.line) != 0)
        out_of_memory("a --stats record");
    rec.line = NULL;
    tool_stats_write(rec.buf, rec.len);
    free(rec.buf);
    rec.buf = NULL;
}

void tool_record_link(uint64_t link_bytes, uint64_t devmem_bytes, double seconds)
{
    tool_record_u64("link_bytes", link_bytes);
    tool_record_u64("devmem_bytes", devmem_bytes);
    tool_record_real("link_gbps", "%.3f", tool_rate((double)link_bytes, seconds) / 1e9);
}

/* A run that ends before tool_stats_finish() failed: its stats file goes. */
static void abort_stats_file(void)
{
    if (rec.to_file)
        emogi_atomic_abort(&rec.file);
    rec.to_file = 0;
}

void tool_stats_open(int json, const char *stats_file)
{
    emogi_error err;
    rec.json = json;
    if (!stats_file)
        return;
    if (emogi_atomic_open(&rec.file, stats_file, &err) < 0)
        tool_die(&err);
    rec.to_file = 1;
    atexit(abort_stats_file);
}

void tool_stats_discard(void)
{
    if (!rec.to_file)
        return;
    rec.to_file = 0;
    emogi_atomic_abort(&rec.file);
}

void tool_stats_finish(void)
{
    emogi_error err;
    if (rec.to_file) {
        rec.to_file = 0;
        if (emogi_atomic_commit(&rec.file, &err) < 0)
            tool_die(&err);
    }
    if (tool_outputs_commit(&err) < 0)
        tool_die(&err);
}

