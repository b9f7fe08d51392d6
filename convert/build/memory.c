/*
 * memory.c - the default --memory (physical memory or the cgroup limit,
 * whichever is lower, halved) and sizes as people read them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memory.h"

#define CGROUP_PATH_MAX 4096

/* A limit file's number; UINT64_MAX for "max", a missing file or junk. */
static uint64_t read_limit(const char *path)
{
    char text[64];
    FILE *f = fopen(path, "r");
    if (!f)
        return UINT64_MAX;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || (*end && *end != '\n'))
        return UINT64_MAX;
    return v;
}

/* The least limit in FILE of DIR and each folder above it, up to TOP. */
static uint64_t walk_up(char *dir, size_t top, const char *file)
{
    uint64_t least = UINT64_MAX;
    char path[CGROUP_PATH_MAX + 64];
    for (;;) {
        snprintf(path, sizeof path, "%s/%s", dir, file);
        least = mem_min(least, read_limit(path));
        char *slash = strrchr(dir, '/');
        if (strlen(dir) <= top || !slash || (size_t)(slash - dir) < top)
            return least;
        *slash = '\0';
    }
}

/* Whether the comma-separated LIST names the memory controller. */
static int names_memory(const char *list, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && list[j] != ',')
            j++;
        if (j - i == 6 && memcmp(list + i, "memory", 6) == 0)
            return 1;
        i = j + 1;
    }
    return 0;
}

/* One line "ID:CONTROLLERS:PATH" of /proc/self/cgroup. */
static uint64_t line_limit(const char *line, size_t len, const char *root)
{
    const char *c1 = memchr(line, ':', len);
    const char *c2 = c1 ? memchr(c1 + 1, ':', len - (size_t)(c1 + 1 - line)) : NULL;
    if (!c2)
        return UINT64_MAX;
    size_t clen = (size_t)(c2 - c1 - 1), plen = len - (size_t)(c2 + 1 - line);
    int v2 = clen == 0;
    if (!v2 && !names_memory(c1 + 1, clen))
        return UINT64_MAX;
    char dir[CGROUP_PATH_MAX];
    int top = snprintf(dir, sizeof dir, "%s%s", root, v2 ? "" : "/memory");
    if (top < 0 || (size_t)top + plen >= sizeof dir)
        return UINT64_MAX;
    memcpy(dir + top, c2 + 1, plen);
    dir[(size_t)top + plen] = '\0';
    while (strlen(dir) > (size_t)top && dir[strlen(dir) - 1] == '/')
        dir[strlen(dir) - 1] = '\0'; /* "0::/" is the root itself */
    return walk_up(dir, (size_t)top, v2 ? "memory.max" : "memory.limit_in_bytes");
}

uint64_t memory_cgroup_limit(const char *cgroup, const char *root)
{
    uint64_t least = UINT64_MAX;
    for (const char *p = cgroup; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        least = mem_min(least, line_limit(p, len, root));
        p = nl ? nl + 1 : NULL;
    }
    return least;
}

static uint64_t own_cgroup_limit(void)
{
    char text[8192];
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f)
        return UINT64_MAX;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return memory_cgroup_limit(text, "/sys/fs/cgroup");
}

uint64_t memory_default(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    uint64_t phys = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 2ull << 30;
    return mem_min(phys, own_cgroup_limit()) / 2;
}

const char *memory_str(uint64_t bytes, char *buf, size_t cap)
{
    static const char *unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes == UINT64_MAX) { /* a saturated plan: its true size passed 2^64 */
        snprintf(buf, cap, "more than 2^64 bytes");
        return buf;
    }
    if (bytes < 1024) {
        snprintf(buf, cap, "%llu bytes", (unsigned long long)bytes);
        return buf;
    }
    int u = 0;
    while (u < 5 && bytes >> (10 * (u + 2)) != 0)
        u++;
    uint64_t whole = bytes >> (10 * (u + 1)), rest = bytes & ((1ull << (10 * (u + 1))) - 1);
    if (rest == 0)
        snprintf(buf, cap, "%llu %s", (unsigned long long)whole, unit[u]);
    else
        snprintf(buf, cap, "%.1f %s", (double)bytes / (double)(1ull << (10 * (u + 1))), unit[u]);
    return buf;
}
