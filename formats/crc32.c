/*
 * crc32.c - zlib's crc32 over buffers of many gigabytes, in parallel.
 *
 * crc32 is linear, so the checksum of a concatenation follows from the
 * checksums of its parts and their lengths (zlib's crc32_combine).  Each
 * thread sums its own chunks; the combine runs serially over the chunk
 * results, which costs O(log chunk) per chunk and nothing measurable.
 */
#include <stdlib.h>
#include <zlib.h>

#include "csr_internal.h"

/* Large enough that combining is free, small enough to balance 2..128 threads. */
#define CRC_CHUNK ((size_t)8 << 20)

static uint32_t crc32_serial(const unsigned char *p, size_t len)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    while (len > 0) {
        uInt n = len > (1u << 30) ? (1u << 30) : (uInt)len;
        crc = crc32(crc, p, n);
        p += n;
        len -= n;
    }
    return (uint32_t)crc;
}

uint32_t emogi_crc32(const void *buf, size_t len)
{
    const unsigned char *p = buf;
    size_t nchunks = (len + CRC_CHUNK - 1) / CRC_CHUNK;
    if (nchunks <= 1)
        return crc32_serial(p, len);
    uint32_t *part = malloc(nchunks * sizeof *part);
    if (!part) /* no memory for the table: still give the right answer */
        return crc32_serial(p, len);
    EMOGI_OMP(parallel for schedule(dynamic, 1))
    for (size_t i = 0; i < nchunks; i++) {
        size_t n = i + 1 < nchunks ? CRC_CHUNK : len - i * CRC_CHUNK;
        part[i] = crc32_serial(p + i * CRC_CHUNK, n);
    }
    uLong crc = part[0];
    for (size_t i = 1; i < nchunks; i++) {
        size_t n = i + 1 < nchunks ? CRC_CHUNK : len - i * CRC_CHUNK;
        crc = crc32_combine(crc, part[i], (z_off_t)n);
    }
    free(part);
    return (uint32_t)crc;
}
