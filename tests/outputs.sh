#!/bin/sh
# outputs.sh - where the tools write, and what they refuse to touch.
# A regular output is replaced through a temporary; a device node, a FIFO
# or standard output is written in place and stays what it was; a link
# stays a link.  Two outputs into one file, an output over an input or the
# graph, and a graph that is a FIFO are refused before any work.  Device
# nodes are made (as root) only inside this test's own folder.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 61
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
command -v timeout >/dev/null || skip_all "timeout(1) is needed to bound FIFO waits"
T10="timeout 10"

emogi-convert wel "$DATA/tiny.wel" g.csr --undirected -q || skip_all "cannot convert tiny.wel"
cp g.csr g.orig

# one command line per tool, each writing its result to the file that follows
C_bfs="emogi-bfs g.csr -s 0 --device cpu -o"
C_sssp="emogi-sssp g.csr -s 0 --device cpu -o"
C_cc="emogi-cc g.csr --device cpu -o"
C_pagerank="emogi-pagerank g.csr --device cpu -o"
C_convert="emogi-convert -q el $DATA/tiny.el"
TOOLS="bfs sssp cc pagerank convert"
cmd() { eval "echo \"\$C_$1\""; }
for t in $TOOLS; do $(cmd $t) "ref.$t" || diag "$t: reference run failed"; done

# ---- a character device node as output (root only) ----
if mknod null c 1 3 2>/dev/null; then
    for t in $TOOLS; do
        $(cmd $t) null 2>.err
        st=$?
        test "$st" -eq 0 && test -c null
        ok $? "$t: a null device as output: exit $st, still a character device"
    done
    emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents null
    st=$?
    test "$st" -eq 0 && test -c null
    ok $? "bfs: a null device as --parents: exit $st, still a character device"
    rm -f null
else
    for t in $TOOLS bfs; do skip "mknod is refused (not root, or no CAP_MKNOD): no device node to write to"; done
fi

# ---- a FIFO as output: its reader gets exactly the bytes a file gets ----
for t in $TOOLS; do
    rm -f fifo got && mkfifo fifo
    $T10 cat fifo >got &
    reader=$!
    $T10 $(cmd $t) fifo
    st=$?
    wait $reader
    test "$st" -eq 0 && test -p fifo && cmp -s got "ref.$t"
    ok $? "$t: a FIFO as output: exit $st, still a FIFO, its reader got the file's bytes"
done
rm -f fifo got && mkfifo fifo
$T10 cat fifo >got &
reader=$!
EMOGI_CONVERT_RUN_EDGES=2 $T10 emogi-convert el "$DATA/tiny.el" fifo -q
st=$?
wait $reader
test "$st" -eq 0 && cmp -s got ref.convert
ok $? "convert: out of core (runs of 2 edges) into a FIFO: exit $st, the same bytes"
EMOGI_CONVERT_RUN_EDGES=2 $T10 emogi-convert el "$DATA/tiny.el" - -q | cat >got
cmp -s got ref.convert
ok $? "convert: out of core into a pipe (OUTPUT -): the same bytes"

# ---- standard output under another name ----
emogi-bfs g.csr -s 0 --device cpu -o /dev/fd/1 >got 2>.err
st=$?
test "$st" -eq 0 && cmp -s got ref.bfs
ok $? "bfs -o /dev/fd/1 writes to standard output (exit $st)"
emogi-convert el "$DATA/tiny.el" /dev/fd/1 -q >got 2>.err
st=$?
test "$st" -eq 0 && cmp -s got ref.convert
ok $? "convert to /dev/fd/1 writes to standard output (exit $st)"

# ---- a symbolic link to a regular file: the link stays, its target changes ----
for t in $TOOLS; do
    rm -f link target && echo old >target && ln -s target link
    $(cmd $t) link
    st=$?
    test "$st" -eq 0 && test -L link && cmp -s target "ref.$t"
    ok $? "$t: a link as output: exit $st, still a link, its target has the result"
done
no_files_like 'target.tmp.*' "no temporary left beside the target"

# ---- two outputs into one file or stream ----
echo keep >d.bin
ln d.bin hard.bin
ln -s d.bin soft.bin
same_out() { # DESCRIPTION ARGS...: usage error, both outputs named
    d=$1; shift
    fails "bfs refuses $d" 2 'same file or stream' emogi-bfs g.csr -s 0 --device cpu "$@"
}
same_out "-o d.bin --parents d.bin" -o d.bin --parents d.bin
same_out "./d.bin spelling" -o d.bin --parents ./d.bin
same_out "a hard link" -o d.bin --parents hard.bin
same_out "a symbolic link" -o soft.bin --parents d.bin
same_out "--parents - beside depths on standard output" --parents -
# /dev/fd/1, not /dev/stdout: should the check regress, an old-style writer
# could not rename over anything under /proc, while /dev/stdout is replaceable
same_out "--parents /dev/fd/1 beside -o -" -o - --parents /dev/fd/1
same_out "two new names for one file" -o new.bin --parents ./new.bin
is "$(cat d.bin)" keep "... and d.bin is untouched"
no_files_like 'new.bin*' "... and nothing was created"
emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents p.bin 2>.err
ok $? "bfs: two different outputs still work"

