/*
 * names.h - --string-ids: vertex ids that are arbitrary tokens ("alice",
 * "urn:x:17").  The readers intern each token as they meet it, giving it
 * the next provisional id (order of first appearance); once the input is
 * read, names_finish() sorts the names bytewise, renumbers the edges to
 * each name's rank and hands back the sorted names in the form of the
 * .csr's id-names sections (emogi-csr(5), "Id names").  So the compact ids
 * follow the names' order, as --relabel's follow the integer ids' order,
 * and neither depends on the thread count or on the input's order.
 *
 * Out of core the edges are not kept while the names are gathered: the
 * input is read once for the names alone, names_sort() puts them in byte
 * order in the table itself, and on the second reading names_intern()
 * looks each token up to its rank, the compact id, at once.  Names that
 * do not fit in --memory either spill to disk in sorted runs
 * (names_disk.h), merged by names_sort().
 */
#ifndef EMOGI_CONVERT_NAMES_H
#define EMOGI_CONVERT_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "edges.h"

struct name_table {
    char *bytes;           /* the names back to back, in provisional id order */
    uint64_t nbytes, bytes_cap;
    uint64_t *start;       /* start[id]: where name id begins in bytes */
    uint64_t n, start_cap; /* names so far */
    uint64_t *slots;       /* open addressing: id + 1, 0 for an empty slot */
    uint64_t nslots;
    uint64_t memory;       /* --memory: the table refuses to grow past it (0: no bound) */
    int sorted;            /* names_sort() was called: ids are ranks, nothing is added */
    const char *tmpdir;    /* where names past the bound spill (NULL: refused) */
    struct names_disk *disk; /* the spilled runs, then the merged names (names_disk.h) */
    char *scratch;         /* a token unquoted for a look-up on disk */
    size_t scratch_cap;
};

/* The id of the LEN bytes at P in *ID, interned if new; with UNQUOTE a
 * doubled quote ("") stands for one.  0, or -1 with MSG filled (out of
 * memory, or past T->memory).  After names_sort() the id is the name's
 * rank, and a token that is no name is an error (the input changed). */
int names_intern(struct name_table *t, const char *p, size_t len, int unquote, uint64_t *id,
                 char *msg, size_t cap);

/* The bytes the table holds now and what sorting adds to them; after
 * names_sort(), what it holds. */
uint64_t names_held(const struct name_table *t);

/* Sort the names, renumber E's ids to their ranks, and return the
 * sorted names as *OFFSETS (n+1) and *BLOB; the table is freed. */
int names_finish(struct name_table *t, struct edge_list *e, uint64_t **offsets, char **blob,
                 emogi_error *err);

/* Sort the names in the table itself: from now on T->bytes and T->start
 * (n+1 offsets) are the .csr's id-names sections, and names_intern() only
 * looks up.  -1 when out of memory: the table can then only be freed. */
int names_sort(struct name_table *t, emogi_error *err);

/* After names_sort(): free the index (no more look-ups), keep the names. */
void names_drop_index(struct name_table *t);

/* Whether names went to disk: provisional ids are then void (a spill
 * starts the table again), and after names_sort() the names are not in
 * T->bytes but in *FD from byte *POS (names_source(); *FD -1 otherwise). */
int names_spilled(const struct name_table *t);
void names_source(const struct name_table *t, int *fd, uint64_t *pos);

void names_free(struct name_table *t);

#endif
