#!/bin/sh
# bfs_gpu.sh - every GPU kernel under every placement gives the CPU
# backend's depths, byte for byte, and passes emogi-verify, on graphs
# chosen to stress the kernels: a star (one list of 100 000 entries, many
# 128-byte lines), Kronecker graphs (skewed degrees), a path with a leaf
# on every vertex (many degree-1 lists), and directed graphs; 4- and
# 8-byte ids.  Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

# The UVM advice option, as emogi-bfs --help spells it.
adv_opt=$(emogi-bfs --help 2>&1 | grep -o -e '--uvm-advice' -e '--advice' | head -n 1)
: "${adv_opt:=--uvm-advice}"

kernels="naive merged aligned"
places="device zerocopy uvm:read-mostly uvm:accessed-by uvm:prefetch auto"

# Unreached vertices hold 0xffffffff; count the others.
reached() { od -An -tu4 -v "$1" | tr -s ' ' '\n' | grep -c -v -e '^$' -e '^4294967295$'; }

# A source that reaches more than a few vertices (Kronecker graphs leave
# many vertices isolated).
pick_source() { # GRAPH
    for s in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
        emogi-bfs "$1" -s "$s" --device cpu -o "$T/pick.bin" 2>/dev/null || continue
        [ "$(reached "$T/pick.bin")" -gt 10 ] && { echo "$s"; return; }
    done
    echo 0
}

check_graph() { # NAME GRAPH SOURCE
    name=$1 g=$2 s=$3
    if ! emogi-bfs "$g" -s "$s" --device cpu -o "$T/cpu.bin" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    for k in $kernels; do
        for p in $places; do
            mem=${p%%:*} adv=
            [ "$mem" = "$p" ] || adv="$adv_opt ${p#*:}"
            d="$name, $k, $p"
            rm -f "$T/gpu.bin"
            # shellcheck disable=SC2086 # $adv is an option and its value
            if ! emogi-bfs "$g" -s "$s" --device gpu --kernel "$k" --mem "$mem" $adv \
                -o "$T/gpu.bin" 2>"$T/.err"; then
                ok 1 "$d"; sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
                ok 1 "$d"; diag "depths differ from --device cpu:"
                cmp "$T/cpu.bin" "$T/gpu.bin" 2>&1 | head -3 | sed 's/^/# /'; continue
            fi
            if ! emogi-verify bfs "$g" -s "$s" "$T/gpu.bin" >"$T/.out" 2>"$T/.err"; then
                ok 1 "$d"; diag "emogi-verify bfs:"; sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            ok 0 "$d"
        done
    done
}

nchecks=8 nsetup=8
plan $((nchecks * 3 * 6 + nsetup))

# A star with 100 000 leaves, from the hub and from a leaf.
awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i }' >star.el
runs "star: convert, 4-byte ids" emogi-convert el star.el star4.csr --undirected -q
runs "star: convert, 8-byte ids" emogi-convert el star.el star8.csr --undirected --id-width 8 -q
# Vertex 1000 + i hangs off path vertex i: 1000 leaves of degree 1.
awk 'BEGIN { for (i = 0; i < 999; i++) print i, i + 1; for (i = 0; i < 1000; i++) print i, 1000 + i }' \
    >comb.el
runs "comb: convert" emogi-convert el comb.el comb.csr --undirected -q
# Directed: each vertex points at two others, multiplicatively scattered.
awk 'BEGIN { n = 5003; for (i = 0; i < n; i++) { print i, (i * 7 + 3) % n; print i, (i * 13 + 1) % n } }' \
    >dir.el
runs "directed: convert" emogi-convert el dir.el dir4.csr --directed -q
runs "directed kron: convert, 8-byte ids" emogi-convert kron -s 12 --directed --id-width 8 dirk8.csr -q
runs "kron 14: convert, 4-byte ids" emogi-convert kron -s 14 --id-width 4 kron4.csr -q
runs "kron 14: convert, 8-byte ids" emogi-convert kron -s 14 --id-width 8 kron8.csr -q
ok "$(test -s star4.csr && test -s kron8.csr; echo $?)" "graphs written"

check_graph "star from hub, 4-byte" star4.csr 0
check_graph "star from a leaf, 8-byte" star8.csr 77777
check_graph "comb, 4-byte" comb.csr 500
check_graph "directed, 4-byte" dir4.csr 0
check_graph "directed kron, 8-byte" dirk8.csr "$(pick_source dirk8.csr)"
check_graph "kron 14, 4-byte" kron4.csr "$(pick_source kron4.csr)"
check_graph "kron 14, 8-byte" kron8.csr "$(pick_source kron8.csr)"
check_graph "star from hub, 8-byte" star8.csr 0
finish
