/*
 * array.c - result arrays (array.h), written and read back.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "array.h"

/* ---- result arrays written ---- */

#define TEXT_CHUNK (1u << 20)

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "result arrays are written as host memory; a big-endian host needs a byte swap here"
#endif

size_t tool_elem_size(enum tool_elem t)
{
    return t == TOOL_U32 || t == TOOL_F32 ? 4 : 8;
}

/* How text lines name vertices: by G's input ids (its id map or its
 * names) when G is not NULL, the values too when VALUE_IS_ID. */
struct text_ids {
    const struct emogi_graph *g;
    int value_is_id;
};

/* Vertex V as the lines name it, then the character END. */
static size_t put_vertex(char *buf, const struct text_ids *t, uint64_t v, char end)
{
    size_t len = 0;
    const char *name = t->g ? emogi_csr_id_name(t->g, v, &len) : NULL;
    if (name)
        memcpy(buf, name, len);
    else
        len = (size_t)sprintf(buf, "%" PRIu64, t->g && t->g->idmap ? t->g->idmap[v] : v);
    buf[len] = end;
    return len + 1;
}

/* One "vertex value" line into BUF. */
static size_t format_line(char *buf, const void *a, enum tool_elem type, uint64_t v,
                          const struct text_ids *t)
{
    size_t n = put_vertex(buf, t, v, ' ');
    uint64_t x;
    switch (type) {
    case TOOL_F32: return n + (size_t)sprintf(buf + n, "%.9g\n", ((const float *)a)[v]);
    case TOOL_F64: return n + (size_t)sprintf(buf + n, "%.17g\n", ((const double *)a)[v]);
    case TOOL_U32:
        x = ((const uint32_t *)a)[v];
        x = x == UINT32_MAX ? UINT64_MAX : x;
        break;
    default: x = ((const uint64_t *)a)[v]; break;
    }
    if (x == UINT64_MAX)
        return n + (size_t)sprintf(buf + n, "-1\n");
    if (t->value_is_id)
        return n + put_vertex(buf + n, t, x, '\n');
    return n + (size_t)sprintf(buf + n, "%" PRIu64 "\n", x);
}

/* The longest input name of G's vertices (0 without names): a line holds two. */
static uint64_t longest_name(const struct emogi_graph *g)
{
    uint64_t most = 0;
    for (uint64_t v = 0; g && g->name_offsets && v < g->nv; v++)
        if (g->name_offsets[v + 1] - g->name_offsets[v] > most)
            most = g->name_offsets[v + 1] - g->name_offsets[v];
    return most;
}

