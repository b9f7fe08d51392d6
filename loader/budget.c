/* budget.c - what fits in device memory, decided from byte counts alone. */
#include <inttypes.h>

#include "placement.h"

uint64_t emogi_place_headroom(uint64_t free_bytes)
{
    uint64_t tenth = free_bytes / 10, floor = 256ull << 20;
    return tenth > floor ? tenth : floor;
}

int emogi_place_fits(uint64_t need, uint64_t free_bytes)
{
    uint64_t room = emogi_place_headroom(free_bytes);
    return free_bytes > room && need <= free_bytes - room;
}

enum emogi_mem emogi_place_auto(uint64_t need, uint64_t free_bytes)
{
    return emogi_place_fits(need, free_bytes) ? EMOGI_MEM_DEVICE : EMOGI_MEM_ZEROCOPY;
}

int emogi_place_uvm_check(uint64_t managed, uint64_t other, uint64_t free_bytes,
                          const char *path, emogi_error *err)
{
    uint64_t need = managed + other;
    if (need >= managed && emogi_place_fits(need, free_bytes))
        return 0;
    return emogi_fail(err,
                      "%s: uvm placement refused: %" PRIu64 " bytes managed + %" PRIu64
                      " bytes device state exceed the GPU's %" PRIu64 " free bytes less %" PRIu64
                      " headroom (oversubscribed UVM can stall a shared GPU); use --mem zerocopy",
                      path ? path : "graph", managed, other, free_bytes,
                      emogi_place_headroom(free_bytes));
}
