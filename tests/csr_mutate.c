/*
 * csr_mutate - the corruption sweep's generator (tests/csr_sweep.sh).
 *
 * usage: csr_mutate IN.csr PREFIX
 *
 * Reads a small valid .csr and writes mutants PREFIX-NNN.csr, printing one
 * line per mutant, "FILE CLASS SECTION WHAT", where CLASS says what every
 * tool must do with it.  The class is known by construction, from the
 * mutation and the original arrays, against the checks emogi-csr(5) lists
 * under "What a reader must check":
 *   bad    breaks a structural invariant: opening it must fail;
 *   stale  structurally valid, but section SECTION no longer matches its
 *          crc32: opening may succeed, emogi-info --verify must name SECTION;
 *   good   structurally valid and every checksum right (SECTION is "-").
 * A mutated header field or table entry gets a recomputed header crc, or
 * the header checksum would catch everything; a mutated section comes
 * twice, with its crc32 left stale and recomputed.
 *
 * The file is read with this program's own code and zlib's crc32, not
 * libemogi, so a reader bug cannot hide in code the two share.  What it
 * says about moved table entries assumes the writer's layout of a tiny
 * graph (every section non-empty, within one page, the next one page
 * further on); it refuses other inputs.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PAGE 4096u
#define MAXSEC 16u

enum { T_OFF = 1, T_NBR, T_W, T_TOFF, T_TNBR, T_TW, T_IDMAP, T_PROV };
enum { F_DIRECTED = 1, F_WEIGHTED = 2, F_TRANSPOSE = 4, F_IDMAP = 8 };
static const char *const names[] = {"?",         "offsets",     "neighbors", "weights",
                                    "t_offsets", "t_neighbors", "t_weights", "idmap",
                                    "provenance"};

struct sec {
    uint32_t type, crc;
    uint64_t off, size;
};

struct csr {
    unsigned char *b;
    size_t len;
    uint64_t nv, ne;
    uint32_t flags, idw, wt, nsec;
    struct sec s[MAXSEC];
};

static const char *prefix;
static unsigned count;

static void die(const char *msg)
{
    fprintf(stderr, "csr_mutate: %s\n", msg);
    exit(1);
}

static uint64_t get(const unsigned char *p, unsigned w)
{
    uint64_t v = 0;
    for (unsigned i = w; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static void put(unsigned char *p, unsigned w, uint64_t v)
{
    for (unsigned i = 0; i < w; i++, v >>= 8)
        p[i] = (unsigned char)v;
}

static uint32_t crc_of(const unsigned char *p, uint64_t n)
{
    return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

/* The header crc covers the page with its own four bytes zeroed. */
static void fix_header(unsigned char *m)
{
    put(m + 12, 4, 0);
    put(m + 12, 4, crc_of(m, PAGE));
}

static int find(const struct csr *c, uint32_t type)
{
    for (uint32_t i = 0; i < c->nsec; i++)
        if (c->s[i].type == type)
            return (int)i;
    return -1;
}

/* Entry I's crc32 made that of SIZE bytes at its offset, then the header's. */
static void fix_section(const struct csr *c, unsigned char *m, int i, uint64_t size)
{
    put(m + 64 + 24 * i + 4, 4, crc_of(m + c->s[i].off, size));
    fix_header(m);
}

/* A fresh copy of the file with two spare pages of zeros after it. */
static unsigned char *copy(const struct csr *c)
{
    unsigned char *m = calloc(c->len + 2 * PAGE, 1);
    if (!m)
        die("out of memory");
    memcpy(m, c->b, c->len);
    return m;
}

static void emit(const unsigned char *m, size_t len, const char *cls, const char *sec,
                 const char *fmt, ...)
{
    char path[4096], what[256];
    snprintf(path, sizeof path, "%s-%03u.csr", prefix, count++);
    FILE *f = fopen(path, "wb");
    if (!f || (len && fwrite(m, 1, len, f) != len) || fclose(f))
        die("cannot write a mutant");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    printf("%s %s %s %s\n", path, cls, sec, what);
}

