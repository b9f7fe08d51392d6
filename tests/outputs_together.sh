#!/bin/sh
# outputs_together.sh - a run's outputs are committed together: a failed
# run (a side output or the --stats-file that cannot be written) leaves
# every old output as it was, and a run that succeeds replaces them all.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 10
test -w /dev/full || skip_all "no /dev/full to fail a write"

emogi-convert wel "$DATA/tiny.wel" g.csr --undirected -q || skip_all "cannot convert tiny.wel"
echo old >old

# bfs: the depths are written first, the parents fail
cp old d.bin
emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents /dev/full 2>.err
st=$?
test "$st" -eq 1 && cmp -s d.bin old
ok $? "bfs: --parents /dev/full: exit $st, -o's old file untouched"

# bfs: the parents fail with a stats file beside: neither is replaced
cp old d.bin; cp old s.txt
emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents /dev/full --stats --stats-file s.txt 2>.err
st=$?
test "$st" -eq 1 && cmp -s d.bin old && cmp -s s.txt old
ok $? "bfs: --parents /dev/full with --stats-file: exit $st, both old files untouched"

# every tool: the --stats-file fails; -o's old file stays
for c in "bfs g.csr -s 0" "sssp g.csr -s 0" "cc g.csr" "pagerank g.csr"; do
    cp old d.bin
    emogi-$c --device cpu -o d.bin --stats --stats-file /dev/full 2>.err
    st=$?
    test "$st" -eq 1 && cmp -s d.bin old
    ok $? "${c%% *}: --stats-file /dev/full: exit $st, -o's old file untouched"
done

# a run that succeeds replaces every output, as a run of each alone would
emogi-bfs g.csr -s 0 --device cpu -o ref.d --parents ref.p 2>.err
cp old d.bin; cp old p.bin; cp old s.txt
emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents p.bin --stats --stats-file s.txt 2>.err
st=$?
test "$st" -eq 0 && cmp -s d.bin ref.d && cmp -s p.bin ref.p
ok $? "bfs: a run that succeeds: exit $st, -o and --parents replaced"
grep -q "source=0" s.txt
ok $? "bfs: a run that succeeds: its --stats-file replaced"

# a direct output (a FIFO here, in the test's folder) is written in
# place, beside files held for the end
mkfifo d.fifo
cat d.fifo >fifo.out &
emogi-bfs g.csr -s 0 --device cpu -o d.fifo --parents p2.bin 2>.err
st=$?
wait
test "$st" -eq 0 && cmp -s p2.bin ref.p && cmp -s fifo.out ref.d
ok $? "bfs: -o FIFO with --parents FILE: exit $st, both written"

# no temporary is left beside the outputs of a failed run
cp old d.bin
EMOGI_NO_TMPFILE=1 emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents /dev/full 2>.err
left=$(ls | grep -c '\.tmp\.')
is "$left" 0 "bfs: a failed run with named temporaries leaves none"
