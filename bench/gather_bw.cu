// gather_bw.cu - how zero-copy reads from pinned host memory scale with
// the GPUs reading at once: each GPU alone, then every GPU together, for
// streaming reads (a warp reads consecutive 128-byte lines, as a long
// neighbour list does) and random 128-byte lines (as a bottom-up level's
// first line of each unvisited vertex).  Each GPU reads its own part, so
// the footprint a GPU covers shrinks as ranks do.
// bench/mpi.sh's speed-ups are read against this
// (bench/journal/2026-11-27-the-kept-ids-on-gpu-ranks.md).
//
// Where the pinned pages lie is the question each mode asks:
//   hostalloc  one cudaHostAlloc buffer, first touched by this thread
//              wherever it runs (how the earlier entries measured);
//   local      each GPU's part its own cudaHostAlloc, made and touched
//              while this thread runs on the GPU's local CPUs (sysfs
//              local_cpulist), so its pages lie on the GPU's NUMA node;
//   thp        one anonymous buffer with transparent huge pages
//              (madvise), registered: 2 MiB host pages instead of 4 KiB;
//   file       a file written and mapped read-only, registered as the
//              loader pins a .csr (page cache pages).
// Build: nvcc -O3 -arch=sm_90 -o gather_bw gather_bw.cu
// Usage: gather_bw [GiB [MODE...]]  (default 16 GiB, mode hostalloc;
// "all": every mode; file mode writes in $TMPDIR or /tmp); prints a
// line per (mode, pattern, GPUs) with GB/s and million lines a second,
// summed, after the GPUs' NUMA nodes.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

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

/* The GPU's PCI device in sysfs: FIELD ("numa_node", "local_cpulist")
 * into BUF; 0 when unknown. */
static int gpu_sysfs(int g, const char *field, char *buf, size_t n)
{
    char bus[32], path[160];
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, g) != cudaSuccess)
        return 0;
    for (char *c = bus; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'F' ? *c - 'A' + 'a' : *c);
    snprintf(path, sizeof path, "/sys/bus/pci/devices/%s/%s", bus, field);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int ok = fgets(buf, (int)n, f) != nullptr;
    fclose(f);
    buf[strcspn(buf, "\n")] = 0;
    return ok;
}

/* Run this thread on GPU g's local CPUs (a cpulist such as "0-31,64-95"). */
static int to_gpu_cpus(int g)
{
    char list[512];
    if (!gpu_sysfs(g, "local_cpulist", list, sizeof list))
        return 0;
    cpu_set_t set;
    CPU_ZERO(&set);
    for (char *p = list; *p;) {
        char *e;
        long a = strtol(p, &e, 10), b = a;
        if (e == p)
            break;
        if (*e == '-')
            b = strtol(e + 1, &e, 10);
        for (long c = a; c <= b && c < CPU_SETSIZE; c++)
            CPU_SET((int)c, &set);
        p = *e == ',' ? e + 1 : e;
    }
    return sched_setaffinity(0, sizeof set, &set) == 0;
}

static long anon_huge_kib(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[160];
    long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "AnonHugePages: %ld", &v) == 1)
            break;
    if (f)
        fclose(f);
    return v;
}

/* The parts GPU g reads, of PARTS, for one mode; what to free after. */
struct buffers {
    uint64_t *part[8][8]; /* [parts - 1 as log2][g] */
    void *whole;
    size_t bytes;
    int kind; /* 0 cudaHostAlloc whole, 1 per-part cudaHostAlloc, 2 registered mmap, 3 registered map of a file */
    uint64_t *local[8];
    char file[256];
};

