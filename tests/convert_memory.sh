#!/bin/sh
# convert_memory.sh - --memory is a bound on emogi-convert's peak resident
# memory, as the kernel measures it (tests/lib/peakrss: ru_maxrss of the child),
# give or take the program's own overhead, which emogi-convert(1) states
# (OVERHEAD below, with room to spare).  Vertices that cannot fit stop the
# conversion before the work, naming the figure; a line too long to hold
# is refused with its number; streamed input stays within the bound; a
# graph too large to build in memory goes through runs and gives the same
# file, compressed or not; per-thread sort buffers are a share of the bound, and what outgrows
# them is sorted in place to the same file.  The commands that once took
# gigabytes run under ulimit -v so that a regression fails here instead of
# taking the machine.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
# A sanitizer's shadow memory is not the program's, and ulimit -v stops it
# from starting: the bounds are measured in the plain build.
if command -v ldd >/dev/null && ldd "$EMOGI_BIN/emogi-convert" 2>/dev/null |
    grep -q -e libasan -e libubsan -e libtsan; then
    skip_all "emogi-convert is built with sanitizers, whose memory is not the program's"
fi
plan 58
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
OVERHEAD=8192 # KiB

# peak LIMIT_KIB DESCRIPTION CMD... : CMD's peak stays below LIMIT (rss.txt keeps it)
peak() {
    lim=$1 d=$2; shift 2
    (ulimit -v 8388608; exec "$EMOGI_BIN/tests/lib/peakrss" rss.txt "$@")
    st=$?
    r=$(cat rss.txt)
    [ "$r" -lt "$lim" ]
    ok $? "$d (peak $r KiB, limit $lim)"
    return $st
}
mib() { echo $(($1 * 1024 + OVERHEAD)); }

# ---- sparse ids without --relabel: per-vertex arrays past the bound
printf '0 1\n268435456 1\n' >h.el
peak 16384 "ids up to 2^28 at --memory 256M stop at once" \
    emogi-convert el h.el h.csr --memory 256M 2>h.err
is "$?" 1 "... with status 1"
is "$(cat h.err)" "emogi-convert: h.el: 268435457 vertices need 2.0 GiB of per-vertex arrays, \
over --memory 256 MiB; use --relabel for sparse ids, or a larger --memory" \
    "... naming the vertices, their bytes, the bound and the ways out"
no_files_like 'h.csr*' "... leaving no output"
printf '0 1\n2147483648 1\n' >h2.el
peak 16384 "ids up to 2^31 stop as early" emogi-convert el h2.el h2.csr --memory 256M 2>h2.err
grep -q 'h2.el: 2147483649 vertices need 16.0 GiB of per-vertex arrays, over --memory 256 MiB' \
    h2.err
ok $? "... 8 bytes of offsets per vertex: 16.0 GiB"
peak 16384 "with --relabel the same ids convert in a few MiB" \
    emogi-convert el h2.el r.csr --memory 256M --relabel -q
is "$(emogi-info --edges --original-ids r.csr | tr '\n' ' ')" "0 1 2147483648 1 " \
    "... to the input's edges, through the id map"
printf '%%%%MatrixMarket matrix coordinate pattern general\n3000000000 3000000000 1\n1 2\n' >big.mtx
peak 16384 "an mtx size line past the bound stops before the entries" \
    emogi-convert mtx big.mtx m.csr --memory 1G 2>m.err
grep -q 'big.mtx: 3000000000 vertices need 22.4 GiB of per-vertex arrays' m.err
ok $? "... naming its vertices"
peak 16384 "a generator past the bound stops before generating" \
    emogi-convert kron -s 22 k.csr --memory 16M 2>k.err
grep -q 'kron: 4194304 vertices need 32.0 MiB of per-vertex arrays, over --memory 16 MiB' k.err
ok $? "... naming its vertices"

# ---- per-vertex arrays that fit for a merge but not for an in-memory build
printf '0 1\n2097152 1\n5 2097152\n' >m.el
emogi-convert el m.el ref.csr -q
peak "$(mib 24)" "2^21 vertices at --memory 24M: through a run" \
    emogi-convert el m.el mo.csr --memory 24M --stats 2>mo.err
grep -q 'out of core: 1 runs' mo.err
ok $? "... the in-memory build (32 MiB of offsets and lengths alone) was not tried"
same_file ref.csr mo.csr "... the file the in-memory build writes"

