#!/bin/sh
# mpi.sh - the traversal tools as MPI ranks (issue 14): under mpirun -np 1
# to 4 (oversubscribed: CI has 2 cores) emogi-bfs (depths and parents),
# emogi-cc, emogi-pagerank (--method jacobi, reproducible) and emogi-sssp
# (uint32, float32 and unit weights) write the single-process CPU run's
# files byte for byte, on Kronecker graphs (undirected, directed with and
# without a transpose, 4- and 8-byte ids, compressed lists), a star of
# huge degree beside isolated vertices and a path, and a graph large
# enough to split PageRank's 2048-vertex blocks over four ranks (files
# written by each rank at its offset, .npy too; --weighted PageRank on
# uint32 and float32 weights, compressed lists, and enough vertices for
# four ranks; a FIFO's gathered;
# a rank that cannot write its part leaves no output); the same
# with every exchange cut into pieces of 3 entries, as exchanges past
# MPI's int counts are; --verify (checkers sharing no code with the
# searches) passes under mpirun; --stats gives one record per rank and
# their sums.  Part files (emogi-convert --partitions N, rank r mapping
# only part r, named with %d or as NAME.r) give the same files, for -np 1
# to 4 one case per tool, with four ranks on the same graphs, whose
# parts' ranges cut bitmap words and PageRank blocks; wrong -np, a missing part, parts of another graph, a
# part on the wrong rank, a whole file beside parts, --verify and a
# directed graph's parts without in-edges for PageRank are refused with
# a message and no output.
# A rank that fails (a missing graph on one rank, a killed rank) ends the
# job with a message and no output, and an existing output stays.  Built
# without MPI, a tool started as one of several processes says how to get
# an MPI build.  GPU ranks (--device gpu: emogi-bfs, emogi-cc,
# emogi-pagerank and emogi-sssp; zero-copy, device and hybrid placements,
# directed and undirected, SSSP's uint32, float32 and unit weights) write
# the CPU run's files too, PageRank's within the tolerance (emogi-verify
# --compare: the GPU sums in another order); they are skipped without a
# GPU, where each tool must say that none is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

if [ "${EMOGI_WITH_MPI:-}" = no ]; then
    # mpirun's environment, as Open MPI and MPICH's Hydra set it
    plan 4
    printf '0 1\n1 2\n' >p.el && emogi-convert el p.el p.csr -q --undirected
    for tool in "emogi-bfs p.csr -s 0" "emogi-cc p.csr" "emogi-pagerank p.csr"; do
        # shellcheck disable=SC2086
        OMPI_COMM_WORLD_SIZE=2 fails "built without MPI: ${tool%% *} under mpirun says how" 1 \
            "built without MPI: rebuild with ./configure --with-mpi" $tool -o out.bin
    done
    PMI_SIZE=3 fails "built without MPI: MPICH's PMI_SIZE too" 1 "one of 3 MPI processes" \
        emogi-bfs p.csr -s 0 -o out.bin
    finish
fi
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
fi
# A sanitizer build (.ci/run) checks for leaks: what MPI itself never
# frees is suppressed, found with slow unwinding (see the file)
supp=$(cd "$top_srcdir/tests" && pwd)/lsan-mpi.supp
LSAN_OPTIONS="suppressions=$supp:print_suppressions=0:fast_unwind_on_malloc=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
# one thread per rank: four ranks already share two cores
OMP_NUM_THREADS=1
export OMP_NUM_THREADS
mpi() { np=$1; shift; $MPIRUN -np "$np" "$@"; }

plan 280

# ---- graphs ----
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
# weighted: uint32 (undirected, and compressed; directed with 8-byte
# ids) and float32 weights whose sums round (hundredths are inexact)
emogi-convert kron -s 10 -e 8 --seed 8 --weights random:1:255 kw.csr -q --undirected
emogi-convert csr kw.csr kwz.csr -q --compress
emogi-convert kron -s 10 -e 8 --seed 9 --weights random:1:40 kwd.csr -q --directed --id-width 8
emogi-info --edges kw.csr | awk '{ printf "%d %d %.2f\n", $1, $2, $3 / 10 + 0.01 }' >kwf.wel
emogi-convert wel kwf.wel kwf.csr -q --directed --vertices 1024
emogi-convert kron -s 13 -e 4 --seed 10 --weights random:1:255 bigw.csr -q --directed --transpose

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
    # take a GPU where there is one (the GPU ranks are tested below)
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