static int make_buffers(struct buffers *b, const char *mode, size_t bytes, int ngpu)
{
    memset(b, 0, sizeof *b);
    b->bytes = bytes;
    const size_t words = bytes / 8;
    if (!strcmp(mode, "local")) {
        /* one buffer a GPU, each the whole size (GPU g of t reads the first
         * 1/t of its own), so that every split reads local pages */
        cpu_set_t saved;
        sched_getaffinity(0, sizeof saved, &saved);
        b->kind = 1;
        size_t each = bytes;
        for (int g = 0; g < ngpu; g++) {
            if (!to_gpu_cpus(g))
                fprintf(stderr, "gather_bw: GPU %d: no local_cpulist, pages where they fall\n", g);
            CK(cudaHostAlloc((void **)&b->local[g], each, cudaHostAllocMapped | cudaHostAllocPortable));
            memset(b->local[g], 1, each);
        }
        sched_setaffinity(0, sizeof saved, &saved);
        for (int t = 1, l = 0; t <= ngpu; t *= 2, l++)
            for (int g = 0; g < t; g++)
                b->part[l][g] = b->local[g];
        return 1;
    }
    uint64_t *h = nullptr;
    if (!strcmp(mode, "hostalloc")) {
        CK(cudaHostAlloc((void **)&h, bytes, cudaHostAllocMapped | cudaHostAllocPortable));
        memset(h, 1, bytes);
    } else if (!strcmp(mode, "thp")) {
        long before = anon_huge_kib();
        void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return 0;
        if (madvise(p, bytes, MADV_HUGEPAGE) != 0)
            fprintf(stderr, "gather_bw: madvise(MADV_HUGEPAGE) failed\n");
        memset(p, 1, bytes);
        printf("# thp: AnonHugePages grew by %ld MiB of %zu\n", (anon_huge_kib() - before) >> 10,
               bytes >> 20);
        CK(cudaHostRegister(p, bytes, cudaHostRegisterMapped | cudaHostRegisterPortable));
        b->kind = 2;
        h = (uint64_t *)p;
    } else if (!strcmp(mode, "file")) {
        const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
        snprintf(b->file, sizeof b->file, "%s/gather_bw.XXXXXX", dir);
        int fd = mkstemp(b->file);
        if (fd < 0)
            return 0;
        char *chunk = (char *)malloc(1 << 20);
        memset(chunk, 1, 1 << 20);
        for (size_t off = 0; off < bytes; off += 1 << 20)
            if (write(fd, chunk, 1 << 20) != 1 << 20) {
                free(chunk);
                close(fd);
                return 0;
            }
        free(chunk);
        void *p = mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
        close(fd);
        if (p == MAP_FAILED)
            return 0;
        volatile unsigned sink = 0;
        for (size_t off = 0; off < bytes; off += 4096)
            sink += ((const unsigned char *)p)[off];
        CK(cudaHostRegister(p, bytes,
                            cudaHostRegisterMapped | cudaHostRegisterPortable | cudaHostRegisterReadOnly));
        b->kind = 3;
        h = (uint64_t *)p;
    } else {
        fprintf(stderr, "gather_bw: unknown mode %s\n", mode);
        return 0;
    }
    b->whole = h;
    for (int t = 1, l = 0; t <= ngpu; t *= 2, l++)
        for (int g = 0; g < t; g++)
            b->part[l][g] = h + words / (uint64_t)t * (uint64_t)g;
    return 1;
}

static void free_buffers(struct buffers *b, int ngpu)
{
    if (b->kind == 0)
        cudaFreeHost(b->whole);
    if (b->kind == 1)
        for (int g = 0; g < ngpu; g++)
            cudaFreeHost(b->local[g]);
    if (b->kind >= 2) {
        cudaHostUnregister(b->whole);
        munmap(b->whole, b->bytes);
    }
    if (b->kind == 3)
        unlink(b->file);
}

int main(int argc, char **argv)
{
    const size_t gib = argc > 1 ? strtoull(argv[1], nullptr, 10) : 16;
    const size_t bytes = (gib ? gib : 1) << 30, words = bytes / 8;
    int ngpu = 0;
    CK(cudaGetDeviceCount(&ngpu));
    if (ngpu > 8)
        ngpu = 8;
    for (int g = 0; g < ngpu; g++) {
        char node[16] = "?", cpus[128] = "?";
        gpu_sysfs(g, "numa_node", node, sizeof node);
        gpu_sysfs(g, "local_cpulist", cpus, sizeof cpus);
        printf("# GPU %d: NUMA node %s, local CPUs %s\n", g, node, cpus);
    }
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
    const char *all[] = {"hostalloc", "local", "thp", "file"};
    int nmodes = argc > 2 ? argc - 2 : 1;
    const char **modes = argc > 2 ? (const char **)argv + 2 : all;
    if (argc > 2 && !strcmp(argv[2], "all"))
        modes = all, nmodes = 4;
    for (int m = 0; m < nmodes; m++) {
        struct buffers buf;
        if (!make_buffers(&buf, modes[m], bytes, ngpu)) {
            printf("%s\tcould not be made\n", modes[m]);
            continue;
        }
        for (int stream = 1; stream >= 0; stream--)
            for (int together = 1, l = 0; together <= ngpu; together *= 2, l++) {
                /* GPU g of TOGETHER reads part g */
                const uint64_t part = words / (uint64_t)together;
                float best = 0;
                for (int rep = 0; rep < 3; rep++) {
                    float slowest = 0;
                    for (int g = 0; g < together; g++) {
                        CK(cudaSetDevice(g));
                        CK(cudaEventRecord(a[g]));
                        gather<<<blocks, threads>>>(buf.part[l][g], part / LINE, stream, lines,
                                                    sink[g]);
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
                printf("%s\t%s\t%d GPUs\t%.1f GB/s\t%.1f Mlines/s\t%.1f GiB each\n", modes[m],
                       stream ? "streaming" : "random", together, total * 128 / (best * 1e6),
                       total / (best * 1e3), (double)gib / together);
                fflush(stdout);
            }
        free_buffers(&buf, ngpu);
    }
    return 0;
}
