/*
 * webgraph_props.c - the .properties file of a BVGraph.
 *
 * A Java properties file: "key=value" (or "key: value") lines, '#' and '!'
 * comments.  The codes come from compressionflags, a '|'-separated list
 * such as "OUTDEGREES_DELTA|RESIDUALS_GAMMA"; a component left out keeps
 * the Java default (outdegrees gamma, references unary, blocks and block
 * counts gamma, intervals gamma, residuals zeta_k, offsets gamma).
 *
 * Version 0 is the Java format.  Version 1 is what webgraph-rs writes when
 * it needs more: ZETA1..ZETA7 names, pi codes, little-endian streams; there
 * BLOCKS_ sets the block-count code as well (webgraph-rs has one code for
 * both).  Pi codes and little-endian streams are refused by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"
#include "webgraph.h"

#define MAX_WINDOW 65536u /* a window past this is no real graph; refuse it before allocating */

enum key {
    K_NODES, K_ARCS, K_WINDOW, K_MAXREF, K_MININT, K_ZETAK, K_VERSION, K_FLAGS, K_CLASS,
    K_ENDIAN, K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "nodes", "arcs", "windowsize", "maxrefcount", "minintervallength", "zetak", "version",
    "compressionflags", "graphclass", "endianness"};

struct kv {
    const char *v; /* into a copy of the text, NUL-terminated */
    unsigned line;
};

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\r';
}

/* A value as a message shows it: escaped and cut (the file may be binary). */
static const char *shown(const char *v, char buf[192])
{
    return escape_text(v, strlen(v), 0, buf, 192);
}

/* Split one line into key and value in place; 0 for blank or comment lines. */
static int split_line(char *p, char **key, char **val)
{
    while (is_space(*p))
        p++;
    if (!*p || *p == '#' || *p == '!')
        return 0;
    *key = p;
    while (*p && *p != '=' && *p != ':' && !is_space(*p))
        p++;
    char *kend = p;
    while (is_space(*p))
        p++;
    if (*p == '=' || *p == ':')
        p++;
    while (is_space(*p))
        p++;
    *kend = '\0';
    *val = p;
    char *e = p + strlen(p);
    while (e > p && is_space(e[-1]))
        *--e = '\0';
    return 1;
}

static int parse_u64(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9')
        return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return 0;
}

static int number(const char *name, const struct kv *kv, enum key k, uint64_t *out,
                  emogi_error *err)
{
    if (!kv[k].v)
        return emogi_fail(err, "%s: no %s= key", name, key_names[k]);
    char q[192];
    if (parse_u64(kv[k].v, out))
        return emogi_fail(err, "%s:%u: %s='%s' is not a non-negative integer", name,
                          kv[k].line, key_names[k], shown(kv[k].v, q));
    return 0;
}

static const struct {
    const char *name;
    enum wg_code code;
    unsigned k; /* 0: zetak from the file */
    int version;
} code_names[] = {
    {"UNARY", WG_UNARY, 1, 0}, {"GAMMA", WG_GAMMA, 1, 0},   {"DELTA", WG_DELTA, 1, 0},
    {"ZETA", WG_ZETA, 0, 0},   {"NIBBLE", WG_NIBBLE, 1, 0}, {"GOLOMB", WG_GOLOMB, 0, 0},
    {"ZETA1", WG_ZETA, 1, 1},  {"ZETA2", WG_ZETA, 2, 1},    {"ZETA3", WG_ZETA, 3, 1},
    {"ZETA4", WG_ZETA, 4, 1},  {"ZETA5", WG_ZETA, 5, 1},    {"ZETA6", WG_ZETA, 6, 1},
    {"ZETA7", WG_ZETA, 7, 1},
};

enum component { C_OUTDEG, C_REF, C_BLOCK_COUNT, C_BLOCKS, C_INTERVALS, C_RESIDUALS, C_OFFSETS };
/* BLOCK_COUNT_ before BLOCKS_: the longer prefix must win. */
static const char *const component_names[] = {"OUTDEGREES_", "REFERENCES_", "BLOCK_COUNT_",
                                              "BLOCKS_",     "INTERVALS_",  "RESIDUALS_",
                                              "OFFSETS_"};

static struct wg_coding *component_coding(struct webgraph_props *p, enum component c)
{
    struct wg_coding *all[] = {&p->outdegrees, &p->references, &p->block_count, &p->blocks,
                               &p->intervals,  &p->residuals,  &p->offsets};
    return all[c];
}

/* One flag such as "RESIDUALS_GAMMA" (already trimmed). */
static int apply_flag(const char *name, unsigned line, const char *flag,
                      struct webgraph_props *p, int *block_count_set, emogi_error *err)
{
    char q[192];
    for (int c = 0; c < (int)(sizeof component_names / sizeof component_names[0]); c++) {
        size_t n = strlen(component_names[c]);
        if (strncmp(flag, component_names[c], n) != 0)
            continue;
        for (size_t i = 0; i < sizeof code_names / sizeof code_names[0]; i++) {
            if (strcmp(flag + n, code_names[i].name) != 0)
                continue;
            if (code_names[i].version > p->version)
                break;
            struct wg_coding cd = {code_names[i].code, code_names[i].k ? code_names[i].k : p->zetak};
            if ((c == C_OFFSETS) && cd.code != WG_GAMMA && cd.code != WG_DELTA)
                break;
            *component_coding(p, (enum component)c) = cd;
            if (c == C_BLOCK_COUNT)
                *block_count_set = 1;
            if (c == C_BLOCKS && p->version >= 1 && !*block_count_set)
                p->block_count = cd;
            return 0;
        }
        return emogi_fail(err, "%s:%u: compression flag %s is not supported (version %d)", name,
                          line, shown(flag, q), p->version);
    }
    return emogi_fail(err, "%s:%u: unknown compression flag '%s'", name, line, shown(flag, q));
}