# pagerank_gpu_run NAME NP GRAPH ARGS...: GPU ranks' ranks (ARGS) equal
# the single-process CPU Jacobi's within the tolerance; the GPU sums in
# float64 in another order (kernels/cuda/pagerank.cu), so not to the bit
pagerank_gpu_run() {
    name=$1 np=$2 graph=$3; shift 3
    pr="--method jacobi --tolerance 1e-6 --max-iterations 300"
    rm -f out.bin want.bin
    # shellcheck disable=SC2086
    if ! emogi-pagerank "$graph" --device cpu $pr -o want.bin 2>err.txt ||
        ! mpi "$np" emogi-pagerank "$graph" "$@" $pr --stats -o out.bin 2>err.txt; then
        ok 1 "$name"; sed 's/^/# /' err.txt | head -10; return
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

# Under a sanitizer (.ci/run's second build) every rank runs several
# times slower and the whole file took 12 minutes on 2 cores: there it
# runs 2 and 4 ranks, the plain build every count.
NPS="1 2 3 4"
if [ -n "${ASAN_OPTIONS:-}" ]; then
    NPS="2 4"
    for np in 1 3; do
        i=0
        while [ $i -lt 29 ]; do # the same_run cases of one count below
            skip "mpirun -np $np: a sanitizer build runs -np 2 and 4 only"
            i=$((i + 1))
        done
    done
fi
for np in $NPS; do
    for g in kron kront8 krond kronz star stard big; do
        same_run "bfs $g" "$np" $g.csr emogi-bfs -n 2 --seed 7
    done
    same_run "bfs star from the hub" "$np" star.csr emogi-bfs -s 7
    same_run "bfs star, top-down only" "$np" stard.csr emogi-bfs -s 7 --direction push
    same_run "bfs star, bottom-up only" "$np" stard.csr emogi-bfs -s 7 --direction pull
    for g in kron kront8 kronz star stard big; do
        same_run "cc $g" "$np" $g.csr emogi-cc
    done
    for g in kron krond stard big; do
        same_run "pagerank $g" "$np" $g.csr emogi-pagerank --method jacobi
    done
    for g in kwz kwf bigw; do
        same_run "pagerank --weighted $g" "$np" $g.csr emogi-pagerank --method jacobi --weighted
    done
    for g in kw kwz kwd kwf; do
        same_run "sssp $g" "$np" $g.csr emogi-sssp -n 2 --seed 7
    done
    same_run "sssp star, --unit-weights" "$np" star.csr emogi-sssp -s 350 --unit-weights
    same_run "sssp kron, --unit-weights" "$np" kron.csr emogi-sssp -s 1 --unit-weights
done
# pagerank's default under mpirun is jacobi, the same ranks as above
emogi-pagerank big.csr --device cpu --method jacobi -o want.bin
mpi 4 emogi-pagerank big.csr -o out.bin 2>err.txt
same_file want.bin out.bin "pagerank under mpirun -np 4 runs --method jacobi by default"
same_run "bfs --text" 3 star.csr emogi-bfs -s 340 --text
same_run "sssp --delta 1" 3 kw.csr emogi-sssp -s 5 --delta 1
same_run "sssp float, --delta 0.001" 3 kwf.csr emogi-sssp -s 5 --delta 0.001
same_run "sssp float --text" 3 kwf.csr emogi-sssp -s 5 --text

# ---- part files: rank r maps part r alone ----
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
# one case per tool for every count; every case with four ranks, whose
# ranges (as with three) cut bitmap words and PageRank blocks
parts_cases() {
    np=$1
    parts_run "bfs star, bottom-up only" "$np" stard.csr emogi-bfs -s 7 --direction pull
    parts_run "cc star" "$np" star.csr emogi-cc
    parts_run "pagerank big" "$np" big.csr emogi-pagerank --method jacobi
    parts_run "sssp kwf" "$np" kwf.csr emogi-sssp -n 2 --seed 7
    [ "$np" -eq 4 ] || return 0
    for g in kron kront8 krond kronz star stard; do
        parts_run "bfs $g" "$np" $g.csr emogi-bfs -n 2 --seed 7
    done
    for g in kront8 kronz; do
        parts_run "cc $g" "$np" $g.csr emogi-cc
    done
    for g in kront8 stard; do
        parts_run "pagerank $g" "$np" $g.csr emogi-pagerank --method jacobi
    done
    for g in kw kwd; do
        parts_run "sssp $g" "$np" $g.csr emogi-sssp -n 2 --seed 7
    done
    parts_run "sssp star, --unit-weights" "$np" star.csr emogi-sssp -s 350 --unit-weights
}
if [ -n "${ASAN_OPTIONS:-}" ]; then
    for np in 1 3; do
        for i in 1 2 3 4; do skip "parts, -np $np: a sanitizer build runs -np 2 and 4 only"; done
    done
fi
for np in $NPS; do
    parts_cases "$np"
done
# emogi-convert's names without %d: OUTPUT.0 .. OUTPUT.N-1, given as OUTPUT
emogi-convert csr big.csr bigp --partitions 3 -q
emogi-bfs big.csr --device cpu -s 1 -o want.bin
mpi 3 emogi-bfs bigp -s 1 -o out.bin
same_file want.bin out.bin "parts named OUTPUT.r: the ranks are given OUTPUT"

# ---- exchanges past MPI's int counts, in pieces (EMOGI_MPI_CHUNK) ----
EMOGI_MPI_CHUNK=3
export EMOGI_MPI_CHUNK
same_run "pieces of 3: bfs, parents" 3 big.csr emogi-bfs -n 2 --seed 7
same_run "pieces of 3: bfs, top-down only" 4 stard.csr emogi-bfs -s 7 --direction push
same_run "pieces of 3: cc" 3 kront8.csr emogi-cc
same_run "pieces of 3: pagerank" 4 big.csr emogi-pagerank --method jacobi
same_run "pieces of 3: pagerank --weighted" 4 bigw.csr emogi-pagerank --method jacobi --weighted
same_run "pieces of 3: sssp" 3 kwd.csr emogi-sssp -n 2 --seed 7
unset EMOGI_MPI_CHUNK

# ---- top-down ids: 4-byte offsets into the owner's range, or 8-byte
# ids (EMOGI_MPI_WIDE_IDS), as where a rank owns over 2^32 vertices ----
EMOGI_MPI_WIDE_IDS=1
export EMOGI_MPI_WIDE_IDS
same_run "8-byte ids sent: bfs, parents" 3 big.csr emogi-bfs -n 2 --seed 7
same_run "8-byte ids sent: bfs top-down only, 8-byte ids in the file" 4 kront8.csr emogi-bfs \
    -s 7 --direction push
same_run "8-byte labels: cc" 3 big.csr emogi-cc
same_run "8-byte labels: cc directed, 8-byte ids" 4 kront8.csr emogi-cc
mpi 3 emogi-bfs big.csr -s 1 --direction push --json -o out.bin 2>wide.txt >/dev/null
unset EMOGI_MPI_WIDE_IDS
mpi 3 emogi-bfs big.csr -s 1 --direction push --json -o out.bin 2>narrow.txt >/dev/null
wide=$(grep '"event":"ranks"' wide.txt | sed 's/.*"bytes_sent":\([0-9]*\).*/\1/')
narrow=$(grep '"event":"ranks"' narrow.txt | sed 's/.*"bytes_sent":\([0-9]*\).*/\1/')
[ "${narrow:-0}" -gt 0 ] && [ "$narrow" -lt "${wide:-0}" ]
ok $? "top-down ids as 4-byte offsets: $narrow bytes sent against $wide as 8-byte ids"

# ---- the result file: each rank writes its part at its offset ----
emogi-pagerank big.csr --device cpu --method jacobi -o want.npy
mpi 3 emogi-pagerank big.csr -o out.npy
same_file want.npy out.npy "pagerank .npy under mpirun -np 3: header and every rank's part"
# (not standard output: Open MPI hands ranks a terminal, which binary
# output is refused)
emogi-cc big.csr --device cpu -o want.bin
rm -f out.bin && mkfifo fifo && { cat fifo >out.bin & }
mpi 3 emogi-cc big.csr -o fifo
wait
same_file want.bin out.bin "cc into a FIFO under mpirun -np 3 (gathered, in order)"
echo old >kept.bin
ln -s kept.bin link.bin
mpi 3 emogi-sssp kw.csr -s 5 -o link.bin
emogi-sssp kw.csr -s 5 --device cpu -o want.bin
same_file want.bin kept.bin "sssp through a symbolic link: its target replaced"
[ -L link.bin ]; ok $? "... and the link stays"
echo old >kept.bin
# rank 1 under a file size limit of 512 bytes: its part lies further on
# (and Open MPI kept off shared memory, whose files the limit would stop)
OMPI_MCA_btl=self,tcp
export OMPI_MCA_btl
fails "a rank that cannot write its part ends the job" 1 "rank 1 could not write its part" \
    mpi 3 sh -c '[ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 1 ] && ulimit -f 1
                 exec emogi-pagerank big.csr -o kept.bin'
unset OMPI_MCA_btl
is "$(cat kept.bin)" old "... and the existing output stays"
no_files_like "kept.bin.tmp.*" "... and no temporary is left"

# ---- checked by the independent checkers ----
runs "bfs --verify under mpirun -np 3" mpi 3 emogi-bfs big.csr -n 2 --verify -o out.bin
runs "cc --verify under mpirun -np 3" mpi 3 emogi-cc stard.csr --verify -o out.bin
runs "pagerank --verify under mpirun -np 4" mpi 4 emogi-pagerank big.csr --verify -o out.bin
runs "sssp --verify under mpirun -np 3 (float)" mpi 3 emogi-sssp kwf.csr -n 2 --verify -o out.bin

# ---- --stats: a record per rank, and their sums ----
mpi 3 emogi-bfs big.csr -s 1 --json -o out.bin 2>stats.txt >/dev/null
ranks=$(grep -c '"event":"rank"' stats.txt)
is "$ranks" 3 "--stats under mpirun -np 3: three rank records"
sum=$(grep '"event":"rank"' stats.txt | sed 's/.*"bytes_sent":\([0-9]*\).*/\1/' |
    awk '{ s += $1 } END { print s }')
total=$(grep '"event":"ranks"' stats.txt | sed 's/.*"bytes_sent":\([0-9]*\).*/\1/')
is "$total" "$sum" "--stats: the ranks record sums the bytes each rank sent"
csum=$(grep '"event":"rank"' stats.txt | sed 's/.*"compute_seconds":\([0-9.eE+-]*\).*/\1/' |
    awk '{ s += $1 } END { printf "%.6f", s }')
ctotal=$(grep '"event":"ranks"' stats.txt | sed 's/.*"compute_seconds":\([0-9.eE+-]*\).*/\1/')
awk -v a="$csum" -v b="$ctotal" 'BEGIN { d = a - b; exit !(b != "" && d < 1e-5 && d > -1e-5) }'
ok $? "--stats: the ranks record sums the ranks' computation time ($ctotal of $csum)"
emogi-bfs big.csr -s 1 --json -o one.bin 2>one.txt
is "$(grep -o '"component_edges":[0-9]*' stats.txt)" "$(grep -o '"component_edges":[0-9]*' one.txt)" \
    "--stats: component edges summed over the ranks' ranges, as one process counts them"

# EMOGI_TRACE_LEVELS: rank 0's line per level, as many as the search's
# levels, their finds adding up to the vertices reached (less the source)
EMOGI_TRACE_LEVELS=1 mpi 3 emogi-bfs big.csr -s 1 --stats -o out.bin 2>trace.txt >/dev/null
is "$(grep -c ': level level=' trace.txt)" "$(sed -n 's/.*source=1 .* levels=\([0-9]*\).*/\1/p' trace.txt)" \
    "EMOGI_TRACE_LEVELS: a line per level, from rank 0 only"
found=$(sed -n 's/.*: level level=.* found=\([0-9]*\) .*/\1/p' trace.txt | awk '{ s += $1 } END { print s + 1 }')
is "$found" "$(sed -n 's/.*source=1 .* reached=\([0-9]*\).*/\1/p' trace.txt)" \
    "EMOGI_TRACE_LEVELS: the levels' finds add up to the vertices reached"
is "$(grep ': level level=' trace.txt | sed 's/.* ranks_gpu=\([^ ]*\) ranks_comm=\([^ ]*\)$/\1,\2/' |
    awk -F, '{ print NF }' | sort -u)" 6 "EMOGI_TRACE_LEVELS: every level gives the 3 ranks' GPU and exchange seconds"

