/*
 * progress.c - phase messages and --stats for emogi-convert.
 *
 * Progress is for a person watching a terminal, so it is off when standard
 * error is a file or pipe (the caller decides); --stats is for the record
 * and is printed whenever asked for.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "progress.h"

static int progress_on;
static double progress_start;

double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void progress_init(int enabled)
{
    progress_on = enabled;
    progress_start = wall_seconds();
}

void progress_phase(const char *phase)
{
    if (progress_on)
        fprintf(stderr, "emogi-convert: %s (%.1f s)\n", phase, wall_seconds() - progress_start);
}

static double rate(double amount, double seconds)
{
    return seconds > 0 ? amount / seconds : 0;
}

void stats_print(const struct convert_stats *s)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double build = s->relabel + s->scatter + s->weights;
    fprintf(stderr, "emogi-convert: stats: %s %.3f s", s->source_phase, s->parse);
    if (s->bytes_text)
        fprintf(stderr, ", %.1f MB/s of text (%.1f MB), %.1f MB/s read",
                rate(s->bytes_text / 1e6, s->parse), s->bytes_text / 1e6,
                rate(s->bytes_in / 1e6, s->parse));
    fprintf(stderr, ", %.3g edges/s\n", rate((double)s->edges_in, s->parse));
    fprintf(stderr,
            "emogi-convert: stats: build %.3f s (relabel %.3f, scatter %.3f, weights %.3f)\n",
            build, s->relabel, s->scatter, s->weights);
    fprintf(stderr, "emogi-convert: stats: sort %.3f s\n", s->sort);
    fprintf(stderr, "emogi-convert: stats: write %.3f s, %.1f MB, %.1f MB/s\n", s->write,
            s->file_bytes / 1e6, rate(s->file_bytes / 1e6, s->write));
    fprintf(stderr,
            "emogi-convert: stats: total %.3f s, %.3g input edges/s; %llu vertices, %llu "
            "edges stored (%llu in-edges); dropped %llu self-loops, %llu duplicate arcs\n",
            s->total, rate((double)s->edges_in, s->total), (unsigned long long)s->nv,
            (unsigned long long)s->ne, (unsigned long long)s->t_ne,
            (unsigned long long)s->self_loops_dropped,
            (unsigned long long)s->duplicates_dropped);
    fprintf(stderr, "emogi-convert: stats: peak memory %.1f MiB (ru_maxrss)\n",
            ru.ru_maxrss / 1024.0);
}
