#!/bin/sh
# link_stats.sh - the helpers the GPU tests of emogi-sssp, emogi-cc and
# emogi-pagerank use to check --stats link figures (tests/lib/link_stats.sh),
# run here on hand-written --stats lines and on a graph small enough to
# work by hand, so that they are known to parse and to fail where they
# should even on a machine without a GPU.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/link_stats.sh"

plan 24

dev="emogi-sssp: source=3 seconds=0.001000 iterations=4 reached=5 edges_relaxed=10 gteps=0.0100 edge_gbps=1.280 link_bytes=0 devmem_bytes=1280 link_gbps=0.000"
zc="emogi-cc: algorithm=uf seconds=0.000010 passes=2 components=1 largest=4 edges_examined=6 gteps=0.6000 edge_gbps=256.000 link_bytes=2560 devmem_bytes=0 link_gbps=256.000"
big="emogi-pagerank: iterations=9 converged=1 link_bytes=12345678901234 devmem_bytes=0 link_gbps=1.5"
cpu="emogi-sssp: source=3 seconds=0.001000 iterations=4 reached=5 edges_relaxed=10 gteps=0.0100 edge_gbps=1.280 edges_examined=10"

is "$(stat_value devmem_bytes "$dev") $(stat_value link_bytes "$zc")" "1280 2560" \
    "stat_value: the figures of a line"
is "$(stat_value link_bytes "xlink_bytes=5 link_bytes=7")" 7 "stat_value: the whole key only"
is "$(stat_value link_bytes "a=1 link_bytes=12a")" "" "stat_value: a value that is not a number"
is "$(stat_value link_bytes "$cpu")" "" "stat_value: a key the line lacks"

link_check device 1280 "$dev" >out.txt
ok $? "device: nothing over the link, 1280 bytes from device memory, bound met exactly"
link_check uvm 1 "$dev" >out.txt
ok $? "uvm: counted as device memory"
link_check auto 1 "$dev" >out.txt
ok $? "auto: either side"
link_check device 1281 "$dev" >out.txt
ok "$((! $?))" "device: fails below the bound"
grep -q "below the 1281 bytes" out.txt
ok $? "... saying by how much"
link_check zerocopy 1 "$dev" >out.txt
ok "$((! $?))" "zerocopy: fails on bytes from device memory"
grep -q "zerocopy placement: link_bytes=0 devmem_bytes=1280" out.txt
ok $? "... naming the figures"
link_check zerocopy 2560 "$zc" >/dev/null
ok $? "zerocopy: every byte over the link"
link_check device 1 "$zc" >/dev/null
ok "$((! $?))" "device: fails on bytes over the link"
link_check zerocopy 12345678901234 "$big" >/dev/null
ok $? "zerocopy: figures past 2^32 compared exactly"
link_check zerocopy 12345678901235 "$big" >/dev/null
ok "$((! $?))" "... and one byte short fails"
link_check auto 0 "$cpu" >out.txt
ok "$((! $?))" "a line without link figures fails"
grep -q "no link_bytes" out.txt
ok $? "... saying so"
link_check auto 0 "link_bytes=1 devmem_bytes=1" >/dev/null
ok "$((! $?))" "a line without link_gbps fails"

# 0 -> 1, 2; 1 -> 3; 3 -> 1; 4 -> 0, 5; 5 -> 4.  From 0: 0, 1, 2, 3 with
# 2 + 1 + 0 + 1 out-edges; from 4: every vertex, 7; from 2: none.
printf '0 1\n0 2\n1 3\n3 1\n4 0\n4 5\n5 4\n' >d.el
runs "hand graph: convert" emogi-convert el d.el d.csr --directed -q
is "$(info_field edges d.csr) $(info_field 'id width' d.csr)" "7 4" "info_field: edges, id width"
is "$(reached_entries d.csr 0) $(reached_entries d.csr 4) $(reached_entries d.csr 2)" "4 7 0" \
    "reached_entries: out-edges of the reached vertices"
# min(degree, 2) over degrees 2, 1, 0, 1, 2, 1; min(degree, 1): 5.
is "$(sampled_entries d.csr 2) $(sampled_entries d.csr 1)" "7 5" \
    "sampled_entries: the first K entries of every list"

# The link figures are a GPU's: no CPU run prints them.
runs "hand graph: convert with transpose" emogi-convert el d.el dt.csr --directed --transpose -q
{ emogi-sssp dt.csr -s 0 --unit-weights --device cpu --stats -o o1.bin &&
    emogi-cc dt.csr --device cpu --stats -o o2.bin &&
    emogi-pagerank dt.csr --device cpu --stats -o o3.bin; } 2>cpu.err
ok "$(test "$(grep -c ' edge_gbps=' cpu.err)" -eq 3 && ! grep -q 'link_' cpu.err; echo $?)" \
    "--device cpu --stats: sssp, cc and pagerank lines without link figures"
finish