static int parse_flags(const char *name, const struct kv *f, struct webgraph_props *p,
                       emogi_error *err)
{
    if (!f->v)
        return 0;
    char *copy = strdup(f->v);
    if (!copy)
        return emogi_fail(err, "%s: out of memory", name);
    int block_count_set = 0, rc = 0;
    for (char *save = NULL, *tok = strtok_r(copy, "|", &save); tok && !rc;
         tok = strtok_r(NULL, "|", &save)) {
        while (is_space(*tok))
            tok++;
        char *e = tok + strlen(tok);
        while (e > tok && is_space(e[-1]))
            *--e = '\0';
        if (*tok)
            rc = apply_flag(name, f->line, tok, p, &block_count_set, err);
    }
    free(copy);
    return rc;
}

static int check_format(const char *name, const struct kv *kv, struct webgraph_props *p,
                        emogi_error *err)
{
    uint64_t v;
    char q[192];
    if (number(name, kv, K_VERSION, &v, err))
        return -1;
    if (v > 1)
        return emogi_fail(err, "%s:%u: BVGraph format version %llu is not supported (only 0 and 1)",
                          name, kv[K_VERSION].line, (unsigned long long)v);
    p->version = (int)v;
    const char *cls = kv[K_CLASS].v;
    if (cls && strcmp(cls, "it.unimi.dsi.webgraph.BVGraph") != 0 &&
        strcmp(cls, "it.unimi.dsi.big.webgraph.BVGraph") != 0)
        return emogi_fail(err, "%s:%u: graphclass %s is not a BVGraph", name, kv[K_CLASS].line,
                          shown(cls, q));
    const char *endian = kv[K_ENDIAN].v;
    if (endian && strcmp(endian, "big") != 0)
        return emogi_fail(err, "%s:%u: endianness=%s is not supported (only big-endian streams)",
                          name, kv[K_ENDIAN].line, shown(endian, q));
    return 0;
}

static int check_numbers(const char *name, const struct kv *kv, struct webgraph_props *p,
                         emogi_error *err)
{
    uint64_t k = 3;
    if (number(name, kv, K_NODES, &p->nodes, err) || number(name, kv, K_ARCS, &p->arcs, err) ||
        number(name, kv, K_WINDOW, &p->windowsize, err) ||
        number(name, kv, K_MAXREF, &p->maxrefcount, err) ||
        number(name, kv, K_MININT, &p->minintervallength, err) ||
        (kv[K_ZETAK].v && number(name, kv, K_ZETAK, &k, err)))
        return -1;
    if (k < 1 || k > 32)
        return emogi_fail(err, "%s:%u: zetak=%llu is out of range (1..32)", name,
                          kv[K_ZETAK].line, (unsigned long long)k);
    if (p->windowsize > MAX_WINDOW)
        return emogi_fail(err, "%s:%u: windowsize=%llu is too large (at most %u)", name,
                          kv[K_WINDOW].line, (unsigned long long)p->windowsize, MAX_WINDOW);
    if (p->nodes > (UINT64_C(1) << 62))
        return emogi_fail(err, "%s:%u: nodes=%llu is too large (at most 2^62, %llu)", name,
                          kv[K_NODES].line, (unsigned long long)p->nodes,
                          (unsigned long long)(UINT64_C(1) << 62));
    p->zetak = (unsigned)k;
    return 0;
}

static int interpret(const char *name, const struct kv *kv, struct webgraph_props *p,
                     emogi_error *err)
{
    memset(p, 0, sizeof *p);
    if (check_format(name, kv, p, err) || check_numbers(name, kv, p, err))
        return -1;
    struct wg_coding gamma = {WG_GAMMA, 1};
    p->outdegrees = p->blocks = p->block_count = p->intervals = p->offsets = gamma;
    p->references = (struct wg_coding){WG_UNARY, 1};
    p->residuals = (struct wg_coding){WG_ZETA, p->zetak};
    p->arcs_line = kv[K_ARCS].line;
    return parse_flags(name, &kv[K_FLAGS], p, err);
}

int webgraph_parse_properties(const char *name, const char *text, size_t len,
                              struct webgraph_props *p, emogi_error *err)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return emogi_fail(err, "%s: out of memory", name);
    memcpy(copy, text, len);
    copy[len] = '\0';
    struct kv kv[K_COUNT] = {{0}};
    unsigned line = 0;
    for (char *save = NULL, *s = copy; s; s = save) {
        save = strchr(s, '\n');
        if (save)
            *save++ = '\0';
        line++;
        char *key, *val;
        if (!split_line(s, &key, &val))
            continue;
        for (int k = 0; k < K_COUNT; k++)
            if (strcmp(key, key_names[k]) == 0)
                kv[k] = (struct kv){val, line};
    }
    int rc = interpret(name, kv, p, err);
    free(copy);
    return rc;
}
