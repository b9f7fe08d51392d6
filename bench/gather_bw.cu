// gather_bw.cu - how zero-copy reads from pinned host memory scale with
// the GPUs reading at once: each GPU alone, then every GPU together, for
// streaming reads (a warp reads consecutive 128-byte lines, as a long
// neighbour list does) and random 128-byte lines (as a bottom-up level's
// first line of each unvisited vertex).  Each GPU reads its own part of
// one buffer, so the footprint a GPU covers shrinks as ranks do.
// bench/mpi.sh's speed-ups are read against this (bench/RESULTS.md).
// Build: nvcc -O3 -arch=sm_90 -o gather_bw gather_bw.cu
// Usage: gather_bw [GiB]  (default 16, the whole buffer); prints a line
// per (pattern, GPUs) with GB/s and million lines a second, summed.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CK(x)                                                                              \
    do {                                                                                   \
        cudaError_t e_ = (x);                                                              \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "gather_bw: %s: %s\n", #x, cudaGetErrorString(e_));            \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

enum { LINE = 16 }; /* 8-byte words in a 128-byte line */

/* Every half-warp reads LINES lines of 128 bytes, a word a lane:
 * consecutive ones, the half-warps side by side (STREAM), or random ones
 * over the part. */
__global__ void gather(const uint64_t *p, uint64_t lines_in_part, int stream, int lines,
                       unsigned long long *sink)
{
    const uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    const uint64_t h = t >> 4, lane = t & 15, halves = (gridDim.x * (uint64_t)blockDim.x) >> 4;
    uint64_t x = 0x9E3779B97F4A7C15ull * (h + 1), acc = 0;
    for (int r = 0; r < lines; r++) {
        uint64_t line;
        if (stream) {
            line = (h + halves * (uint64_t)r) % lines_in_part;
        } else {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            line = x % lines_in_part;
        }
        acc ^= p[line * LINE + lane];
    }
    if (acc == 42)
        atomicAdd(sink, 1ull);
}

int main(int argc, char **argv)
{
    const size_t gib = argc > 1 ? strtoull(argv[1], nullptr, 10) : 16;
    const size_t bytes = (gib ? gib : 1) << 30, words = bytes / 8;
    int ngpu = 0;
    CK(cudaGetDeviceCount(&ngpu));
    if (ngpu > 8)
        ngpu = 8;
    uint64_t *h = nullptr;
    CK(cudaHostAlloc((void **)&h, bytes, cudaHostAllocMapped | cudaHostAllocPortable));
    memset(h, 1, bytes);
    unsigned long long *sink[8];
    cudaEvent_t a[8], b[8];
    for (int g = 0; g < ngpu; g++) {
        CK(cudaSetDevice(g));
        CK(cudaMalloc(&sink[g], 8));
        CK(cudaEventCreate(&a[g]));
        CK(cudaEventCreate(&b[g]));
    }
    const int blocks = 132 * 8, threads = 256, lines = 512;
    const double lines_per_gpu = (double)blocks * threads / 16 * lines;
    printf("# %zu GiB pinned, %d GPUs, %.0f lines of 128 B per GPU per run\n", gib, ngpu,
           lines_per_gpu);
    for (int stream = 1; stream >= 0; stream--)
        for (int together = 1; together <= ngpu; together *= 2) {
            /* GPU g of TOGETHER reads part g of the buffer */
            float best = 0;
            for (int rep = 0; rep < 3; rep++) {
                float slowest = 0;
                for (int g = 0; g < together; g++) {
                    CK(cudaSetDevice(g));
                    const uint64_t part = words / (uint64_t)together;
                    CK(cudaEventRecord(a[g]));
                    gather<<<blocks, threads>>>(h + part * (uint64_t)g, part / LINE, stream,
                                                lines, sink[g]);
                    CK(cudaGetLastError());
                    CK(cudaEventRecord(b[g]));
                }
                for (int g = 0; g < together; g++) {
                    float ms;
                    CK(cudaSetDevice(g));
                    CK(cudaEventSynchronize(b[g]));
                    CK(cudaEventElapsedTime(&ms, a[g], b[g]));
                    slowest = ms > slowest ? ms : slowest;
                }
                if (rep) /* the first is a warm-up */
                    best = rep == 1 || slowest < best ? slowest : best;
            }
            const double total = lines_per_gpu * together;
            printf("%s\t%d GPUs\t%.1f GB/s\t%.1f Mlines/s\t%.1f GiB each\n",
                   stream ? "streaming" : "random", together, total * 128 / (best * 1e6),
                   total / (best * 1e3), (double)gib / together);
        }
    return 0;
}
