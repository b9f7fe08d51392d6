/*
 * csr_arrays.c - a graph over arrays the caller holds in memory, checked
 * as emogi_csr_open() checks a file, so that a traversal of arrays that
 * never were a file (the Python package's scipy matrices) is as safe as
 * one of a validated .csr; and the library's version.
 */
#include "config.h"

#include "csr_internal.h"

const char *emogi_version(void)
{
    return PACKAGE_VERSION;
}

int emogi_csr_from_arrays(struct emogi_graph *g, const char *name, emogi_error *err)
{
    static const uint32_t arrays[] = {EMOGI_SEC_OFFSETS,   EMOGI_SEC_NEIGHBORS,
                                      EMOGI_SEC_WEIGHTS,   EMOGI_SEC_T_OFFSETS,
                                      EMOGI_SEC_T_NEIGHBORS, EMOGI_SEC_T_WEIGHTS,
                                      EMOGI_SEC_IDMAP,     EMOGI_SEC_NAME_OFFSETS,
                                      EMOGI_SEC_NAMES};
    /* Compressed lists and parts come only from files, whose open checks
     * their encoding and range; arrays are plain whole graphs. */
    if (g->flags & (EMOGI_COMPRESSED | EMOGI_PART))
        return emogi_fail(err, "%s: arrays in memory hold plain lists of a whole graph, not "
                          "compressed lists or a part", name);
    if (!g->offsets)
        return emogi_fail(err, "%s: no offsets array", name);
    g->ne = g->offsets[g->nv];
    if (emogi_csr_check_fields(g, name, 0, err) < 0)
        return -1;
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
        const int wanted = emogi_csr_section_wanted(g->flags, arrays[i]);
        const int given = emogi_csr_section_data(g, arrays[i]) != NULL;
        if (wanted == 1 && !given)
            return emogi_fail(err, "%s: the flags call for section %s, but its array is NULL",
                              name, emogi_section_name(arrays[i]));
        if (wanted == 0 && given)
            return emogi_fail(err, "%s: array %s given, but the flags do not call for it", name,
                              emogi_section_name(arrays[i]));
    }
    g->path = name;
    g->map = NULL;
    g->map_size = 0;
    g->nsections = 0;
    g->coffsets = g->t_coffsets = NULL;
    g->cneighbors = g->t_cneighbors = NULL;
    return emogi_csr_check_content(g, name, err);
}
