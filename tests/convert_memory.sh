#!/bin/sh
# convert_memory.sh - --memory is a bound on emogi-convert's peak resident
# memory, as the kernel measures it (tests/peakrss: ru_maxrss of the child),
# give or take the program's own overhead (OVERHEAD below, with room to
# spare): a line too long to hold is refused with its number; per-thread
# sort buffers are a share of the bound, and what outgrows them is sorted
# in place to the same file.  The commands
# that once took gigabytes run under ulimit -v so that a regression fails
# here instead of taking the machine.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 9
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
OVERHEAD=8192 # KiB

# peak LIMIT_KIB DESCRIPTION CMD... : CMD's peak stays below LIMIT (rss.txt keeps it)
peak() {
    lim=$1 d=$2; shift 2
    (ulimit -v 8388608; exec "$EMOGI_BIN/tests/peakrss" rss.txt "$@")
    st=$?
    r=$(cat rss.txt)
    [ "$r" -lt "$lim" ]
    ok $? "$d (peak $r KiB, limit $lim)"
    return $st
}
mib() { echo $(($1 * 1024 + OVERHEAD)); }

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
finish
