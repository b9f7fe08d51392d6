#!/bin/sh
# refusals_place.sh - the traversal tools' refusals name the place: the
# vertex where a PageRank result departs most from a fixed point or from
# the result it is compared with, the byte of a .npy header that is wrong.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 3

emogi-convert wel "$DATA/tiny.wel" g.csr --undirected -q || skip_all "cannot convert tiny.wel"
emogi-pagerank g.csr --device cpu -o r.bin 2>.err || skip_all "emogi-pagerank fails"

# uniform ranks on tiny.wel's graph are not a fixed point: the vertex that moves most is named
n=$(( $(wc -c <r.bin) / 8 ))
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%.17g\n", 1 / n }' >u.txt
python3 -c 'import struct,sys; v=[float(x) for x in open("u.txt")]; sys.stdout.buffer.write(struct.pack("<%dd" % len(v), *v))' >u.bin 2>/dev/null ||
    skip_all "python3 is needed to write a float64 file"
emogi-verify pagerank g.csr u.bin 2>.err
st=$?
test "$st" -eq 1 && grep -q "not a fixed point: .*; most at vertex [0-9]* (by " .err
ok $? "pagerank: a non-fixed point names the vertex that moves most (exit $st)"
diag "$(cat .err)"

# ranks compared with others that differ at vertex 3: that vertex is named
cp r.bin r3.bin
python3 -c 'import struct,sys; sys.stdout.buffer.write(struct.pack("<d", 0.5))' |
    dd of=r3.bin bs=1 seek=24 conv=notrunc 2>/dev/null
emogi-verify pagerank g.csr r.bin --compare r3.bin 2>.err
st=$?
test "$st" -eq 1 && grep -Eq "^emogi-verify: r\.bin: differs from r3\.bin by [0-9.e+-]+ \(L1\), more than the tolerance [0-9.e+-]+; most at vertex 3 \([0-9.e+-]+ here, 0\.5 there\)$" .err
ok $? "pagerank --compare: the vertex that differs most is named (exit $st)"
diag "$(cat .err)"

# a .npy of version 2.0: the byte that says so
emogi-bfs g.csr -s 0 --device cpu -o d.npy 2>.err
printf '\002' | dd of=d.npy bs=1 seek=6 conv=notrunc 2>/dev/null
emogi-verify bfs g.csr -s 0 d.npy 2>.err
st=$?
test "$st" -eq 1 && grep -q "d.npy: byte 6: .npy version 2.0, only 1.0 is read" .err
ok $? "a .npy of version 2.0: byte 6 named (exit $st)"
diag "$(cat .err)"

