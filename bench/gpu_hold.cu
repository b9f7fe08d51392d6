/*
 * gpu_hold.cu - hold a CUDA context on every GPU until killed, so that
 * the driver stays initialised while a test suite starts and ends
 * hundreds of short CUDA processes.
 *
 * Without persistence mode the driver tears a GPU's state down when its
 * last process exits, and the next process pays the set-up again.  On
 * the four-GPU host an mpirun of 4 ranks took about 3 s and four GPU test
 * scripts did not finish within a call
 * (bench/journal/2026-11-27-gpu-tests-on-the-64-core-four-gpu-host.md);
 * bench/run-gpu.sh times tests/lib/gpu_probe with and without this holder
 * to show what the set-up costs.  It changes no setting of the GPU: it is
 * one more process, with one context (a few hundred MiB) a GPU, and
 * run-gpu.sh starts it only in the Default compute mode, where other
 * processes may share the GPUs.
 *
 *   nvcc -O2 -o gpu_hold bench/gpu_hold.cu && ./gpu_hold &   # prints "held N"
 */
#include <cstdio>
#include <unistd.h>

#include <cuda_runtime.h>

int main()
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        fprintf(stderr, "gpu_hold: %s\n", cudaGetErrorString(e));
        return 1;
    }
    for (int d = 0; d < n; d++)
        if ((e = cudaSetDevice(d)) != cudaSuccess || (e = cudaFree(0)) != cudaSuccess) {
            fprintf(stderr, "gpu_hold: GPU %d: %s\n", d, cudaGetErrorString(e));
            return 1;
        }
    printf("held %d\n", n);
    fflush(stdout);
    for (;;)
        pause();
}
