/*
 * tool_output.c - result arrays to standard output or an atomic file.
 *
 * Every destination goes through emogi_atomic_*, which writes standard
 * output, devices and FIFOs in place and replaces regular files whole.
 * Text is formatted a megabyte at a time rather than through stdio, whose
 * errors would surface only at fclose.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool_output.h"

#define TEXT_CHUNK (1u << 20)

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

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "result arrays are written as host memory; a big-endian host needs a byte swap here"
#endif

int tool_write_array(const char *path, const void *a, unsigned width, uint64_t n, int text,
                     emogi_error *err)
{
    return tool_write_typed(path, a, width == 4 ? TOOL_U32 : TOOL_U64, n, text, err);
}

int tool_binary_to_terminal(const char *path, int text)
{
    return path && !text && emogi_same_file(path, STDOUT_FILENO, "-", STDOUT_FILENO) &&
           isatty(STDOUT_FILENO);
}

int tool_write_typed(const char *path, const void *a, enum tool_elem type, uint64_t n, int text,
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
