/*
 * progress.c - phase messages for emogi-convert.
 *
 * Progress is for a person watching a terminal, so it is off when standard
 * error is a file or pipe (the caller decides); --stats (stats.c) is for
 * the record and is printed whenever asked for.
 */
#include <stdio.h>
#include <stdlib.h>

#include "emogi_csr.h"
#include "progress.h"

static int progress_on;
static double progress_start, phase_start, last_update;

/* Seconds between progress_update lines: 1, or EMOGI_PROGRESS_INTERVAL
 * (the tests set 0 to see every update of a small input). */
static double interval = 1.0;

void progress_init(int enabled)
{
    progress_on = enabled;
    progress_start = emogi_now();
    const char *v = getenv("EMOGI_PROGRESS_INTERVAL");
    char *end;
    double x = v && *v ? strtod(v, &end) : -1;
    if (v && *v && !*end && x >= 0)
        interval = x;
}

void progress_phase(const char *phase)
{
    phase_start = last_update = emogi_now();
    if (progress_on)
        fprintf(stderr, "emogi-convert: %s (%.1f s)\n", phase, phase_start - progress_start);
}

void progress_note(const char *msg)
{
    if (progress_on)
        fprintf(stderr, "emogi-convert: %s (%.1f s)\n", msg, emogi_now() - progress_start);
}

/* 1234567 -> "1.2 M" */
static const char *human(double x, char *buf, size_t len)
{
    static const char *const pre[] = {"", " k", " M", " G", " T"};
    int i = 0;
    while (x >= 1000 && i < 4) {
        x /= 1000;
        i++;
    }
    snprintf(buf, len, i ? "%.1f%s" : "%.0f%s", x, pre[i]);
    return buf;
}

void progress_update(const char *what, uint64_t done, uint64_t total, const char *unit)
{
    if (!progress_on)
        return;
    double now = emogi_now();
    int print = 0;
#pragma omp critical(emogi_progress)
    if (now - last_update >= interval) {
        last_update = now;
        print = 1;
    }
    if (!print)
        return;
    char a[32], b[32], r[32];
    double el = now - phase_start, rate = el > 0 ? (double)done / el : 0;
    if (total && done <= total && rate > 0)
        fprintf(stderr, "emogi-convert: %s: %s of %s %s (%.0f%%), %s/s, %.0f s left\n", what,
                human((double)done, a, sizeof a), human((double)total, b, sizeof b), unit,
                100.0 * (double)done / (double)total, human(rate, r, sizeof r),
                (double)(total - done) / rate);
    else
        fprintf(stderr, "emogi-convert: %s: %s %s, %s/s\n", what, human((double)done, a, sizeof a),
                unit, human(rate, r, sizeof r));
}
