/*
 * common.cuh - what every CUDA kernel file shares: the launch shape and
 * the reasons for it, a checked call that turns a CUDA error into an
 * emogi_error, and grid sizing.  The kernel files cite this comment
 * rather than repeat it.
 *
 * Blocks.  Kernels loop grid-stride, so a grid needs no more blocks than
 * the device holds resident at once (emogi_resident_blocks); emogi_grid
 * sizes every launch from that count.
 *
 * Chunks.  The warp kernels take CHUNKS x 32 vertex ids at a time from a
 * counter, in ascending order, rather than a fixed share each: concurrent
 * warps then sweep the edge array front to back (MEASURED.md: reads that
 * jump across gigabytes of pinned memory run at a tenth of the link), and
 * a warp held up by a long list does not hold back a fixed share of the
 * rest.  Two chunks per grab halve the atomics on the counter and keep
 * the sweep narrow.
 *
 * Hubs.  A list longer than HEAVY entries (a Kronecker scale-25 hub holds
 * about a million) would keep one warp reading long after the others are
 * done, and the level or iteration would wait on it.  Such lists are set
 * aside and cut into SEGMENT-entry pieces that a second launch spreads
 * over every warp.  SEGMENT is a whole number of 128-byte lines for 4- and
 * 8-byte ids, so every piece after a list's first starts on a line and
 * the reads stay EMOGI's whole-line requests.
 */
#ifndef EMOGI_CUDA_COMMON_CUH
#define EMOGI_CUDA_COMMON_CUH

#include <cuda_runtime.h>

#include <stdint.h>

#include "emogi_csr.h"

constexpr int BLOCK = 256;             /* threads per block */
constexpr unsigned FULL = 0xffffffffu; /* every lane of a warp */
constexpr uint64_t CHUNKS = 2;         /* 32-vertex chunks per grab */
constexpr uint64_t HEAVY = 32768;      /* longer lists are shared by all warps */
constexpr uint64_t SEGMENT = 2048;     /* their piece per warp: whole 128-byte lines */

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

/* Blocks of BLOCK threads for a grid-stride launch over THREADS threads:
 * enough for one thread each, at most RESIDENT, and never none. */
static inline unsigned emogi_grid(uint64_t threads, unsigned resident)
{
    const uint64_t need = (threads + BLOCK - 1) / BLOCK;
    return need == 0 ? 1u : need < resident ? (unsigned)need : resident;
}

#endif
