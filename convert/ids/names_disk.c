/*
 * names_disk.c - --string-ids names out of core (names_disk.h).
 *
 * A run is its names in byte order, each as an 8-byte length and the
 * bytes.  The merge reads every run through a cursor with its own buffer
 * (a share of --memory, grown only for a name longer than it), takes the
 * smallest name at each step (a linear scan: runs are few, since each
 * holds a table's worth of names), drops repeats, and appends the names
 * after the runs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memory.h"
#include "names_disk.h"
#include "pio.h"

#define WRITE_BUF (64u << 10)

struct names_disk {
    int fd;
    char *what;                      /* "DIR: names file", for messages */
    uint64_t end;                    /* bytes written so far */
    uint64_t *run_at, nruns, cap;    /* where each run starts */
    uint64_t names_at;               /* where the merged names start */
    uint64_t budget;                 /* the merge: bytes for the offsets and the index */
    char *ix_bytes;                  /* the names of ranks 0, STRIDE, 2 STRIDE, ... */
    uint64_t ix_len, ix_cap, *ix_off, ix_off_cap, nix;
    char *buf;                       /* a stretch of names read for a look-up */
    size_t buf_cap;
};

/* Bytes written through a buffer to the end of the file. */
struct appender {
    struct names_disk *d;
    char buf[WRITE_BUF];
    size_t len;
};

static int flush_out(struct appender *a, emogi_error *err)
{
    if (a->len && ooc_pwrite(a->d->fd, a->buf, a->len, a->d->end, a->d->what, err))
        return -1;
    a->d->end += a->len;
    a->len = 0;
    return 0;
}

static int append(struct appender *a, const void *p, size_t n, emogi_error *err)
{
    if (a->len + n > sizeof a->buf && flush_out(a, err))
        return -1;
    if (n > sizeof a->buf) { /* a long name goes straight out */
        if (ooc_pwrite(a->d->fd, p, n, a->d->end, a->d->what, err))
            return -1;
        a->d->end += n;
        return 0;
    }
    memcpy(a->buf + a->len, p, n);
    a->len += n;
    return 0;
}

static int open_file(struct names_disk **dp, const char *tmpdir, emogi_error *err)
{
    struct names_disk *d = calloc(1, sizeof *d);
    size_t len = strlen(tmpdir) + sizeof "/emogi-convert-names.XXXXXX";
    char *path = malloc(len);
    if (!d || !path) {
        free(d), free(path);
        return emogi_fail(err, "out of memory");
    }
    snprintf(path, len, "%s/emogi-convert-names.XXXXXX", tmpdir);
    d->fd = mkstemp(path);
    if (d->fd < 0) {
        int e = errno;
        free(d), free(path);
        return emogi_fail(err, "%s: cannot create a file for the names: %s", tmpdir,
                          strerror(e));
    }
    unlink(path); /* freed on close, however the process ends */
    snprintf(path, len, "%s: names file", tmpdir);
    d->what = path;
    *dp = d;
    return 0;
}

int names_disk_add_run(struct names_disk **dp, const char *tmpdir, const uint64_t *off,
                       const char *blob, uint64_t n, emogi_error *err)
{
    if (!*dp && open_file(dp, tmpdir, err))
        return -1;
    struct names_disk *d = *dp;
    if (d->nruns + 1 >= d->cap) {
        uint64_t cap = d->cap ? 2 * d->cap : 16, *r = realloc(d->run_at, cap * sizeof *r);
        if (!r)
            return emogi_fail(err, "out of memory");
        d->run_at = r, d->cap = cap;
    }
    d->run_at[d->nruns++] = d->end;
    struct appender *a = malloc(sizeof *a);
    if (!a)
        return emogi_fail(err, "out of memory");
    a->d = d, a->len = 0;
    int rc = 0;
    for (uint64_t i = 0; rc == 0 && i < n; i++) {
        uint64_t len = off[i + 1] - off[i];
        rc = append(a, &len, sizeof len, err) || append(a, blob + off[i], (size_t)len, err);
    }
    rc = rc || flush_out(a, err);
    free(a);
    d->run_at[d->nruns] = d->end;
    return rc ? -1 : 0;
}

/* One run being read: its bytes [at, end) of the file not yet buffered. */
struct cursor {
    uint64_t at, end;
    char *buf;
    size_t cap, lo, hi; /* buf[lo, hi) is read, not yet taken */
    const char *name;   /* the current name, NULL when the run is done */
    uint64_t len;
};

/* At least NEED bytes in buf[lo, hi), reading on (the buffer grows for a
 * name longer than it). */
