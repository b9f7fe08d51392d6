/*
 * names_disk.h - --string-ids names that do not fit in --memory (names.h).
 *
 * The table spills its names, sorted and unique, as a run to an unlinked
 * file in --tmpdir and starts again empty; once the input is read, the
 * runs are merged into the sorted unique names, written to the same file
 * (the .csr's NAMES section, copied into the output at the end), their
 * offsets kept in memory (8 bytes a name, as the merge's own offsets).
 * Every NAMES_DISK_STRIDE-th name stays in memory as a sparse index: a
 * token is looked up by a binary search over it, then one read of the
 * stretch of names it points to.
 */
#ifndef EMOGI_CONVERT_NAMES_DISK_H
#define EMOGI_CONVERT_NAMES_DISK_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_csr.h"

#define NAMES_DISK_STRIDE 64

struct names_disk;

/* Append the N sorted unique names (OFF, BLOB) as a run, creating the
 * file in TMPDIR at the first; 0, or -1 with ERR. */
int names_disk_add_run(struct names_disk **d, const char *tmpdir, const uint64_t *off,
                       const char *blob, uint64_t n, emogi_error *err);

/* Merge the runs within MEMORY bytes (beside the offsets): *OFFSETS (n+1,
 * malloc'd) and *N of the sorted unique names, and the sparse index. */
int names_disk_merge(struct names_disk *d, uint64_t memory, uint64_t **offsets, uint64_t *n,
                     emogi_error *err);

/* The rank of the LEN bytes at NAME among the merged names (OFF, N) in
 * *RANK: 1 found, 0 not a name, -1 with ERR (a failed read). */
int names_disk_find(struct names_disk *d, const uint64_t *off, uint64_t n, const char *name,
                    size_t len, uint64_t *rank, emogi_error *err);

/* Bytes held in memory: the index and the look-up's buffer. */
uint64_t names_disk_held(const struct names_disk *d);
/* The index is no longer needed. */
void names_disk_drop_index(struct names_disk *d);
/* Where the merged names lie: the file and the byte their first starts at. */
void names_disk_source(const struct names_disk *d, int *fd, uint64_t *pos);
void names_disk_free(struct names_disk *d);

#endif