/* ---- the original's arrays ---- */

static const unsigned char *section(const struct csr *c, uint32_t type)
{
    int i = find(c, type);
    return i < 0 ? NULL : c->b + c->s[i].off;
}

static uint64_t off_at(const struct csr *c, uint32_t ot, uint64_t v)
{
    return get(section(c, ot) + 8 * v, 8);
}

static uint64_t id_at(const struct csr *c, uint32_t nt, uint64_t i)
{
    return get(section(c, nt) + c->idw * i, c->idw);
}

/* Whether ids [a, b) of section NT are non-decreasing, with ids[at] read as X. */
static int ascending(const struct csr *c, uint32_t nt, uint64_t a, uint64_t b, uint64_t at,
                     uint64_t x)
{
    for (uint64_t i = a + 1; i < b; i++) {
        uint64_t prev = i - 1 == at ? x : id_at(c, nt, i - 1), cur = i == at ? x : id_at(c, nt, i);
        if (cur < prev)
            return 0;
    }
    return 1;
}

/* The vertex whose list (offsets section OT) holds edge E. */
static uint64_t owner(const struct csr *c, uint32_t ot, uint64_t e)
{
    uint64_t v = 0;
    while (off_at(c, ot, v + 1) <= e)
        v++;
    return v;
}

/* ---- reading the original ---- */

static void load(struct csr *c, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) || (c->len = (size_t)ftell(f)) < PAGE || fseek(f, 0, SEEK_SET))
        die("cannot read the input");
    c->b = malloc(c->len);
    if (!c->b || fread(c->b, 1, c->len, f) != c->len)
        die("cannot read the input");
    fclose(f);
    c->nv = get(c->b + 16, 8), c->ne = get(c->b + 24, 8);
    c->flags = (uint32_t)get(c->b + 32, 4), c->idw = (uint32_t)get(c->b + 36, 4);
    c->wt = (uint32_t)get(c->b + 40, 4), c->nsec = (uint32_t)get(c->b + 44, 4);
    if (memcmp(c->b, "EMOGICSR", 8) || c->nsec > MAXSEC || c->nv < 4 || c->ne < 4)
        die("the input is not a small .csr");
    uint64_t next = PAGE;
    for (uint32_t i = 0; i < c->nsec; i++) {
        const unsigned char *e = c->b + 64 + 24 * i;
        struct sec *s = &c->s[i];
        *s = (struct sec){(uint32_t)get(e, 4), (uint32_t)get(e + 4, 4), get(e + 8, 8),
                          get(e + 16, 8)};
        if (s->type < T_OFF || s->type > T_PROV || s->off != next || s->size == 0 ||
            s->size >= PAGE || crc_of(c->b + s->off, s->size) != s->crc)
            die("the input's sections are not laid out as the sweep assumes");
        next += PAGE;
    }
    if (next != c->len)
        die("the input's size does not follow its sections");
}

/* ---- mutants ---- */

/* Header field at byte AT (W bytes) set to V, header crc recomputed. */
static void field(const struct csr *c, unsigned at, unsigned w, uint64_t v, const char *cls,
                  const char *what)
{
    unsigned char *m = copy(c);
    put(m + at, w, v);
    fix_header(m);
    emit(m, c->len, cls, "-", "%s", what);
    free(m);
}

/* W bytes at byte AT of section TYPE set to V: once with the section's crc
   left stale, once recomputed.  BAD: it breaks a structural invariant. */
static void content(const struct csr *c, uint32_t type, uint64_t at, unsigned w, uint64_t v,
                    int bad, const char *what)
{
    int i = find(c, type);
    unsigned char *m = copy(c);
    unsigned char *p = m + c->s[i].off + at;
    if (get(p, w) == v)
        die("a content mutant that changes nothing");
    put(p, w, v);
    emit(m, c->len, bad ? "bad" : "stale", bad ? "-" : names[type], "%s: %s, crc stale",
         names[type], what);
    fix_section(c, m, i, c->s[i].size);
    emit(m, c->len, bad ? "bad" : "good", "-", "%s: %s, crc updated", names[type], what);
    free(m);
}

