/*
 * build_plan.c - the sizes of what build_csr() holds, for --memory.
 *
 * Each thread's sort scratch is a small share of the bound, whatever the
 * input: a block or a list longer than it is sorted in place
 * (build_scatter.c, reorder.c).
 */
#include "build.h"
#include "memory.h"

#define SCRATCH_MIN 4096      /* slots: below this a thread sorts in place more than not */
#define SCRATCH_MAX (1 << 20) /* slots: enough for all but hubs' blocks */

uint64_t build_scratch_slots(uint64_t memory, int threads, uint64_t elem)
{
    if (memory == 0)
        return SCRATCH_MAX;
    uint64_t t = threads > 0 ? (uint64_t)threads : 1;
    return mem_clamp(memory / 64 / t / (elem ? elem : 1), SCRATCH_MIN, SCRATCH_MAX);
}
