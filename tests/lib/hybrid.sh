# hybrid.sh - GPU memory budgets that split a graph's edge arrays at a
# chosen fraction, for the GPU tests' hybrid placements; source it after
# tap.sh.
#
# The split is worked out here, not read from the tool: the fixed bytes
# (offsets and kernel state, which the tool names when refusing a 1 KiB
# budget) plus EDGE_BYTES (the test's own sum of what the tool places per
# edge: the lists' bytes, list_bytes, and weights) times the chosen
# number of edges is the budget; the tool must then split at that number
# of edges, down to a multiple of 32, and say so in its --stats load line.

# info_num GRAPH FIELD: a number from emogi-info ("edges", "id width").
info_num() {
    emogi-info "$1" | sed -n "s/^$2: \([0-9][0-9]*\)\$/\1/p"
}

# list_bytes GRAPH [in]: the bytes one edge of GRAPH's lists takes in a
# GPU memory budget, as the loader counts it (emogi_edge_bytes): the id
# width of plain lists, and of compressed ones their section's bytes over
# the edges, rounded up, so a budget from the id width would hold every
# compressed list.  With "in", a directed graph's in-lists too (its
# stored transpose's, split alike), which CC places beside the lists.
list_bytes() {
    emogi-info "$1" | awk -v in_too="${2:-}" '
        function per_edge(s) {
            if (!(s in b)) return w
            return ne == 0 ? 0 : int(b[s] / ne) + (b[s] % ne != 0) + (b[s] == 0)
        }
        $1 == "edges:" { ne = $2 }
        $1 == "directed:" { dir = $2 == "yes" }
        $1 == "id" && $2 == "width:" { w = $3 }
        $1 == "cneighbors" || $1 == "t_cneighbors" { b[$1] = $3 }
        END { in_lists = in_too == "in" && dir ? per_edge("t_cneighbors") : 0
              print per_edge("cneighbors") + in_lists }'
}

# fixed_bytes TOOL GRAPH [TOOL OPTIONS]: the device memory TOOL needs on
# GRAPH for offsets and kernel state, as it names it when refusing a
# 1 KiB --gpu-memory (empty when the message has no figure; its stderr
# stays in $T/.budget); status 1 when it did not refuse.
fixed_bytes() {
    fb_tool=$1 fb_g=$2
    shift 2
    "$fb_tool" "$fb_g" "$@" --device gpu --mem hybrid --gpu-memory 1K -o "$T/.discard" \
        >/dev/null 2>"$T/.budget" && return 1
    sed -n 's/.* is below the \([0-9][0-9]*\) bytes that offsets and kernel state need.*/\1/p' \
        "$T/.budget"
}

# hybrid_budgets TOOL GRAPH EDGE_BYTES [TOOL OPTIONS]: sets hybrid_ne,
# hybrid_cap1 and hybrid_cap3 (--gpu-memory values that leave room for a
# quarter and three quarters of the edges) and hybrid_want1 and
# hybrid_want3 (the splits they must give).  When the figures cannot be
# had it says why, and the caps become 1 byte, which the runs then fail on.
hybrid_budgets() {
    hybrid_cap1=1 hybrid_cap3=1 hybrid_want1=none hybrid_want3=none
    tool=$1 g=$2 eb=$3
    shift 3
    hybrid_ne=$(info_num "$g" edges)
    if ! fixed=$(fixed_bytes "$tool" "$g" "$@"); then
        diag "$tool: a 1 KiB budget was not refused"; return
    fi
    if [ -z "$fixed" ] || [ -z "$hybrid_ne" ]; then
        diag "$tool $g: no fixed bytes or edge count:"; sed 's/^/# /' "$T/.budget"; return
    fi
    q1=$((hybrid_ne / 4)) q3=$((hybrid_ne * 3 / 4))
    if [ $((q1 - q1 % 32)) -le 0 ]; then
        diag "$g: $hybrid_ne edges are too few to split inside"; return
    fi
    hybrid_cap1=$((fixed + eb * q1)) hybrid_cap3=$((fixed + eb * q3))
    hybrid_want1=$((q1 - q1 % 32)) hybrid_want3=$((q3 - q3 % 32))
    # emogi-bfs may keep first ids (one id a vertex) beside a split that
    # leaves some lists' heads over the link: the split is then what the
    # budget holds beside them (hybrid_ names: the callers' own variables,
    # such as pagerank_gpu.sh's w, must survive this function)
    hybrid_nv=$(info_num "$g" vertices) hybrid_w=$(info_num "$g" "id width")
    q3f=$(((eb * q3 - ${hybrid_nv:-0} * ${hybrid_w:-0}) / eb))
    hybrid_want3f=$((q3f > 0 ? q3f - q3f % 32 : 0))
}

# place_options PLACE: sets place_opts to the options that PLACE adds to
# --mem: for "hybrid:1/4" and "hybrid:3/4" (after hybrid_budgets) the
# budget and --stats, with hybrid_want the split it must give and
# hybrid_rule the rule: 1/4 by the heads rule (the default, which keeps a
# line bitmap beside the lines and so holds up to a few lines less), 3/4
# by the prefix rule (exactly the split); for "uvm:A" the advice.
# shellcheck disable=SC2034 # place_opts is for the caller
place_options() {
    hybrid_want='' place_opts='' hybrid_rule=''
    case $1 in
    hybrid:1/4) hybrid_want=$hybrid_want1 hybrid_rule=heads
        place_opts="--gpu-memory $hybrid_cap1 --stats" ;;
    hybrid:3/4) hybrid_want=$hybrid_want3 hybrid_rule=prefix
        place_opts="--gpu-memory $hybrid_cap3 --hybrid prefix --stats" ;;
    *:*) place_opts="--uvm-advice ${1#*:}" ;;
    esac
}

# hybrid_split_ok STDERR: 0 when every load line in STDERR (of a run with
# --stats: the graph's, and a transpose's) is hybrid by hybrid_rule and
# split where hybrid_want says (heads: above 0 and at most there; prefix:
# there, or at hybrid_want3f, beside a BFS's first ids), or nothing is to
# be checked.
hybrid_split_ok() {
    [ -z "$hybrid_want" ] && return 0
    lines=$(grep -c ' mem=' "$1")
    [ "$lines" -ge 1 ] || return 1
    [ "$lines" -eq "$(sed -n "s/.* mem=hybrid .* edges=$hybrid_ne split=\([0-9]*\) device_edge_fraction=[0-9.]* hybrid=$hybrid_rule\$/\1/p" "$1" |
        awk -v want="$hybrid_want" -v wantf="${hybrid_want3f:-}" -v rule="$hybrid_rule" '
            rule == "prefix" && ($1 == want || $1 == wantf) ||
                rule == "heads" && $1 > 0 && $1 <= want { n++ }
            END { print n + 0 }')" ]
}
