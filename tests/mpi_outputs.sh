#!/bin/sh
# mpi_outputs.sh - under mpirun -np 2 a run's outputs are committed
# together, as one process's are (tests/outputs_together.sh; issue 48):
# emogi-bfs, emogi-sssp, emogi-cc and emogi-pagerank with old files in
# place and a side output that fails (--parents or the --stats-file on
# /dev/full, a --stats-file in a folder that is missing or read-only,
# rank 1 unable to write its part of --parents or -o) exit 1 with a
# message, leave every old output byte for byte, leave no temporary (named
# ones, EMOGI_NO_TMPFILE, so that one left would show) and never hang
# (timeout); a run that succeeds replaces every output with one
# process's files.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
[ "${EMOGI_WITH_MPI:-}" = no ] && skip_all "built without MPI (tests/mpi.sh checks what it says)"
. "$top_srcdir/tests/lib/mpi.sh" # skips all where mpirun is missing
test -w /dev/full || skip_all "no /dev/full to fail a write"
plan 29

# 16384 vertices: depths 64 KiB, parents 128 KiB
emogi-convert kron -s 14 -e 2 --seed 3 --weights random:1:9 g.csr -q --undirected ||
    skip_all "cannot generate the graph"
echo old >old
EMOGI_NO_TMPFILE=1
export EMOGI_NO_TMPFILE

# the temporaries left in the folder, by name
temporaries() {
    for f in ./*.tmp.* ./.*.tmp.*; do
        [ -e "$f" ] && printf '%s ' "${f#./}"
    done
}

# a job that hangs fails its case, not the whole suite
MPI2="timeout 120 $MPIRUN -np 2"

# refused NAME REGEX "FILES" CMD...: with FILES old, CMD exits 1 saying
# REGEX, every FILE is still old, and no temporary is left
refused() {
    name=$1 re=$2 files=$3; shift 3
    for f in $files; do cp old "$f"; done
    "$@" >out.txt 2>err.txt
    st=$?
    why=""
    [ "$st" -eq 1 ] || why="exit $st, want 1"
    grep -Eq -- "$re" err.txt || why="${why:-no message /$re/}"
    for f in $files; do cmp -s old "$f" || why="${why:-$f was replaced}"; done
    left=$(temporaries)
    [ -z "$left" ] || why="${why:-left behind: $left}"
    rm -f ./*.tmp.*
    if [ -z "$why" ]; then ok 0 "$name"; else
        ok 1 "$name"; diag "$why"; sed 's/^/# /' err.txt | head -8
    fi
}

# limited BLOCKS CMD...: CMD as two ranks, rank 1 under a file size
# limit of BLOCKS blocks of 512 bytes (as POSIX sh counts), and Open MPI
# kept off shared memory, whose files the limit would stop
limited() {
    blocks=$1; shift
    # shellcheck disable=SC2016,SC2086 # the rank's own shell expands them; MPIRUN is words
    OMPI_MCA_btl=self,tcp timeout 120 $MPIRUN -np 2 sh -c \
        '[ "${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}" = 1 ] && ulimit -f "$0"; exec "$@"' \
        "$blocks" "$@"
}

ro_reason=""
[ "$(id -u)" = 0 ] && ro_reason="as root a read-only folder is still written"
mkdir ro && chmod a-w ro

for c in "bfs -s 0" "sssp -s 0" "cc" "pagerank --method jacobi"; do
    tool=emogi-${c%% *}
    args=""
    [ "$c" = "${c#* }" ] || args=${c#* }
    # shellcheck disable=SC2086
    $tool g.csr $args --device cpu -o ref.bin 2>err.txt || diag "$tool: no reference"

    # shellcheck disable=SC2086
    refused "$tool: --stats-file /dev/full: -o's old file stays" "/dev/full" "d.bin" \
        $MPI2 $tool g.csr $args --device cpu -o d.bin --stats-file /dev/full
    # shellcheck disable=SC2086
    refused "$tool: --stats-file in a missing folder: -o's old file stays" "nodir/s.txt" "d.bin" \
        $MPI2 $tool g.csr $args --device cpu -o d.bin --stats-file nodir/s.txt
    if [ -n "$ro_reason" ]; then
        skip "$tool: --stats-file in a read-only folder: $ro_reason"
    else
        # shellcheck disable=SC2086
        refused "$tool: --stats-file in a read-only folder: -o's old file stays" "ro/s.txt" \
            "d.bin" $MPI2 $tool g.csr $args --device cpu -o d.bin --stats-file ro/s.txt
    fi
    if [ "$tool" = emogi-bfs ]; then
        # the depths are written first, then the parents fail: on rank 0
        # (a device, written in place) or on rank 1 (its part: under 96
        # KiB, its depths end at 64 KiB and its parents past 96 KiB)
        # shellcheck disable=SC2086
        refused "$tool: --parents /dev/full: -o's and the --stats-file's old files stay" \
            "/dev/full" "d.bin s.txt" \
            $MPI2 $tool g.csr -s 0 --device cpu -o d.bin --parents /dev/full --stats-file s.txt
        # shellcheck disable=SC2086
        refused "$tool: rank 1 cannot write its part of --parents: every old file stays" \
            "p.bin: rank 1 could not write its part" "d.bin p.bin s.txt" \
            limited 192 $tool g.csr -s 0 --device cpu -o d.bin --parents p.bin --stats-file s.txt
    else
        # rank 1's part of -o (64 or 128 KiB) starts past 16 KiB
        # shellcheck disable=SC2086
        refused "$tool: rank 1 cannot write its part of -o: -o's and the --stats-file's old files stay" \
            "d.bin: rank 1 could not write its part" "d.bin s.txt" \
            limited 32 $tool g.csr $args --device cpu -o d.bin --stats-file s.txt
    fi

    # a run that succeeds replaces every output
    cp old d.bin; cp old p.bin; cp old s.txt
    extra=""
    [ "$tool" = emogi-bfs ] && extra="--parents p.bin" &&
        emogi-bfs g.csr -s 0 --device cpu -o ref_d.bin --parents ref_p.bin 2>err.txt
    # shellcheck disable=SC2086
    $MPI2 $tool g.csr $args --device cpu -o d.bin $extra --stats-file s.txt 2>err.txt
    st=$?
    test "$st" -eq 0 && cmp -s d.bin ref.bin && { [ -z "$extra" ] || cmp -s p.bin ref_p.bin; }
    ok $? "$tool: a run that succeeds: exit $st, -o${extra:+ and --parents} replaced by one process's files"
    grep -q "^$tool: ranks ranks=2 " s.txt
    ok $? "$tool: a run that succeeds: its --stats-file replaced, with the ranks' record"
    left=$(temporaries)
    is "$left" "" "$tool: a run that succeeds leaves no temporary"
done