# --stats-file: written by rank 0 alone; the other ranks leave no
# temporary behind, even a named one (EMOGI_NO_TMPFILE: see emogi(7))
EMOGI_NO_TMPFILE=1 mpi 3 emogi-bfs big.csr -s 1 --json --stats-file st.json -o out.bin
is "$(grep -c '"event":"rank"' st.json 2>/dev/null)" 3 "--stats-file under mpirun: the rank records"
no_files_like "st.json.tmp.*" "--stats-file under mpirun: no temporary left by the other ranks"

# ---- failures: a message, no output, an existing output kept ----
echo old >kept.bin
fails "a missing graph on rank 1 ends the job" 1 "missing.csr: No such file" \
    mpi 2 sh -c 'g=big.csr; [ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 1 ] && g=missing.csr
                 exec emogi-bfs "$g" -s 1 -o kept.bin'
is "$(cat kept.bin)" old "... and the existing output stays"
fails "a missing graph on rank 2: pagerank" 1 "missing.csr" \
    mpi 3 sh -c 'g=big.csr; [ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 2 ] && g=missing.csr
                 exec emogi-pagerank "$g" -o new.bin'
no_files_like "new.bin*" "... and no output appears"
mpi 3 sh -c '[ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 2 ] && kill -KILL $$
             exec emogi-cc big.csr -o kept.bin' >/dev/null 2>err.txt