static int fill(struct names_disk *d, struct cursor *c, size_t need, emogi_error *err)
{
    if (c->hi - c->lo >= need)
        return 0;
    memmove(c->buf, c->buf + c->lo, c->hi - c->lo);
    c->hi -= c->lo, c->lo = 0;
    if (need > c->cap) {
        char *b = realloc(c->buf, need);
        if (!b)
            return emogi_fail(err, "out of memory for a name of %zu bytes", need);
        c->buf = b, c->cap = need;
    }
    while (c->hi < need) {
        uint64_t want = c->end - c->at < c->cap - c->hi ? c->end - c->at : c->cap - c->hi;
        ssize_t r = want ? pread(d->fd, c->buf + c->hi, (size_t)want, (off_t)c->at) : 0;
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return emogi_fail(err, "%s: read failed: %s", d->what,
                              r < 0 ? strerror(errno) : "shorter than written");
        c->hi += (size_t)r, c->at += (uint64_t)r;
    }
    return 0;
}

static int next(struct names_disk *d, struct cursor *c, emogi_error *err)
{
    if (c->at == c->end && c->lo == c->hi) {
        c->name = NULL;
        return 0;
    }
    if (fill(d, c, sizeof c->len, err))
        return -1;
    memcpy(&c->len, c->buf + c->lo, sizeof c->len);
    c->lo += sizeof c->len;
    if (fill(d, c, (size_t)c->len, err))
        return -1;
    c->name = c->buf + c->lo;
    c->lo += (size_t)c->len;
    return 0;
}

static int compare(const char *a, uint64_t la, const char *b, uint64_t lb)
{
    int c = memcmp(a, b, (size_t)(la < lb ? la : lb));
    return c ? c : (la > lb) - (la < lb);
}

static int grow(void **p, uint64_t *cap, uint64_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint64_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)(c * elem));
    if (!q)
        return -1;
    *p = q, *cap = c;
    return 0;
}

/* Name R of the merged names (P, LEN) goes out; every STRIDE-th to the index. */
static int emit(struct names_disk *d, struct appender *a, const char *p, uint64_t len,
                uint64_t r, uint64_t **off, uint64_t *off_cap, emogi_error *err)
{
    if (r + 2 > *off_cap && mem_add(mem_mul(16, r + 2), names_disk_held(d)) > d->budget) {
        char need[32], bound[32];
        return emogi_fail(err, "string ids: %llu names need %s of offsets beside the merge of "
                               "their runs, over the %s of --memory left; raise --memory",
                          (unsigned long long)r + 1,
                          memory_str(mem_mul(16, r + 2), need, sizeof need),
                          memory_str(d->budget, bound, sizeof bound));
    }
    if (grow((void **)off, off_cap, r + 2, sizeof **off))
        return emogi_fail(err, "out of memory for the offsets of %llu names",
                          (unsigned long long)r + 1);
    (*off)[r + 1] = (*off)[r] + len;
    if (r % NAMES_DISK_STRIDE == 0) {
        if (grow((void **)&d->ix_off, &d->ix_off_cap, d->nix + 2, sizeof *d->ix_off) ||
            grow((void **)&d->ix_bytes, &d->ix_cap, d->ix_len + len, 1))
            return emogi_fail(err, "out of memory for the index of the names");
        d->ix_off[d->nix] = d->ix_len;
        memcpy(d->ix_bytes + d->ix_len, p, (size_t)len);
        d->ix_len += len;
        d->ix_off[++d->nix] = d->ix_len;
    }
    return append(a, p, (size_t)len, err);
}

/* The smallest current name of the runs, or -1 when all are done. */
static int64_t smallest(const struct cursor *c, uint64_t nruns)
{
    int64_t best = -1;
    for (uint64_t r = 0; r < nruns; r++)
        if (c[r].name && (best < 0 || compare(c[r].name, c[r].len, c[best].name,
                                              c[best].len) < 0))
            best = (int64_t)r;
    return best;
}

static int merge_runs(struct names_disk *d, struct cursor *c, struct appender *a,
                      uint64_t **off, uint64_t *n, emogi_error *err)
{
    uint64_t off_cap = 0, r = 0;
    char *last = NULL;
    uint64_t last_len = 0, last_cap = 0;
    int rc = 0;
    *off = NULL;
    if (grow((void **)off, &off_cap, 1, sizeof **off))
        return emogi_fail(err, "out of memory");
    (*off)[0] = 0;
    for (int64_t b; rc == 0 && (b = smallest(c, d->nruns)) >= 0;) {
        struct cursor *k = &c[b];
        if (r == 0 || compare(k->name, k->len, last, last_len) != 0) {
            rc = emit(d, a, k->name, k->len, r++, off, &off_cap, err);
            if (rc == 0 && grow((void **)&last, &last_cap, k->len ? k->len : 1, 1))
                rc = emogi_fail(err, "out of memory");
            if (rc == 0)
                memcpy(last, k->name, (size_t)k->len), last_len = k->len;
        }
        rc = rc ? rc : next(d, k, err);
    }
    free(last);
    *n = r;
    return rc;
}

