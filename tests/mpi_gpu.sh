#!/bin/sh
# mpi_gpu.sh - the traversal tools as MPI ranks on GPUs (issue 14): GPU
# ranks (--device gpu: emogi-bfs, emogi-cc, emogi-pagerank and emogi-sssp;
# zero-copy, device and hybrid placements, directed and undirected,
# SSSP's uint32, float32 and unit weights, part files, label propagation
# and the naive and merged kernels, BFS ranks reading each other's GPUs
# and, with EMOGI_PEERS=0, exchanging, host buffers instead of NCCL, pieces
# of 3 entries and 8-byte ids in the exchanges, hubs' lists read in
# pieces) write the single-process
# CPU run's files, PageRank's within the tolerance (emogi-verify
# --compare: the GPU sums in another order), compressed lists too; BFS
# ranks' every --kernel; --stats counts the bytes over the link.  Without a GPU each
# tool must say that none is usable, and the rest is skipped.  Apart from
# tests/mpi.sh (CPU ranks) so that it runs alone: on a 4-GPU machine the
# whole of both ran past the 10 minutes of a call before reaching these.
# Skipped without mpirun or an MPI build; the shared setup and checks:
# tests/lib/mpi.sh.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# tests/mpi.sh checks what the tools say when built without MPI
[ "${EMOGI_WITH_MPI:-}" = no ] && skip_all "built without MPI (./configure --with-mpi)"
. "$top_srcdir/tests/lib/mpi.sh" # skips all where mpirun is missing

plan 104

mpi_graphs
# three hubs of 6000 entries on different ranks, joined, and a leaf
# (23999) to start from: top-down levels set their lists aside for the
# pieces launch (over 4096 entries; kernels/cuda/dist_bfs.cu,
# expand_heavy_at), which the kron graphs' lists are too short for
awk 'BEGIN { n = split("5 8005 16005", h, " "); split("3 4 7", step, " ");
             for (i = 1; i <= n; i++)
                 for (k = 0; k < 6000; k++) {
                     v = (h[i] + 1 + k * step[i]) % 24000
                     if (v != 5 && v != 8005 && v != 16005) print h[i], v
                 }
             print 5, 8005; print 8005, 16005; print 23999, 5 }' >hubs.el
emogi-convert el hubs.el hubs.csr -q --undirected --vertices 24000
emogi-convert el hubs.el hubsd8.csr -q --directed --transpose --id-width 8 --vertices 24000
emogi-convert csr hubs.csr hubsz.csr -q --compress
emogi-convert csr kront8.csr krontz.csr -q --compress
# a 150 x 150 grid searched top-down: the diagonal frontiers near the
# corners reach fewer vertices than a rank's sparse queue holds (n / 64
# + 1), those between more, so sparse and dense levels alternate
# (kernels/cuda/dist_bfs.cu, sparse_slots)
sh "$top_srcdir/bench/grid.sh" 150 grid.csr

