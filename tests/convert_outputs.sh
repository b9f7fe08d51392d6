#!/bin/sh
# convert_outputs.sh - the outputs of emogi-convert and emogi-export as a
# group: a --stats-file may be none of the run's inputs, however named
# (a WebGraph basename's three files); a run whose stats file or part
# fails replaces none of its old outputs (graph, parts, export); and
# --partitions refuses a base that is not a regular file (a device, a
# FIFO, a folder), beside which it would name its parts.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 27

printf '0 1\n1 2\n2 0\n' >a.el
printf '0 1\n1 2\n' >b.el
emogi-convert el a.el g.csr -q
emogi-convert el b.el h.csr -q

# every WebGraph input counts
for ext in graph offsets properties; do
    cp "$DATA"/webgraph/tiny.* .
    fails "webgraph: --stats-file BASE.$ext is an input: refused" 2 \
        "--stats-file tiny\\.$ext is the same file or stream as the input tiny\\.$ext" \
        emogi-convert webgraph tiny w.csr --stats-file "tiny.$ext" -q
    same_file "tiny.$ext" "$DATA/webgraph/tiny.$ext" "... and tiny.$ext is as it was"
done
ln -s tiny.graph alias
fails "webgraph: an input by another name (a link) is refused too" 2 \
    "the same file or stream as the input tiny\\.graph" \
    emogi-convert webgraph tiny w.csr --stats-file alias -q
fails "--partitions: a --stats-file that is one of the parts is refused" 2 \
    "--stats-file p\\.1 is the same file or stream as the part file p\\.1" \
    emogi-convert csr g.csr p --partitions 2 --stats-file p.1 -q

# a failed stats file leaves every old output as it was
cp g.csr out.csr
fails "convert: --stats-file /dev/full fails" 1 "/dev/full: write failed" \
    emogi-convert el b.el out.csr --stats-file /dev/full -q
same_file out.csr g.csr "... and the old OUTPUT is as it was"
cp g.csr out.csr
fails "convert: a --stats-file in a missing folder fails" 1 "nodir/s" \
    emogi-convert el b.el out.csr --stats-file nodir/s -q
same_file out.csr g.csr "... and the old OUTPUT is as it was"
cp g.csr out.csr
fails "convert csr (re-encoding): --stats-file /dev/full fails" 1 "/dev/full: write failed" \
    emogi-convert csr h.csr out.csr --compress --stats-file /dev/full -q
same_file out.csr g.csr "... and the old OUTPUT is as it was"
echo old0 >p.0
echo old1 >p.1
cp p.0 p0.old
cp p.1 p1.old
fails "--partitions: --stats-file /dev/full fails" 1 "/dev/full: write failed" \
    emogi-convert csr g.csr p --partitions 2 --stats-file /dev/full -q
same_file p.0 p0.old "... and the old part 0 is as it was"
same_file p.1 p1.old "... and the old part 1 is as it was"
mkdir d0
echo old0 >d0/p
cp d0/p d0p.old
fails "--partitions: a part that cannot be created (its folder missing) fails" 1 "d1/p" \
    emogi-convert csr g.csr 'd%d/p' --partitions 2 -q
same_file d0/p d0p.old "... and the old part 0 is as it was"
echo old >out.el
cp out.el out.old
fails "export: --stats-file /dev/full fails" 1 "/dev/full: write failed" \
    emogi-export el g.csr out.el --stats-file /dev/full -q
same_file out.el out.old "... and the old OUTPUT is as it was"

# parts are named after a regular file only
fails "--partitions: a device base is refused (no /dev/null.0)" 2 \
    "--partitions writes files named after OUTPUT: '/dev/null' is not a regular file" \
    emogi-convert csr g.csr /dev/null --partitions 2 -q
if [ -e /dev/null.0 ]; then ok 1 "... and no /dev/null.0 was made"; else ok 0 "... and no /dev/null.0 was made"; fi
mkfifo fifo
fails "--partitions: a FIFO base is refused" 2 "'fifo' is not a regular file" \
    emogi-convert csr g.csr fifo --partitions 2 -q
mkdir folder
fails "--partitions: a folder base is refused" 2 "'folder' is not a regular file" \
    emogi-convert csr g.csr folder --partitions 2 -q
no_files_like "fifo.*" "... and no part was named beside the FIFO"
no_files_like "folder.*" "... nor beside the folder"
finish
