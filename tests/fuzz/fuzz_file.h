/*
 * fuzz_file.h - what the fuzz targets that read from a path share: a
 * scratch folder of their own (made on first use, removed at exit, so a
 * run leaves nothing in /tmp), files written into it, and the gzip,
 * lz4-frame, zstd, xz and bzip2 forms of a buffer (the last three where
 * emogi is built with their library: FUZZ_CODECS lists them).
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

#include "config.h"
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif
#ifdef HAVE_LZMA
#include <lzma.h>
#endif
#ifdef HAVE_BZ2
#include <bzlib.h>
#endif

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

#ifdef HAVE_ZSTD
static inline size_t fuzz_zstd(const uint8_t *p, size_t n, uint8_t **out)
{
    size_t cap = ZSTD_compressBound(n);
    *out = malloc(cap);
    size_t len = ZSTD_compress(*out, cap, p, n, 1);
    FUZZ_CHECK(!ZSTD_isError(len));
    return len;
}
#endif

#ifdef HAVE_LZMA
static inline size_t fuzz_xz(const uint8_t *p, size_t n, uint8_t **out)
{
    size_t cap = lzma_stream_buffer_bound(n), len = 0;
    *out = malloc(cap);
    FUZZ_CHECK(lzma_easy_buffer_encode(0, LZMA_CHECK_CRC32, NULL, p, n, *out, &len, cap) ==
               LZMA_OK);
    return len;
}
#endif

#ifdef HAVE_BZ2
static inline size_t fuzz_bz2(const uint8_t *p, size_t n, uint8_t **out)
{
    unsigned cap = (unsigned)(n + n / 100 + 600);
    *out = malloc(cap);
    FUZZ_CHECK(BZ2_bzBuffToBuffCompress((char *)*out, &cap, (char *)p, (unsigned)n, 1, 0, 0) ==
               BZ_OK);
    return cap;
}
#endif

/* The compressors above, gzip and lz4 always, for a target to try in turn. */
typedef size_t (*fuzz_codec)(const uint8_t *, size_t, uint8_t **);
static const fuzz_codec FUZZ_CODECS[] = {
    fuzz_gzip, fuzz_lz4,
#ifdef HAVE_ZSTD
    fuzz_zstd,
#endif
#ifdef HAVE_LZMA
    fuzz_xz,
#endif
#ifdef HAVE_BZ2
    fuzz_bz2,
#endif
};

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
