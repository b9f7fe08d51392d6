/*
 * array.h - result arrays, one entry per vertex: written by every
 * traversal tool and by every MPI rank (dist/), read back by
 * emogi-verify; built once into libcommon (common/local.mk), so that
 * the ranks write what a single process writes without reaching the
 * tools' own code.
 */
#ifndef EMOGI_ARRAY_H
#define EMOGI_ARRAY_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_csr.h"

/* The element types of result arrays. */
enum tool_elem { TOOL_U32, TOOL_U64, TOOL_F32, TOOL_F64 };

/* How a result array is written: AUTO is NPY for a name ending in ".npy"
 * and RAW for any other (standard output included). */
enum tool_format { TOOL_FORMAT_AUTO, TOOL_FORMAT_RAW, TOOL_FORMAT_NPY, TOOL_FORMAT_TEXT };

/*
 * Write N entries of TYPE to PATH: standard output for "-", else a file
 * that appears only when complete (emogi_atomic_*).  RAW: the array as
 * little-endian bytes.  NPY: the same bytes after a NumPy .npy (version
 * 1.0) header giving the dtype ('<u4', '<u8', '<f4', '<f8') and shape
 * (N,), so np.load needs no dtype.  TEXT: "vertex value" lines, floats
 * with %.9g (float32) or %.17g (float64) so values read back exactly, and
 * the all-ones integer (unreached, no parent) as -1.
 */
int tool_write_array(const char *path, const void *a, enum tool_elem type, uint64_t n,
                     enum tool_format format, emogi_error *err);

/* tool_write_array, but TEXT lines name each vertex by its input id in
 * IDS (the id map or the names: --original-ids), and each value too when VALUE_IS_ID (parents, labels;
 * the all-ones "none" stays -1).  IDS NULL: the graph's own ids.  RAW and
 * NPY ignore both: binary results stay indexed by compact id. */
int tool_write_array_ids(const char *path, const void *a, enum tool_elem type, uint64_t n,
                         enum tool_format format, const struct emogi_graph *ids, int value_is_id,
                         emogi_error *err);

/*
 * From here on every output the process commits (result arrays, the
 * --stats-file) is held under its temporary name, one group of
 * emogi_atomic_hold() (formats/emogi_csr.h), until tool_outputs_commit(),
 * which tool_stats_finish() calls last: a run's outputs replace the old
 * files together, once the last one is written, and a run that exits
 * before (a failed write, exit 1) leaves every old output as it was.
 * Standard output, devices and FIFOs (emogi_output_is_direct) are
 * written in place.
 */
void tool_outputs_hold(void);

/* Rename the held outputs over their targets (emogi_atomic_commit_held):
 * 0, or -1 with *ERR (what was not renamed is dropped).  With a vote
 * (tool_outputs_vote) every held file is named and closed first, and the
 * renames wait for the vote. */
int tool_outputs_commit(emogi_error *err);

/*
 * Under MPI ranks (dist/): VOTE(CTX, OK, ERR) is called by
 * tool_outputs_commit, which every rank calls, with whether this
 * process's held outputs are complete (else ERR says why); it returns
 * only where every rank's are, and otherwise ends the job on every rank
 * (exit 1, the first failed rank's message).  So no rank renames an
 * output before every write of every rank succeeded.
 */
void tool_outputs_vote(void (*vote)(void *ctx, int ok, const emogi_error *err), void *ctx);

/* Bytes per entry of TYPE. */
size_t tool_elem_size(enum tool_elem t);

/* What a binary result file of N entries of TYPE starts with: *FORMAT
 * resolved (AUTO by PATH's name), and for NPY its header into HEAD;
 * returns the header's length (0: raw). */
#define TOOL_HEADER_MAX 128
size_t tool_array_header(const char *path, enum tool_format *format, enum tool_elem type,
                         uint64_t n, char head[TOOL_HEADER_MAX]);

/* Name to print for a result PATH: "standard input" for "-". */
const char *tool_input_name(const char *path);

/*
 * Read exactly N entries of TYPE from PATH ("-": standard input) into a
 * new buffer (*out, to free): a raw array, or a .npy file (known by its
 * magic) whose header must give TYPE's dtype and the shape (N,).  A file
 * of any other size, dtype or shape is an error naming what it has and
 * what was expected.
 */
int tool_read_array(const char *path, enum tool_elem type, uint64_t n, void **out,
                    emogi_error *err);

#endif
