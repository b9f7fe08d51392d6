#!/bin/sh
# mpi.sh - the traversal tools as MPI ranks on the CPU (issue 14): under
# mpirun -np 1 to 4 (oversubscribed: CI has 2 cores) emogi-bfs (depths and
# parents), emogi-cc, emogi-pagerank (--method jacobi, reproducible) and
# emogi-sssp (uint32, float32 and unit weights) write the single-process
# CPU run's files byte for byte, on Kronecker graphs (undirected, directed
# with and without a transpose, 4- and 8-byte ids, compressed lists), a
# star of huge degree beside isolated vertices and a path, and a graph
# large enough to split PageRank's 2048-vertex blocks over four ranks
# (files written by each rank at its offset, .npy too; --weighted PageRank
# on uint32 and float32 weights, compressed lists, and enough vertices for
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
# an MPI build.  GPU ranks: tests/mpi_gpu.sh; what the two share (mpirun,
# the graphs, same_run and parts_run): tests/lib/mpi.sh.
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
. "$top_srcdir/tests/lib/mpi.sh" # skips all where mpirun is missing

plan 235

# ---- graphs ----
mpi_graphs
# --weighted PageRank on enough vertices for four ranks (uint32 weights)
emogi-convert kron -s 13 -e 4 --seed 10 --weights random:1:255 bigw.csr -q --directed --transpose

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
# the first level from the source's list, broadcast (repeats and the
# source itself in it), or exchanged where the list is past 8192 ids
for np in 2 3 4; do
    same_run "bfs, a first list with itself and repeats, -np $np" "$np" loopy.csr emogi-bfs -s 5
done
same_run "bfs, a first list past the broadcast, top-down" 3 bighub.csr emogi-bfs -s 0 \
    --direction push
same_run "bfs, a first list past the broadcast" 4 bighub.csr emogi-bfs -s 0
same_run "bfs, from a leaf of the big hub" 4 bighub.csr emogi-bfs -s 9050 --direction push
same_run "sssp --delta 1" 3 kw.csr emogi-sssp -s 5 --delta 1
same_run "sssp float, --delta 0.001" 3 kwf.csr emogi-sssp -s 5 --delta 0.001
same_run "sssp float --text" 3 kwf.csr emogi-sssp -s 5 --text

# ---- part files: rank r maps part r alone ----
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

# ---- mpirun's binding (dist/runtime.c, binding_warning) ----
# Open MPI binds a rank it starts alone to one core: rank 0 warns when
# its threads outnumber that core, or, with OMP_NUM_THREADS unset, that
# it has one of its launcher's CPUs; unbound, it says nothing
emogi-cc kron.csr --device cpu -o want.bin
cpus=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
bound=$($MPIRUN --bind-to core -np 1 sh -c 'grep "^Cpus_allowed_list" /proc/self/status' \
    2>/dev/null | cut -f2)
if [ "$cpus" -ge 2 ] && echo "$bound" | grep -Eq '^[0-9]+$'; then
    OMP_NUM_THREADS=2 $MPIRUN --bind-to core -np 1 emogi-cc kron.csr -o out.bin 2>err.txt
    same_file want.bin out.bin "cc under mpirun -np 1 bound to a core"
    grep -q "warning: rank 0's 2 OpenMP threads share the 1 CPU it is bound to; run mpirun --bind-to none" \
        err.txt
    ok $? "... warns that its 2 threads share the core"
    (unset OMP_NUM_THREADS; exec $MPIRUN --bind-to core -np 1 emogi-cc kron.csr -o out.bin) 2>err.txt
    grep -q "warning: mpirun bound rank 0 to 1 of its $cpus CPUs" err.txt
    ok $? "... and, OMP_NUM_THREADS unset, that it has 1 of the $cpus CPUs"
    OMP_NUM_THREADS=2 $MPIRUN --bind-to none -np 1 emogi-cc kron.csr -o out.bin 2>err.txt
    is "$(cat err.txt)" "" "unbound, 2 threads: no warning"
else
    for i in 1 2 3 4; do
        skip "no binding to one core of two CPUs here ($cpus CPUs; bound to '$bound')"
    done
fi
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

# ---- the direction rule on global counts ----
# auto stays bottom-up where gap goes back top-down on this graph, so both
# rules are exercised
for d in auto gap; do
    same_levels "bfs --direction $d" 3 big.csr -n 8 --seed 3 --direction $d
    cp want.txt "levels.$d"
done
ok "$(test "$(levels_of levels.auto)" != "$(levels_of levels.gap)"; echo $?)" \
    "bfs: auto and gap take different levels bottom-up on big.csr"

