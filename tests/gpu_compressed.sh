#!/bin/sh
# gpu_compressed.sh - every algorithm on the GPU reads compressed
# neighbour lists (emogi-csr(5)) under every placement and gives what the
# CPU backend gives on the same graph converted plain: BFS depths in every
# direction, SSSP distances and CC labels byte for byte, PageRank within
# its tolerance; each result passes emogi-verify on the compressed file.
# The graphs stress the warp decoder (kernels/cuda/clist.cuh): a star
# whose hub list of 100 000 entries has a skip index and is cut into
# pieces, a comb of degree-1 lists that share lines, parents past the
# first block of their lists (bottom-up must read on), runs of
# consecutive ids (the run-mask blocks), Kronecker graphs with 4- and
# 8-byte ids, directed graphs read through their compressed transpose,
# and weights beside compressed ids.  Hybrid runs must split the
# compressed words inside (some in device memory, some over the link),
# and every run's --stats must show bytes where its placement puts them.
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/bfs_source.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

places="device zerocopy uvm auto hybrid:heads hybrid:prefix"
conv() { emogi-convert "$@" -q; }

# pair NAME CONVERT-ARGS...: NAME.csr plain and NAME.c.csr compressed
pair() {
    name=$1; shift
    conv "$@" "$name.csr" && conv "$@" "$name.c.csr" --compress ||
        diag "conversion of $name failed"
}

# A --gpu-memory that leaves room for about half the compressed words:
# the fixed bytes the tool names when refusing 1 KiB, plus half the
# file's compressed bytes (and half its weights when WEIGHTS is given).
half_budget() { # TOOL GRAPH WEIGHTS [OPTIONS]
    tool=$1 g=$2 w=$3; shift 3
    fixed=$(fixed_bytes "$tool" "$g" "$@") || { echo 1; return; }
    info=$(emogi-info "$g")
    bytes=$(echo "$info" | awk '$1 ~ /cneighbors$/ { s += $3 } END { print s + 0 }')
    ne=$(echo "$info" | sed -n 's/^edges: //p')
    [ "$w" = weights ] && bytes=$((bytes + 4 * ne))
    echo $((${fixed:-0} + bytes / 2))
}

# link_dev STDERR: link and dev, the link and device bytes of its last
# --stats line.
link_dev() {
    link=$(sed -n 's/.* link_bytes=\([0-9]*\).*/\1/p' "$1" | tail -n 1)
    dev=$(sed -n 's/.* devmem_bytes=\([0-9]*\).*/\1/p' "$1" | tail -n 1)
}

# placed_side MEM:LINK:DEV: 0 when the bytes came from where MEM puts
# the lists, all over the link or all from device memory (not hybrid).
placed_side() {
    case "$1" in device:0:[1-9]* | uvm:0:[1-9]* | auto:0:[1-9]* | zerocopy:[1-9]*:0) return 0 ;; esac
    return 1
}

# run_one DESC TOOL GRAPH PLACE BUDGET OUT TOOL-OPTIONS...: the GPU run;
# 0 when it ran and its load lines and byte counts suit the placement.
run_one() {
    d=$1 tool=$2 g=$3 p=$4 budget=$5 out=$6; shift 6
    mem=${p%%:*} opts=$* # the tests' options hold no spaces
    set -- "$@" --device gpu --mem "$mem" --stats -o "$out"
    case $p in
    hybrid:*) set -- "$@" --hybrid "${p#*:}" --gpu-memory "$budget" ;;
    esac
    rm -f "$out"
    if ! "$tool" "$g" "$@" 2>"$T/gpu.err"; then
        ok 1 "$d"; sed 's/^/# /' "$T/gpu.err" | head -5; return 1
    fi
    if ! grep -q ' compressed_bytes=' "$T/gpu.err"; then
        ok 1 "$d"; diag "no compressed_bytes in the load line"; return 1
    fi
    if [ "$mem" = hybrid ] && ! grep ' mem=hybrid ' "$T/gpu.err" |
        awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^device_edge_fraction=/) {
                   split($i, f, "="); if (f[2] <= 0 || f[2] >= 1) bad = 1; n++ } }
             END { exit bad || n == 0 }'; then
        ok 1 "$d"; diag "not split inside:"; grep ' mem=' "$T/gpu.err" | sed 's/^/# /'
        return 1
    fi
    link_dev "$T/gpu.err"
    case "$mem:${link:-x}:${dev:-x}" in
    *:x:* | *:*:x) ok 1 "$d"; diag "no link_bytes/devmem_bytes in --stats"; return 1 ;;
    hybrid:[1-9]*:[1-9]*) return 0 ;;
    device:0:0 | uvm:0:0 | auto:0:0 | zerocopy:0:0)
        # nothing read: bottom-up levels whose every vertex its kept
        # in-neighbour settles (--first-ids); without the ids the same
        # search reads its lists where they are placed
        if [ "$tool" = emogi-bfs ]; then
            # shellcheck disable=SC2086 # $opts: the test's options
            "$tool" "$g" $opts --first-ids off --device gpu --mem "$mem" --stats \
                -o "$T/off.bin" 2>"$T/off.err"
            link_dev "$T/off.err"
            placed_side "$mem:${link:-x}:${dev:-x}" && cmp -s "$out" "$T/off.bin" && return 0
            ok 1 "$d"; diag "nothing read with the first ids; without them link_bytes=$link" \
                "devmem_bytes=$dev, and the depths $(cmp -s "$out" "$T/off.bin" && echo agree ||
                echo differ)"
            return 1
        fi ;;
    *) placed_side "$mem:$link:$dev" && return 0 ;;
    esac
    ok 1 "$d"; diag "$mem placement, but link_bytes=$link devmem_bytes=$dev"
    return 1
}