st=$?
[ "$st" -ne 0 ]; ok $? "a killed rank ends the job (status $st)"
is "$(cat kept.bin)" old "... and the existing output stays"
grep -q . err.txt; ok $? "... and the job says so"
# killed mid-run: PageRank that never converges, rank 1 killed after 5 s,
# long after MPI_Init, while the others wait for it in an exchange
mpi 3 sh -c 'if [ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 1 ]; then
                 exec timeout -s KILL 5 emogi-pagerank big.csr --method jacobi --tolerance 0 \
                     --max-iterations 100000000 -o kept.bin
             fi
             exec emogi-pagerank big.csr --method jacobi --tolerance 0 \
                 --max-iterations 100000000 -o kept.bin' >/dev/null 2>err.txt
st=$?
[ "$st" -ne 0 ]; ok $? "a rank killed mid-run ends the job (status $st)"
grep -Eiq "signal 9|killed" err.txt; ok $? "... and the job says a rank was killed"
is "$(cat kept.bin)" old "... and the existing output stays"
no_files_like "kept.bin.tmp.*" "... and no temporary is left"
# a shared file's lists are checked by the rank that reads them: a list
# that breaks in the last rank's range alone ends the job with its message
awk 'BEGIN { for (v = 0; v < 999; v++) print v, v + 1 }' >line.el
emogi-convert el line.el line.csr -q --directed
cp line.csr badtail.csr
# neighbour 998 -> 999 becomes 1000, past the 1000 vertices: 4-byte ids
# from where emogi-info places the neighbors section
at=$(emogi-info line.csr | awk '$1 == "neighbors" { print $2 }')
printf '\350\003\000\000' | dd of=badtail.csr bs=1 seek=$((at + 998 * 4)) conv=notrunc 2>/dev/null
fails "a bad list in rank 1's range of the shared file ends the job" 1 \
    "badtail.csr: neighbor 0 of vertex 998 is 1000, not below 1000" \
    mpi 2 emogi-bfs badtail.csr -s 0 -o new.bin
