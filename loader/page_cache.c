/* page_cache.c - getting a mapped section into host memory quickly. */
#include <string.h>
#include <unistd.h>
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifdef HAVE_SYS_MMAN_H
#include <sys/mman.h>
#endif

#include "placement.h"

/* Where the touched bytes go, so the compiler keeps the loop. */
static volatile unsigned page_cache_sink;

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

double emogi_page_cache_load(const void *p, size_t len)
{
    double t0 = emogi_now();
    if (!p || len == 0)
        return 0;
    size_t page = page_size();
    uintptr_t start = (uintptr_t)p & ~(uintptr_t)(page - 1);
    uintptr_t end = (uintptr_t)p + len;
#ifdef HAVE_SYS_MMAN_H
    /* Advice only: on memory that is not a file mapping it may fail, harmlessly. */
    (void)madvise((void *)start, end - start, MADV_WILLNEED);
#endif
    /* One fault per page, many pages at once: the kernel's readahead
     * serves parallel faults far faster than one thread's sequence. */
    int64_t npages = (int64_t)((end - start + page - 1) / page);
    unsigned sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(static)
    for (int64_t i = 0; i < npages; i++) {
        uintptr_t a = start + (uintptr_t)i * page;
        if (a < (uintptr_t)p)
            a = (uintptr_t)p;
        sum += *(const volatile unsigned char *)a;
    }
    page_cache_sink = sum;
    return emogi_now() - t0;
}

void emogi_parallel_copy(void *dst, const void *src, size_t len)
{
    const size_t chunk = 4u << 20;
    int64_t n = (int64_t)((len + chunk - 1) / chunk);
#pragma omp parallel for schedule(dynamic, 4)
    for (int64_t i = 0; i < n; i++) {
        size_t off = (size_t)i * chunk;
        size_t m = len - off < chunk ? len - off : chunk;
        memcpy((char *)dst + off, (const char *)src + off, m);
    }
}
