#!/bin/sh
# placement_options.sh - --mem and --gpu-memory as every traversal tool
# parses them: bad sizes are usage errors, hybrid is a placement, and on
# the CPU both are accepted and ignored as the other GPU options are.
# With a GPU: the budget's refusals and auto's switch to hybrid under a cap.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 58

# A ring of 1000 vertices, each also joined to the next-but-one: 4000 arcs.
awk 'BEGIN { n = 1000; for (i = 0; i < n; i++) { print i, (i + 1) % n; print i, (i + 2) % n } }' >ring.el
emogi-convert el ring.el ring.csr -q --undirected || skip_all "emogi-convert cannot build graphs"

tools="bfs sssp cc pagerank"
# The options that make TOOL run on ring.csr.
args() {
    case $1 in
    bfs) echo "-s 0" ;;
    sssp) echo "-s 0 --unit-weights" ;;
    *) ;;
    esac
}

for t in $tools; do
    a=$(args "$t")
    # shellcheck disable=SC2086 # $a is options
    for bad in 0 0G 12Q -5 1.5G 16777216T; do
        fails "$t: --gpu-memory $bad is a usage error" 2 \
            "^emogi-$t: --gpu-memory wants a size such as 800M or 12G, not '$bad'\$" \
            emogi-$t ring.csr $a --device cpu --gpu-memory "$bad" -o out.bin
    done
    # shellcheck disable=SC2086
    fails "$t: an unknown placement lists hybrid" 2 \
        "bad memory placement 'split' \(auto, device, hybrid, zerocopy, uvm\)" \
        emogi-$t ring.csr $a --mem split -o out.bin
    # shellcheck disable=SC2086
    fails "$t: an unknown hybrid rule is a usage error" 2 \
        "bad hybrid rule 'middle' \(heads, prefix\)" emogi-$t ring.csr $a --hybrid middle -o out.bin
    # shellcheck disable=SC2086
    emogi-$t ring.csr $a --device cpu -o plain.bin 2>/dev/null
    # shellcheck disable=SC2086
    runs "$t: --mem hybrid --gpu-memory 64M accepted and ignored on the CPU" \
        emogi-$t ring.csr $a --device cpu --mem hybrid --gpu-memory 64M -o hybrid.bin
    same_file plain.bin hybrid.bin "$t: ... the same result as without them"
    is "$(emogi-"$t" --help | grep -c -e '--gpu-memory SIZE' -e 'auto, device, hybrid, zerocopy')" 2 \
        "$t: --help lists --gpu-memory and hybrid"
done

# ---- on a GPU ----
if ! why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1); then
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do skip "no CUDA device: $why"; done
    finish
fi
fails "a cap below offsets and state: exit 1, naming both" 1 \
    "^emogi-bfs: ring\.csr: --gpu-memory 1024 is below the [0-9]+ bytes that offsets and kernel state need" \
    emogi-bfs ring.csr -s 0 --device gpu --gpu-memory 1K -o out.bin
fixed=$(sed -n 's/.* is below the \([0-9]*\) bytes .*/\1/p' "$T/.err")
# 4-byte ids, 4000 arcs: room for 1000 of them is a split at 992.
cap=$((fixed + 4 * 1000))
fails "device past the cap is refused" 1 \
    "device placement refused: $((fixed + 16000)) bytes .* exceed the budget of $cap bytes" \
    emogi-bfs ring.csr -s 0 --device gpu --mem device --gpu-memory $cap -o out.bin
emogi-bfs ring.csr -s 0 --device cpu -o cpu.bin
runs "auto under the cap" emogi-bfs ring.csr -s 0 --device gpu --gpu-memory $cap --stats -o gpu.bin
# The budget gives each edge array 992 entries (3968 bytes); the heads
# rule keeps 32 bytes of line bitmap and ranks beside the lines:
# (3968 - 32) / 128 = 30 whole lines, 960 entries.
grep -q ' mem=hybrid .* edges=4000 split=960 device_edge_fraction=0.2400 hybrid=heads$' "$T/.err"
ok $? "... is hybrid by the heads rule, 960 of 4000 edges in device memory"
emogi-bfs ring.csr -s 0 --device gpu --gpu-memory $cap --hybrid prefix --stats -o gpu.bin 2>"$T/.err"
grep -q ' mem=hybrid .* edges=4000 split=992 device_edge_fraction=0.2480 hybrid=prefix$' "$T/.err"
ok $? "--hybrid prefix: the first 992 edges"
same_file cpu.bin gpu.bin "... with the CPU's depths"
runs "device within the cap of everything" \
    emogi-bfs ring.csr -s 0 --device gpu --mem device --gpu-memory $((fixed + 16000)) -o gpu.bin
fails "hybrid with nothing on the device says so" 0 "load note: hybrid: no edge fits" \
    emogi-bfs ring.csr -s 0 --device gpu --mem hybrid --gpu-memory $((fixed + 100)) --stats -o gpu.bin

# First ids beside hybrid's lines (loader/place.c): 1000 vertices, each
# joined to the next 16 around a circle, 32 entries a list (one line
# each), a budget with room for half of the 32 000 entries.  Both rules
# leave some lists' first lines over the link, and BFS keeps an id a
# vertex (4000 bytes) beside the lines: room for 15 000 entries, split at
# 14 976 by the prefix rule; 466 lines by the heads rule ((15 000 x 4 -
# 256 bytes of bitmap and ranks) / 128), 14 912 entries.  With
# --first-ids off: 16 000, and 498 lines (15 936).
awk 'BEGIN { n = 1000; for (i = 0; i < n; i++) for (k = 1; k <= 16; k++) print i, (i + k) % n }' >circ.el
emogi-convert el circ.el circ.csr -q --undirected
emogi-bfs circ.csr -s 0 --device gpu --gpu-memory 1K -o out.bin 2>"$T/.err"
cfixed=$(sed -n 's/.* is below the \([0-9]*\) bytes .*/\1/p' "$T/.err")
emogi-bfs circ.csr -s 0 --device cpu -o circ-cpu.bin
for rule in prefix:14976:16000 heads:14912:15936; do
    r=${rule%%:*} on=${rule#*:} off=${on#*:} on=${on%%:*}
    emogi-bfs circ.csr -s 0 --device gpu --gpu-memory $((cfixed + 4 * 16000)) --hybrid "$r" \
        --direction pull --stats -o circ-gpu.bin 2>"$T/.err"
    grep -q " mem=hybrid .* edges=32000 split=$on device_edge_fraction=[0-9.]* hybrid=$r\$" "$T/.err"
    st=$?
    ok $st "first ids in hybrid ($r rule): the lines make room for them, split $on"
    [ $st -eq 0 ] || sed 's/^/# /' "$T/.err"
    same_file circ-cpu.bin circ-gpu.bin "... bottom-up with them: the CPU's depths"
    emogi-bfs circ.csr -s 0 --device gpu --gpu-memory $((cfixed + 4 * 16000)) --hybrid "$r" \
        --direction pull --first-ids off --stats -o circ-gpu.bin 2>"$T/.err"
    grep -q " mem=hybrid .* edges=32000 split=$off device_edge_fraction=[0-9.]* hybrid=$r\$" "$T/.err"
    st=$?
    ok $st "... --first-ids off: split $off"
    [ $st -eq 0 ] || sed 's/^/# /' "$T/.err"
done
finish
