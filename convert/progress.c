/*
 * progress.c - phase messages and --stats for emogi-convert.
 *
 * Progress is for a person watching a terminal, so it is off when standard
 * error is a file or pipe (the caller decides); --stats is for the record
 * and is printed whenever asked for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

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

static double rate(double amount, double seconds)
{
    return seconds > 0 ? amount / seconds : 0;
}

void stats_print(FILE *out, const struct convert_stats *s)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double build = s->relabel + s->scatter + s->weights;
    fprintf(out, "emogi-convert: stats: %s %.3f s", s->source_phase, s->parse);
    if (s->bytes_text)
        fprintf(out, ", %.1f MB/s of text (%.1f MB), %.1f MB/s read",
                rate(s->bytes_text / 1e6, s->parse), s->bytes_text / 1e6,
                rate(s->bytes_in / 1e6, s->parse));
    fprintf(out, ", %.3g edges/s\n", rate((double)s->edges_in, s->parse));
    if (s->runs)
        fprintf(out,
                "emogi-convert: stats: out of core: %llu runs of up to %llu edges, %.1f MB of "
                "runs (%.2f bytes per arc), runs %.3f s, merge and write %.3f s, %.1f MB\n",
                (unsigned long long)s->runs, (unsigned long long)s->chunk, s->run_bytes / 1e6,
                s->run_arcs ? (double)s->run_bytes / (double)s->run_arcs : 0.0, s->run_seconds,
                s->merge_seconds, s->file_bytes / 1e6);
    else {
        fprintf(out,
                "emogi-convert: stats: build %.3f s (relabel %.3f, scatter %.3f, weights %.3f)\n",
                build, s->relabel, s->scatter, s->weights);
        fprintf(out, "emogi-convert: stats: sort %.3f s\n", s->sort);
        if (s->reorder > 0)
            fprintf(out, "emogi-convert: stats: reorder %.3f s\n", s->reorder);
        fprintf(out, "emogi-convert: stats: write %.3f s, %.1f MB, %.1f MB/s\n", s->write,
                s->file_bytes / 1e6, rate(s->file_bytes / 1e6, s->write));
    }
    fprintf(out,
            "emogi-convert: stats: total %.3f s, %.3g input edges/s; %llu vertices, %llu "
            "edges stored (%llu in-edges); dropped %llu self-loops, %llu duplicate arcs\n",
            s->total, rate((double)s->edges_in, s->total), (unsigned long long)s->nv,
            (unsigned long long)s->ne, (unsigned long long)s->t_ne,
            (unsigned long long)s->self_loops_dropped,
            (unsigned long long)s->duplicates_dropped);
    fprintf(out, "emogi-convert: stats: peak memory %.1f MiB (ru_maxrss)\n",
            ru.ru_maxrss / 1024.0);
}
