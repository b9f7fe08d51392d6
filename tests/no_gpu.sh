#!/bin/sh
# no_gpu.sh - what the traversal tools say where no GPU is found, and when
# GPU-only options meet --device cpu; with --stats=json standard error
# holds JSON alone.  Runs only where no GPU is usable (the default device
# runs on the CPU).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
emogi-convert wel "$DATA/tiny.wel" g.csr --undirected -q || skip_all "cannot convert tiny.wel"
emogi-bfs g.csr -s 0 --stats -o out.bin 2>.err || skip_all "emogi-bfs fails"
grep -q "device=cpu" .err || skip_all "a GPU is usable here"
plan 12

# --device gpu: no GPU found, not CUDA's "driver version is insufficient"
emogi-bfs g.csr -s 0 --device gpu -o out.bin 2>.err
st=$?
test "$st" -eq 1 && grep -q "no GPU found" .err && ! grep -qi "insufficient" .err
ok $? "--device gpu: exit $st, says no GPU was found"
diag "$(cat .err)"

# the default device with a GPU placement asked for: one warning, the run on the CPU
for opt in "--mem zerocopy" "--kernel naive" "--gpu-memory 1G" "--hybrid prefix"; do
    emogi-bfs g.csr -s 0 $opt -o d.bin 2>.err
    st=$?
    test "$st" -eq 0 && test "$(grep -c "no GPU was found" .err)" -eq 1 &&
        grep -q -- "${opt%% *}" .err && grep -q "running on the CPU" .err
    ok $? "auto with $opt: exit $st, one warning that no GPU was found and the run is on the CPU"
done

# GPU-only options with --device cpu: one warning naming them
for t in "bfs g.csr -s 0" "sssp g.csr -s 0" "cc g.csr" "pagerank g.csr"; do
    emogi-$t --device cpu --mem device --kernel naive -o d.bin 2>.err
    st=$?
    test "$st" -eq 0 && test "$(grep -c "ignored with --device cpu" .err)" -eq 1 &&
        grep -q -- "--mem, --kernel" .err
    ok $? "${t%% *}: --mem and --kernel with --device cpu: exit $st, one warning naming both"
done

# the same warning, a verify line and the level trace as JSON records under --json
emogi-bfs g.csr -s 0 --device cpu --mem device --verify --json -o d.bin 2>.err
st=$?
bad=$(grep -vc '^{"tool":"emogi-bfs",.*}$' .err)
test "$st" -eq 0 && test "$bad" -eq 0 && grep -q '"event":"warning"' .err &&
    grep -q '"event":"verified"' .err
ok $? "bfs --json --verify with a warning: exit $st, every line of standard error JSON ($bad not)"
EMOGI_TRACE_LEVELS=1 emogi-bfs g.csr -s 0 --device cpu --json -o d.bin 2>.err
bad=$(grep -vc '^{"tool":"emogi-bfs",.*}$' .err)
test "$bad" -eq 0 && grep -q '"event":"level"' .err
ok $? "bfs --json with EMOGI_TRACE_LEVELS: the level lines are records too ($bad not)"
# without --json the lines stay as they were
emogi-bfs g.csr -s 0 --device cpu --verify -o d.bin 2>.err
is "$(cat .err)" "emogi-bfs: source=0 verified" "without --json the verify line is text, as before"