bfs_graph() { # NAME SOURCE
    name=$1 s=$2
    emogi-bfs "$name.csr" -s "$s" --device cpu -o "$T/cpu.bin" 2>"$T/.err" ||
        diag "CPU reference: $(cat "$T/.err")"
    for dir in push pull auto; do
        extra=
        emogi-info "$name.csr" | grep -q '^directed: yes$' && [ "$dir" != push ] && extra=x
        budget=$(half_budget emogi-bfs "$name.c.csr" none -s "$s" --direction "$dir")
        for p in $places; do
            d="bfs $name from $s, $dir, $p"
            run_one "$d" emogi-bfs "$name.c.csr" "$p" "$budget" "$T/gpu.bin" -s "$s" \
                --direction "$dir" || continue
            if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
                ok 1 "$d"; diag "depths differ from the plain file's on the CPU"; continue
            fi
            emogi-verify bfs "$name.c.csr" -s "$s" "$T/gpu.bin" >/dev/null 2>"$T/.err"
            ok $? "$d"
        done
    done
}

sssp_graph() { # NAME SOURCE [SSSP OPTIONS]
    name=$1 s=$2; shift 2
    emogi-sssp "$name.csr" -s "$s" --device cpu -o "$T/cpu.bin" "$@" 2>"$T/.err" ||
        diag "CPU reference: $(cat "$T/.err")"
    w=weights
    case " $* " in *" --unit-weights "*) w=none ;; esac
    budget=$(half_budget emogi-sssp "$name.c.csr" "$w" -s "$s" "$@")
    for p in $places; do
        d="sssp $name from $s${*:+ $*}, $p"
        run_one "$d" emogi-sssp "$name.c.csr" "$p" "$budget" "$T/gpu.bin" -s "$s" "$@" ||
            continue
        if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
            ok 1 "$d"; diag "distances differ from the plain file's on the CPU"; continue
        fi
        emogi-verify sssp "$name.c.csr" -s "$s" "$@" "$T/gpu.bin" >/dev/null 2>"$T/.err"
        ok $? "$d"
    done
}

cc_graph() { # NAME
    name=$1
    for a in lp uf; do
        emogi-cc "$name.csr" --algorithm "$a" --device cpu -o "$T/cpu.bin" 2>"$T/.err" ||
            diag "CPU reference: $(cat "$T/.err")"
        budget=$(half_budget emogi-cc "$name.c.csr" none --algorithm "$a")
        for p in $places; do
            d="cc $name, $a, $p"
            run_one "$d" emogi-cc "$name.c.csr" "$p" "$budget" "$T/gpu.bin" --algorithm "$a" ||
                continue
            if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
                ok 1 "$d"; diag "labels differ from the plain file's on the CPU"; continue
            fi
            emogi-verify cc "$name.c.csr" "$T/gpu.bin" >/dev/null 2>"$T/.err"
            ok $? "$d"
        done
    done
}

