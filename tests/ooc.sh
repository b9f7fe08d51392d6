#!/bin/sh
# ooc.sh - out-of-core conversion: runs so small that every few edges make
# one (EMOGI_CONVERT_RUN_EDGES) must give the very file the in-memory build
# gives (whose own tests compare with hand-written graphs), for every kind
# of input and option; so must a --memory that makes a few big runs; a
# hand-checked graph through runs; standard input; a --tmpdir that fills up
# or is missing; a signal mid-conversion; --compress, whose lists the merge
# encodes as it writes them.  Nothing may be left behind in --tmpdir or
# beside the output.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 68
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
mkdir runs

# same_as_memory DESCRIPTION ARGS... : runs of at most $RUN edges against in memory
RUN=1
same_as_memory() {
    d=$1; shift
    emogi-convert "$@" mem.csr -q 2>mem.err
    EMOGI_CONVERT_RUN_EDGES=$RUN emogi-convert "$@" ooc.csr -q --tmpdir runs --stats 2>ooc.err
    n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' ooc.err)
    if [ "${n:-0}" -ge 2 ] && cmp -s mem.csr ooc.csr; then ok 0 "$d ($n runs)"; else
        ok 1 "$d"; diag "runs: ${n:-none}"; sed 's/^/# /' mem.err ooc.err | head -5
        cmp mem.csr ooc.csr 2>&1 | sed 's/^/# /'
    fi
    rm -f mem.csr ooc.csr
}

S="$DATA/convert_small.el"
same_as_memory "el, directed" el "$S"
same_as_memory "el --undirected" el "$S" --undirected
same_as_memory "el --transpose" el "$S" --transpose
same_as_memory "el --keep-self-loops --keep-duplicates" el "$S" --keep-self-loops --keep-duplicates
same_as_memory "el --undirected --keep-self-loops" el "$S" --undirected --keep-self-loops
same_as_memory "el --id-width 8" el "$S" --id-width 8
same_as_memory "el, sparse 64-bit ids, --relabel" el "$DATA/convert_sparse.el" --relabel
same_as_memory "wel: duplicates keep their smallest weight" wel "$DATA/convert_small.wel"
same_as_memory "wel --undirected" wel "$DATA/convert_small.wel" --undirected
same_as_memory "wel --keep-duplicates" wel "$DATA/convert_small.wel" --keep-duplicates
same_as_memory "wel --transpose" wel "$DATA/convert_small.wel" --transpose
same_as_memory "wel, real weights" wel "$DATA/tiny_real.wel"
same_as_memory "el --weights random" el "$S" --undirected --weights random:10:20 --seed 5
same_as_memory "mtx symmetric" mtx "$DATA/convert_sym.mtx"
same_as_memory "mtx general --transpose" mtx "$DATA/convert_general.mtx" --transpose
same_as_memory "mtx real" mtx "$DATA/tiny_real.mtx"
same_as_memory "mtx symmetric, karate club" mtx "$DATA/karate.mtx"
same_as_memory "mtx, --relabel --transpose --directed" mtx "$DATA/karate.mtx" --relabel --directed --transpose
RUN=500
same_as_memory "kron -s 8" kron -s 8
same_as_memory "kron -s 8 --directed --transpose --relabel" kron -s 8 --directed --transpose --relabel
same_as_memory "kron -s 8 --keep-duplicates --weights random" kron -s 8 -e 4 --keep-duplicates --weights random:1:9
same_as_memory "urand -s 8 --directed --keep-self-loops" urand -s 8 --directed --keep-self-loops

RUN=1
# a mix of integer and real weights split over runs: integers first
printf '0 1 7\n0 1 2\n1 2 3\n2 0 1\n2 1 4\n1 0 5\n0 2 0.5\n2 0 0.25\n1 2 1.5\n' >mixed.wel
same_as_memory "wel whose real weights arrive in a later run" wel mixed.wel
same_as_memory "... undirected" wel mixed.wel --undirected
# negative whole numbers need float32 too, though each is an integer
printf '0 1 7\n1 2 3\n2 0 1\n0 2 -2.0\n2 1 -4.0\n1 0 -0.5\n' >negw.wel
same_as_memory "wel whose negative whole weights arrive in later runs" wel negw.wel
same_as_memory "... undirected" wel negw.wel --undirected

