/*
 * unit_memory.c - the default --memory's cgroup lookup, against cgroup
 * trees built by hand in a temporary folder (v2 with nested groups, a
 * container's own root, v1 with a controller list, unlimited and missing
 * files), and the sizes messages print.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "memory.h"
#include "tap.h"

static char root[256];

/* Write TEXT to ROOT/REL, making the folders on the way. */
static void put(const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    for (char *s = path + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = '\0';
        mkdir(path, 0755);
        *s = '/';
    }
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static void limit_is(const char *cgroup, uint64_t want, const char *what)
{
    uint64_t got = memory_cgroup_limit(cgroup, root);
    if (!ok(got == want, "%s", what))
        printf("# got %llu, want %llu\n", (unsigned long long)got, (unsigned long long)want);
}

static void test_v2(void)
{
    put("a/b/memory.max", "max\n");
    put("a/memory.max", "1073741824\n");
    put("memory.max", "max\n");
    limit_is("0::/a/b\n", 1ull << 30, "v2: a parent's memory.max binds its child");
    put("a/b/memory.max", "536870912\n");
    limit_is("0::/a/b\n", 1ull << 29, "v2: the child's own, when lower");
    limit_is("0::/a\n", 1ull << 30, "v2: a group directly");
    limit_is("0::/\n", UINT64_MAX, "v2: the root's 'max' is no limit");
    put("memory.max", "268435456\n");
    limit_is("0::/\n", 1ull << 28, "v2: a container sees its own group as the root");
    limit_is("0::/gone/x\n", 1ull << 28,
             "v2: a group whose folder is not there: the root's limit still binds");
}

static void test_v1(void)
{
    put("memory.max", "max\n"); /* v2's root, for the hybrid case */
    put("memory/docker/c1/memory.limit_in_bytes", "2147483648\n");
    put("memory/memory.limit_in_bytes", "9223372036854771712\n");
    limit_is("12:cpu,cpuacct:/docker/c1\n9:memory:/docker/c1\n", 1ull << 31,
             "v1: the memory controller's line, not another's");
    limit_is("4:blkio,memory:/docker/c1\n", 1ull << 31, "v1: memory in a controller list");
    limit_is("4:memoryx:/docker/c1\n", UINT64_MAX, "v1: 'memoryx' is not the memory controller");
    limit_is("9:memory:/elsewhere\n", 9223372036854771712ull,
             "v1: 'unlimited' is a huge number, taken as it is");
    limit_is("9:memory:/docker/c1\n0::/a/b\n", 1ull << 29, "hybrid: the least of v1 and v2");
}

static void test_bad_input(void)
{
    limit_is("", UINT64_MAX, "empty /proc/self/cgroup: no limit");
    limit_is("garbage without colons\n", UINT64_MAX, "a line without fields: no limit");
    put("junk/memory.max", "12abc\n");
    put("memory.max", "max\n");
    limit_is("0::/junk\n", UINT64_MAX, "a limit file that is not a number sets none");
}

static void test_str(void)
{
    char b[32];
    ok(strcmp(memory_str(256ull << 20, b, sizeof b), "256 MiB") == 0, "256 MiB exactly");
    ok(strcmp(memory_str(8 * ((1ull << 31) + 1), b, sizeof b), "16.0 GiB") == 0,
       "8 bytes for each of 2^31 + 1 vertices: 16.0 GiB");
    ok(strcmp(memory_str(812, b, sizeof b), "812 bytes") == 0, "under 1 KiB in bytes");
    ok(strcmp(memory_str(1536, b, sizeof b), "1.5 KiB") == 0, "1.5 KiB");
    ok(strcmp(memory_str(UINT64_MAX, b, sizeof b), "more than 2^64 bytes") == 0,
       "the saturated sum: the real limit, not 16.0 EiB");
    ok(strcmp(memory_str(UINT64_MAX - 1, b, sizeof b), "16.0 EiB") == 0, "just below it");
    ok(mem_mul(1ull << 40, 1ull << 40) == UINT64_MAX && mem_add(UINT64_MAX, 1) == UINT64_MAX,
       "plans saturate rather than wrap");
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/emogi-cg.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        printf("1..0 # SKIP cannot make a temporary folder\n");
        return 0;
    }
    plan(21);
    test_v2();
    test_v1();
    test_bad_input();
    test_str();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0)
        printf("# could not remove %s\n", root);
    return done_testing();
}