# ---- many threads (a 64-core host): each holds buffers of its own, and
# without --threads no more run than --memory holds
emogi-convert kron -s 12 --directed th.csr -q && emogi-info --edges th.csr >th.el
peak "$(mib 4)" "64 threads (OMP_NUM_THREADS) at --memory 4M: as many as fit, within it" \
    env OMP_NUM_THREADS=64 emogi-convert el th.el th4.csr --memory 4M -q
emogi-info --edges th4.csr >got.txt
same_file th.el got.txt "... the graph"
echo keep >t64.csr
emogi-convert el th.el t64.csr --memory 2M --threads 64 -q 2>t64.err
is "$?" 1 "--threads 64 at --memory 2M: status 1"
grep -q 'too small: .*; use a larger --memory or fewer --threads$' t64.err
ok $? "... naming both ways out"
is "$(cat t64.csr)" keep "... the old output kept"

# ---- lines too long to hold
head -c 4194304 /dev/zero | tr '\0' ' ' | gzip -c >sp.el.gz
peak "$(mib 32)" "a 4 MiB line of blanks (gzip) at --memory 32M is not held whole" \
    emogi-convert el sp.el.gz s.csr --memory 32M 2>s.err
is "$(cat s.err)" "emogi-convert: sp.el.gz:1: line longer than 1048576 bytes" \
    "... refused, naming file and line"
no_files_like 's.csr*' "... leaving no output"
{ printf '0 1\n1 2\n'; head -c 2000000 /dev/zero | tr '\0' x; printf '\n3 4\n'; } >l3.el
fails "a long line in a mapped file" 1 '^emogi-convert: l3\.el:3: line longer than 1048576 bytes$' \
    emogi-convert el l3.el l.csr --memory 32M
cat l3.el >l3pipe.el
fails "... and on standard input" 1 '^emogi-convert: <stdin>:3: line longer than 1048576 bytes$' \
    sh -c 'emogi-convert el - l.csr --memory 32M <l3pipe.el'
{ printf '0 1'; head -c 1048573 /dev/zero | tr '\0' ' '; printf '\n1 2\n'; } >edge.el
cat edge.el | emogi-convert el - e.csr -q --memory 32M
is "$(emogi-info --edges e.csr | tr '\n' ' ')" "0 1 1 2 " "a line of exactly 1048576 bytes is read"
{ printf '0 1'; head -c 1048574 /dev/zero | tr '\0' ' '; printf '\n1 2\n'; } >over.el
fails "... one byte more is not" 1 'over\.el:1: line longer than 1048576 bytes' \
    emogi-convert el over.el o.csr --memory 32M

# ---- streamed input within the bound (it used to take 64 MiB blocks)
emogi-convert kron -s 18 --directed k.csr -q
emogi-info --edges k.csr >k.el
emogi-info --edges k.csr >want.txt
mkfifo k.pipe
cat k.el >k.pipe &
peak "$(mib 32)" "a 54 MB edge list through a pipe at --memory 32M" \
    emogi-convert el - p.csr --memory 32M --stats <k.pipe 2>p.err
wait
emogi-info --edges p.csr >got.txt
same_file want.txt got.txt "... gives the graph"
n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' p.err)
[ "${n:-0}" -ge 2 ]
ok $? "... through $n runs"
gzip -1 -c k.el >k.el.gz
peak "$(mib 32)" "the same gzip-compressed" emogi-convert el k.el.gz g.csr --memory 32M -q
emogi-info --edges g.csr >got.txt
same_file want.txt got.txt "... gives the graph"
peak "$(mib 32)" "the same from a mapped file: parsed pages are given back" \
    emogi-convert el k.el f.csr --memory 32M -q
emogi-info --edges f.csr >got.txt
same_file want.txt got.txt "... gives the graph"

