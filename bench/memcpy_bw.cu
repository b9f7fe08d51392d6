// memcpy_bw.cu - pinned host->device copy bandwidth: the ceiling that
// zero-copy BFS reads are compared against in bench/bfs.sh.
// Build: nvcc -O3 -arch=sm_90 -o memcpy_bw memcpy_bw.cu
// Usage: memcpy_bw [GiB]  (default 4); prints "<device name>\t<GB/s>".
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CK(x)                                                                              \
    do {                                                                                   \
        cudaError_t e_ = (x);                                                              \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "memcpy_bw: %s: %s\n", #x, cudaGetErrorString(e_));            \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

int main(int argc, char **argv)
{
    size_t gib = argc > 1 ? strtoull(argv[1], nullptr, 10) : 4;
    size_t bytes = (gib ? gib : 1) << 30;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    void *h = nullptr, *d = nullptr;
    CK(cudaHostAlloc(&h, bytes, cudaHostAllocDefault));
    memset(h, 1, bytes); /* fault every page in before timing */
    CK(cudaMalloc(&d, bytes));
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    float best = 1e30f;
    for (int r = 0; r < 4; r++) {
        float ms = 0;
        CK(cudaEventRecord(a));
        CK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        if (ms < best)
            best = ms;
    }
    printf("%s\t%.2f\n", prop.name, bytes / (best * 1e6));
    CK(cudaFree(d));
    CK(cudaFreeHost(h));
    return 0;
}
