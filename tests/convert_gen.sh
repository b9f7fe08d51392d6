#!/bin/sh
# convert_gen.sh - the kron and urand generators (shape, determinism across
# thread counts), usage errors, and failures that must leave no file behind.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 28
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
field() { dump "$2" | awk -v k="$1" '$1 == k {print $2}'; }
# degrees from an edge dump: "max avg"
degrees() { awk '{d[$1]++} END {for (v in d) if (d[v] > m) m = d[v]; printf "%d %d\n", m, NR / 1024}'; }

emogi-convert kron -s 10 k.csr -q
is "$(field nv k.csr)" 1024 "kron -s 10 has 2^10 vertices"
ne=$(field ne k.csr)
test "$ne" -le 32768 && test "$ne" -ge 16384 && test $((ne % 2)) -eq 0
ok $? "kron -s 10 -e 16: 16384 edges stored both ways, less duplicates ($ne)"
is "$(field directed k.csr)" 0 "kron is undirected by default"
dump --edges k.csr >k.txt
sort k.txt >ks.txt
awk '{print $2, $1}' k.txt | sort >kr.txt
same_file kr.txt ks.txt "every kron edge is stored in both directions"
is "$(awk '$1 == $2' k.txt | wc -l)" 0 "no self-loops"
set -- $(degrees <k.txt)
test "$1" -gt $((10 * $2))
ok $? "kron degrees are skewed: max $1 > 10 x average $2"

emogi-convert urand -s 10 -e 16 u.csr -q
dump --edges u.csr >u.txt
set -- $(degrees <u.txt)
test "$1" -lt $((3 * $2)) && test "$1" -gt "$2"
ok $? "urand degrees are not: max $1 < 3 x average $2"
emogi-convert urand -s 10 -e 4 --directed ud.csr -q
ne=$(field ne ud.csr)
test "$ne" -le 4096 && test "$ne" -ge 4000
ok $? "urand -e 4 --directed: about 4096 edges ($ne)"

emogi-convert kron -s 12 --threads 1 k1.csr -q
emogi-convert kron -s 12 --threads 2 k2.csr -q
same_file k1.csr k2.csr "kron: --threads 1 and 2 write identical files"
emogi-convert urand -s 12 --threads 1 u1.csr -q
emogi-convert urand -s 12 --threads 2 u2.csr -q
same_file u1.csr u2.csr "urand: --threads 1 and 2 write identical files"
emogi-convert kron -s 12 --seed 2 k3.csr -q
cmp -s k1.csr k3.csr
ok $((!$?)) "another --seed gives another graph"
emogi-convert kron -s 10 --weights random:1:255 --seed 9 kw.csr -q
is "$(dump --edges kw.csr | awk '$3 < 1 || $3 > 255' | wc -l)" 0 "kron with random weights in range"
dump --provenance kw.csr | grep -q '^options: --undirected --weights random:1:255 -s 10 -e 16 --seed 9$'
ok $? "provenance of a generated graph records scale, edge factor and seed"

# usage errors: exit 2 with a message
fails "a generator needs -s" 2 '-s SCALE is required' emogi-convert kron x.csr
fails "unknown format" 2 "unknown FORMAT 'foo'" emogi-convert foo a x.csr
emogi-convert el "$DATA/convert_small.el" file.csr -q
emogi-convert el "$DATA/convert_small.el" - -q >stdout.csr
same_file file.csr stdout.csr "OUTPUT - writes the same .csr to standard output"
fails "a bad --weights spec" 2 'random:LO:HI' emogi-convert el "$DATA/convert_small.el" x.csr --weights random:5
fails "--id-width 5" 2 'id-width wants 4, 8 or auto' emogi-convert kron -s 4 --id-width 5 x.csr
fails "-s with a text format" 2 'only for the generators' emogi-convert el a.el x.csr -s 3
fails "-e with a text format" 2 'only for the generators' emogi-convert el a.el x.csr -e 3
runs "--help exits 0" emogi-convert --help
grep -q '^usage: emogi-convert' "$T/.out"
ok $? "--help prints the usage on stdout"

# failures: exit 1, the file and line named, nothing left
printf '0 1\n2 x\n' >bad.el
fails "a bad line names file and line" 1 '^emogi-convert: bad.el:2: ' emogi-convert el bad.el bad.csr
fails "a missing input is named" 1 'missing.el' emogi-convert el missing.el bad.csr
no_files_like 'bad.csr*' "no output after a failed parse"
(ulimit -f 16; exec emogi-convert kron -s 12 big.csr -q) >/dev/null 2>big.err
st=$?
test "$st" -eq 1 && grep -q 'big.csr' big.err && grep -qi 'too large' big.err
ok $? "a write past ulimit -f fails with exit 1 and says why (status $st: $(head -1 big.err))"
no_files_like 'big.csr*' "... and leaves neither file nor temporary file"

# SIGTERM while the file is being written: the temporary file goes too.
# Writing has begun once a named temporary (sig.csr.tmp.XXXXXX) or an
# unnamed one (O_TMPFILE: "/folder/#inode (deleted)" in /proc) is open.
writing() {
    ls sig.csr.tmp.* >/dev/null 2>&1 || ls -l "/proc/$1/fd" 2>/dev/null | grep -q '/#[0-9]* (deleted)'
}
emogi-convert kron -s 18 sig.csr -q --threads 1 &
pid=$!
i=0
while [ $i -lt 1500 ] && ! writing $pid && kill -0 $pid 2>/dev/null; do
    sleep 0.01
    i=$((i + 1))
done
kill -TERM $pid 2>/dev/null
wait $pid
st=$?
if [ "$st" -eq 0 ]; then skip "conversion finished before the signal"; else
    after_kill sig.csr "SIGTERM leaves no output and no temporary file (status $st)"; fi
finish
