# shellcheck shell=sh
# link_stats.sh - for the GPU tests of emogi-sssp, emogi-cc and
# emogi-pagerank: the link figures of a --stats line (link_bytes,
# devmem_bytes, link_gbps: traverse/tool.c, tool_print_link), checked
# against the placement and against a lower bound that the test works out
# from the graph itself (emogi-info), never from the tool's figures.
# Sourced after tap.sh; tests/link_stats.sh checks these helpers on
# hand-written lines and a graph small enough to work by hand.

# The value of KEY=... on LINE when it is a plain decimal integer; empty
# when KEY is absent or its value is not one.
stat_value() { # KEY LINE
    printf '%s\n' "$2" | awk -v k="$1" '{
        for (i = 1; i <= NF; i++)
            if (index($i, k "=") == 1) {
                v = substr($i, length(k) + 2)
                if (v ~ /^[0-9]+$/) print v
                exit
            }
    }'
}

# 0 when LINE's link figures suit placement MEM (device and uvm: every
# byte from device memory; zerocopy: every byte over the link; any other,
# auto: either) and link_bytes + devmem_bytes is at least MIN; else 1,
# with the reason on standard output.
link_check() { # MEM MIN LINE
    _lb=$(stat_value link_bytes "$3")
    _db=$(stat_value devmem_bytes "$3")
    if [ -z "$_lb" ] || [ -z "$_db" ]; then
        echo "no link_bytes=N devmem_bytes=N on the --stats line"; return 1
    fi
    case " $3 " in
    *" link_gbps="[0-9]*) ;;
    *) echo "no link_gbps on the --stats line"; return 1 ;;
    esac
    case $1 in
    device | uvm)
        if [ "$_lb" -ne 0 ] || [ "$_db" -eq 0 ]; then
            echo "$1 placement: link_bytes=$_lb devmem_bytes=$_db (want 0 and more than 0)"
            return 1
        fi ;;
    zerocopy)
        if [ "$_db" -ne 0 ] || [ "$_lb" -eq 0 ]; then
            echo "zerocopy placement: link_bytes=$_lb devmem_bytes=$_db (want more than 0 and 0)"
            return 1
        fi ;;
    esac
    if [ $((_lb + _db)) -lt "$2" ]; then
        echo "link_bytes + devmem_bytes = $((_lb + _db)), below the $2 bytes that must be read"
        return 1
    fi
    return 0
}

# A field of emogi-info's report ("edges: 4246" gives 4246 for "edges").
info_field() { # NAME GRAPH
    emogi-info "$2" | sed -n "s/^$1: //p"
}

# Out-edges of the vertices SOURCE reaches (itself included): the list
# entries any SSSP from SOURCE reads at least once.  emogi-info --edges
# lists a graph's stored out-edges grouped by source vertex.
reached_entries() { # GRAPH SOURCE
    emogi-info --edges "$1" | awk -v s="$2" '
    { if (!($1 in first)) first[$1] = NR; deg[$1]++; dst[NR] = $2 }
    END {
        q[0] = s; seen[s] = 1; n = 1
        for (i = 0; i < n; i++) {
            u = q[i]
            for (j = 0; j < deg[u]; j++) {
                v = dst[first[u] + j]
                if (!(v in seen)) { seen[v] = 1; q[n++] = v }
            }
        }
        t = 0
        for (i = 0; i < n; i++) t += deg[q[i]]
        printf "%d\n", t
    }'
}

# The sum over vertices of min(out-degree, K): the entries Afforest's K
# sampling rounds read, whatever it skips afterwards.
sampled_entries() { # GRAPH K
    emogi-info --edges "$1" | awk -v k="$2" '
    { deg[$1]++ }
    END { t = 0; for (u in deg) t += deg[u] < k ? deg[u] : k; printf "%d\n", t }'
}