static void header_numbers(const struct csr *c)
{
    unsigned char *m = copy(c);
    m[0] = 'X';
    fix_header(m);
    emit(m, c->len, "bad", "-", "magic");
    put(m, 8, get(c->b, 8));
    put(m + 16, 8, c->nv + 1);
    emit(m, c->len, "bad", "-", "nv + 1, header crc stale");
    free(m);
    field(c, 8, 4, 2, "bad", "version 2");
    const uint64_t nvs[] = {c->nv + 1, 0, UINT64_C(1) << 32, UINT64_MAX};
    for (unsigned i = 0; i < sizeof nvs / sizeof nvs[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "nv %llu", (unsigned long long)nvs[i]);
        field(c, 16, 8, nvs[i], "bad", what);
    }
    const uint64_t nes[] = {c->ne - 1, 0, UINT64_C(1) << 61};
    for (unsigned i = 0; i < sizeof nes / sizeof nes[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "ne %llu", (unsigned long long)nes[i]);
        field(c, 24, 8, nes[i], "bad", what);
    }
    field(c, 48, 8, c->len + PAGE, "bad", "file_size + 4096");
    field(c, 48, 8, c->len + 1, "bad", "file_size + 1");
    /* The reader does not check what the header does not use. */
    field(c, 56, 8, 1, "good", "reserved field 1");
    field(c, 4000, 1, 0x5a, "good", "a byte past the section table");
}

/* Whether the weights, read as float32, are all finite (t_weights too). */
static int floats_finite(const struct csr *c)
{
    for (uint32_t t = T_W; t <= T_TW; t += T_TW - T_W) {
        const unsigned char *w = section(c, t);
        for (uint64_t i = 0; w && i < c->ne; i++)
            if ((get(w + 4 * i, 4) & 0x7f800000u) == 0x7f800000u)
                return 0;
    }
    return 1;
}

static void header_kinds(const struct csr *c)
{
    char what[64];
    field(c, 32, 4, c->flags | 0x10, "bad", "unknown flag 0x10");
    field(c, 32, 4, c->flags | 0x80000000u, "bad", "unknown flag 0x80000000");
    field(c, 32, 4, c->flags ^ F_DIRECTED, "good", "directed flag flipped");
    field(c, 32, 4, c->flags ^ F_WEIGHTED, "bad", "weighted flag flipped");
    field(c, 32, 4, c->flags ^ F_TRANSPOSE, "bad", "transpose flag flipped");
    field(c, 32, 4, c->flags ^ F_IDMAP, "bad", "idmap flag flipped");
    const uint32_t widths[] = {0, 2, 16, 12 - c->idw};
    for (unsigned i = 0; i < 4; i++) {
        snprintf(what, sizeof what, "id_width %u", widths[i]);
        field(c, 36, 4, widths[i], "bad", what);
    }
    field(c, 40, 4, 3, "bad", "weight_type 3");
    field(c, 40, 4, UINT32_MAX, "bad", "weight_type 0xffffffff");
    if (c->wt == 0) {
        field(c, 40, 4, 1, "bad", "weight_type 1 without the weighted flag");
    } else {
        field(c, 40, 4, 0, "bad", "weight_type 0 with the weighted flag");
        int to_float = c->wt == 1;
        field(c, 40, 4, 3 - c->wt, to_float && !floats_finite(c) ? "bad" : "good",
              to_float ? "weights read as float32" : "weights read as uint32");
    }
    const uint32_t counts[] = {0, c->nsec + 1, MAXSEC + 1, UINT32_MAX};
    for (unsigned i = 0; i < 4; i++) {
        snprintf(what, sizeof what, "nsections %u", counts[i]);
        field(c, 44, 4, counts[i], "bad", what);
    }
    int last_optional = c->s[c->nsec - 1].type == T_PROV;
    field(c, 44, 4, c->nsec - 1, last_optional ? "good" : "bad", "last section dropped");
}