tol=1e-6
pagerank_graph() { # NAME
    name=$1
    emogi-pagerank "$name.csr" --device cpu --method jacobi --tolerance $tol \
        --max-iterations 300 -o "$T/cpu.bin" 2>"$T/.err" || diag "CPU reference: $(cat "$T/.err")"
    budget=$(half_budget emogi-pagerank "$name.c.csr" none)
    for p in $places; do
        d="pagerank $name, $p"
        run_one "$d" emogi-pagerank "$name.c.csr" "$p" "$budget" "$T/gpu.bin" \
            --tolerance $tol --max-iterations 300 || continue
        emogi-verify pagerank "$name.c.csr" "$T/gpu.bin" --tolerance $tol \
            --compare "$T/cpu.bin" >/dev/null 2>"$T/.err"
        ok $? "$d"
    done
}

nplaces=6
plan $(( (9 * 3 + 4 + 5 * 2 + 5) * nplaces + 7 ))

# A star with 100 000 leaves: one list of 3125 blocks, a skip index, pieces.
awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i, i % 50 + 1 }' >star.wel
pair star4 wel star.wel --undirected
pair star8 wel star.wel --undirected --id-width 8
# Vertex 1000 + i hangs off path vertex i: 1000 lists of one entry.
awk 'BEGIN { for (i = 0; i < 999; i++) print i, i + 1; for (i = 0; i < 1000; i++) print i, 1000 + i }' \
    >comb.el
pair comb el comb.el --undirected
# Parents at entry 40 of their lists: block 1, past the first block.
awk 'BEGIN { for (i = 0; i < 100; i++) { print 0, 20000 + i; print 20000 + i, 10000 + i;
             for (d = 100; d < 140; d++) print 10000 + i, d } }' >late.el
pair late el late.el --undirected
# Web-like runs: vertex i links to the next 1..60 ids, and to a far one.
awk 'BEGIN { n = 20000; for (i = 0; i < n; i++) { r = i % 60 + 1
             for (j = 1; j <= r; j++) print i, (i + j) % n; print i, (i * 7919) % n } }' >runs.el
pair runs el runs.el --directed --transpose
pair kron4 kron -s 14 --weights random:1:100
pair kron8 kron -s 14 --id-width 8
pair dirk8 kron -s 12 --directed --transpose --id-width 8
pair dir4 kron -s 12 --directed --transpose
ok "$(test -s star8.c.csr && test -s dir4.c.csr && emogi-info runs.c.csr | grep -q '^format version: 2$'
      echo $?)" "compressed graphs written"

k4=$(pick_source kron4.csr) k8=$(pick_source kron8.csr)
for g in star4:0 star8:77777 comb:500 late:0 runs:0 kron4:$k4 kron8:$k8 \
    dirk8:"$(pick_source dirk8.csr)" dir4:"$(pick_source dir4.csr)"; do
    bfs_graph "${g%%:*}" "${g#*:}"
done
# Compressed lists in device memory keep their first ids too (a first
# id there costs a block's decoding): from a leaf, the second bottom-up
# level finds the other 99 999 leaves by their first in-neighbour, the
# hub, without reading their blocks; off, each reads its block.
dev_of() { sed -n 's/^emogi-bfs: source=.* devmem_bytes=\([0-9]*\).*/\1/p' "$1"; }
emogi-bfs star4.c.csr -s 77777 --device gpu --mem device --direction pull --stats \
    -o "$T/on.bin" 2>"$T/on.err"
emogi-bfs star4.c.csr -s 77777 --device gpu --mem device --direction pull --first-ids off \
    --stats -o "$T/off.bin" 2>"$T/off.err"
same_file "$T/on.bin" "$T/off.bin" "device placement, --first-ids off: the same depths"
on=$(dev_of "$T/on.err") off=$(dev_of "$T/off.err")
[ "${on:-0}" -gt 0 ] && [ "$on" -lt "${off:-0}" ]
ok $? "... the first ids kept: fewer device bytes ($on < $off)"
# Compressed bottom-up levels leave the counts the direction rule takes
# (emogi_bfs_stay_pull): every search's levels go the CPU's ways on the
# plain file, by either rule, the lists in device memory or over the link.
gpu_levels "kron8 compressed" kron8.csr kron8.c.csr
sssp_graph star4 77777
sssp_graph kron4 "$k4"
sssp_graph kron8 "$k8" --unit-weights
sssp_graph runs 0 --unit-weights
for g in star8 comb runs kron4 dirk8; do
    cc_graph "$g"
done
for g in star4 late runs kron8 dir4; do
    pagerank_graph "$g"
done
finish
