/*
 * progress.h - phase messages for emogi-convert, on stderr.
 */
#ifndef EMOGI_CONVERT_PROGRESS_H
#define EMOGI_CONVERT_PROGRESS_H

#include <stdint.h>

/* Progress lines go out only when ENABLED (decided once by the caller). */
void progress_init(int enabled);
/* "emogi-convert: sorting (12.3 s)": a phase starts. */
void progress_phase(const char *phase);

/* The same line without starting a phase (rates keep counting). */
void progress_note(const char *msg);
/*
 * "emogi-convert: generating: 1.2 G of 2.1 G edges (57%), 95 M/s, 9 s left",
 * at most once a second; TOTAL 0 when unknown (no share, no time left).
 * Cheap when it prints nothing, so loops may call it often; any thread.
 */
void progress_update(const char *what, uint64_t done, uint64_t total, const char *unit);

#endif