static int write_text(struct emogi_atomic *f, const void *a, enum tool_elem type, uint64_t n,
                      const struct text_ids *t, emogi_error *err)
{
    char *buf = malloc(TEXT_CHUNK + 64 + 2 * longest_name(t->g));
    if (!buf)
        return emogi_fail(err, "out of memory for text output");
    size_t used = 0;
    int rc = 0;
    for (uint64_t v = 0; v < n && rc == 0; v++) {
        used += format_line(buf + used, a, type, v, t);
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

/* NumPy's name for TYPE: little-endian, as written. */
static const char *npy_descr(enum tool_elem t)
{
    static const char *const names[] = {"<u4", "<u8", "<f4", "<f8"};
    return names[t];
}

/* Magic, version 1.0, little-endian header length, then the dict padded
 * with spaces and ended by a newline to a multiple of 64 bytes, as
 * numpy's own writer aligns it (so the array starts aligned). */
static const char npy_magic[6] = "\x93NUMPY";
#define NPY_PREFIX 10
#define NPY_ALIGN 64

static size_t npy_header(char *buf, size_t cap, enum tool_elem type, uint64_t n)
{
    int len = snprintf(buf + NPY_PREFIX, cap - NPY_PREFIX,
                       "{'descr': '%s', 'fortran_order': False, 'shape': (%" PRIu64 ",), }",
                       npy_descr(type), n);
    size_t total = ((NPY_PREFIX + (size_t)len + 1 + NPY_ALIGN - 1) / NPY_ALIGN) * NPY_ALIGN;
    memset(buf + NPY_PREFIX + len, ' ', total - NPY_PREFIX - (size_t)len - 1);
    buf[total - 1] = '\n';
    memcpy(buf, npy_magic, sizeof npy_magic);
    buf[6] = 1;
    buf[7] = 0;
    buf[8] = (char)((total - NPY_PREFIX) & 0xff);
    buf[9] = (char)((total - NPY_PREFIX) >> 8);
    return total;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* A run's outputs are one group of formats/atomic.c (emogi_atomic_hold):
 * each result array committed is kept under its temporary name until
 * tool_outputs_commit renames the whole group. */
void tool_outputs_hold(void)
{
    emogi_atomic_hold();
}

/* The ranks' vote on their outputs (dist/), or none in one process. */
static struct {
    void (*fn)(void *ctx, int ok, const emogi_error *err);
    void *ctx;
} vote;

void tool_outputs_vote(void (*fn)(void *ctx, int ok, const emogi_error *err), void *ctx)
{
    vote.fn = fn;
    vote.ctx = ctx;
}

int tool_outputs_commit(emogi_error *err)
{
    if (vote.fn) /* what may still fail fails before the vote, not between renames */
        vote.fn(vote.ctx, emogi_atomic_ready_held(err) == 0, err);
    return emogi_atomic_commit_held(err);
}

int tool_write_array(const char *path, const void *a, enum tool_elem type, uint64_t n,
                     enum tool_format format, emogi_error *err)
{
    return tool_write_array_ids(path, a, type, n, format, NULL, 0, err);
}

size_t tool_array_header(const char *path, enum tool_format *format, enum tool_elem type,
                         uint64_t n, char head[TOOL_HEADER_MAX])
{
    if (*format == TOOL_FORMAT_AUTO)
        *format = ends_with(path, ".npy") ? TOOL_FORMAT_NPY : TOOL_FORMAT_RAW;
    return *format == TOOL_FORMAT_NPY ? npy_header(head, TOOL_HEADER_MAX, type, n) : 0;
}

int tool_write_array_ids(const char *path, const void *a, enum tool_elem type, uint64_t n,
                         enum tool_format format, const struct emogi_graph *ids, int value_is_id,
                         emogi_error *err)
{
    const struct text_ids t = {ids, value_is_id};
    char head[TOOL_HEADER_MAX];
    size_t head_len = tool_array_header(path, &format, type, n, head);
    struct emogi_atomic f;
    if (emogi_atomic_open(&f, path, err) < 0)
        return -1;
    int rc = 0;
    if (head_len)
        rc = emogi_write_all(&f, head, head_len, err);
    if (rc == 0)
        rc = format == TOOL_FORMAT_TEXT
                 ? write_text(&f, a, type, n, &t, err)
                 : emogi_write_all(&f, a, (size_t)(tool_elem_size(type) * n), err);
    if (rc < 0) {
        emogi_atomic_abort(&f);
        return -1;
    }
    return emogi_atomic_commit(&f, err);
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

/* The text after "'KEY': " in a .npy header dict, or NULL. */
static const char *npy_value(const char *dict, const char *key)
{
    const char *p = strstr(dict, key);
    if (!p)
        return NULL;
    p += strlen(key);
    while (*p == ' ')
        p++;
    return p;
}

/* Check a .npy header dict against TYPE and shape (N,). */
static int npy_check(const char *name, const char *dict, enum tool_elem type, uint64_t n,
                     emogi_error *err)
{
    const char *descr = npy_value(dict, "'descr':");
    const char *shape = npy_value(dict, "'shape':");
    if (!descr || !shape)
        return emogi_fail(err, "%s: a .npy header without %s", name, descr ? "'shape'" : "'descr'");
    size_t dlen = strcspn(descr, ",}"), slen = strcspn(shape, ")");
    char want[64];
    snprintf(want, sizeof want, "'%s'", npy_descr(type));
    if (dlen != strlen(want) || strncmp(descr, want, dlen) != 0)
        return emogi_fail(err, "%s: a .npy array of dtype %.*s, expected %s", name, (int)dlen,
                          descr, want);
    char *end;
    errno = 0;
    unsigned long long have = shape[0] == '(' ? strtoull(shape + 1, &end, 10) : 0;
    int ok = shape[0] == '(' && shape[1] >= '0' && shape[1] <= '9' && !errno && have == n &&
             strncmp(end, ",)", 2) == 0;
    if (!ok)
        return emogi_fail(err, "%s: a .npy array of shape %.*s, expected (%llu,)", name,
                          (int)(shape[slen] ? slen + 1 : slen), shape, (unsigned long long)n);
    return 0;
}

/* After the magic in PREFIX: read and check the rest of a .npy header
 * from FD, leaving FD at the array; *hbytes: the whole header's size. */
static int npy_read_header(int fd, const char *name, const unsigned char *prefix,
                           enum tool_elem type, uint64_t n, size_t *hbytes, emogi_error *err)
{
    if (prefix[6] != 1 || prefix[7] != 0)
        return emogi_fail(err, "%s: byte 6: .npy version %u.%u, only 1.0 is read", name, prefix[6],
                          prefix[7]);
    size_t len = (size_t)prefix[8] | (size_t)prefix[9] << 8, got;
    char *dict = malloc(len + 1);
    if (!dict)
        return emogi_fail(err, "%s: out of memory for a .npy header", name);
    int rc = read_upto(fd, dict, len, &got);
    if (rc < 0)
        emogi_fail(err, "%s: %s", name, strerror(errno));
    else if (got != len)
        rc = emogi_fail(err, "%s: a .npy header cut short", name);
    if (rc == 0) {
        dict[len] = '\0';
        rc = npy_check(name, dict, type, n, err);
    }
    free(dict);
    *hbytes = NPY_PREFIX + len;
    return rc;
}

/* A regular file whose size is not HBYTES + WANT fails before any
 * allocation; a pipe's size is known only once read. */
static int check_file_size(int fd, const char *name, size_t want, size_t hbytes, unsigned width,
                           uint64_t n, emogi_error *err)
{
    struct stat sb;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (uint64_t)sb.st_size != want + hbytes)
        return wrong_size(name, (unsigned long long)sb.st_size - hbytes, width, n,
                          hbytes ? "an array of " : "", err);
    return 0;
}

/* Read the array (WANT bytes, PRE of them already in BUF) from FD. */
static int read_payload(int fd, const char *name, char *buf, size_t pre, size_t want,
                        unsigned width, uint64_t n, emogi_error *err)
{
    size_t got = 0;
    if (pre <= want && read_upto(fd, buf + pre, want + 1 - pre, &got) < 0)
        return emogi_fail(err, "%s: %s", name, strerror(errno));
    got += pre;
    if (got != want)
        return wrong_size(name, (unsigned long long)(got > want ? want : got), width, n,
                          got > want ? "more than " : "", err);
    return 0;
}

/* Read FD's array after its .npy header, if any, into *buf. */
static int read_array_fd(int fd, const char *name, enum tool_elem type, uint64_t n, char **buf,
                         emogi_error *err)
{
    unsigned width = (unsigned)tool_elem_size(type);
    size_t want = (size_t)(width * n), pre, hbytes = 0;
    unsigned char prefix[NPY_PREFIX];
    if (read_upto(fd, (char *)prefix, sizeof prefix, &pre) < 0)
        return emogi_fail(err, "%s: %s", name, strerror(errno));
    if (pre == NPY_PREFIX && memcmp(prefix, npy_magic, sizeof npy_magic) == 0) {
        if (npy_read_header(fd, name, prefix, type, n, &hbytes, err) < 0)
            return -1;
        pre = 0; /* the prefix was header, not array */
    }
    if (check_file_size(fd, name, want, hbytes, width, n, err) < 0)
        return -1;
    if (!(*buf = malloc(want + 1 > NPY_PREFIX ? want + 1 : NPY_PREFIX)))
        return emogi_fail(err, "%s: out of memory for %llu bytes", name, (unsigned long long)want);
    memcpy(*buf, prefix, pre);
    return read_payload(fd, name, *buf, pre, want, width, n, err);
}

int tool_read_array(const char *path, enum tool_elem type, uint64_t n, void **out,
                    emogi_error *err)
{
    const char *name = tool_input_name(path);
    int is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0)
        return emogi_fail(err, "%s: %s", name, strerror(errno));
    char *buf = NULL;
    int rc = read_array_fd(fd, name, type, n, &buf, err);
    if (!is_stdin)
        close(fd);
    if (rc < 0)
        free(buf);
    else
        *out = buf;
    return rc;
}