int names_disk_merge(struct names_disk *d, uint64_t memory, uint64_t **offsets, uint64_t *n,
                     emogi_error *err)
{
    /* the cursors take a quarter, the offsets (doubling: 16 bytes a name
     * at worst) and the index the rest */
    uint64_t share = mem_clamp(memory / 4 / (d->nruns ? d->nruns : 1), 4096, 1u << 20);
    uint64_t cursors = mem_mul(share, d->nruns);
    d->budget = memory > cursors ? memory - cursors : 0;
    struct cursor *c = calloc((size_t)d->nruns + 1, sizeof *c);
    struct appender *a = malloc(sizeof *a);
    int rc = c && a ? 0 : emogi_fail(err, "out of memory");
    for (uint64_t r = 0; rc == 0 && r < d->nruns; r++) {
        c[r].at = d->run_at[r], c[r].end = d->run_at[r + 1];
        c[r].buf = malloc((size_t)share);
        c[r].cap = (size_t)share;
        rc = c[r].buf ? next(d, &c[r], err) : emogi_fail(err, "out of memory");
    }
    d->names_at = d->end;
    if (rc == 0) {
        a->d = d, a->len = 0;
        rc = merge_runs(d, c, a, offsets, n, err);
        rc = rc ? rc : flush_out(a, err);
    }
    for (uint64_t r = 0; c && r < d->nruns; r++)
        free(c[r].buf);
    free(c), free(a);
    if (rc)
        free(*offsets), *offsets = NULL;
    return rc ? -1 : 0;
}

/* Read names [lo, hi) of the merged names into the look-up's buffer. */
static int read_stretch(struct names_disk *d, const uint64_t *off, uint64_t lo, uint64_t hi,
                        emogi_error *err)
{
    size_t len = (size_t)(off[hi] - off[lo]);
    if (len > d->buf_cap) {
        char *b = realloc(d->buf, len);
        if (!b)
            return emogi_fail(err, "out of memory reading %zu bytes of names", len);
        d->buf = b, d->buf_cap = len;
    }
    for (size_t got = 0; got < len;) {
        ssize_t r = pread(d->fd, d->buf + got, len - got,
                          (off_t)(d->names_at + off[lo] + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return emogi_fail(err, "%s: read failed: %s", d->what,
                              r < 0 ? strerror(errno) : "shorter than written");
        got += (size_t)r;
    }
    return 0;
}

int names_disk_find(struct names_disk *d, const uint64_t *off, uint64_t n, const char *name,
                    size_t len, uint64_t *rank, emogi_error *err)
{
    uint64_t lo = 0, hi = d->nix; /* the last index entry at or before NAME */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (compare(d->ix_bytes + d->ix_off[mid], d->ix_off[mid + 1] - d->ix_off[mid], name,
                    len) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    uint64_t first = (lo - 1) * NAMES_DISK_STRIDE;
    uint64_t last = first + NAMES_DISK_STRIDE < n ? first + NAMES_DISK_STRIDE : n;
    if (read_stretch(d, off, first, last, err))
        return -1;
    for (lo = first, hi = last; lo < hi;) {
        uint64_t mid = lo + (hi - lo) / 2;
        int c = compare(d->buf + (off[mid] - off[first]), off[mid + 1] - off[mid], name, len);
        if (c == 0) {
            *rank = mid;
            return 1;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

uint64_t names_disk_held(const struct names_disk *d)
{
    return mem_add(mem_add(d->ix_cap, mem_mul(8, d->ix_off_cap)), d->buf_cap);
}

void names_disk_drop_index(struct names_disk *d)
{
    free(d->ix_bytes), free(d->ix_off), free(d->buf);
    d->ix_bytes = d->buf = NULL;
    d->ix_off = NULL;
    d->ix_len = d->ix_cap = d->ix_off_cap = d->nix = 0;
    d->buf_cap = 0;
}

void names_disk_source(const struct names_disk *d, int *fd, uint64_t *pos)
{
    *fd = d->fd;
    *pos = d->names_at;
}

void names_disk_free(struct names_disk *d)
{
    if (!d)
        return;
    names_disk_drop_index(d);
    close(d->fd);
    free(d->run_at), free(d->what);
    free(d);
}
