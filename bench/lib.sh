# lib.sh - what bench/bfs.sh, sssp.sh, cc.sh and pagerank.sh share; sourced.
#
# The sourcing script sets bench_dir (this folder) and DEADLINE (epoch
# seconds), and defines
#   summarise LOG REFERENCE   the row's columns after the tool's, from --stats
#   blank_tail REFERENCE      the empty columns after a message, with the
#                             reference in its place
# Rows are markdown: "HEAD | columns", HEAD naming tool, ids, placement,
# kernel as the script's table does.
# shellcheck shell=sh disable=SC2034,SC2154 # STATS_KV used, bench_dir set by the sourcing script

# Seconds until DEADLINE.
left() { echo $((DEADLINE - $(date +%s))); }

# reference JOB WIDTH PLACE KERNEL: the reference implementation's time for
# that combination from bench/reference.tsv ("ms (note)"), or — if none.
reference() {
    awk -F '\t' -v j="$1" -v w="$2" -v p="$3" -v k="$4" '
        $2 == j && $3 == w && $4 == p && $5 == k {
            print $6 ($7 == "" ? "" : " (" $7 ")"); found = 1; exit
        }
        END { if (!found) print "—" }' "$bench_dir/reference.tsv"
}

# uvm_advice PLACE: the extra options for a placement (UVM runs read-mostly).
uvm_advice() { if [ "$1" = uvm ]; then echo "--uvm-advice read-mostly"; fi; }

# An awk function for summarise: kv(from) fills f[key] = value from the
# key=value fields of the line, from field number FROM on.
STATS_KV='function kv(from,   i, pair) {
    split("", f)
    for (i = from; i <= NF; i++) { split($i, pair, "="); f[pair[1]] = pair[2] }
}'

# skip_row HEAD WHY REF: a combination not run, and why.
skip_row() { echo "$1 | $2 $(blank_tail "$3")"; }

# failed_row HEAD STATUS LOG REF TIMEOUT-TEXT DEFAULT-WHY TOOL RESULT-KEY:
# a run that failed; the reason is the log's last line that is neither a
# load nor a result line (RESULT-KEY: the first key of the tool's result
# lines), or TIMEOUT-TEXT when timeout killed it.
failed_row() {
    if [ "$2" -eq 124 ]; then why=$5; else
        why=$(grep -v -e "^$7: load" -e "^$7: $8" "$3" | tail -n 1 | tr '|' '/')
    fi
    echo "$1 | failed (status $2): ${why:-$6} $(blank_tail "$4")"
}

# run_combo HEAD REF LOG SECONDS TIMEOUT-TEXT DEFAULT-WHY RESULT-KEY TOOL ARG...:
# one call of TOOL (at most SECONDS), its --stats to LOG, printed as a row.
run_combo() {
    rc_head=$1 rc_ref=$2 rc_log=$3 rc_t=$4 rc_tt=$5 rc_dw=$6 rc_key=$7
    shift 7
    timeout "$rc_t" "$@" >/dev/null 2>"$rc_log"
    rc_st=$?
    if [ "$rc_st" -eq 0 ] && rc_row=$(summarise "$rc_log" "$rc_ref"); then
        echo "$rc_head | $rc_row"
    else
        failed_row "$rc_head" "$rc_st" "$rc_log" "$rc_ref" "$rc_tt" "$rc_dw" "$1" "$rc_key"
    fi
}