# ---- --stats: a record per rank, and their sums ----
mpi 3 emogi-bfs big.csr -s 1 --json -o out.bin 2>stats.txt >/dev/null
ranks=$(grep -c '"event":"rank"' stats.txt)
is "$ranks" 3 "--stats under mpirun -np 3: three rank records"
sum=$(grep '"event":"rank"' stats.txt | sed 's/.*"bytes_sent":\([0-9]*\).*/\1/' |
    awk '{ s += $1 } END { print s }')
total=$(grep '"event":"ranks"' stats.txt | sed 's/.*"bytes_sent":\([0-9]*\).*/\1/')
is "$total" "$sum" "--stats: the ranks record sums the bytes each rank sent"
# the text form: "TOOL: rank=R ...", the key not doubled by a word
mpi 2 emogi-bfs big.csr -s 1 --stats -o out.bin 2>stats-text.txt >/dev/null
is "$(grep -c ': rank=[01] ' stats-text.txt) $(grep -c 'rank rank=' stats-text.txt)" "2 0" \
    "--stats text: a line per rank as 'rank=R', not 'rank rank=R'"
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
is "$(grep ': level level=' trace.txt |
    sed 's/.* ranks_gpu=\([^ ]*\) ranks_comm=\([^ ]*\) ranks_link=\([^ ]*\) ranks_lists=\([^ ]*\)$/\1,\2,\3,\4/' |
    awk -F, '{ print NF }' | sort -u)" 12 \
    "EMOGI_TRACE_LEVELS: every level gives the 3 ranks' GPU, exchange and list seconds and link bytes"
# CPU ranks: reading lists is part of a level, and no more than it; a
# level whose lists rank 0 reads in under a microsecond (the first, a
# pass over a broadcast list; a last one that finds a few vertices) prints
# 0, so only the whole search must show some
grep ': level level=' trace.txt |
    sed 's/.* level=\([0-9]*\) .* seconds=\([^ ]*\) .* ranks_lists=\([^,]*\),.*/\1 \2 \3/' \
    >lists.txt
is "$(awk '{ print $3 <= $2 ? "ok" : "bad: " $0 }' lists.txt | sort -u)" ok \
    "EMOGI_TRACE_LEVELS: rank 0's list seconds within each level's"
awk '$3 > 0 { n++ } END { exit !(n > 0) }' lists.txt
ok $? "EMOGI_TRACE_LEVELS: rank 0's lists take time in some level"

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

# ---- ranks that disagree (issue 48): one record agreed at the open,
# every rank stopping with rank 0's message naming the difference and
# the rank; never a crash or a hang (timeout 60) ----
echo old >kept.bin
fails "ranks given different sources stop with the same message" 1 \
    "the ranks disagree: rank 1 was given other sources than rank 0" \
    timeout 60 $MPIRUN -np 1 emogi-bfs kron.csr -s 0 -o kept.bin : -np 1 emogi-bfs kron.csr -s 1 -o kept.bin
fails "ranks running different programs stop (no deadlock)" 1 \
    "the ranks disagree: rank 1 runs emogi-cc [^ ]*, rank 0 emogi-bfs" \
    timeout 60 $MPIRUN -np 1 emogi-bfs kron.csr -s 0 -o kept.bin : -np 1 emogi-cc kron.csr -o kept.bin
fails "ranks given different options stop" 1 "rank 2 was given other options than rank 0" \
    timeout 60 $MPIRUN -np 2 emogi-bfs big.csr -s 1 -o kept.bin : -np 1 emogi-bfs big.csr -s 1 \
    --direction push -o kept.bin
mkdir -p wd0 wd1
cp kw.csr wd0/w.csr && cp kwz.csr wd1/w.csr
fails "ranks seeing different files under one name stop (sssp)" 1 \
    "rank 1's w.csr is not the file rank 0 opened as w.csr" \
    timeout 60 $MPIRUN -np 1 -wdir "$T/wd0" emogi-sssp w.csr -s 0 -o "$T/kept.bin" : \
    -np 1 -wdir "$T/wd1" emogi-sssp w.csr -s 0 -o "$T/kept.bin"
cp kron.csr wd0/g.csr && cp kronz.csr wd1/g.csr
fails "ranks seeing different files under one name stop (bfs)" 1 \
    "rank 1's g.csr is not the file rank 0 opened as g.csr" \
    timeout 60 $MPIRUN -np 1 -wdir "$T/wd0" emogi-bfs g.csr -s 0 -o "$T/kept.bin" : \
    -np 1 -wdir "$T/wd1" emogi-bfs g.csr -s 0 -o "$T/kept.bin"
is "$(cat kept.bin)" old "... and after every disagreement the existing output stays"
cp kron.csr wd1/g.csr
runs "ranks seeing copies of one file under one name run" \
    timeout 60 $MPIRUN -np 1 -wdir "$T/wd0" emogi-bfs g.csr -s 0 -o "$T/out.bin" : \
    -np 1 -wdir "$T/wd1" emogi-bfs g.csr -s 0 -o "$T/out.bin"
finish
