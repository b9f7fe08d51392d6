#!/bin/sh
# bc_gpu.sh - every GPU kernel under every placement gives the CPU
# backend's betweenness scores, to within a relative 1e-9 of the largest
# (the GPU adds in another order), and passes emogi-verify bc: Kronecker
# graphs (undirected with 4-byte ids, directed with 8-byte ids and no
# in-edges, so top-down levels only, directed with its in-edges placed
# for bottom-up levels, compressed lists) from sampled sources, and a
# star whose hub list
# (100 000 entries) goes through the pieces launch.  Device and uvm
# placements read nothing over the link, zero-copy nothing from device
# memory, hybrid both.  Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/hybrid.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"
py=
for p in ${EMOGI_PYTHON:+"$EMOGI_PYTHON"} python3 /usr/bin/python3; do
    if "$p" -c 'import struct' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || skip_all "no python3 to compare float64 files"

kernels="naive merged aligned"
places="device zerocopy uvm:read-mostly auto hybrid:1/4 hybrid:3/4"

cat >close.py <<'EOF'
import struct, sys
a, b = (open(f, "rb").read() for f in sys.argv[1:3])
if len(a) != len(b):
    print("sizes %d and %d" % (len(a), len(b))); sys.exit(1)
x = struct.unpack("<%dd" % (len(a) // 8), a)
y = struct.unpack("<%dd" % (len(b) // 8), b)
top = max([abs(v) for v in x] + [1e-300])
for v, (p, q) in enumerate(zip(x, y)):
    if abs(p - q) > 1e-9 * top:
        print("vertex %d: cpu %.17g, gpu %.17g" % (v, p, q)); sys.exit(1)
print("ok")
EOF

# The --stats line's bytes suit the placement MEM.
link_ok() { # MEM STATS-FILE
    line=$(grep '^emogi-bc: source=' "$2" | tail -n 1)
    link=$(printf '%s\n' "$line" | sed -n 's/.* link_bytes=\([0-9]*\).*/\1/p')
    dev=$(printf '%s\n' "$line" | sed -n 's/.* devmem_bytes=\([0-9]*\).*/\1/p')
    [ -n "$link" ] && [ -n "$dev" ] || return 1
    case $1 in
    device | uvm | auto) [ "$link" -eq 0 ] && [ "$dev" -gt 0 ] ;;
    zerocopy) [ "$dev" -eq 0 ] && [ "$link" -gt 0 ] ;;
    hybrid) [ "$dev" -gt 0 ] && [ "$link" -gt 0 ] ;;
    esac
}

check_graph() { # NAME GRAPH EDGE-BYTES SOURCES...: EDGE-BYTES placed per edge
    name=$1 g=$2 eb=$3
    shift 3
    if ! emogi-bc "$g" "$@" --device cpu -o "$T/cpu.bin" 2>"$T/.err"; then
        ok 1 "$name: CPU reference"; sed 's/^/# /' "$T/.err"; return
    fi
    hybrid_budgets emogi-bc "$g" "$eb" "$@"
    for k in $kernels; do
        for p in $places; do
            mem=${p%%:*}
            place_options "$p"
            d="$name, $k, $p"
            rm -f "$T/gpu.bin"
            # shellcheck disable=SC2086 # $place_opts is options and their values
            if ! emogi-bc "$g" "$@" --device gpu --kernel "$k" --mem "$mem" $place_opts \
                --stats -o "$T/gpu.bin" 2>"$T/gpu.err"; then
                ok 1 "$d"; sed 's/^/# /' "$T/gpu.err" | head -5; continue
            fi
            if ! got=$("$py" close.py "$T/cpu.bin" "$T/gpu.bin"); then
                ok 1 "$d"; diag "scores differ from --device cpu: $got"; continue
            fi
            if ! hybrid_split_ok "$T/gpu.err"; then
                ok 1 "$d"; diag "not split at $hybrid_want of $hybrid_ne edges:"
                grep ' mem=' "$T/gpu.err" | sed 's/^/# /'; continue
            fi
            if ! emogi-verify bc "$g" "$@" "$T/gpu.bin" >"$T/.out" 2>"$T/.err"; then
                ok 1 "$d"; diag "emogi-verify bc:"; sed 's/^/# /' "$T/.err" | head -5; continue
            fi
            if ! link_ok "$mem" "$T/gpu.err"; then
                ok 1 "$d"; diag "--stats bytes do not suit $mem:"
                grep '^emogi-bc: source=' "$T/gpu.err" | tail -n 1 | sed 's/^/# /'; continue
            fi
            ok 0 "$d"
        done
    done
}

ngraphs=5 nsetup=6
plan $((ngraphs * 3 * 6 + nsetup))

runs "kron 12: convert, undirected, 4-byte ids" emogi-convert kron -s 12 k4.csr -q
runs "kron 12: convert, directed, 8-byte ids" \
    emogi-convert kron -s 12 --directed --id-width 8 kd8.csr -q
runs "kron 12: convert, directed with in-edges" \
    emogi-convert kron -s 12 --directed --transpose kdt.csr -q
runs "kron 12: convert, compressed" emogi-convert kron -s 12 --compress kz.csr -q
awk 'BEGIN { for (i = 1; i <= 100000; i++) print 0, i }' >star.el
runs "star: convert" emogi-convert el star.el star.csr --undirected -q
ok "$(test -s k4.csr && test -s star.csr; echo $?)" "graphs written"

# bytes placed per edge: the ids (list_bytes of compressed ones), and a
# directed graph's in-edges' ids
check_graph "kron 12, 4-byte" k4.csr 4 -n 4 --seed 3
check_graph "kron 12 directed, 8-byte, top-down only" kd8.csr 8 -n 4 --seed 5
check_graph "kron 12 directed, in-edges for bottom-up levels" kdt.csr 8 -n 4 --seed 5
check_graph "kron 12, compressed" kz.csr "$(list_bytes kz.csr)" -n 3 --seed 2
check_graph "star from a leaf" star.csr 4 -s 777
finish
