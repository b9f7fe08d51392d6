/*
 * tool.c - what every emogi tool shares: errors that name the program,
 * numbers on the command line, and result arrays written and read back.
 *
 * Every destination goes through emogi_atomic_*, which writes standard
 * output, devices and FIFOs in place and replaces regular files whole.
 * Text is formatted a megabyte at a time rather than through stdio, whose
 * errors would surface only at fclose.  Reading back, a regular file's
 * size is known before reading, so a wrong-sized file fails without
 * allocating for it; a pipe is read up to one byte past the expected
 * size, which is enough to know it is too long.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

/* ---- errors ---- */

static const char *program = "emogi";
static const char *help_command;

void tool_init(const char *name)
{
    program = name;
}

const char *tool_name(void)
{
    return program;
}

void tool_help_hint(const char *command)
{
    help_command = command;
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

_Noreturn void tool_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", program);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help'.\n", help_command ? help_command : program);
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

double tool_rate(double x, double seconds)
{
    return seconds > 0 ? x / seconds : 0.0;
}

/* ---- result arrays written ---- */

#define TEXT_CHUNK (1u << 20)

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "result arrays are written as host memory; a big-endian host needs a byte swap here"
#endif

static size_t elem_size(enum tool_elem t)
{
    return t == TOOL_U32 || t == TOOL_F32 ? 4 : 8;
}

/* One "vertex value" line into BUF. */
static size_t format_line(char *buf, const void *a, enum tool_elem type, uint64_t v)
{
    uint64_t x;
    switch (type) {
    case TOOL_F32: return (size_t)sprintf(buf, "%" PRIu64 " %.9g\n", v, ((const float *)a)[v]);
    case TOOL_F64: return (size_t)sprintf(buf, "%" PRIu64 " %.17g\n", v, ((const double *)a)[v]);
    case TOOL_U32:
        x = ((const uint32_t *)a)[v];
        x = x == UINT32_MAX ? UINT64_MAX : x;
        break;
    default: x = ((const uint64_t *)a)[v]; break;
    }
    if (x == UINT64_MAX)
        return (size_t)sprintf(buf, "%" PRIu64 " -1\n", v);
    return (size_t)sprintf(buf, "%" PRIu64 " %" PRIu64 "\n", v, x);
}

static int write_text(struct emogi_atomic *f, const void *a, enum tool_elem type, uint64_t n,
                      emogi_error *err)
{
    char *buf = malloc(TEXT_CHUNK + 64);
    if (!buf)
        return emogi_fail(err, "out of memory for text output");
    size_t used = 0;
    int rc = 0;
    for (uint64_t v = 0; v < n && rc == 0; v++) {
        used += format_line(buf + used, a, type, v);
        if (used >= TEXT_CHUNK) {
            rc = emogi_write_all(f, buf, used, err);
            used = 0;
        }
    }
    if (rc == 0 && used > 0)
        rc = emogi_write_all(f, buf, used, err);
    free(buf);
    return rc;
}

int tool_write_array(const char *path, const void *a, enum tool_elem type, uint64_t n, int text,
                     emogi_error *err)
{
    struct emogi_atomic f;
    if (emogi_atomic_open(&f, path, err) < 0)
        return -1;
    int rc = text ? write_text(&f, a, type, n, err)
                  : emogi_write_all(&f, a, (size_t)(elem_size(type) * n), err);
    if (rc < 0) {
        emogi_atomic_abort(&f);
        return -1;
    }
    return emogi_atomic_commit(&f, err);
}

void tool_refuse_terminal(const char *path, int text, const char *what)
{
    if (path && !text && emogi_same_file(path, STDOUT_FILENO, "-", STDOUT_FILENO) &&
        isatty(STDOUT_FILENO)) {
        fprintf(stderr, "%s: standard output is a terminal: not writing binary %s to it "
                        "(use -o FILE, a pipe, or --text)\n",
                program, what);
        exit(1);
    }
}

/* ---- result arrays read back ---- */

const char *tool_input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* Read up to LEN bytes; *got is what arrived before end of file. */
static int read_upto(int fd, char *buf, size_t len, size_t *got)
{
    *got = 0;
    while (*got < len) {
        ssize_t r = read(fd, buf + *got, len - *got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        *got += (size_t)r;
    }
    return 0;
}

static int wrong_size(const char *name, unsigned long long have, unsigned width, uint64_t n,
                      const char *more, emogi_error *err)
{
    return emogi_fail(err, "%s: %s%llu bytes, expected %llu (%u bytes for each of %llu vertices)",
                      name, more, have, (unsigned long long)(width * n), width,
                      (unsigned long long)n);
}

int tool_read_array(const char *path, unsigned width, uint64_t n, void **out, emogi_error *err)
{
    const char *name = tool_input_name(path);
    int is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0)
        return emogi_fail(err, "%s: %s", name, strerror(errno));
    size_t want = (size_t)(width * n);
    struct stat sb;
    int rc = -1;
    char *buf = NULL;
    size_t got;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (uint64_t)sb.st_size != want)
        wrong_size(name, (unsigned long long)sb.st_size, width, n, "", err);
    else if (!(buf = malloc(want + 1)))
        emogi_fail(err, "%s: out of memory for %llu bytes", name, (unsigned long long)want);
    else if (read_upto(fd, buf, want + 1, &got) < 0)
        emogi_fail(err, "%s: %s", name, strerror(errno));
    else if (got != want)
        wrong_size(name, (unsigned long long)(got > want ? want : got), width, n,
                   got > want ? "more than " : "", err);
    else
        rc = 0;
    if (!is_stdin)
        close(fd);
    if (rc < 0)
        free(buf);
    else
        *out = buf;
    return rc;
}
