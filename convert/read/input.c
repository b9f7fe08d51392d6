/*
 * input.c - opening an input, telling compressed from plain, and cutting
 * the text into line-aligned blocks.
 *
 * A plain regular file is mapped rather than read: its blocks are views
 * into the page cache, so the parser threads start without a copy.  Other
 * inputs are decoded into one buffer of the block size, which grows only
 * for a line longer than that, up to max_line; the rest of the text after
 * a block moves to the front of the buffer to begin the next one.
 */
#define _GNU_SOURCE /* memrchr */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "codec.h"
#include "input.h"

#define RAW_MIN (64u << 10) /* bytes read at a time: the block size within these */
#define RAW_MAX (1u << 20)

int input_refill(struct input *in, emogi_error *err)
{
    if (in->raw_pos < in->raw_len || in->raw_eof)
        return 0;
    ssize_t n;
    do
        n = read(in->fd, in->raw, in->raw_cap);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return emogi_fail(err, "%s: read error: %s", in->name, strerror(errno));
    in->raw_pos = 0;
    in->raw_len = (size_t)n;
    in->raw_eof = n == 0;
    in->bytes_in += (uint64_t)n;
    return 0;
}

/* Enough bytes to tell every compression below from binary ids. */
#define MAGIC_LEN 10

/* Read up to MAGIC_LEN bytes (fewer only at end of file) to look for a magic number. */
static int read_magic(struct input *in, emogi_error *err)
{
    while (in->raw_len < MAGIC_LEN) {
        ssize_t n = read(in->fd, in->raw + in->raw_len, MAGIC_LEN - in->raw_len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return emogi_fail(err, "%s: read error: %s", in->name, strerror(errno));
        if (n == 0)
            break;
        in->raw_len += (size_t)n;
        in->bytes_in += (uint64_t)n;
    }
    return 0;
}

static int try_map(struct input *in, const struct stat *st)
{
    if (!S_ISREG(st->st_mode) || st->st_size <= 0 ||
        lseek(in->fd, 0, SEEK_CUR) != (off_t)in->raw_len || (uint64_t)st->st_size > SIZE_MAX)
        return -1;
    void *m = mmap(NULL, (size_t)st->st_size, PROT_READ, MAP_PRIVATE, in->fd, 0);
    if (m == MAP_FAILED)
        return -1;
    madvise(m, (size_t)st->st_size, MADV_SEQUENTIAL);
    in->map = m;
    in->map_len = (size_t)st->st_size;
    in->bytes_in = in->map_len;
    in->kind = INPUT_MAP;
    return 0;
}

int input_peek(struct input *in, size_t n, emogi_error *err)
{
    if (in->raw_pos) {
        memmove(in->raw, in->raw + in->raw_pos, in->raw_len - in->raw_pos);
        in->raw_len -= in->raw_pos;
        in->raw_pos = 0;
    }
    if (n > in->raw_cap)
        n = in->raw_cap;
    while (in->raw_len < n && !in->raw_eof) {
        ssize_t got = read(in->fd, in->raw + in->raw_len, in->raw_cap - in->raw_len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return emogi_fail(err, "%s: read error: %s", in->name, strerror(errno));
        in->raw_eof = got == 0;
        in->raw_len += (size_t)got;
        in->bytes_in += (uint64_t)got;
    }
    return 0;
}

int input_no_library(const struct input *in, const char *what, const char *lib,
                     const char *pkg, emogi_error *err)
{
    return emogi_fail(err, "%s: %s input needs an emogi built with %s (install %s and re-run "
                           "configure)",
                      in->name, what, lib, pkg);
}

/* A compressed input is decoded; a plain regular file is mapped. */
static int pick_codec(struct input *in, emogi_error *err)
{
    struct stat st;
    const struct codec *c = codec_signed(in->raw, in->raw_len);
    in->kind = INPUT_READ;
    if (c) {
        if (c->init(in, err))
            return -1; /* nothing to end */
        in->codec = c;
        return 0;
    }
    if (fstat(in->fd, &st) == 0 && in->raw_len == MAGIC_LEN)
        try_map(in, &st);
    return 0;
}

int input_open(struct input *in, const char *path, size_t block, emogi_error *err)
{
    memset(in, 0, sizeof *in);
    in->fd = -1;
    in->block = block ? block : 1;
    int std = strcmp(path, "-") == 0;
    in->name = std ? "<stdin>" : path;
    in->fd = std ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (in->fd < 0)
        return emogi_fail(err, "%s: %s", path, strerror(errno));
    in->raw_cap = in->block < RAW_MIN ? RAW_MIN : in->block > RAW_MAX ? RAW_MAX : in->block;
    in->max_line = in->block > INPUT_MAX_LINE ? in->block : INPUT_MAX_LINE;
    in->raw = malloc(in->raw_cap);
    if (!in->raw) {
        input_close(in);
        return emogi_fail(err, "out of memory");
    }
    struct stat st;
    if (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        in->size = (uint64_t)st.st_size; /* progress shows a share of it */
    if (read_magic(in, err) || pick_codec(in, err)) {
        input_close(in);
        return -1;
    }
    return 0;
}

unsigned long long input_raw_at(const struct input *in, size_t unread)
{
    return in->bytes_in >= unread ? (unsigned long long)(in->bytes_in - unread) : 0;
}

uint64_t input_consumed(const struct input *in)
{
    return in->kind == INPUT_MAP ? in->map_pos : in->bytes_in;
}

int input_open_binary(struct input *in, const char *path, size_t block, size_t record,
                      emogi_error *err)
{
    if (block < record)
        block = record;
    if (input_open(in, path, block - block % record, err))
        return -1;
    in->record = record;
    return 0;
}

static int long_line(struct input *in, emogi_error *err)
{
    in->long_line = 1;
    return emogi_fail(err, "%s: line longer than %zu bytes", in->name, in->max_line);
}

/* Where the text block at P (AVAIL bytes, the rest of the text when EOF)
 * ends: after its last newline within the block size, else after its
 * first line however long; 0 when no newline is there yet.  -1 for a line
 * longer than max_line. */
static long long text_cut(struct input *in, const char *p, size_t avail, int eof,
                          emogi_error *err)
{
    size_t lim = avail < in->block ? avail : in->block;
    const char *nl = memrchr(p, '\n', lim);
    if (eof && avail <= in->block)
        return (long long)avail; /* the last block: its lines are shorter than a block */
    if (!nl)
        nl = memchr(p + lim, '\n', avail - lim);
    size_t end = nl ? (size_t)(nl - p) + 1 : eof ? avail : 0;
    size_t line = nl ? end - 1 : avail; /* the first line when it is all of the block */
    if ((end > lim || end == 0) && line > in->max_line)
        return long_line(in, err);
    return (long long)end;
}

/* The blocks before map_pos are parsed: their pages leave the resident
 * set (they stay in the page cache), so a mapped input holds a block, not
 * the file. */
static void release_parsed(struct input *in)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), upto = in->map_pos - in->map_pos % page;
    if (upto > in->map_kept) {
        madvise(in->map + in->map_kept, upto - in->map_kept, MADV_DONTNEED);
        in->map_kept = upto;
    }
}

static int next_mapped(struct input *in, const char **p, size_t *len, emogi_error *err)
{
    release_parsed(in);
    if (in->map_pos >= in->map_len)
        return 0;
    size_t rest = in->map_len - in->map_pos, end = in->map_len;
    if (in->record && rest > in->block) {
        end = in->map_pos + in->block; /* a multiple of the record size */
    } else if (!in->record) {
        long long cut = text_cut(in, in->map + in->map_pos, rest, 1, err);
        if (cut < 0)
            return -1;
        end = in->map_pos + (size_t)cut;
    }
    *p = in->map + in->map_pos;
    *len = end - in->map_pos;
    in->map_pos = end;
    return 1;
}

static int decode(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    if (in->codec)
        return in->codec->read(in, out, cap, n, err);
    if (input_refill(in, err))
        return -1;
    *n = in->raw_len - in->raw_pos < cap ? in->raw_len - in->raw_pos : cap;
    memcpy(out, in->raw + in->raw_pos, *n);
    in->raw_pos += *n;
    return 0;
}

/* Decode until the buffer holds TARGET bytes (its capacity) or the text ends. */
static int fill(struct input *in, size_t target, emogi_error *err)
{
    if (target > in->buf_cap) {
        char *b = realloc(in->buf, target);
        if (!b)
            return emogi_fail(err, "%s: out of memory for %zu bytes of text", in->name, target);
        in->buf = b;
        in->buf_cap = target;
    }
    while (in->buf_len < target && !in->text_eof) {
        size_t n;
        if (decode(in, in->buf + in->buf_len, target - in->buf_len, &n, err))
            return -1;
        in->buf_len += n;
        in->text_eof = n == 0;
    }
    return 0;
}

/* The end of the next block in the buffer; 0: read more first. */
static long long buffered_cut(struct input *in, emogi_error *err)
{
    if (!in->record)
        return text_cut(in, in->buf, in->buf_len, in->text_eof, err);
    if (in->text_eof)
        return (long long)in->buf_len;
    size_t lim = in->buf_len < in->block ? in->buf_len : in->block;
    return (long long)(lim - lim % in->record);
}

int input_next_block(struct input *in, const char **p, size_t *len, emogi_error *err)
{
    if (in->kind == INPUT_MAP)
        return next_mapped(in, p, len, err);
    if (in->buf_start) {
        memmove(in->buf, in->buf + in->buf_start, in->buf_len - in->buf_start);
        in->buf_len -= in->buf_start;
        in->buf_start = 0;
    }
    size_t target = in->block;
    for (;;) {
        if (fill(in, target > in->buf_len ? target : in->buf_len, err))
            return -1;
        if (in->buf_len == 0)
            return 0;
        long long end = buffered_cut(in, err);
        if (end < 0)
            return -1;
        if (end > 0) {
            *p = in->buf;
            *len = (size_t)end;
            in->buf_start = (size_t)end;
            return 1;
        }
        /* one line fills what was read: read on, up to the longest line allowed */
        target = in->buf_len * 2 < in->max_line + 1 ? in->buf_len * 2 : in->max_line + 1;
    }
}

uint64_t input_held(const struct input *in)
{
    uint64_t buf = in->record || in->block > in->max_line ? in->block : in->max_line + 1;
    if (in->kind == INPUT_MAP) /* the pages of the block being parsed */
        return buf + 2 * (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t state = in->codec && in->codec->state ? in->codec->state : in->dec_state;
    return buf + in->raw_cap + state;
}

void input_close(struct input *in)
{
    if (in->codec)
        in->codec->end(in);
    in->codec = NULL;
    if (in->map)
        munmap(in->map, in->map_len);
    if (in->fd > STDIN_FILENO)
        close(in->fd);
    free(in->raw);
    free(in->buf);
    in->map = in->buf = NULL;
    in->raw = NULL;
    in->fd = -1;
}