is "$(grep -c "not below" "$T/.err")" 1 "... said once"
no_files_like "new.bin*" "... and no output appears"
fails "sssp without weights under mpirun: the single process's error" 1 "weights" \
    mpi 2 emogi-sssp big.csr -s 1 -o new.bin
no_files_like "new.bin*" "... and writes nothing"
fails "pagerank --method gauss-seidel is refused under mpirun" 2 "runs --method jacobi" \
    mpi 2 emogi-pagerank big.csr --method gauss-seidel -o new.bin
fails "pagerank --weighted with GPU ranks is refused" 2 "GPU ranks run unweighted" \
    mpi 2 emogi-pagerank bigw.csr --weighted --device gpu -o new.bin

# ---- part files that do not make the job's graph: refused, no output ----
echo old >kept.bin
[ -e big-p3-0.csr ] || emogi-convert csr big.csr 'big-p3-%d.csr' --partitions 3 -q
emogi-convert csr krond.csr 'krond-p3-%d.csr' --partitions 3 -q
fails "parts: -np 2 for 3 parts names both counts" 1 \
    "big-p3-0.csr is part 1 of 3 of a graph, but 2 ranks run: run one rank per part \\(mpirun -np 3\\)" \
    mpi 2 emogi-bfs 'big-p3-%d.csr' -s 1 -o kept.bin
