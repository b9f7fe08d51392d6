# shellcheck shell=sh
# mpi.sh - what tests/mpi.sh and tests/mpi_gpu.sh share: mpirun and its
# environment (Open MPI oversubscribed, allowed to run as root, session
# files in the test's folder; LeakSanitizer's suppressions for what MPI
# never frees; one OpenMP thread per rank), mpi NP CMD..., the graphs
# (mpi_graphs) and the checks that compare ranks with one process
# (same_run, same_levels, parts_run, pagerank_gpu_run).  Source after tap.sh, before
# plan; where mpirun is missing the script is skipped, with the reason.

command -v mpirun >/dev/null 2>&1 || skip_all "mpirun not found (Debian: openmpi-bin)"

MPIRUN="mpirun"
if mpirun --version 2>&1 | grep -q 'Open MPI'; then
    MPIRUN="mpirun --oversubscribe"
    # CI runs as root, which Open MPI refuses unless told
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    OMPI_MCA_rmaps_base_oversubscribe=1
    # session files in the test's folder: concurrent jobs (make -j, other
    # checkouts) racing to create /tmp/ompi.HOST.UID failed a run now and then
    OMPI_MCA_orte_tmpdir_base=$T
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe
    export OMPI_MCA_orte_tmpdir_base
    # Open MPI's own point-to-point layer (ob1) on its shared-memory and
    # TCP transports, not UCX: UCX's start-up made every mpirun -np 4 of
    # a small graph take 0.35 s on the 2-core CI machine against 0.15 s,
    # and these files start hundreds of them; one host needs nothing more
    OMPI_MCA_pml=ob1
    export OMPI_MCA_pml
fi
# A sanitizer build (.ci/run) checks for leaks: what MPI itself never
# frees is suppressed, found with slow unwinding (see the file)
# shellcheck disable=SC2154 # top_srcdir: set by tap.sh
supp=$(cd "$top_srcdir/tests" && pwd)/lsan-mpi.supp
LSAN_OPTIONS="suppressions=$supp:print_suppressions=0:fast_unwind_on_malloc=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
# one thread per rank: four ranks already share two cores
OMP_NUM_THREADS=1
export OMP_NUM_THREADS
mpi() { np=$1; shift; $MPIRUN -np "$np" "$@"; }
. "$top_srcdir/tests/lib/bfs_source.sh" # levels_of

# mpi_graphs: the graphs both scripts run on (tests/mpi.sh makes more)
mpi_graphs() {
    emogi-convert kron -s 10 -e 8 --seed 3 kron.csr -q --undirected
    emogi-convert kron -s 10 -e 8 --seed 4 kront8.csr -q --directed --transpose --id-width 8
    emogi-convert kron -s 10 -e 8 --seed 5 krond.csr -q --directed
    emogi-convert csr kron.csr kronz.csr -q --compress
    # vertex 7 reaches 0..299 (degree 299), 300..339 have no edges, and a
    # path runs down from 399 to 340: three kinds of component
    awk 'BEGIN { for (v = 0; v < 300; v++) if (v != 7) print 7, v;
                 for (v = 399; v > 340; v--) print v, v - 1 }' >star.el
    emogi-convert el star.el star.csr -q --undirected --vertices 400
    emogi-convert el star.el stard.csr -q --directed --transpose --vertices 400
    emogi-convert kron -s 13 -e 4 --seed 6 big.csr -q --undirected
    # the first level, broadcast by the source's owner (traverse/
    # dist/bfs_top_down.c, first_level): vertex 5's list holds itself and every
    # neighbour twice; hub 0's 9000 leaves are past the broadcast's 8192
    # ids, and its first level is exchanged
    awk 'BEGIN { print 5, 5; for (v = 0; v < 40; v++) { print 5, v * 7 % 40; print 5, v * 7 % 40 }
                 for (v = 40; v < 60; v++) print v - 20, v }' >loopy.el
    emogi-convert el loopy.el loopy.csr -q --directed --transpose --keep-self-loops \
        --keep-duplicates
    awk 'BEGIN { for (v = 1; v <= 9000; v++) print 0, v
                 for (v = 9000; v < 9100; v++) print v, v + 1 }' >bighub.el
    emogi-convert el bighub.el bighub.csr -q --undirected
    # weighted: uint32 (undirected, and compressed; directed with 8-byte
    # ids) and float32 weights whose sums round (hundredths are inexact)
    emogi-convert kron -s 10 -e 8 --seed 8 --weights random:1:255 kw.csr -q --undirected
    emogi-convert csr kw.csr kwz.csr -q --compress
    emogi-convert kron -s 10 -e 8 --seed 9 --weights random:1:40 kwd.csr -q --directed --id-width 8
    emogi-info --edges kw.csr | awk '{ printf "%d %d %.2f\n", $1, $2, $3 / 10 + 0.01 }' >kwf.wel
    emogi-convert wel kwf.wel kwf.csr -q --directed --vertices 1024
}

