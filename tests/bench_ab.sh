#!/bin/sh
# bench_ab.sh - bench/ab.sh, one build against another on the same graph:
# a build against itself gives the same depths and a ratio on every row;
# a build whose depths differ (a wrapper that changes one) is caught and
# fails the run; rows it cannot run, and a missing build, are refused.
# The CPU backend stands in for the GPU, one rank without mpirun.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
AB="$top_srcdir/bench/ab.sh"
plan 7
emogi-convert kron -s 10 -e 8 --seed 3 --undirected k.csr -q
export MPIRUN=no-such-mpirun WORK="$T/w" SEARCHES=2

BASE=$EMOGI_BIN NEW=$EMOGI_BIN ROWS="1:cpu:auto 1:cpu:gap" sh "$AB" k.csr >same.md 2>same.err
ok $? "a build against itself: exit 0"
is "$(grep -c '^| k | 1 | cpu | \(auto\|gap\) | [0-9.]* ms | [0-9.]* ms | [0-9.]*x | same |$' same.md)" 2 \
    "a build against itself: both rows timed, a ratio each, the same depths"

# the wrapper's depths: vertex 0's entry overwritten with a depth no
# search gives
mkdir fake
cat >fake/emogi-bfs <<WRAP
#!/bin/sh
"$EMOGI_BIN/emogi-bfs" "\$@" || exit
while [ \$# -gt 1 ]; do
    [ "\$1" = -o ] && { printf '\\376\\377\\377\\177' | dd of="\$2" bs=4 count=1 conv=notrunc 2>/dev/null; exit; }
    shift
done
WRAP
chmod +x fake/emogi-bfs
BASE=$EMOGI_BIN NEW=$T/fake ROWS="1:cpu:auto" sh "$AB" k.csr >diff.md 2>diff.err
is "$?" 1 "depths that differ fail the run"
grep -q '| k | 1 | cpu | auto | .* | DIFFER |$' diff.md
ok $? "depths that differ: the row says so"

BASE=$EMOGI_BIN NEW=$EMOGI_BIN ROWS="2:cpu:auto" sh "$AB" k.csr >two.md 2>two.err
is "$?" 1 "two ranks without mpirun: the run fails"
grep -q '| k | 2 | cpu | auto | failed | failed | — | — |' two.md && grep -q 'need no-such-mpirun' two.err
ok $? "two ranks without mpirun: the row failed, the reason on stderr"
fails "a missing build is refused" 2 "nothing/emogi-bfs: no such program" \
    env BASE=$EMOGI_BIN NEW=$T/nothing sh "$AB" k.csr
finish