fails "parts: -np 4 for 3 parts" 1 "part 1 of 3 of a graph, but 4 ranks run" \
    mpi 4 emogi-cc 'big-p3-%d.csr' -o kept.bin
mkdir miss other swap mixed
cp big-p3-0.csr big-p3-1.csr miss/
fails "parts: a missing part on rank 2 ends the job" 1 \
    "rank 2: miss/big-p3-2.csr: No such file" mpi 3 emogi-cc 'miss/big-p3-%d.csr' -o kept.bin
emogi-convert kron -s 13 -e 4 --seed 7 other.csr -q --undirected
emogi-convert csr other.csr 'other-%d.csr' --partitions 3 -q
cp big-p3-0.csr big-p3-1.csr other/ && cp other-2.csr other/big-p3-2.csr
fails "parts: parts of different graphs are refused" 1 \
    "other/big-p3-0.csr and other/big-p3-2.csr are parts of different graphs" \
    mpi 3 emogi-pagerank 'other/big-p3-%d.csr' -o kept.bin
cp big-p3-0.csr swap/big-p3-1.csr && cp big-p3-1.csr swap/big-p3-0.csr && cp big-p3-2.csr swap/
fails "parts: a part on another rank is refused" 1 \
    "rank 0 opened swap/big-p3-0.csr, which is part 1, not 0" \
    mpi 3 emogi-sssp 'swap/big-p3-%d.csr' -s 1 --unit-weights -o kept.bin
cp big.csr mixed/big-p3-0.csr && cp big-p3-1.csr big-p3-2.csr mixed/
fails "parts: a whole graph beside parts is refused" 1 \
    "mixed/big-p3-0.csr \\(rank 0\\) is a whole graph but mixed/big-p3-1.csr \\(rank 1\\) a part" \
    mpi 3 emogi-bfs 'mixed/big-p3-%d.csr' -s 1 -o kept.bin
fails "parts: --verify needs the whole graph" 1 "--verify checks the whole graph on rank 0" \
    mpi 3 emogi-bfs 'big-p3-%d.csr' -s 1 --verify -o kept.bin