# ---- an output over the graph ----
ln g.csr g.hard
ln -s g.csr g.soft
fails "bfs -o g.csr is refused" 2 'is the graph file' emogi-bfs g.csr -s 0 --device cpu -o g.csr
fails "sssp -o ./g.csr is refused" 2 'is the graph file' $(cmd sssp) ./g.csr
fails "cc -o a hard link to the graph is refused" 2 'is the graph file' $(cmd cc) g.hard
fails "pagerank -o a link to the graph is refused" 2 'is the graph file' $(cmd pagerank) g.soft
fails "bfs --parents g.csr is refused" 2 'is the graph file' emogi-bfs g.csr -s 0 -o d.bin --parents g.csr
emogi-bfs g.csr -s 0 --device cpu >>g.csr 2>.err
is "$?" 2 "bfs with standard output appended to the graph is refused"
same_file g.csr g.orig "... and the graph is intact"

# ---- emogi-convert: OUTPUT over an input ----
cp "$DATA/tiny.el" s.el
ln s.el s.hard
ln -s s.el s.soft
over_input() { # DESCRIPTION ARGS...: usage error naming both, s.el intact
    d=$1; shift
    fails "convert refuses $d" 2 'same file as the input' emogi-convert "$@"
    same_file s.el "$DATA/tiny.el" "... s.el is intact"
}
over_input "OUTPUT = INPUT" el s.el s.el
over_input "OUTPUT ./s.el" el s.el ./s.el
over_input "OUTPUT as an absolute path with /./" el s.el "$T/./s.el"
over_input "a hard link" el s.hard s.el
over_input "a symbolic link" el s.el s.soft
emogi-convert el - s.el <s.el >/dev/null 2>.err
is "$? $(grep -c 'same file as the input' .err)" "2 1" "convert refuses standard input's file as OUTPUT"
W="$DATA/webgraph"
cp "$W/tiny.graph" "$W/tiny.properties" "$W/tiny.offsets" .
for part in graph offsets properties; do
    cp "tiny.$part" keep
    fails "convert webgraph refuses OUTPUT tiny.$part" 2 'same file as the input' \
        emogi-convert webgraph tiny "tiny.$part" -q
    same_file "tiny.$part" keep "... tiny.$part is intact"
done

# ---- graphs that are FIFOs: refused at once, not waited on ----
mkfifo f.csr
for cmd in "emogi-info f.csr" "emogi-bfs f.csr -s 0 --device cpu" "emogi-verify bfs f.csr -s 0 ref.bfs"; do
    # shellcheck disable=SC2086
    fails "$cmd: a FIFO graph is refused" 1 'f.csr: not a regular file' $T10 $cmd
done
mkdir wg && cp tiny.graph tiny.properties wg/ && mkfifo wg/tiny.offsets
fails "webgraph with a FIFO .offsets is refused" 1 'tiny.offsets: not a regular file' \
    $T10 emogi-convert webgraph wg/tiny wg.csr -q --threads 2
# a text input may be a FIFO: it is streamed, not mapped
rm -f in.el && mkfifo in.el
$T10 cat "$DATA/tiny.el" >in.el &
$T10 emogi-convert el in.el fromfifo.csr -q
st=$?
wait
test "$st" -eq 0 && emogi-info --edges fromfifo.csr >a.txt && emogi-info --edges ref.convert >b.txt &&
    cmp -s a.txt b.txt
ok $? "a FIFO as text input still converts (exit $st), to the same edges"

# ---- SIGKILL while the file is written: no full-size temporary left ----
# Writing has begun once an unnamed temporary ("/folder/#inode (deleted)"
# in /proc) or the named fallback (k.csr.tmp.XXXXXX) is open.
emogi-convert kron -s 18 k.csr -q --threads 1 &
pid=$!
seen=
i=0
while [ $i -lt 1500 ] && [ -z "$seen" ] && kill -0 $pid 2>/dev/null; do
    ls -l "/proc/$pid/fd" 2>/dev/null | grep -q '/#[0-9]* (deleted)' && seen=unnamed
    ls k.csr.tmp.* >/dev/null 2>&1 && seen=named
    [ -n "$seen" ] || sleep 0.01
    i=$((i + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null # no "Killed" from the shell in the log
st=$?
if [ "$st" -eq 0 ]; then
    skip "the conversion finished before the signal"
elif [ "$seen" = unnamed ]; then
    after_kill k.csr "SIGKILL mid-write leaves no file and no temporary (status $st)"
elif [ "$seen" = named ]; then
    skip "no O_TMPFILE in $T: a killed writer leaves k.csr.tmp.XXXXXX (documented)"
else
    skip "writing had not begun when the wait ended (status $st)"
fi
finish