/* Table entry I's field at byte AT (W bytes) set to V, header crc recomputed. */
static void entry(const struct csr *c, uint32_t i, unsigned at, unsigned w, uint64_t v,
                  const char *cls, const char *sec, const char *what)
{
    unsigned char *m = copy(c);
    put(m + 64 + 24 * i + at, w, v);
    fix_header(m);
    emit(m, c->len, cls, sec, "entry %u (%s): %s", i, names[c->s[i].type], what);
    free(m);
}

/* Every entry: a stale crc32 named by --verify.  Then the other entry
   mutations, each on one entry, turn by turn; every section is non-empty
   and one page long, so moving one by a page overlaps a neighbour or
   runs past the end. */
static void table(const struct csr *c)
{
    for (uint32_t i = 0; i < c->nsec; i++)
        entry(c, i, 4, 4, c->s[i].crc ^ 1, "stale", names[c->s[i].type], "crc32 flipped");
    uint32_t n = c->nsec, k = (uint32_t)(c->nv + c->ne), i;
    entry(c, k++ % n, 0, 4, 0, "bad", "-", "type 0");
    entry(c, k++ % n, 0, 4, T_PROV + 1, "bad", "-", "type 9");
    entry(c, k++ % n, 0, 4, 0x80000002u, "bad", "-", "type 0x80000002");
    i = k++ % n;
    entry(c, i, 0, 4, c->s[(i + 1) % n].type, "bad", "-", "type of the next entry");
    i = k++ % n;
    entry(c, i, 8, 8, c->s[i].off + 1, "bad", "-", "offset + 1");
    i = k++ % n;
    entry(c, i, 8, 8, c->s[i].off + PAGE, "bad", "-", "offset + 4096");
    i = k++ % n;
    entry(c, i, 8, 8, c->s[i].off - PAGE, "bad", "-", "offset - 4096");
    entry(c, k++ % n, 8, 8, UINT64_C(1) << 62, "bad", "-", "offset 2^62");
    for (uint32_t j = 0; j < n; j++) {
        if (c->s[j].type == T_PROV)
            continue;
        entry(c, j, 16, 8, (j & 1) ? c->s[j].size + 1 : c->s[j].size - 1, "bad", "-",
              (j & 1) ? "size + 1" : "size - 1");
    }
    i = k++ % n;
    int prov = c->s[i].type == T_PROV, zero_crc = c->s[i].crc == 0; /* the crc32 of no bytes */
    entry(c, i, 16, 8, 0, !prov ? "bad" : zero_crc ? "good" : "stale",
          prov && !zero_crc ? "provenance" : "-", "size 0");
    entry(c, k++ % n, 16, 8, UINT64_MAX, "bad", "-", "size 2^64 - 1");
    i = k++ % n;
    if (i + 1 < n) {
        unsigned char *m = copy(c);
        memcpy(m + 64 + 24 * i, c->b + 64 + 24 * (i + 1), 24);
        memcpy(m + 64 + 24 * (i + 1), c->b + 64 + 24 * i, 24);
        fix_header(m);
        emit(m, c->len, "bad", "-", "entries %u and %u swapped", i, i + 1);
        free(m);
    }
}

/* Provenance is not validated: a shorter or longer one (into the zero
   padding) stays readable; its crc32 is stale unless recomputed. */
