#!/bin/sh
# gpu-vs-cpu.sh - the GPU against the CPU backend of the same build on the
# same machine, for the tools whose GPU kernels are newest (emogi-bc,
# emogi-tc, emogi-cc --strong): each row runs the tool once on the CPU
# (every core) and once on the GPU with the row's placement, and checks
# that the two answers agree: emogi-tc's counts and emogi-cc --strong's
# labels byte for byte, emogi-bc's scores by emogi-verify bc (the GPU sums
# in another order, so its last bits may differ).
#
#   NEW=/path/to/build sh bench/gpu-vs-cpu.sh GRAPH...
#
# ROWS: TOOL:PLACEMENT, TOOL one of bc, tc, scc; PLACEMENT device,
# zerocopy or hybrid (--gpu-memory half the bytes of the graph's lists).
# scc runs only on directed graphs with a stored transpose, bc and tc on
# any (tc symmetrizes a directed graph).  SOURCES (4): emogi-bc -n SOURCES
# --seed 1.  DEADLINE (epoch seconds after which no row starts), LIMIT
# (seconds a run may take, 120).  Prints a Markdown table; exits 1 when a
# run fails or the answers differ.
set -u
: "${NEW:?set NEW to the build folder to measure}"
[ $# -ge 1 ] || { echo "usage: NEW=DIR sh bench/gpu-vs-cpu.sh GRAPH..." >&2; exit 2; }
ROWS=${ROWS:-"bc:device bc:zerocopy bc:hybrid tc:device tc:zerocopy tc:hybrid scc:device scc:zerocopy scc:hybrid"}
SOURCES=${SOURCES:-4}
DEADLINE=${DEADLINE:-0}
LIMIT=${LIMIT:-120}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emogi-gpu-vs-cpu.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT
status=0

info() { "$NEW/emogi-info" "$1"; }
# Bytes of the list sections a GPU run places, from emogi-info's table.
list_bytes() {
    info "$1" | awk '$1 ~ /^(neighbors|cneighbors|coffsets|t_neighbors|t_cneighbors|t_coffsets)$/ {
        s += $3 } END { printf "%.0f", s }'
}
directed() { info "$1" | grep -q '^directed: yes' && info "$1" | grep -q '^transpose: yes'; }

# The seconds of a --stats log: emogi-bc's mean search, the others' run.
figure_of() { # TOOL LOG
    case $1 in
    bc) key='^emogi-bc: mean' ;;
    tc) key='^emogi-tc: algorithm=' ;;
    scc) key='^emogi-cc: algorithm=' ;;
    esac
    grep "$key" "$2" | tail -n 1 | tr ' ' '\n' | sed -n 's/^seconds=//p'
}

run() { # TOOL GRAPH OUT LOG DEVICE-OPTIONS...
    r_tool=$1 r_g=$2 r_out=$3 r_log=$4
    shift 4
    case $r_tool in
    bc) set -- "$NEW/emogi-bc" "$r_g" -n "$SOURCES" --seed 1 "$@" ;;
    tc) set -- "$NEW/emogi-tc" "$r_g" --undirected "$@" ;;
    scc) set -- "$NEW/emogi-cc" "$r_g" --strong "$@" ;;
    esac
    timeout "$LIMIT" "$@" --stats -o "$r_out" >/dev/null 2>"$r_log"
}

ms() { awk -v s="${1:-0}" 'BEGIN { if (s > 0) printf "%.2f ms", s * 1e3; else printf "failed" }'; }

echo "| graph | tool | placement | CPU | GPU | GPU/CPU time | answers |"
echo "|---|---|---|---|---|---|---|"
for g in "$@"; do
    name=$(basename "$g" .csr)
    half=$(($(list_bytes "$g") / 2))
    for r in $ROWS; do
        tool=${r%%:*} mem=${r#*:}
        [ "$tool" = scc ] && ! directed "$g" && continue
        if [ "$DEADLINE" -gt 0 ] && [ "$(date +%s)" -ge "$DEADLINE" ]; then
            echo "| $name | $tool | $mem | past the deadline | | | |"
            continue
        fi
        # the CPU's answer once per graph and tool
        if [ ! -s "$WORK/$name.$tool.cpu" ]; then
            if run "$tool" "$g" "$WORK/$name.$tool.cpu" "$WORK/$name.$tool.cpu.log" --device cpu; then
                figure_of "$tool" "$WORK/$name.$tool.cpu.log" >"$WORK/$name.$tool.cpu.s"
            else
                echo "gpu-vs-cpu.sh: cpu, $name $tool: $(tail -n 1 "$WORK/$name.$tool.cpu.log")" >&2
                status=1
                : >"$WORK/$name.$tool.cpu.s"
            fi
        fi
        cpu=$(cat "$WORK/$name.$tool.cpu.s")
        case $mem in
        hybrid) set -- --mem hybrid --gpu-memory "$half" ;;
        *) set -- --mem "$mem" ;;
        esac
        gpu='' same=''
        if run "$tool" "$g" "$WORK/gpu.bin" "$WORK/gpu.log" --device gpu "$@"; then
            gpu=$(figure_of "$tool" "$WORK/gpu.log")
            case $tool in
            bc)
                if "$NEW/emogi-verify" bc "$g" -n "$SOURCES" --seed 1 "$WORK/gpu.bin" >/dev/null 2>&1
                then same="verify ok"; else same="VERIFY FAILS" status=1; fi ;;
            *)
                if cmp -s "$WORK/$name.$tool.cpu" "$WORK/gpu.bin"; then same=same
                else same=DIFFER status=1; fi ;;
            esac
        else
            echo "gpu-vs-cpu.sh: gpu, $name $r: $(tail -n 1 "$WORK/gpu.log")" >&2
            status=1
        fi
        ratio=$(awk -v a="${cpu:-0}" -v b="${gpu:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", b / a }')
        echo "| $name | $tool | $mem | $(ms "$cpu") | $(ms "$gpu") | ${ratio:-—} | ${same:-—} |"
    done
done
exit "$status"
