/*
 * csrdump.c - test-only dump of a .csr file as text, so shell tests can
 * compare a conversion against edges computed by hand (or by sort/awk).
 *
 *   csrdump FILE               header lines: nv, ne, directed, ...
 *   csrdump --edges FILE       "u v" or "u v w", one line per stored arc
 *   csrdump --transpose FILE   "v u [w]" per stored in-edge of v
 *   csrdump --idmap FILE       "compact input" per vertex
 *   csrdump --provenance FILE  the provenance text
 *
 * The file is opened and its checksums verified first, so every dump is
 * also a check that the writer's output is valid.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "emogi_csr.h"

static uint64_t id_at(const void *a, uint32_t width, uint64_t i)
{
    return width == 4 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}

static void dump_lists(const struct emogi_graph *g, const uint64_t *off, const void *nb,
                       const void *w)
{
    for (uint64_t v = 0; v < g->nv; v++)
        for (uint64_t i = off[v]; i < off[v + 1]; i++) {
            printf("%" PRIu64 " %" PRIu64, v, id_at(nb, g->id_width, i));
            if (w && g->weight_type == EMOGI_WEIGHT_UINT32)
                printf(" %" PRIu32, ((const uint32_t *)w)[i]);
            else if (w)
                printf(" %g", (double)((const float *)w)[i]);
            putchar('\n');
        }
}

static void dump_header(const struct emogi_graph *g)
{
    printf("nv %" PRIu64 "\nne %" PRIu64 "\ndirected %d\nweighted %d\ntranspose %d\n"
           "idmap %d\nid_width %" PRIu32 "\nweight_type %" PRIu32 "\n",
           g->nv, g->ne, !!(g->flags & EMOGI_DIRECTED), !!(g->flags & EMOGI_WEIGHTED),
           !!(g->flags & EMOGI_TRANSPOSE), !!(g->flags & EMOGI_IDMAP), g->id_width,
           g->weight_type);
}

int main(int argc, char **argv)
{
    const char *mode = argc == 3 ? argv[1] : "";
    const char *path = argv[argc - 1];
    struct emogi_graph g;
    emogi_error err;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: csrdump [--edges|--transpose|--idmap|--provenance] FILE\n");
        return 2;
    }
    if (emogi_csr_open(path, &g, &err) || emogi_csr_verify(&g, &err)) {
        fprintf(stderr, "csrdump: %s\n", err.msg);
        return 1;
    }
    if (strcmp(mode, "--edges") == 0)
        dump_lists(&g, g.offsets, g.neighbors, g.weights);
    else if (strcmp(mode, "--transpose") == 0 && g.t_offsets)
        dump_lists(&g, g.t_offsets, g.t_neighbors, g.t_weights);
    else if (strcmp(mode, "--idmap") == 0 && g.idmap)
        for (uint64_t v = 0; v < g.nv; v++)
            printf("%" PRIu64 " %" PRIu64 "\n", v, g.idmap[v]);
    else if (strcmp(mode, "--provenance") == 0 && g.provenance)
        fwrite(g.provenance, 1, g.provenance_len, stdout);
    else if (*mode == 0)
        dump_header(&g);
    else {
        fprintf(stderr, "csrdump: %s: no such section for %s\n", path, mode);
        emogi_csr_close(&g);
        return 1;
    }
    emogi_csr_close(&g);
    return 0;
}