# ---- GPU ranks: rank r on GPU (local rank mod GPUs), its lists placed
# alone; the files equal the single-process CPU run's ----
if why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1); then
    RANKS_ARGS="--device gpu --mem zerocopy"
    same_run "GPU ranks, zerocopy: bfs big" 2 big.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, zerocopy: bfs directed, 8-byte ids" 3 kront8.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, zerocopy: bfs directed, no transpose" 2 krond.csr emogi-bfs -n 2
    same_run "GPU ranks, zerocopy: top-down only" 3 stard.csr emogi-bfs -s 7 --direction push
    same_run "GPU ranks, zerocopy: bottom-up only" 3 stard.csr emogi-bfs -s 7 --direction pull
    same_run "GPU ranks, zerocopy: hubs' lists in pieces" 3 hubs.csr emogi-bfs -s 23999 \
        --direction push
    same_run "GPU ranks, zerocopy: hubs' lists in pieces, 8-byte ids" 2 hubsd8.csr emogi-bfs \
        -s 23999 --direction push
    same_run "GPU ranks, zerocopy: bfs hubs" 4 hubs.csr emogi-bfs -n 4 --seed 5
    same_run "GPU ranks, zerocopy: a first list with itself and repeats" 3 loopy.csr \
        emogi-bfs -s 5
    same_run "GPU ranks, zerocopy: a first list past the broadcast" 2 bighub.csr emogi-bfs \
        -s 0 --direction push
    same_run "GPU ranks, zerocopy: from a leaf of the big hub" 4 bighub.csr emogi-bfs -s 9050 \
        --direction push
    same_run "GPU ranks, zerocopy: grid from a corner, sparse and dense levels" 2 grid.csr \
        emogi-bfs -s 0 --direction push
    same_run "GPU ranks, zerocopy: grid from its middle, sparse and dense levels" 3 grid.csr \
        emogi-bfs -s 11325 --direction push
    RANKS_ARGS="--device gpu --mem device"
    same_run "GPU ranks, device memory: bfs big" 4 big.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, device memory: bfs star" 2 star.csr emogi-bfs -s 7
    same_run "GPU ranks, device memory: bfs directed, 8-byte ids" 3 kront8.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, device memory: hubs' lists in pieces, from a hub" 4 hubs.csr emogi-bfs \
        -s 5 --direction push
    same_run "GPU ranks, device memory: grid, sparse and dense levels" 2 grid.csr emogi-bfs \
        -s 22499 --direction push
    # the direction rule on the GPUs' counts, summed: every level the way
    # one CPU process takes it (tests/mpi.sh: auto and gap differ there)
    RANKS_ARGS="--device gpu --mem zerocopy"
    for d in auto gap; do
        same_levels "GPU ranks, zerocopy: bfs --direction $d" 3 big.csr -n 8 --seed 3 --direction $d
    done
    RANKS_ARGS="--device gpu --mem device"
    same_levels "GPU ranks, device memory: bfs, the levels' directions" 2 big.csr -n 8 --seed 3
    RANKS_ARGS="--device gpu --mem hybrid --gpu-memory 1G"
    same_run "GPU ranks, hybrid: bfs kron" 2 kron.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, hybrid: bfs directed star" 3 stard.csr emogi-bfs -s 7
    # a part's lists placed whole; ranges that cut bitmap words
    RANKS_ARGS="--device gpu --mem zerocopy"
    parts_run "GPU ranks: bfs big" 3 big.csr emogi-bfs -n 2 --seed 7
    parts_run "GPU ranks: bfs star, bottom-up only" 3 stard.csr emogi-bfs -s 7 --direction pull
    parts_run "GPU ranks: cc directed, 8-byte ids" 3 kront8.csr emogi-cc
    # compressed lists: each rank's part of them placed and decoded on its
    # GPU (loader/range.c cuts them at a 128-byte line), in every placement
    for p in zerocopy device "hybrid --gpu-memory 1G"; do
        RANKS_ARGS="--device gpu --mem $p"
        same_run "GPU ranks, $p: bfs on compressed lists" 2 kronz.csr emogi-bfs -n 2 --seed 7
        same_run "GPU ranks, $p: cc on compressed lists" 3 kronz.csr emogi-cc
    done
    RANKS_ARGS="--device gpu --mem zerocopy"
    same_run "GPU ranks, zerocopy: compressed in-lists, bottom-up only" 3 krontz.csr emogi-bfs \
        -s 7 --direction pull
    same_run "GPU ranks, zerocopy: compressed hubs' lists in pieces" 3 hubsz.csr emogi-bfs \
        -s 23999 --direction push
    same_run "GPU ranks, zerocopy: cc directed, compressed 8-byte ids" 2 krontz.csr emogi-cc
    pagerank_gpu_run "GPU ranks, zerocopy: pagerank on compressed in-lists" 3 krontz.csr \
        --device gpu --mem zerocopy
    pagerank_gpu_run "GPU ranks, hybrid: pagerank on compressed lists" 2 kronz.csr \
        --device gpu --mem hybrid --gpu-memory 1G
    # BFS ranks read plain lists as --kernel says: naive (every level
    # top-down, as one GPU's), merged, or aligned (the default)
    RANKS_ARGS="--device gpu --mem zerocopy --kernel merged"
    same_run "GPU ranks, merged kernel: bfs" 3 big.csr emogi-bfs -n 2 --seed 7
    RANKS_ARGS="--device gpu --mem zerocopy --kernel naive"
    same_run "GPU ranks, naive kernel: bfs, every level top-down" 3 big.csr emogi-bfs -n 2 \
        --seed 7
    RANKS_ARGS="--device gpu --mem hybrid --gpu-memory 1G --kernel naive"
    same_run "GPU ranks, hybrid, naive kernel: bfs directed, 8-byte ids" 2 kront8.csr \
        emogi-bfs -n 2 --seed 7
    RANKS_ARGS=""
    fails "GPU ranks: bfs --kernel naive --direction pull is refused" 1 "top-down only" \
        mpi 2 emogi-bfs big.csr -s 1 --device gpu --kernel naive --direction pull -o new.bin
    for p in zerocopy device "hybrid --gpu-memory 1G"; do
        RANKS_ARGS="--device gpu --mem $p"
        same_run "GPU ranks, $p: cc big" 3 big.csr emogi-cc
        same_run "GPU ranks, $p: cc star (three kinds of component)" 2 star.csr emogi-cc
        same_run "GPU ranks, $p: cc directed, 8-byte ids" 4 kront8.csr emogi-cc
        same_run "GPU ranks, $p: cc directed star" 3 stard.csr emogi-cc
        # shellcheck disable=SC2086 # $p is --mem's value and options
        for g in big krond stard; do
            pagerank_gpu_run "GPU ranks, $p: pagerank $g" 3 $g.csr --device gpu --mem $p
        done
    done
    # --algorithm lp: label propagation, the exchange after every pass
    RANKS_ARGS="--device gpu --mem zerocopy --algorithm lp"
    same_run "GPU ranks, lp: cc big" 3 big.csr emogi-cc
    same_run "GPU ranks, lp: cc directed, 8-byte ids" 4 kront8.csr emogi-cc
    RANKS_ARGS="--device gpu --mem zerocopy --kernel naive"
    same_run "GPU ranks, naive kernel: cc directed" 2 kront8.csr emogi-cc
    pagerank_gpu_run "GPU ranks, naive kernel: pagerank" 2 big.csr $RANKS_ARGS
    # part files whose ranges cut the 2048-vertex spans: each rank's
    # totals summed on the host (dist/gpu_ranks.c, whole_spans)
    [ -e big-p3-0.csr ] || emogi-convert csr big.csr "big-p3-%d.csr" --partitions 3 -q
    RANKS_GRAPH="big-p3-%d.csr"
    pagerank_gpu_run "GPU ranks, parts cutting the spans: pagerank" 3 big.csr --device gpu \
        --mem zerocopy
    RANKS_GRAPH=""
    # BFS ranks on one host read each other's GPUs (CUDA IPC); with
    # EMOGI_PEERS=0 they exchange as ranks on several hosts would: top-down
    # ids and the bitmap through NCCL where the build has it
    RANKS_ARGS="--device gpu --mem zerocopy"
    EMOGI_PEERS=0
    export EMOGI_PEERS
    same_run "GPU ranks, EMOGI_PEERS=0: bfs" 3 big.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, EMOGI_PEERS=0: bfs bottom-up only" 3 big.csr emogi-bfs -s 1 \
        --direction pull
    # EMOGI_NCCL=0: host buffers even where NCCL could run (ranks on GPUs
    # of their own); the same files
    EMOGI_NCCL=0
    export EMOGI_NCCL
    same_run "GPU ranks, EMOGI_NCCL=0: cc" 2 big.csr emogi-cc
    same_run "GPU ranks, EMOGI_NCCL=0: cc directed, 8-byte ids" 3 kront8.csr emogi-cc
    same_run "GPU ranks, EMOGI_NCCL=0: cc lp" 2 big.csr emogi-cc --algorithm lp
    # bottom-up levels after the first exchange the GPU's bitmap
    same_run "GPU ranks, EMOGI_NCCL=0: bfs bottom-up only" 3 big.csr emogi-bfs -s 1 \
        --direction pull
    # top-down ids from the GPUs' outboxes through host buffers
    same_run "GPU ranks, EMOGI_NCCL=0: bfs" 2 big.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, EMOGI_NCCL=0: grid, sparse and dense levels" 3 grid.csr emogi-bfs \
        -s 0 --direction push
    unset EMOGI_NCCL
    # top-down ids in rounds of 3 a pair (NCCL's or MPI's), each round's
    # receipt claimed before the next
    EMOGI_MPI_CHUNK=3
    export EMOGI_MPI_CHUNK
    same_run "GPU ranks, pieces of 3: bfs" 2 big.csr emogi-bfs -n 2 --seed 7
    unset EMOGI_MPI_CHUNK EMOGI_PEERS
    # top-down ids as 8-byte global ids, as where a range is over 2^32
    EMOGI_MPI_WIDE_IDS=1
    export EMOGI_MPI_WIDE_IDS
    same_run "GPU ranks, EMOGI_MPI_WIDE_IDS: bfs" 3 big.csr emogi-bfs -n 2 --seed 7
    unset EMOGI_MPI_WIDE_IDS
    RANKS_ARGS=""
    mpi 2 emogi-cc big.csr --device gpu --mem zerocopy --json -o out.bin 2>stats.txt
    link=$(grep '"event":"ranks"' stats.txt | sed 's/.*"link_bytes":\([0-9]*\).*/\1/')
    [ "${link:-0}" -gt 0 ]; ok $? "GPU ranks, zerocopy: --stats counts the bytes over the link"
    grep -q '"algorithm":"afforest-mpi-gpu"' stats.txt
    ok $? "GPU ranks: cc runs Afforest by default, and says so"
    # Afforest reads each list entry at most once: the ranks read no more
    # than the single GPU reads the whole graph
    all=$(grep '"algorithm"' stats.txt | sed 's/.*"edges_examined":\([0-9]*\).*/\1/')
    ne=$(emogi-info big.csr | sed -n 's/^edges: //p')
    [ "${all:-0}" -gt 0 ] && [ "$all" -le "$ne" ]
    ok $? "GPU ranks: Afforest reads $all of $ne list entries, each at most once"
    mpi 2 emogi-bfs big.csr -s 1 --device gpu --mem zerocopy --json -o out.bin 2>stats.txt
    link=$(grep '"event":"ranks"' stats.txt | sed 's/.*"link_bytes":\([0-9]*\).*/\1/')
    [ "${link:-0}" -gt 0 ]; ok $? "GPU ranks, zerocopy: bfs --stats counts the bytes over the link"
    grep '"event":"ranks"' stats.txt | grep -q '"exchange":"peers"'
    ok $? "GPU ranks on one host: bfs reads the other GPUs' arrays, and --stats says so"
    # --stats: each GPU counts its range's component edges from the depths
    # it holds; the sums are one CPU process's, search by search
    comp() { grep -o '"component_edges":[0-9]*' "$1" | tr '\n' ' '; }
    emogi-bfs big.csr -s 1 --json -o one.bin 2>one.txt
    [ -n "$(comp one.txt)" ] && [ "$(comp stats.txt)" = "$(comp one.txt)" ]
    ok $? "GPU ranks: --stats counts the component's edges as one CPU process ($(comp one.txt))"
    mpi 3 emogi-bfs kront8.csr -n 3 --seed 7 --device gpu --mem device --json -o out.bin \
        2>stats.txt
    emogi-bfs kront8.csr -n 3 --seed 7 --json -o one.bin 2>one.txt
    [ "$(comp one.txt | wc -w)" = 3 ] && [ "$(comp stats.txt)" = "$(comp one.txt)" ]
    ok $? "GPU ranks, directed, 8-byte ids: each search's component edges ($(comp one.txt))"
    # sssp: distances on the GPU, (vertex, candidate) pairs through the
    # host; float sums that round, 8-byte ids, a hub, vertices unreached
    for p in zerocopy device "hybrid --gpu-memory 1G"; do
        RANKS_ARGS="--device gpu --mem $p"
        same_run "GPU ranks, $p: sssp uint32, undirected" 3 kw.csr emogi-sssp -n 2 --seed 7
        same_run "GPU ranks, $p: sssp directed, 8-byte ids" 4 kwd.csr emogi-sssp -n 2 --seed 7
        same_run "GPU ranks, $p: sssp float32, directed" 3 kwf.csr emogi-sssp -n 2 --seed 7
        same_run "GPU ranks, $p: sssp star, --unit-weights" 2 star.csr emogi-sssp -s 350 \
            --unit-weights
    done
    RANKS_ARGS="--device gpu --mem zerocopy"
    parts_run "GPU ranks: sssp float32" 3 kwf.csr emogi-sssp -n 2 --seed 7
    parts_run "GPU ranks: sssp directed, 8-byte ids" 3 kwd.csr emogi-sssp -n 2 --seed 7
    RANKS_ARGS="--device gpu --mem zerocopy --kernel naive"
    same_run "GPU ranks, naive kernel: sssp --delta 1" 2 kw.csr emogi-sssp -s 5 --delta 1
    RANKS_ARGS="--device gpu --mem device --kernel merged"
    same_run "GPU ranks, merged kernel: sssp float, --delta 0.001" 3 kwf.csr emogi-sssp -s 5 \
        --delta 0.001
    for p in zerocopy device "hybrid --gpu-memory 1G"; do
        RANKS_ARGS="--device gpu --mem $p"
        same_run "GPU ranks, $p: sssp on compressed lists" 3 kwz.csr emogi-sssp -n 2 --seed 7
    done
    RANKS_ARGS=""
    mpi 2 emogi-sssp kw.csr -s 5 --device gpu --mem zerocopy --json -o out.bin 2>stats.txt
    link=$(grep '"event":"ranks"' stats.txt | sed 's/.*"link_bytes":\([0-9]*\).*/\1/')
    [ "${link:-0}" -gt 0 ]; ok $? "GPU ranks, zerocopy: sssp's --stats counts the link's bytes"
else
    for tool in "emogi-bfs big.csr -s 1" "emogi-cc big.csr" "emogi-pagerank big.csr" \
        "emogi-sssp kw.csr -s 1"; do
        # shellcheck disable=SC2086
        fails "GPU ranks without a GPU: ${tool%% *} says none is usable" 1 "none is usable" \
            mpi 2 $tool --device gpu -o new.bin
    done
    no_files_like "new.bin*" "... and no output appears"
    i=0
    while [ $i -lt 99 ]; do skip "GPU ranks: no CUDA device: $why"; i=$((i + 1)); done
fi
finish