static void provenance(const struct csr *c)
{
    int i = find(c, T_PROV);
    if (i < 0)
        return;
    content(c, T_PROV, 0, 1, 0xff, 0, "first byte 0xff");
    for (int d = -1; d <= 1; d += 2) {
        unsigned char *m = copy(c);
        put(m + 64 + 24 * i + 16, 8, c->s[i].size + (uint64_t)(int64_t)d);
        fix_header(m);
        emit(m, c->len, "stale", "provenance", "provenance size %+d, crc stale", d);
        fix_section(c, m, i, c->s[i].size + (uint64_t)(int64_t)d);
        emit(m, c->len, "good", "-", "provenance size %+d, crc updated", d);
        free(m);
    }
}

/* Move the boundary between the lists of v - 1 and v by one edge: valid
   exactly when both lists stay non-decreasing.  Up to WANT of each kind. */
static void shifts(const struct csr *c, uint32_t ot, int want)
{
    uint32_t nt = ot + 1;
    int good = 0, bad = 0;
    for (uint64_t v = 1; v < c->nv; v++)
        for (int d = -1; d <= 1; d += 2) {
            uint64_t lo = off_at(c, ot, v - 1), hi = off_at(c, ot, v + 1), cur = off_at(c, ot, v);
            if ((d < 0 && cur == lo) || (d > 0 && cur == hi))
                continue;
            uint64_t x = cur + (uint64_t)(int64_t)d;
            int broken = !ascending(c, nt, lo, x, UINT64_MAX, 0) ||
                         !ascending(c, nt, x, hi, UINT64_MAX, 0);
            if ((broken ? bad : good) >= want)
                continue;
            char what[96];
            snprintf(what, sizeof what, "offsets[%llu] %+d (lists %s)", (unsigned long long)v, d,
                     broken ? "out of order" : "still sorted");
            content(c, ot, 8 * v, 8, x, broken, what);
            broken ? bad++ : good++;
        }
}

/* offsets[v] + 1 between two empty lists and before a non-empty one: the
   lists around it stay sorted, so only the monotonicity check sees it. */
static void non_monotone(const struct csr *c, uint32_t ot)
{
    for (uint64_t v = 1; v < c->nv; v++) {
        uint64_t e = off_at(c, ot, v);
        if (off_at(c, ot, v - 1) == e && off_at(c, ot, v + 1) == e && e < c->ne) {
            content(c, ot, 8 * v, 8, e + 1, 1, "offsets[v] + 1 between two empty lists");
            return;
        }
    }
}

static void offsets(const struct csr *c, uint32_t ot, int all)
{
    uint64_t v = c->nv / 2, next = off_at(c, ot, v + 1);
    content(c, ot, 0, 8, 1, 1, "offsets[0] = 1");
    content(c, ot, 8 * v, 8, next + 1, 1, "offsets[nv/2] past offsets[nv/2 + 1]");
    if (all) {
        content(c, ot, 8 * c->nv, 8, c->ne + 1, 1, "offsets[nv] = ne + 1");
        content(c, ot, 8 * c->nv, 8, c->ne - 1, 1, "offsets[nv] = ne - 1");
        content(c, ot, 8 * v, 8, off_at(c, ot, v) | UINT64_C(1) << 40, 1, "offsets[nv/2] + 2^40");
    }
    non_monotone(c, ot);
    shifts(c, ot, all ? 2 : 1);
}

/* Edge I of section NT set to X, its list otherwise unchanged. */
static void set_id(const struct csr *c, uint32_t nt, uint64_t i, uint64_t x, const char *what)
{
    uint32_t ot = nt - 1;
    uint64_t v = owner(c, ot, i);
    int bad = x >= c->nv || !ascending(c, nt, off_at(c, ot, v), off_at(c, ot, v + 1), i, x);
    char buf[128];
    snprintf(buf, sizeof buf, "edge %llu = %llu (%s)", (unsigned long long)i,
             (unsigned long long)x, what);
    content(c, nt, (uint64_t)c->idw * i, c->idw, x, bad, buf);
}

