/*
 * warp_lists.cuh - EMOGI's merged and aligned read of a neighbour list by
 * one warp (Min et al., VLDB 2021), shared by every CUDA kernel.
 *
 * Lanes take consecutive entries, so each warp load is one contiguous run
 * that the GPU merges into few PCIe requests; with ALIGNED the run starts
 * at the 128-byte boundary at or before the list (32 ids of 4 bytes, 16 of
 * 8), so every request is whole lines, and the lanes before the true start
 * stay idle.  Each lane issues UNROLL loads before using any, so a long
 * list in host memory is not read one round trip at a time.
 */
#ifndef EMOGI_WARP_LISTS_CUH
#define EMOGI_WARP_LISTS_CUH

#include <stdint.h>

constexpr int EMOGI_UNROLL = 4;

/* Where a warp starts reading a list that starts at entry START. */
template <typename T, bool ALIGNED>
__host__ __device__ __forceinline__ uint64_t emogi_first_read(uint64_t start)
{
    constexpr uint64_t per_line = 128 / sizeof(T);
    return ALIGNED ? start & ~(per_line - 1) : start;
}

/*
 * The warp reads entries [FIRST, END), keeping those from START on:
 * LOAD(j) fetches what entry j needs (its id, its weight), USE(x) acts on
 * it once the lane's UNROLL loads are in flight.  Every lane must call.
 */
template <typename Load, typename Use>
__device__ __forceinline__ void emogi_warp_list(uint64_t first, uint64_t start, uint64_t end,
                                                unsigned lane, Load load, Use use)
{
    typedef decltype(load(uint64_t(0))) X;
    for (uint64_t i = first + lane; i < end; i += 32 * EMOGI_UNROLL) {
        X x[EMOGI_UNROLL];
        bool ok[EMOGI_UNROLL];
#pragma unroll
        for (int k = 0; k < EMOGI_UNROLL; k++) {
            const uint64_t j = i + 32 * k;
            ok[k] = j >= start && j < end;
            if (ok[k])
                x[k] = load(j);
        }
#pragma unroll
        for (int k = 0; k < EMOGI_UNROLL; k++)
            if (ok[k])
                use(x[k]);
    }
}

#endif
