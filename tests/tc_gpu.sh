#!/bin/sh
# tc_gpu.sh - every GPU kernel x placement gives the CPU backend's
# triangle counts, byte for byte, and its total, and passes emogi-verify
# tc, on graphs chosen to stress the kernel: a wheel (one hub in every
# triangle), a star (a hub of 100 000 leaves and no triangle), complete
# graphs (every list above its vertex as long as it gets), Kronecker
# graphs (skewed degrees, isolated vertices; 4- and 8-byte ids,
# compressed lists) and a directed graph counted with --undirected.
# Each run's --stats link figures must suit its placement (device and
# uvm: no byte over the link; zerocopy: every byte over it) and cover the
# lists every vertex of degree 2 or more reads once, worked out from the
# graph (tests/lib/link_stats.sh).  A graph whose lists repeat an entry
# is refused on the GPU.  Skipped, with the reason, where no GPU is
# usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/link_stats.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

kernels="naive merged aligned"
all_places="device zerocopy uvm:read-mostly auto hybrid:1/4 hybrid:3/4"
main_places="device zerocopy hybrid:1/4"

# bytes the count must read at least: every list of two entries or more, once
lists_read() { # GRAPH WIDTH
    emogi-info --edges "$1" | awk -v w="$2" '{ d[$1]++ }
        END { t = 0; for (u in d) if (d[u] >= 2) t += d[u]; printf "%d\n", t * w }'
}

check_graph() { # NAME GRAPH PLACES [OPTIONS]
    name=$1 g=$2 places=$3
    shift 3
    if ! emogi-tc "$g" "$@" --device cpu -o "$T/cpu.bin" >"$T/cpu.total" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    w=$(info_field 'id width' "$g")
    min=$(lists_read "$g" "$w")
    hybrid_budgets emogi-tc "$g" "$(list_bytes "$g")" "$@"
    for k in $kernels; do
        for p in $places; do
            mem=${p%%:*}
            place_options "$p"
            d="$name, $k, $p"
            rm -f "$T/gpu.bin"
            # shellcheck disable=SC2086 # $place_opts is options and their values
            if ! emogi-tc "$g" "$@" --device gpu --kernel "$k" --mem "$mem" $place_opts \
                --stats -o "$T/gpu.bin" >"$T/gpu.total" 2>"$T/gpu.err"; then
                ok 1 "$d"; sed 's/^/# /' "$T/gpu.err" | head -5; continue
            fi
            if ! cmp -s "$T/cpu.bin" "$T/gpu.bin"; then
                ok 1 "$d"; diag "counts differ from --device cpu:"
                cmp "$T/cpu.bin" "$T/gpu.bin" 2>&1 | head -3 | sed 's/^/# /'; continue
            fi
            if ! cmp -s "$T/cpu.total" "$T/gpu.total"; then
                ok 1 "$d"; diag "total $(cat "$T/gpu.total"), the CPU's $(cat "$T/cpu.total")"
                continue
            fi
            if ! hybrid_split_ok "$T/gpu.err"; then
                ok 1 "$d"; diag "not split at $hybrid_want of $hybrid_ne edges:"
                grep ' mem=' "$T/gpu.err" | sed 's/^/# /'; continue
            fi
            if ! emogi-verify tc "$g" "$T/gpu.bin" "$@" >"$T/.out" 2>"$T/.err"; then
                ok 1 "$d"; diag "emogi-verify tc:"; sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            line=$(grep '^emogi-tc: algorithm=' "$T/gpu.err" | tail -n 1)
            if ! why=$(link_check "$mem" "$min" "$line"); then
                ok 1 "$d"; diag "--stats: $why"; diag "$line"; continue
            fi
            ok 0 "$d"
        done
    done
}

nsetup=9
plan $((3 * 6 * 2 + 3 * 3 * 5 + nsetup + 3))

awk 'BEGIN { n = 200; print 0, n; for (i = 1; i < n; i++) { print 0, i; print i, i + 1 } }' >wheel.el
runs "wheel: convert" emogi-convert el wheel.el wheel.csr --undirected -q
awk 'BEGIN { for (i = 0; i < 100000; i++) print 100000, i }' >star.el
runs "star: convert" emogi-convert el star.el star.csr --undirected -q
awk 'BEGIN { n = 300; for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) print i, j }' >k300.el
runs "K300: convert, 8-byte ids" emogi-convert el k300.el k300.csr --undirected --id-width 8 -q
runs "kron 14: convert, 4-byte ids" emogi-convert kron -s 14 kron4.csr -q
runs "kron 13: convert, 8-byte ids" emogi-convert kron -s 13 --id-width 8 kron8.csr -q
runs "kron 14: compressed" emogi-convert csr kron4.csr kronc.csr --compress -q
runs "kron 12: directed" emogi-convert kron -s 12 --directed dir.csr -q
awk 'BEGIN { srand(3); n = 20000; for (i = 0; i < 90000; i++) print int(rand() * n), int(rand() * n); print n - 1, 0 }' \
    >sparse.el
runs "sparse: convert" emogi-convert el sparse.el sparse.csr --undirected -q
ok "$(test -s kron4.csr && test -s k300.csr; echo $?)" "graphs written"

check_graph "wheel, 4-byte" wheel.csr "$all_places"
check_graph "kron 14, 4-byte" kron4.csr "$all_places"
check_graph "star, 4-byte" star.csr "$main_places"
check_graph "K300, 8-byte" k300.csr "$main_places"
check_graph "kron 13, 8-byte" kron8.csr "$main_places"
check_graph "kron 14, compressed" kronc.csr "$main_places"
check_graph "sparse, 4-byte" sparse.csr "$main_places"

# the directed graph's undirected one, built in memory and placed
emogi-tc dir.csr --undirected --device cpu -o cpu.bin >cpu.total
emogi-tc dir.csr --undirected --device gpu --mem zerocopy -o gpu.bin >gpu.total 2>gpu.err
ok "$(cmp -s cpu.bin gpu.bin && cmp -s cpu.total gpu.total; echo $?)" \
    "--undirected on a directed kron: the GPU's counts are the CPU's"
printf '0 1\n1 2\n2 0\n2 0\n' >dup.el
emogi-convert el dup.el dup.csr --undirected --keep-duplicates -q
fails "a list with a repeated entry is refused on the GPU" 1 'repeats an entry' \
    emogi-tc dup.csr --device gpu
is "$(emogi-tc dup.csr --device cpu)" 1 "and counted once on the CPU"
finish