# --compress: the merge encodes each list as it comes out; the bytes are the
# in-memory build's (whose lists convert_compress.sh decodes back to the
# plain file's), transpose, weights, 8-byte ids and --relabel's ids included
RUN=1
same_as_memory "el --compress" el "$S" --compress
same_as_memory "el --transpose --compress" el "$S" --transpose --compress
same_as_memory "el --id-width 8 --compress" el "$S" --id-width 8 --compress
same_as_memory "el --keep-self-loops --keep-duplicates --transpose --compress" \
    el "$S" --keep-self-loops --keep-duplicates --transpose --compress
printf '0 0\n1 1\n3 3\n' >loops.el
same_as_memory "el of self-loops only, --transpose --compress: empty lists" \
    el loops.el --transpose --compress
same_as_memory "wel --transpose --compress: weights beside compressed lists" \
    wel "$DATA/convert_small.wel" --transpose --compress
same_as_memory "wel, real weights, --compress" wel "$DATA/tiny_real.wel" --compress
same_as_memory "el, sparse 64-bit ids, --relabel --compress" el "$DATA/convert_sparse.el" \
    --relabel --compress
RUN=500
same_as_memory "kron -s 8 --directed --transpose --relabel --compress" \
    kron -s 8 --directed --transpose --relabel --compress
same_as_memory "kron -s 8 --weights random --id-width 8 --compress" \
    kron -s 8 --weights random:1:9 --id-width 8 --compress

# a larger graph with a memory limit that makes a few big runs
emogi-convert kron -s 14 big.csr -q
emogi-convert kron -s 14 bigooc.csr -q --memory 1M --tmpdir runs --stats 2>big.err
same_file big.csr bigooc.csr "kron -s 14 in 1 MB: the same file"
n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' big.err)
[ "${n:-0}" -ge 4 ]
ok $? "... made through $n runs"
emogi-info --verify bigooc.csr >/dev/null
ok $? "... and its checksums verify"
grep -q 'merge' big.err
ok $? "--stats reports the merge"
# compressed in 1 MB: hub lists whose encoding outgrows the merge's output
# buffer (1024 ids' worth at this bound) are encoded on their own
set -- kron -s 14 --directed --transpose --weights random:1:50 --compress
emogi-convert "$@" bigc.csr -q
emogi-convert "$@" bigcooc.csr -q --memory 1M --tmpdir runs --stats 2>bigc.err
same_file bigc.csr bigcooc.csr "kron -s 14 --transpose --weights --compress in 1 MB: the same file"
grep -q 'out of core' bigc.err
ok $? "... made through runs"
emogi-convert "$@" - -q --memory 1M --tmpdir runs | cat >bigcpipe.csr
same_file bigc.csr bigcpipe.csr "... the same into a pipe (OUTPUT -), through the spool"
emogi-info --verify bigcooc.csr >/dev/null
ok $? "... and its checksums verify"
emogi-convert kron -s 14 --directed --transpose --weights random:1:50 bigp.csr -q
is "$(emogi-info --edges bigcooc.csr | md5sum)" "$(emogi-info --edges bigp.csr | md5sum)" \
    "... emogi-info lists the plain file's edges from it"
emogi-bfs bigcooc.csr -s 0 --device cpu --verify -o bigc.d 2>bfs.err
grep -q '^emogi-bfs: source=0 verified$' bfs.err
ok $? "... emogi-bfs --device cpu searches it, verified"
emogi-bfs bigp.csr -s 0 --device cpu -o bigp.d 2>/dev/null
same_file bigp.d bigc.d "... to the plain graph's depths"

# hand-checked: convert_small.el is 0>1 0>2 1>2 2>0 2>2 0>1 3>1
EMOGI_CONVERT_RUN_EDGES=1 emogi-convert el "$S" h.csr -q --undirected --tmpdir runs
is "$(emogi-info --edges h.csr | tr '\n' ' ')" "0 1 0 2 1 0 1 2 1 3 2 0 2 1 3 1 " \
    "through runs: both directions, self-loop and duplicate dropped"

