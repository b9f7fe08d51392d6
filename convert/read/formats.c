/*
 * formats.c - the input formats, a row each (parse.h says what a column
 * means).  The block driver (parse.c) and emogi-convert ask a row rather
 * than test for a format, so a new reader is its own file and a row here.
 *
 * block_share: emogi-convert reads --memory / block_share bytes at a
 * time, so that a block and what it parses into stay near 5% of --memory
 * (its read_block()): an adjacency line (METIS, adj) makes up to 24 bytes
 * of edges a byte, an edge list's text fewer (parse.c, block_parse_bytes()),
 * binary ids fewer still (parse_bel.c, parse_sg.c).
 */
#include <string.h>

#include "parse_internal.h"

static const struct input_format_info formats[] = {
    [FORMAT_EL] = {"el", &el_text, .edge_list = 1, .vertices = 1, .block_share = 256},
    [FORMAT_WEL] = {"wel", &el_text, .weighted = 1, .edge_list = 1, .vertices = 1,
                    .block_share = 256},
    [FORMAT_MTX] = {"mtx", &mtx_text, .weighted = 1, .one_triangle = 1, .block_share = 256},
    [FORMAT_BEL32] = {"bel32", NULL, parse_bel, parse_bel_buffer, .vertices = 1,
                      .block_share = 64},
    [FORMAT_BEL64] = {"bel64", NULL, parse_bel, parse_bel_buffer, .vertices = 1,
                      .block_share = 64},
    [FORMAT_GR] = {"gr", &gr_text, .weighted = 1, .block_share = 256},
    [FORMAT_METIS] = {"metis", NULL, parse_metis, parse_metis_buffer, .weighted = 1,
                      .block_share = 512},
    [FORMAT_SG] = {"sg", NULL, parse_sg, parse_sg_buffer, .block_share = 64},
    [FORMAT_WSG] = {"wsg", NULL, parse_sg, parse_sg_buffer, .weighted = 1, .block_share = 64},
    [FORMAT_CSV] = {"csv", &csv_text, .weighted = 1, .edge_list = 1, .block_share = 256},
};

int input_format_parse(const char *s, enum input_format *f)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (formats[i].name && strcmp(s, formats[i].name) == 0) {
            *f = (enum input_format)i;
            return 0;
        }
    return -1;
}

const struct input_format_info *input_format_info(enum input_format f)
{
    return &formats[f];
}
