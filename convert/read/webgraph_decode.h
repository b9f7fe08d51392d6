/*
 * webgraph_decode.h - the successor-list decoder shared by the sequential
 * and the parallel BVGraph readers (webgraph.c) and the unit tests.
 *
 * A decoder keeps the last windowsize + 1 lists in a cyclic buffer, since
 * a list may copy from any of the windowsize lists before it.  A slot is
 * `known` once its list was decoded; a thread that starts in the middle of
 * the graph begins with unknown slots, and a list that refers to one comes
 * back LIST_UNKNOWN instead of being decoded wrongly.
 */
#ifndef EMOGI_CONVERT_WEBGRAPH_DECODE_H
#define EMOGI_CONVERT_WEBGRAPH_DECODE_H

#include "webgraph.h"

struct wg_ids {
    uint64_t *v;
    uint64_t n, cap;
    int known;
};

struct wg_decoder {
    const struct webgraph_props *p;
    struct bit_reader br;
    uint64_t slots;     /* windowsize + 1 */
    struct wg_ids *win; /* the list of node x is win[x % slots] */
    struct wg_ids copied, intervals, residuals, extra;
    char why[256]; /* after LIST_BAD without br.bad, or LIST_NOMEM */
};

enum list_status { LIST_OK = 0, LIST_UNKNOWN = 1, LIST_BAD = 2, LIST_NOMEM = 3 };

int wg_decoder_init(struct wg_decoder *d, const struct webgraph_props *p, const void *graph,
                    uint64_t bytes);
void wg_decoder_free(struct wg_decoder *d);
/* Decode the list of node x at d->br.pos into d->win[x % slots]. */
int wg_decode_list(struct wg_decoder *d, uint64_t x);

#endif