emogi-convert csr bigw.csr 'bigw-p3-%d.csr' --partitions 3 -q
fails "parts: pagerank --weighted needs the whole graph" 1 "--weighted needs every vertex's out-weights" \
    mpi 3 emogi-pagerank 'bigw-p3-%d.csr' --weighted -o kept.bin
fails "parts: pagerank of a directed graph's parts without in-edges" 1 \
    "which the part files of a directed graph hold only when split with --transpose" \
    mpi 3 emogi-pagerank 'krond-p3-%d.csr' -o kept.bin
mpi 3 sh -c '[ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 1 ] && kill -KILL $$
             exec emogi-pagerank "big-p3-%d.csr" -o kept.bin' >/dev/null 2>err.txt
st=$?
[ "$st" -ne 0 ]; ok $? "parts: a killed rank ends the job (status $st)"
is "$(cat kept.bin)" old "parts: ... and after every refusal the existing output stays"
no_files_like "kept.bin.tmp.*" "parts: ... and no temporary is left"

# ---- GPU ranks: rank r on GPU (local rank mod GPUs), its lists placed
# alone; the files equal the single-process CPU run's ----
if why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1); then
    RANKS_ARGS="--device gpu --mem zerocopy"
    same_run "GPU ranks, zerocopy: bfs big" 2 big.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, zerocopy: bfs directed, 8-byte ids" 3 kront8.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, zerocopy: bfs directed, no transpose" 2 krond.csr emogi-bfs -n 2
    same_run "GPU ranks, zerocopy: top-down only" 3 stard.csr emogi-bfs -s 7 --direction push
    same_run "GPU ranks, zerocopy: bottom-up only" 3 stard.csr emogi-bfs -s 7 --direction pull
    RANKS_ARGS="--device gpu --mem device"
    same_run "GPU ranks, device memory: bfs big" 4 big.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, device memory: bfs star" 2 star.csr emogi-bfs -s 7
    same_run "GPU ranks, device memory: bfs directed, 8-byte ids" 3 kront8.csr emogi-bfs -n 2 --seed 7
    RANKS_ARGS="--device gpu --mem hybrid --gpu-memory 1G"
    same_run "GPU ranks, hybrid: bfs kron" 2 kron.csr emogi-bfs -n 2 --seed 7
    same_run "GPU ranks, hybrid: bfs directed star" 3 stard.csr emogi-bfs -s 7
    # a part's lists placed whole; ranges that cut bitmap words
    RANKS_ARGS="--device gpu --mem zerocopy"
    parts_run "GPU ranks: bfs big" 3 big.csr emogi-bfs -n 2 --seed 7
    parts_run "GPU ranks: bfs star, bottom-up only" 3 stard.csr emogi-bfs -s 7 --direction pull
    parts_run "GPU ranks: cc directed, 8-byte ids" 3 kront8.csr emogi-cc
    RANKS_ARGS=""
    fails "GPU ranks: compressed lists are refused" 1 "compressed" \
        mpi 2 emogi-bfs kronz.csr -s 1 --device gpu -o new.bin
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
    # EMOGI_NCCL=0: host buffers even where NCCL could run (ranks on GPUs
    # of their own); the same files
    RANKS_ARGS="--device gpu --mem zerocopy"
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
    unset EMOGI_NCCL
    # top-down ids in rounds of 3 a pair (NCCL's or MPI's), each round's
    # receipt claimed before the next
    EMOGI_MPI_CHUNK=3
    export EMOGI_MPI_CHUNK
    same_run "GPU ranks, pieces of 3: bfs" 2 big.csr emogi-bfs -n 2 --seed 7
    unset EMOGI_MPI_CHUNK
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
    RANKS_ARGS=""
    fails "GPU ranks: sssp on compressed lists is refused" 1 "compressed" \
        mpi 2 emogi-sssp kwz.csr -s 1 --device gpu -o new.bin
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
    while [ $i -lt 63 ]; do skip "GPU ranks: no CUDA device: $why"; i=$((i + 1)); done
fi
finish