# standard input, plain and compressed
emogi-convert el "$S" ref.csr -q
cat "$S" | EMOGI_CONVERT_RUN_EDGES=1 emogi-convert el - in.csr -q --tmpdir runs
is "$(emogi-info --edges in.csr)" "$(emogi-info --edges ref.csr)" "el from standard input through runs"
gzip -c "$S" | EMOGI_CONVERT_RUN_EDGES=1 emogi-convert el - gz.csr -q --tmpdir runs
is "$(emogi-info --edges gz.csr)" "$(emogi-info --edges ref.csr)" "gzip on standard input through runs"
is "$(ls -A runs)" "" "no run file is left in --tmpdir"
no_files_like '*.tmp.*' "no temporary output is left"

# a --tmpdir that fills up: a file-size limit stands in for a full disk
mkdir small
(ulimit -f 40; EMOGI_CONVERT_RUN_EDGES=2000 exec emogi-convert kron -s 13 full.csr --tmpdir small) \
    2>full.err
st=$?
is "$st" 1 "a full --tmpdir fails with status 1"
grep -Eq 'small: run file: write failed.*(File too large|No space left)' full.err
ok $? "... naming the folder and the cause"
is "$(ls -A small)" "" "... leaving nothing in --tmpdir"
no_files_like 'full.csr*' "... and no output"

fails "a missing --tmpdir is refused" 1 'nowhere: cannot create a run file: No such file' \
    env EMOGI_CONVERT_RUN_EDGES=1 emogi-convert kron -s 8 x.csr --tmpdir nowhere
no_files_like 'x.csr*' "... leaving no output"

# a signal while runs are being written or merged
mkdir sig
EMOGI_CONVERT_RUN_EDGES=1000 emogi-convert kron -s 16 sig.csr --tmpdir sig -q &
pid=$!
sleep 1
kill -TERM "$pid" 2>/dev/null
wait "$pid"
st=$?
[ "$st" -ne 0 ] || diag "finished before the signal; the checks below still hold"
is "$(ls -A sig)" "" "SIGTERM mid-conversion leaves nothing in --tmpdir"
# Killed, it leaves no output, or a whole one; never a temporary or a
# partial file.
if [ "$st" -ne 0 ]; then
    after_kill sig.csr "... and no partial output"
else
    emogi-info --verify sig.csr >/dev/null 2>&1
    ok $? "... and a whole output"
fi

# progress: on a terminal only (or when asked), never with -q
export EMOGI_CONVERT_RUN_EDGES=5000
emogi-convert kron -s 12 pr.csr --tmpdir runs 2>quiet.err
is "$(cat quiet.err)" "" "no progress when standard error is a file"
emogi-convert kron -s 12 pr.csr --tmpdir runs --progress 2>prog.err
grep -q 'writing run 2 ' prog.err && grep -q 'merging runs' prog.err
ok $? "--progress reports runs and the merge"
emogi-convert kron -s 12 pr.csr --tmpdir runs --progress -q 2>q.err
unset EMOGI_CONVERT_RUN_EDGES
is "$(cat q.err)" "" "-q silences --progress"

# --memory is checked before anything is read
fails "--memory 0 is a usage error" 2 'memory wants a size' emogi-convert kron -s 8 y.csr --memory 0
fails "--memory 12X is a usage error" 2 'memory wants a size' emogi-convert kron -s 8 y.csr --memory 12X
fails "--memory -1 is a usage error" 2 'memory wants a size' emogi-convert kron -s 8 y.csr --memory -1
fails "EMOGI_CONVERT_RUN_EDGES must be a number" 2 'EMOGI_CONVERT_RUN_EDGES wants a number' \
    env EMOGI_CONVERT_RUN_EDGES=1k emogi-convert kron -s 8 y.csr
emogi-convert kron -s 8 k.csr -q --memory 2G --stats 2>k.err
grep -q 'out of core' k.err
is $? 1 "a graph within --memory is built in memory"
finish
