/*
 * stats.c - emogi-convert's --stats (stats.h): the text lines a person
 * reads, and the JSON record of the same figures for a script.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "record.h"
#include "stats.h"

static double rate(double amount, double seconds)
{
    return seconds > 0 ? amount / seconds : 0;
}

static void stats_print(FILE *out, const struct convert_stats *s)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double build = s->build.relabel + s->build.scatter + s->build.weights;
    fprintf(out, "emogi-convert: stats: %s %.3f s", s->source_phase, s->parse);
    if (s->bytes_text)
        fprintf(out, ", %.1f MB/s of %s (%.1f MB), %.1f MB/s read",
                rate(s->bytes_text / 1e6, s->parse),
                strcmp(s->source_phase, "decode") == 0 ? "input" : "text", /* WebGraph: bits */
                s->bytes_text / 1e6,
                rate(s->bytes_in / 1e6, s->parse));
    fprintf(out, ", %.3g edges/s\n", rate((double)s->edges_in, s->parse));
    if (s->ooc.runs)
        fprintf(out,
                "emogi-convert: stats: out of core: %llu runs of up to %llu edges, %.1f MB of "
                "runs (%.2f bytes per arc), runs %.3f s, merge and write %.3f s, %.1f MB\n",
                (unsigned long long)s->ooc.runs, (unsigned long long)s->ooc.chunk, s->ooc.run_bytes / 1e6,
                s->ooc.run_arcs ? (double)s->ooc.run_bytes / (double)s->ooc.run_arcs : 0.0, s->ooc.run_seconds,
                s->ooc.merge_seconds, s->file_bytes / 1e6);
    else {
        fprintf(out,
                "emogi-convert: stats: build %.3f s (relabel %.3f, scatter %.3f, weights %.3f)\n",
                build, s->build.relabel, s->build.scatter, s->build.weights);
        fprintf(out, "emogi-convert: stats: sort %.3f s\n", s->build.sort);
        if (s->reorder > 0)
            fprintf(out, "emogi-convert: stats: reorder %.3f s\n", s->reorder);
        fprintf(out, "emogi-convert: stats: write %.3f s, %.1f MB, %.1f MB/s\n", s->write,
                s->file_bytes / 1e6, rate(s->file_bytes / 1e6, s->write));
    }
    fprintf(out,
            "emogi-convert: stats: total %.3f s, %.3g input edges/s; %llu vertices, %llu "
            "edges stored (%llu in-edges); dropped %llu self-loops, %llu duplicate edges\n",
            s->total, rate((double)s->edges_in, s->total), (unsigned long long)s->nv,
            (unsigned long long)s->ne, (unsigned long long)s->t_ne,
            (unsigned long long)s->self_loops_dropped,
            (unsigned long long)s->duplicates_dropped);
    fprintf(out, "emogi-convert: stats: peak memory %.1f MiB (ru_maxrss)\n",
            ru.ru_maxrss / 1024.0);
}

/* The figures of the --stats text lines (stats_print) as one JSON record:
 * bytes and seconds rather than megabytes, the rates per second. */
static void stats_json(const struct convert_opts *o, const struct convert_stats *s)
{
    tool_record_begin("run", NULL);
    tool_record_str("input", o->input ? o->input : o->format_name);
    tool_record_str("output", o->output);
    tool_record_str("read_phase", s->source_phase);
    tool_record_real("read_seconds", "", s->parse);
    tool_record_u64("text_bytes", s->bytes_text);
    tool_record_u64("input_bytes", s->bytes_in);
    tool_record_real("text_bytes_per_second", "", rate((double)s->bytes_text, s->parse));
    tool_record_real("input_bytes_per_second", "", rate((double)s->bytes_in, s->parse));
    tool_record_real("read_edges_per_second", "", rate((double)s->edges_in, s->parse));
    tool_record_flag("out_of_core", s->ooc.runs != 0);
    if (s->ooc.runs) {
        tool_record_u64("runs", s->ooc.runs);
        tool_record_u64("run_edges", s->ooc.chunk);
        tool_record_u64("run_bytes", s->ooc.run_bytes);
        tool_record_real("run_bytes_per_arc", "",
                         s->ooc.run_arcs ? (double)s->ooc.run_bytes / (double)s->ooc.run_arcs : 0.0);
        tool_record_real("run_seconds", "", s->ooc.run_seconds);
        tool_record_real("merge_seconds", "", s->ooc.merge_seconds);
    } else {
        tool_record_real("build_seconds", "", s->build.relabel + s->build.scatter + s->build.weights);
        tool_record_real("relabel_seconds", "", s->build.relabel);
        tool_record_real("scatter_seconds", "", s->build.scatter);
        tool_record_real("weights_seconds", "", s->build.weights);
        tool_record_real("sort_seconds", "", s->build.sort);
        tool_record_real("reorder_seconds", "", s->reorder);
        tool_record_real("write_seconds", "", s->write);
        tool_record_real("write_bytes_per_second", "", rate((double)s->file_bytes, s->write));
    }
    tool_record_u64("file_bytes", s->file_bytes);
    tool_record_real("total_seconds", "", s->total);
    tool_record_u64("input_edges", s->edges_in);
    tool_record_real("input_edges_per_second", "", rate((double)s->edges_in, s->total));
    tool_record_u64("vertices", s->nv);
    tool_record_u64("edges", s->ne);
    tool_record_u64("in_edges", s->t_ne);
    tool_record_u64("self_loops_dropped", s->self_loops_dropped);
    tool_record_u64("duplicates_dropped", s->duplicates_dropped);
    tool_record_peak_memory();
    tool_record_end();
}

void stats_from_build(struct convert_stats *st, const struct built_graph *b)
{
    st->build = b->times;
    st->nv = b->g.nv;
    st->ne = b->g.ne;
    st->t_ne = b->g.t_offsets ? b->g.t_offsets[b->g.nv] : 0;
    st->self_loops_dropped = b->self_loops_dropped;
    st->duplicates_dropped = b->duplicates_dropped;
}

void stats_from_csr(struct convert_stats *st, uint64_t nv, uint64_t ne, uint64_t t_ne,
                    double write_seconds)
{
    st->nv = nv;
    st->ne = st->edges_in = ne;
    st->t_ne = t_ne;
    st->write = write_seconds;
    st->source_phase = "decode";
}

void stats_report(const struct convert_opts *o, struct convert_stats *st, double t0)
{
    if (!o->stats)
        return;
    st->total = emogi_now() - t0;
    if (o->stats == STATS_JSON) {
        stats_json(o, st);
    } else {
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        if (!mem) {
            fputs("emogi-convert: out of memory for the --stats lines\n", stderr);
            exit(1);
        }
        stats_print(mem, st);
        if (fclose(mem) != 0) {
            fputs("emogi-convert: out of memory for the --stats lines\n", stderr);
            exit(1);
        }
        tool_stats_write(text, len);
        free(text);
    }
    tool_stats_finish();
}
