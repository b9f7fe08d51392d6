/*
 * trav_backend.h - the CPU, or a GPU with the graph placed on it: chosen
 * once per tool run from --device and --mem, so a tool's search loop only
 * asks which one it got.
 */
#ifndef EMOGI_TRAV_BACKEND_H
#define EMOGI_TRAV_BACKEND_H

#include "emogi_loader.h"
#include "trav_options.h"

struct trav_backend {
    const struct emogi_graph *g;
    int on_gpu;
    enum emogi_kernel kernel;
    struct emogi_placed placed; /* when on_gpu */
};

/* Choose the device (auto: a GPU when one is usable) and place the graph
 * there.  STATE_BYTES: device memory the algorithm adds (for --mem auto);
 * WITH_WEIGHTS: place the weights beside the neighbours. */
int trav_backend_open(struct trav_backend *b, const struct emogi_graph *g,
                      const struct trav_opts *o, uint64_t state_bytes, int with_weights,
                      emogi_error *err);
void trav_backend_close(struct trav_backend *b);

/* "TOOL: load device=... open_seconds=..." with the placement's phases. */
void trav_backend_report_load(const struct trav_backend *b, const char *tool, double open_seconds);

#endif