# ---- each thread's sort buffers are a share of --memory, not the size of
# the largest block or list: a hub's block past them is grouped in place and
# its list sorted in place (at 64M a thread's scratch is at most 131072
# slots; kron -s 16 has a block of 228620), to the same file
emogi-convert kron -s 16 ref16.csr -q
emogi-convert kron -s 16 s16.csr -q --memory 64M
same_file ref16.csr s16.csr "kron -s 16: blocks past the sort scratch, grouped in place"
set -- kron -s 11 -e 128 --weights random:1:3 --keep-duplicates --reorder degree
emogi-convert "$@" rw.csr -q
emogi-convert "$@" rws.csr -q --memory 16M
same_file rw.csr rws.csr "--reorder: weighted lists past the thread's buffer, heapsorted in place"
# ---- the WebGraph reader holds the whole graph: refused before it reads
# one past the bound; within it, the same file through runs
W="$DATA/webgraph/cnr-2000"
peak 16384 "cnr-2000 at --memory 16M is refused before it is read" \
    emogi-convert webgraph "$W" w.csr --memory 16M 2>w.err
grep -q 'cnr-2000: the webgraph reader holds the whole graph: 325557 nodes and 3216152 arcs need 53.0 MiB, over' \
    w.err
ok $? "... naming the nodes, the arcs and what they need"
emogi-convert webgraph "$W" wref.csr -q
emogi-convert webgraph "$W" w64.csr -q --memory 64M
same_file wref.csr w64.csr "... at 64M it converts, to the same file"

# ---- a graph built in memory only when its build fits
peak "$(mib 8)" "kron -s 16 at --memory 8M" emogi-convert kron -s 16 b.csr --memory 8M --stats \
    2>b.err
same_file ref16.csr b.csr "... the in-memory file, byte for byte"
grep -q 'out of core' b.err
ok $? "... through runs"
emogi-convert kron -s 16 --compress ref16c.csr -q
peak "$(mib 8)" "kron -s 16 --compress at --memory 8M: lists encoded in the merge" \
    emogi-convert kron -s 16 --compress bc.csr --memory 8M --stats 2>bc.err
same_file ref16c.csr bc.csr "... the in-memory compressed file, byte for byte"
grep -q 'out of core' bc.err
ok $? "... through runs"
peak "$(mib 16)" "--reorder past the bound is refused before generating" \
    emogi-convert kron -s 17 x.csr --reorder bfs --memory 16M 2>x.err
grep -Eq 'kron: --reorder needs the graph in memory: [0-9.]+ MiB, over --memory 16 MiB' x.err
ok $? "... naming what it needs"

# ---- --string-ids: the names and the graph are built in memory, within
# the bound; past it the edges go out of core (the input read twice), and
# past it again the names too (sorted runs in --tmpdir); a bound too small
# for the names' offsets stops within it, leaving nothing
awk 'BEGIN { for (i = 1; i <= 400000; i++) print "vertex" i, "vertex" (i * 7919) % 400000 }' \
    >names.el
emogi-convert el names.el nref.csr -q --string-ids
peak "$(mib 64)" "--string-ids: 400000 names at --memory 64M" \
    emogi-convert el names.el n64.csr -q --string-ids --memory 64M
same_file nref.csr n64.csr "... the file of the unbounded conversion"
peak "$(mib 32)" "--string-ids at --memory 32M: the edges out of core, within it" \
    emogi-convert el names.el n32.csr --string-ids --memory 32M --stats 2>n32.err
same_file nref.csr n32.csr "... the file of the unbounded conversion"
grep -q "out of core: [0-9]* runs" n32.err
ok $? "... through runs"
peak "$(mib 8)" "--string-ids at --memory 8M: the names out of core too, within it" \
    emogi-convert el names.el n8.csr --string-ids --memory 8M --progress 2>n8.err
same_file nref.csr n8.csr "... the file of the unbounded conversion"
grep -q "names do not fit in --memory: sorted runs" n8.err
ok $? "... the names through runs"
echo keep >n4.csr
ls | grep -v -e '^n4.err$' -e '^before.txt$' -e '^after.txt$' >before.txt
peak "$(mib 4)" "--string-ids past --memory 4M stops within it" \
    emogi-convert el names.el n4.csr --string-ids --memory 4M 2>n4.err
grep -Eq '^emogi-convert: names.el: string ids: [0-9]+ names need .* of offsets' n4.err
ok $? "... naming the input and the bound"
ls | grep -v -e '^n4.err$' -e '^before.txt$' -e '^after.txt$' >after.txt
is "$(cat n4.csr)$(diff before.txt after.txt | grep -c '^[<>]')" "keep0" \
    "... the old output kept, no file left behind"
finish
