#!/bin/sh
# bfs_gpu_kron.sh - tests/bfs_gpu.sh's checks (tests/lib/bfs_gpu.sh) on
# Kronecker graphs (skewed degrees; a directed one read bottom-up through
# its transpose) and on a graph whose parents sit past the first line of
# every list; 4- and 8-byte ids; and the direction rule: auto really
# switches, and reads less than top-down.  Skipped, with the reason, where
# no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/bfs_gpu.sh" # skips all where no GPU is usable

ngraphs=5 nsetup=6 nother=7
plan $((ngraphs * per_graph + nsetup + nother))

runs "directed kron: convert, 8-byte ids" \
    emogi-convert kron -s 12 --directed --transpose --id-width 8 dirk8.csr -q
runs "kron 14: convert, 4-byte ids" emogi-convert kron -s 14 --id-width 4 kron4.csr -q
runs "kron 14: convert, 8-byte ids" emogi-convert kron -s 14 --id-width 8 kron8.csr -q
# Bottom-up must read past the first line: 0 -- 20000+i -- 10000+i, and
# each 10000+i also meets the 40 decoys 100..139, which sort before its
# parent, so the parent sits at entry 40 of its list, past the first
# 128-byte line for either id width.
awk 'BEGIN { for (i = 0; i < 100; i++) { print 0, 20000 + i; print 20000 + i, 10000 + i;
             for (d = 100; d < 140; d++) print 10000 + i, d } }' >late.el
runs "late parents: convert, 4-byte ids" emogi-convert el late.el late4.csr --undirected -q
runs "late parents: convert, 8-byte ids" \
    emogi-convert el late.el late8.csr --undirected --id-width 8 -q
ok "$(test -s dirk8.csr && test -s kron8.csr && test -s late8.csr; echo $?)" "graphs written"

check_graph "directed kron, 8-byte" dirk8.csr "$(pick_source dirk8.csr)"
check_graph "kron 14, 4-byte" kron4.csr "$(pick_source kron4.csr)"
check_graph "kron 14, 8-byte" kron8.csr "$(pick_source kron8.csr)"
check_graph "late parents, 4-byte" late4.csr 0
check_graph "late parents, 8-byte" late8.csr 0

# The direction really switches, and bottom-up reads less than top-down.
emogi-bfs kron4.csr -s "$(pick_source kron4.csr)" --device gpu --direction push --stats \
    -o "$T/push.bin" 2>push.err
emogi-bfs kron4.csr -s "$(pick_source kron4.csr)" --device gpu --direction auto --stats \
    -o "$T/auto.bin" 2>auto.err
field() { sed -n "s/^emogi-bfs: source=.* $1=\([0-9]*\).*/\1/p" "$2"; }
ok "$(test "$(field pull_levels push.err)" = 0 && test "$(field pull_levels auto.err)" -gt 0
      echo $?)" "kron 14: auto runs bottom-up levels, push none"
ok "$(test "$(field edges_examined auto.err)" -lt "$(field edges_examined push.err)"; echo $?)" \
    "kron 14: direction-optimizing examines fewer edges than top-down"

# The GPU takes every level the way the CPU does, by either rule, from the
# counts its kernels leave (emogi_bfs_stay_pull); on this graph the rules
# differ, so both are exercised.
gpu_levels "kron 14" kron4.csr kron4.csr
ok "$(test "$(levels_of cpu.auto)" != "$(levels_of cpu.gap)"; echo $?)" \
    "kron 14: auto and gap differ in some search's levels"
finish
