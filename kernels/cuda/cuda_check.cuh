/*
 * cuda_check.cuh - what every CUDA kernel file needs around its launches:
 * a checked call that turns a CUDA error into an emogi_error and returns
 * -1, and how many blocks fill the device once (grid-stride loops need no
 * more).  Include inside the kernel file's anonymous namespace users.
 */
#ifndef EMOGI_CUDA_CHECK_CUH
#define EMOGI_CUDA_CHECK_CUH

#include <cuda_runtime.h>

#include "emogi_csr.h"

/* Fill ERR with "WHAT: <CUDA's message>" (prefixed by the algorithm) and
 * clear the sticky last error so the next call starts clean. */
static inline int emogi_cuda_fail(emogi_error *err, const char *alg, const char *what,
                                  cudaError_t e)
{
    (void)cudaGetLastError();
    return emogi_fail(err, "GPU %s: %s: %s", alg, what, cudaGetErrorString(e));
}

/* Needs `emogi_error *err` and a `static const char *const CUDA_ALG` in scope. */
#define EMOGI_CK(call, what)                                                               \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess)                                                             \
            return emogi_cuda_fail(err, CUDA_ALG, what, e_);                               \
    } while (0)

/* Blocks of BLOCK threads that are resident at once on DEVICE. */
static inline int emogi_resident_blocks(int device, int block, unsigned *blocks, emogi_error *err)
{
    int sms = 0, per_sm = 0;
    cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    if (e != cudaSuccess)
        return emogi_cuda_fail(err, "launch", "cudaDeviceGetAttribute", e);
    *blocks = (unsigned)((sms > 0 ? sms : 1) * (per_sm >= block ? per_sm / block : 1));
    return 0;
}

#endif
