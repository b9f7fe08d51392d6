/*
 * memory.h - emogi-convert's --memory: its default, and the arithmetic of
 * the plans that keep every phase within it.
 *
 * The default is half of the memory the process may have: the physical
 * memory, or the limit of its control group (cgroup v2 memory.max, v1
 * memory.limit_in_bytes, on the group and every group above it) when that
 * is lower, as it is in a container.  The plans (build_need(),
 * reorder_need(), ooc.h) add sizes that may be near 2^64 for absurd ids, so
 * they add and multiply saturating: an impossible plan reads as "too much",
 * never as a small number that wrapped.
 */
#ifndef EMOGI_CONVERT_MEMORY_H
#define EMOGI_CONVERT_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/*
 * The tightest memory limit of the control groups in CGROUP (the text of
 * /proc/self/cgroup) under ROOT (where the cgroup file systems are
 * mounted, /sys/fs/cgroup), or UINT64_MAX when there is none.  v2 reads
 * ROOT/PATH/memory.max, v1 ROOT/memory/PATH/memory.limit_in_bytes, and
 * both walk up to ROOT, since a parent's limit binds its children (and a
 * container sees its own group as the root).  Files that are missing or
 * say "max" set no limit.
 */
uint64_t memory_cgroup_limit(const char *cgroup, const char *root);

/* Half of the smaller of physical memory and this process's cgroup limit. */
uint64_t memory_default(void);

/* "16.0 GiB", "256 MiB", "812 bytes"; a saturated size (UINT64_MAX)
 * "more than 2^64 bytes", never "16.0 EiB": BUF holds at least
 * 32 bytes. */
const char *memory_str(uint64_t bytes, char *buf, size_t cap);

static inline uint64_t mem_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static inline uint64_t mem_mul(uint64_t a, uint64_t b)
{
    return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static inline uint64_t mem_max(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static inline uint64_t mem_min(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static inline uint64_t mem_clamp(uint64_t v, uint64_t lo, uint64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

#endif