# same_run NAME NP GRAPH TOOL ARGS...: TOOL's output files (-o out.bin,
# and --parents par.bin for bfs) under mpirun -np NP equal one process's
# on the CPU; RANKS_ARGS: more arguments for the ranks only
RANKS_ARGS=""
same_run() {
    name=$1 np=$2 graph=$3 tool=$4; shift 4
    extra=""
    [ "$tool" = emogi-bfs ] && extra="--parents par.bin"
    rm -f out.bin par.bin want.bin want_par.bin
    # shellcheck disable=SC2086
    if ! $tool "$graph" --device cpu "$@" -o want.bin ${extra:+--parents want_par.bin} 2>err.txt; then
        ok 1 "$name: the single process ran"; sed 's/^/# /' err.txt | head -5; return
    fi
    # shellcheck disable=SC2086
    # --device cpu: with one rank the tool is the plain one, which would
    # take a GPU where there is one (GPU ranks: RANKS_ARGS, tests/mpi_gpu.sh)
    if ! mpi "$np" $tool "${RANKS_GRAPH:-$graph}" --device cpu "$@" $RANKS_ARGS -o out.bin $extra \
        --stats \
        >mpi.out 2>err.txt
    then
        ok 1 "$name: mpirun -np $np"; sed 's/^/# /' err.txt | head -10; return
    fi
    # more than one rank: the run was one job of NP ranks, not NP copies
    if [ "$np" -gt 1 ] && ! grep -q "^$tool: ranks ranks=$np " err.txt; then
        ok 1 "$name: mpirun -np $np (no record of $np ranks)"; return
    fi
    if [ "$tool" = emogi-bfs ] && ! cmp -s want_par.bin par.bin; then
        ok 1 "$name: mpirun -np $np (parents differ)"; return
    fi
    same_file want.bin out.bin "$name: mpirun -np $np"
}

# same_levels NAME NP GRAPH ARGS...: emogi-bfs's searches (ARGS) under
# mpirun -np NP take each level the way one CPU process does (the
# direction rule sums the ranks' counts: emogi_bfs_stay_pull);
# RANKS_ARGS as same_run's
same_levels() {
    name=$1 np=$2 graph=$3; shift 3
    emogi-bfs "$graph" --device cpu "$@" --stats -o want.bin 2>want.txt
    # shellcheck disable=SC2086
    mpi "$np" emogi-bfs "${RANKS_GRAPH:-$graph}" --device cpu "$@" $RANKS_ARGS --stats \
        -o out.bin >mpi.out 2>err.txt
    want=$(levels_of want.txt)
    if [ -z "$want" ]; then
        ok 1 "$name: the single process gave its levels"; sed 's/^/# /' want.txt | head -5; return
    fi
    is "$(levels_of err.txt)" "$want" "$name: mpirun -np $np, every level the same way"
}

# pagerank_gpu_run NAME NP GRAPH ARGS...: GPU ranks' ranks (ARGS) equal
# the single-process CPU Jacobi's within the tolerance (the GPU sums in
# float64 in another order, kernels/cuda/pagerank.cu, so not to the bit)
# and the single GPU's (ARGS) byte for byte; with RANKS_GRAPH, the ranks
# read those part files, and only the CPU's tolerance holds
pagerank_gpu_run() {
    name=$1 np=$2 graph=$3; shift 3
    pr="--method jacobi --tolerance 1e-6 --max-iterations 300"
    rm -f out.bin want.bin gpu.bin
    # shellcheck disable=SC2086
    if ! emogi-pagerank "$graph" --device cpu $pr -o want.bin 2>err.txt ||
        ! mpi "$np" emogi-pagerank "${RANKS_GRAPH:-$graph}" "$@" $pr --stats -o out.bin \
            2>err.txt; then
        ok 1 "$name"; sed 's/^/# /' err.txt | head -10; return
    fi
    # ranges of whole 2048-vertex spans (not a part file's): the single
    # GPU's ranks, to the bit (kernels/cuda/pagerank.cu)
    # shellcheck disable=SC2086
    if [ -z "${RANKS_GRAPH:-}" ] && ! { emogi-pagerank "$graph" "$@" $pr -o gpu.bin 2>gpu.txt &&
        cmp -s gpu.bin out.bin; }; then
        ok 1 "$name: not the single GPU's ranks"; sed 's/^/# /' gpu.txt | head -5; return
    fi
    if ! grep -q "^emogi-pagerank: ranks ranks=$np " err.txt; then
        ok 1 "$name (no record of $np ranks)"; return
    fi
    if ! emogi-verify pagerank "$graph" out.bin --tolerance 1e-6 --compare want.bin \
        >/dev/null 2>err.txt; then
        ok 1 "$name"; sed 's/^/# /' err.txt | head -5; return
    fi
    ok 0 "$name"
}

# parts_run NAME NP GRAPH TOOL ARGS...: same_run with the ranks given
# GRAPH split into NP parts (G-pNP-%d.csr), the single process the whole
parts_run() {
    name=$1 np=$2 graph=$3; shift 3
    RANKS_GRAPH="${graph%.csr}-p$np-%d.csr"
    [ -e "${graph%.csr}-p$np-0.csr" ] ||
        emogi-convert csr "$graph" "$RANKS_GRAPH" --partitions "$np" -q
    same_run "parts: $name" "$np" "$graph" "$@"
    RANKS_GRAPH=""
}