static void neighbors(const struct csr *c, uint32_t nt, int all)
{
    uint32_t ot = nt - 1;
    uint64_t mid = c->ne / 2, x = id_at(c, nt, mid);
    set_id(c, nt, mid, c->nv, "nv");
    if (all) {
        set_id(c, nt, mid, c->idw == 4 ? UINT32_MAX : UINT64_MAX, "all ones");
        if (c->idw == 8)
            set_id(c, nt, mid, x | UINT64_C(1) << 32, "+ 2^32");
    }
    int broke = 0, kept = 0;
    for (uint64_t i = 0; i < c->ne && (!broke || !kept); i++) {
        uint64_t v = owner(c, ot, i), start = off_at(c, ot, v), end = off_at(c, ot, v + 1);
        uint64_t id = id_at(c, nt, i), lo = i > start ? id_at(c, nt, i - 1) : 0;
        uint64_t hi = i + 1 < end ? id_at(c, nt, i + 1) : c->nv - 1;
        if (!broke && i > start && lo > 0) {
            set_id(c, nt, i, lo - 1, "below its predecessor");
            broke = 1;
        } else if (!kept && (id > lo || id < hi)) {
            set_id(c, nt, i, id > lo ? id - 1 : id + 1, "its list still sorted");
            kept = 1;
        }
    }
}

static void weights(const struct csr *c, uint32_t type, int all)
{
    uint64_t at = 4 * (c->ne / 2);
    uint32_t w = (uint32_t)get(section(c, type) + at, 4);
    if (c->wt == 2) { /* float32: finite values only */
        content(c, type, at, 4, 0x7fc00000u, 1, "weight NaN");
        if (all) {
            content(c, type, at, 4, 0x7f800000u, 1, "weight +inf");
            content(c, type, at + 4, 4, 0xff800000u, 1, "weight -inf");
            content(c, type, at, 4, 0xbfc00000u, 0, "weight -1.5");
        }
        return;
    }
    content(c, type, at, 4, w ^ 0x80000000u, 0, "weight high bit flipped");
    if (all)
        content(c, type, at, 4, w ? 0 : 1, 0, w ? "weight 0" : "weight 1");
}

/* Sizes of the whole file: never what the header says. */
static void lengths(const struct csr *c)
{
    unsigned char *m = copy(c);
    const size_t cut[] = {0, PAGE - 1, c->len - PAGE, c->len - 1, c->len + PAGE};
    for (unsigned i = 0; i < sizeof cut / sizeof cut[0]; i++)
        emit(m, cut[i], "bad", "-", "file of %zu bytes (header: %zu)", cut[i], c->len);
    put(m + 48, 8, c->len + PAGE);
    fix_header(m);
    emit(m, c->len + PAGE, "good", "-", "a zero page appended, file_size updated");
    free(m);
}

/* What no checksum and no check covers: idmap values, padding. */
static void unchecked(const struct csr *c)
{
    if (find(c, T_IDMAP) >= 0)
        content(c, T_IDMAP, 0, 8, get(section(c, T_IDMAP) + 8, 8), 0, "idmap[0] = idmap[1]");
    int i = find(c, T_NBR);
    unsigned char *m = copy(c);
    m[c->s[i].off + c->s[i].size] = 0x5a;
    emit(m, c->len, "good", "-", "a padding byte after neighbors");
    free(m);
}

int main(int argc, char **argv)
{
    struct csr c;
    if (argc != 3)
        die("usage: csr_mutate IN.csr PREFIX");
    prefix = argv[2];
    load(&c, argv[1]);
    header_numbers(&c);
    header_kinds(&c);
    table(&c);
    provenance(&c);
    lengths(&c);
    unchecked(&c);
    for (uint32_t dir = 0; dir < 2; dir++) {
        if (dir && !(c.flags & F_TRANSPOSE))
            break;
        offsets(&c, dir ? T_TOFF : T_OFF, !dir);
        neighbors(&c, dir ? T_TNBR : T_NBR, !dir);
        if (c.flags & F_WEIGHTED)
            weights(&c, dir ? T_TW : T_W, !dir);
    }
    free(c.b);
    return 0;
}
