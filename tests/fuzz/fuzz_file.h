/*
 * fuzz_file.h - what the fuzz targets that read from a path share: a
 * scratch folder of their own (made on first use, removed at exit, so a
 * run leaves nothing in /tmp), files written into it, and the gzip and
 * lz4-frame forms of a buffer.
 */
#ifndef EMOGI_FUZZ_FILE_H
#define EMOGI_FUZZ_FILE_H

#include <fcntl.h>
#include <lz4frame.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#ifndef FUZZ_CHECK
#define FUZZ_CHECK(c)                                                                      \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)
#endif

#define FUZZ_MAX_FILES 8

static char fuzz_dir[4096];
static char fuzz_files[FUZZ_MAX_FILES][4200];
static int fuzz_nfiles;

static inline void fuzz_remove_scratch(void)
{
    for (int i = 0; i < fuzz_nfiles; i++)
        unlink(fuzz_files[i]);
    rmdir(fuzz_dir);
}

/* The path of NAME in the scratch folder. */
static inline const char *fuzz_path(const char *name)
{
    if (!fuzz_dir[0]) {
        const char *t = getenv("TMPDIR");
        snprintf(fuzz_dir, sizeof fuzz_dir, "%s/emogi-fuzz.XXXXXX", t && *t ? t : "/tmp");
        FUZZ_CHECK(mkdtemp(fuzz_dir) != NULL);
        atexit(fuzz_remove_scratch);
    }
    for (int i = 0; i < fuzz_nfiles; i++)
        if (strcmp(strrchr(fuzz_files[i], '/') + 1, name) == 0)
            return fuzz_files[i];
    FUZZ_CHECK(fuzz_nfiles < FUZZ_MAX_FILES);
    snprintf(fuzz_files[fuzz_nfiles], sizeof fuzz_files[0], "%s/%s", fuzz_dir, name);
    return fuzz_files[fuzz_nfiles++];
}

/* Replace the file at PATH (a fuzz_path) with N bytes at P. */
static inline void fuzz_put(const char *path, const void *p, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    FUZZ_CHECK(fd >= 0);
    FUZZ_CHECK(n == 0 || write(fd, p, n) == (ssize_t)n);
    FUZZ_CHECK(close(fd) == 0);
}

static inline size_t fuzz_gzip(const uint8_t *p, size_t n, uint8_t **out)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    FUZZ_CHECK(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    size_t cap = deflateBound(&z, n) + 32;
    *out = malloc(cap);
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)n;
    z.next_out = *out;
    z.avail_out = (uInt)cap;
    FUZZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END);
    size_t len = z.total_out;
    deflateEnd(&z);
    return len;
}

static inline size_t fuzz_lz4(const uint8_t *p, size_t n, uint8_t **out)
{
    LZ4F_preferences_t pref;
    memset(&pref, 0, sizeof pref);
    pref.frameInfo.blockSizeID = LZ4F_max64KB;
    size_t cap = LZ4F_compressFrameBound(n, &pref);
    *out = malloc(cap);
    size_t len = LZ4F_compressFrame(*out, cap, p, n, &pref);
    FUZZ_CHECK(!LZ4F_isError(len));
    return len;
}

/* Whether P starts like a compressed stream (gzip, lz4, bzip2, xz, zstd,
   legacy lz4; two bytes are enough to be unsure) that the input layer may
   decode or refuse by name. */
static inline int fuzz_compressed(const uint8_t *p, size_t n)
{
    static const struct {
        const char *magic;
        size_t len;
    } m[] = {{"\x1f\x8b", 2}, {"\x04\x22", 2}, {"BZ", 2}, {"\xfd" "7", 2}, {"\x28\xb5", 2},
             {"\x02\x21", 2}};
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (n >= m[i].len && memcmp(p, m[i].magic, m[i].len) == 0)
            return 1;
    return 0;
}

#endif
