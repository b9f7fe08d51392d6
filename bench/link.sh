# link.sh - what bench/fewer-bytes.sh and bench/compressed.sh share
# (bench/bfs.sh and at-scale.sh: gpu_line); sourced.  The sourcing
# script sets bw (the pinned memcpy rate, GB/s, 0 when unknown), logs (a
# folder for the runs' --stats), WORK, and left() (seconds it may still
# run).
# shellcheck shell=sh disable=SC2154 # bw, logs and WORK are the sourcing script's

# The link's ceiling into bw, GB/s: BW when set, else the pinned
# host->device memcpy rate measured now with BENCH_DIR/memcpy_bw.cu, or 0
# with DEVICE=cpu (no GPU).
measure_bw() { # BENCH_DIR
    if [ -n "${BW:-}" ]; then
        bw=$BW
    elif [ "$DEVICE" = gpu ]; then
        nvcc -O3 -arch="$ARCH" -o "$WORK/memcpy_bw" "$1/memcpy_bw.cu" 2>"$logs/nvcc.log" ||
            { cat "$logs/nvcc.log"; exit 1; }
        bw=$("$WORK/memcpy_bw" 4 | cut -f2) || exit 1
    else
        bw=0
    fi
}

# The GPU the rows run on: CUDA's first visible device (nvidia-smi's
# index; a host of four GPUs listed all four), or "none".
gpu_line() {
    nvidia-smi -i "$(printf %s "${CUDA_VISIBLE_DEVICES:-0}" | cut -d, -f1)" \
        --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null || echo none
}

# Sum of the --stats search lines of LOG (TOOL's "KEY=" lines) into a row's
# tail: searches, mean ms, link GB and device GB per search, link GB/s,
# % of memcpy, edges examined per search, the rate of ids read (GB/s of
# them as 4-byte ids: for compressed lists, decoded) and the load line's
# device share.
summarise() { # LOG TOOL KEY
    awk -v bw="$bw" -v tool="$2" -v key="$3" '
    function kv(   i, p) { split("", f); for (i = 2; i <= NF; i++) { split($i, p, "="); f[p[1]] = p[2] } }
    $1 == tool ":" && $2 == "load" && $3 ~ /^device=/ { kv(); frac = f["device_edge_fraction"] }
    $1 == tool ":" && index($2, key "=") == 1 && $0 ~ / seconds=/ {
        kv(); n++; s += f["seconds"]; l += f["link_bytes"]; d += f["devmem_bytes"]
        e += f["edges_examined"] + f["edges_relaxed"] + f["edges_read"]
    }
    END {
        if (n == 0 || s <= 0) exit 1
        share = frac != "" ? sprintf("%.0f%%", 100 * frac) : "—"
        printf "%d | %.1f | %.3f | %.3f | %.1f | %s | %.0f | %.1f | %s |\n", n, 1e3 * s / n,
               l / n / 1e9, d / n / 1e9, l / s / 1e9,
               (bw > 0 ? sprintf("%.0f%%", 100 * l / s / 1e9 / bw) : "—"), e / n, 4 * e / s / 1e9,
               share
    }' "$1"
}

# One row: HEAD, a log name, then the tool and its arguments.
row() { # HEAD NAME TOOL KEY ARG...
    head=$1 name=$2 tool=$3 key=$4
    shift 4
    t=$(left)
    if [ "$t" -lt 15 ]; then echo "$head | skipped: out of time | | | | | | | | |"; return; fi
    timeout "$t" "$tool" "$@" --stats >/dev/null 2>"$logs/$name.log"
    st=$?
    if [ "$st" -eq 0 ] && r=$(summarise "$logs/$name.log" "$tool" "$key"); then
        echo "$head | $r"
    else
        echo "$head | failed (status $st): $(tail -n 1 "$logs/$name.log" | tr '|' '/') | | | | | | | | |"
    fi
}

# --gpu-memory that holds SHARE (a/b) of the plain edge array (ids only,
# ne x id width: the graphs here are undirected and unweighted) beside
# what the tool needs for offsets and state, which it names when refusing
# a 1 KiB budget.  A compressed file gets its plain twin's budget, so both
# rows describe one GPU: the compressed lists fit a larger share of it.
budget() { # GRAPH SHARE TOOL [ARG...]
    bg=$1 bs=$2 bt=$3
    shift 3
    fixed=$("$bt" "$bg" "$@" --device gpu --mem hybrid --gpu-memory 1K -o "$WORK/budget.bin" 2>&1 |
        sed -n 's/.* is below the \([0-9][0-9]*\) bytes that offsets and kernel state need.*/\1/p')
    emogi-info "$bg" 2>/dev/null | awk -v share="$bs" -v fixed="${fixed:-0}" '
        /^edges:/ { ne = $2 } /^id width:/ { w = $3 }
        END { split(share, q, "/"); printf "%.0f\n", fixed + ne * w * q[1] / q[2] }'
}

