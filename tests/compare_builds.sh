#!/bin/sh
# compare_builds.sh - a refactor's check that behaviour is unchanged: runs
# every command line of a list once with the tools of an old build and once
# with those of a new one, and compares exit status, standard output,
# standard error and every file in the command's folder afterwards.
#
#   sh tests/compare_builds.sh OLD_BUILD_DIR NEW_BUILD_DIR [COMMANDS]
#
# OLD_BUILD_DIR and NEW_BUILD_DIR are built trees holding emogi-convert,
# emogi-export, emogi-info, emogi-bfs, emogi-sssp, emogi-cc, emogi-pagerank
# and emogi-verify; COMMANDS defaults to tests/data/compare_builds.cmds
# beside this script.  Not part of make check: it needs two builds.
#
# The inputs (tests/data's files, and graphs, compressed files, result
# files and broken inputs that the old build's tools make first) are made
# once; each command line then runs with sh -c, with the build folder first
# in PATH, in a fresh copy of them at one fixed path, so that both runs see
# the same names.  A line of the list is a shell command; '#' starts a
# comment line; a line may begin with [TOOL,...], the commands it needs
# besides the build's (mpirun, zstd, ...), and is skipped with a note
# where one is missing.
#
# What varies from run to run, and only that, is normalized before the
# comparison: the build folder's path (to @BUILD@); the figures of time,
# rate and peak memory in --stats records (key=value, JSON, and
# emogi-convert's stats and progress lines); the job ids and PIDs in
# mpirun's own messages; and under mpirun, the order of the lines of
# standard error, which the ranks write as they come.  Outputs are first
# compared byte for byte; only those that differ are compared again,
# normalized.
#
# One line is printed per difference (the command's number and line, what
# differed, a short diff), then "N commands, N identical, N differ"; the
# exit status is 1 when any differ, 2 on a usage error.
# Environment: COMPARE_ONLY=REGEX runs only the lines that match it;
# COMPARE_KEEP=1 keeps the work folder (named on standard error);
# COMPARE_VERBOSE=1 prints a line for each identical command too, with
# its exit status;
# COMPARE_TIMEOUT=S, the most seconds a command may run (default 120).

set -u

usage() {
    echo "usage: sh tests/compare_builds.sh OLD_BUILD_DIR NEW_BUILD_DIR [COMMANDS]" >&2
    exit 2
}
if [ $# -lt 2 ] || [ $# -gt 3 ]; then usage; fi
here=$(cd "$(dirname "$0")" && pwd)
cmds=${3:-$here/data/compare_builds.cmds}
TOOLS="emogi-convert emogi-export emogi-info emogi-bfs emogi-sssp emogi-cc emogi-pagerank emogi-verify"
for d in "$1" "$2"; do
    [ -d "$d" ] || { echo "compare_builds.sh: $d: not a folder" >&2; exit 2; }
    for t in $TOOLS; do
        [ -x "$d/$t" ] || { echo "compare_builds.sh: $d/$t: not built" >&2; exit 2; }
    done
done
[ -r "$cmds" ] || { echo "compare_builds.sh: $cmds: cannot read" >&2; exit 2; }
OLD=$(cd "$1" && pwd)
NEW=$(cd "$2" && pwd)
data=$here/data

W=$(mktemp -d "${TMPDIR:-/tmp}/compare_builds.XXXXXX") || exit 2
if [ "${COMPARE_KEEP:-}" = 1 ]; then
    echo "compare_builds.sh: work folder $W" >&2
else
    trap 'rm -rf "$W"' EXIT
    trap 'exit 130' INT TERM HUP
fi

# What the commands see, the same for both builds: a pinned date for the
# provenance, two threads (results must not depend on the count, and two
# make thread races show), the C locale, and a temporary folder and Open
# MPI session folder at fixed paths inside the work folder
LC_ALL=C
SOURCE_DATE_EPOCH=1700000000
OMP_NUM_THREADS=2
TMPDIR=$W/tmp
OMPI_MCA_orte_tmpdir_base=$W/ompi
# Open MPI's own transports: UCX's start-up is slow and adds nothing on one host
OMPI_MCA_pml=ob1
export LC_ALL SOURCE_DATE_EPOCH OMP_NUM_THREADS TMPDIR OMPI_MCA_orte_tmpdir_base OMPI_MCA_pml
unset EMOGI_CONVERT_RUN_EDGES EMOGI_PROGRESS_INTERVAL EMOGI_NO_TMPFILE EMOGI_EXPORT_PASS_ARCS

# ---- the inputs, made with the old build's tools ----
IN=$W/in
mkdir -p "$IN" "$TMPDIR" "$OMPI_MCA_orte_tmpdir_base" || exit 2
cp -R "$data"/. "$IN"/ || exit 2
rm -f "$IN"/compare_builds.cmds
have() { command -v "$1" >/dev/null 2>&1; }

# bel PAIRS WIDTH: the pairs "src dst ..." as little-endian binary ids of
# WIDTH bytes (ids below 256)
bel() {
    for v in $1; do
        printf '%b' "\\0$(printf '%03o' "$v")"
        i=1
        while [ $i -lt "$2" ]; do printf '\000'; i=$((i + 1)); done
    done
}

make_inputs() (
    set -e
    cd "$IN"
    # shellcheck disable=SC2030 # the old build's tools, for this subshell only
    PATH=$OLD:$PATH
    c() { emogi-convert "$@" -q; }
    # generated graphs: undirected, weighted, directed with and without
    # their in-edges, 8-byte ids, compressed lists, uniform random
    c kron -s 8 -e 8 k.csr
    c kron -s 8 -e 8 --seed 2 --weights random:1:20 kw.csr
    c kron -s 8 -e 8 --seed 3 --directed kd.csr
    c kron -s 8 -e 8 --seed 4 --directed --transpose kdt.csr
    c kron -s 8 -e 8 --seed 5 --directed --transpose --weights random:1:9 kdtw.csr
    c kron -s 8 -e 8 --id-width 8 k8.csr
    c kron -s 8 -e 8 --seed 4 --directed --transpose --id-width 8 kdt8.csr
    c kron -s 8 -e 8 --seed 2 --weights random:1:20 --id-width 8 kw8.csr
    c csr k.csr kz.csr --compress
    c csr kw.csr kwz.csr --compress
    c csr kdt.csr kdtz.csr --compress
    c urand -s 8 -e 4 u.csr
    c urand -s 8 -e 4 --seed 7 --weights random:1:100 uw.csr
    # float32 weights, from the uint32 ones
    emogi-info --edges kw.csr | awk '{ printf "%d %d %.2f\n", $1, $2, $3 / 10 + 0.01 }' >kf.wel
    c wel kf.wel kf.csr --directed --vertices 256
    # a path and a star beside isolated vertices: components of every kind
    awk 'BEGIN { for (v = 1; v < 40; v++) print 0, v; for (v = 60; v > 45; v--) print v, v - 1 }' >star.el
    c el star.el star.csr --undirected --vertices 70
    c el star.el stard.csr --transpose --vertices 70
    # sparse ids with an id map, a reordering, and names
    awk 'BEGIN { for (i = 0; i < 60; i++) print i * 1000003, (i * 7 + 3) % 60 * 1000003 }' >sparse.el
    c el sparse.el rel.csr --relabel --undirected
    c kron -s 8 -e 8 --reorder degree reo.csr
    awk 'BEGIN { split("ann bob cat dan eve fay gus hal ivy jon", n, " ");
                 for (i = 1; i <= 10; i++) { print n[i], n[i % 10 + 1]; print n[i], n[(i * 3) % 10 + 1] } }' >names.el
    c el names.el names.csr --string-ids --undirected
    awk '{ print $0, NR }' names.el >names.wel
    c wel names.wel namesw.csr --string-ids
    # part files: two and three parts, named NAME.K and with %d
    c csr k.csr kp --partitions 2
    c csr k.csr kp3-%d.csr --partitions 3
    c csr kw.csr kwp --partitions 2
    c csr kw.csr kwp3-%d.csr --partitions 3
    c csr kdt.csr kdtp --partitions 2
    c csr kdt.csr kdtp3-%d.csr --partitions 3
    c csr kz.csr kzp --partitions 2
    # other formats, written by emogi-export
    for f in el wel mtx gr metis sg wsg; do emogi-export "$f" kw.csr "kw.$f" -q; done
    emogi-export sg kdt.csr kdt.sg -q
    emogi-export wsg kdtw.csr kdtw.wsg -q
    emogi-info --edges k.csr >k.el
    # adj: WebGraph's ASCII form
    awk 'BEGIN { print 6; print "1 2"; print "2"; print "0 3"; print "4 5"; print ""; print "0" }' >t.adj
    # binary edge lists
    bel "0 1 1 2 2 3 3 0 4 5 5 6 6 4 0 9" 4 >t.bel32
    bel "0 1 1 2 2 3 3 0 4 5 5 6 6 4 0 9" 8 >t.bel64
    bel "0 1 1 2 2" 4 >partial.bel32
    # csv: SNAP's tabs, LDBC's '|' with a header, quotes, names
    awk '{ printf "%s\t%s\n", $1, $2 }' k.el >k.tsv
    { echo "src|dst|w"; awk '$1 !~ /^[#%]/ && NF == 2 { printf "%s|%s|%d\n", $1, $2, NR }' tiny.el; } >t.psv
    { echo 'id1,id2,weight'; echo '"0","1",2.5'; echo '1,2,3'; echo '"2",0,1'; echo '3,"4",7'; } >q.csv
    { echo 'a,b'; echo 'x,y'; echo 'y,z'; echo '"p q",x'; } >names.csv
    # malformed inputs
    printf '0 1\n1 x\n' >bad.el
    printf '0 1\n0 -3\n' >neg.el
    printf '0 1 2\n1 2 -3\n' >neg.wel
    printf '0 1 1e39\n' >huge.wel
    printf '0 1 nan\n' >nan.wel
    printf '0 1\n1 2 3\n' >extra.el
    printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n' >short.mtx
    printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 4\n' >range.mtx
    printf 'p sp 3 2\na 1 2 5\na 1 4 1\n' >range.gr
    printf 'a 1 2 5\n' >noproblem.gr
    printf '3 2\n2\n1 3\n' >short.graph
    printf '2\n1\n0 5\n' >bad.adj
    printf '"a,b\n' >open.csv
    printf 'x,,y\n' >empty.csv
    head -c 100 kw.sg >trunc.sg
    { printf '0 '; head -c 1100000 /dev/zero | tr '\000' '1'; echo; } >long.el
    printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 -4\n' >negint.mtx
    awk '{ printf "%s;%s\n", $1, $2 }' k.el >k.ssv
    # compressed inputs, with every codec there is a tool for, and
    # broken ones
    gzip -9 -c k.el >k.el.gz
    head -c 200 k.el.gz >trunc.el.gz
    if have zstd; then zstd -q -c k.el >k.el.zst; zstd -q -c kw.wel >kw.wel.zst; fi
    if have zstd; then head -c 300 k.el.zst >trunc.el.zst; fi
    if have xz; then xz -c k.el >k.el.xz; xz -c kw.mtx >kw.mtx.xz; fi
    if have xz; then head -c 300 k.el.xz >trunc.el.xz; fi
    if have bzip2; then bzip2 -c k.el >k.el.bz2; bzip2 -c kw.gr >kw.gr.bz2; fi
    if have bzip2; then head -c 300 k.el.bz2 >trunc.el.bz2; fi
    if have lz4; then lz4 -q -c k.el >k.el.lz4; lz4 -q -l -c k.el >legacy.el.lz4; fi
    if have zstd; then { zstd -q -c tiny.el; zstd -q -c star.el; } >two.el.zst; fi
    # results, right and wrong, for emogi-verify
    emogi-bfs k.csr -s 3 --device cpu -o k.depth
    emogi-sssp kw.csr -s 3 --device cpu -o kw.dist
    emogi-sssp kf.csr -s 3 --device cpu -o kf.dist
    emogi-cc k.csr --device cpu -o k.labels
    emogi-cc kdt8.csr --device cpu -o kdt8.labels
    emogi-pagerank k.csr --device cpu -o k.pr
    emogi-pagerank k.csr --device cpu --precision float32 -o k.pr32
    emogi-pagerank kw.csr --device cpu --weighted -o kw.prw
    # corrupt RESULT: RESULT with bytes 16..19 set to 0x01 0x00 0x00 0x00
    corrupt() { { head -c 16 "$1"; printf '\001\000\000\000'; tail -c +21 "$1"; } >"$2"; }
    corrupt k.depth k.bad-depth
    corrupt kw.dist kw.bad-dist
    corrupt k.labels k.bad-labels
    corrupt k.pr k.bad-pr
    head -c 100 k.depth >k.short-depth
    # a .csr with a damaged section (its crc32 no longer matches)
    { head -c 9000 k.csr; printf '\377\377'; tail -c +9003 k.csr; } >k-crc.csr
    head -c 5000 k.csr >k-trunc.csr
    printf 'not a graph\n' >junk.csr
)
if ! make_inputs >"$W/inputs.log" 2>&1; then
    echo "compare_builds.sh: making the inputs with $OLD failed:" >&2
    sed 's/^/  /' "$W/inputs.log" >&2
    exit 2
fi

# ---- normalization ----
# The figures of time, rate and peak memory: values of keys that name a
# time (*seconds*), a rate (*_per_second, gteps, geps, *_gbps) or a peak
# (max_rss_bytes, peak_memory_mib), as key=value and as JSON; in
# emogi-convert's lines, "N s", "N edges/s", "N MB/s", the build's phase
# times and the peak; mpirun's job ids and PIDs
TIMEKEY='[a-z0-9_]*seconds[a-z0-9_]*|[a-z0-9_]*_per_second|[a-z0-9_]*gteps|geps|[a-z0-9_]*_gbps|max_rss_bytes|peak_memory_mib'
NUM='-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?|-?nan|-?inf'
sedquote() { printf '%s\n' "$1" | sed 's/[][\.*^$|/]/\\&/g'; }
normalize() { # BUILD FILE: FILE normalized, on standard output
    sed -E -e "s|$(sedquote "$1")|@BUILD@|g" \
        -e "s/(^|[^a-z0-9_])($TIMEKEY)=($NUM)/\\1\\2=#/g" \
        -e "s/\"($TIMEKEY)\":($NUM)/\"\\1\":#/g" \
        -e "/^emogi-convert: /{
            s/[0-9]+(\\.[0-9]+)?(e[-+][0-9]+)? (s|edges\\/s|input edges\\/s|MB\\/s)([^a-zA-Z]|\$)/# \\3\\4/g
            s/(relabel|scatter|weights) [0-9]+\\.[0-9]+/\\1 #/g
            s/peak memory [0-9.]+ [KMGT]?i?B/peak memory #/
            s/, [0-9.]+ s left/, # s left/g
        }" \
        -e 's/\[\[[0-9]+,[0-9]+\],[0-9]+\]/[[#,#],#]/g' \
        -e 's/(PID|pid) [0-9]+/\1 #/g' \
        "$2"
}

# same OLDFILE NEWFILE [sorted]: byte for byte, or once normalized; with
# sorted, as a set of lines (the ranks of mpirun write to its standard
# error in whatever order they come to it)
same() {
    cmp -s "$1" "$2" && return 0
    if [ "${3:-}" = sorted ]; then
        normalize "$OLD" "$1" | sort >"$W/n.old"
        normalize "$NEW" "$2" | sort >"$W/n.new"
    else
        normalize "$OLD" "$1" >"$W/n.old"
        normalize "$NEW" "$2" >"$W/n.new"
    fi
    cmp -s "$W/n.old" "$W/n.new"
}

# show: the normalized difference left in n.old and n.new: a few lines of
# diff for text, the first differing byte for binary
# shellcheck disable=SC2094 # both only read
binary() { tr -d '\000' <"$1" | cmp -s - "$1" && return 1; return 0; }
show() {
    if binary "$W/n.old" || binary "$W/n.new"; then
        echo "    $(cmp "$W/n.old" "$W/n.new" 2>&1 | sed "s|$W/n\.||g" | head -1)"
    else
        diff -u "$W/n.old" "$W/n.new" | sed -n '3,14s/^/    /p'
    fi
}

# run BUILD LINE: LINE in a fresh copy of the inputs at $W/run, with
# BUILD's tools; its status, output and error in $W/rc, out, err
TIMEOUT=${COMPARE_TIMEOUT:-120}
TIMEOUT_CMD=""
have timeout && TIMEOUT_CMD="timeout -k 5 $TIMEOUT"
run() {
    rm -rf "$W/run" "$TMPDIR" && mkdir "$TMPDIR" && cp -R "$IN" "$W/run" || exit 2
    # shellcheck disable=SC2031 # PATH: the caller's, BUILD first
    (cd "$W/run" && PATH=$1:$PATH $TIMEOUT_CMD sh -c "$2" </dev/null >"$W/out" 2>"$W/err")
    echo $? >"$W/rc"
}

# ---- the commands ----
total=0 identical=0 differ=0 skipped=0 n=0
while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    case $line in '' | '#'*) continue ;; esac
    if [ -n "${COMPARE_ONLY:-}" ] && ! printf '%s\n' "$line" | grep -Eq -- "$COMPARE_ONLY"; then
        continue
    fi
    cmd=$line
    case $line in
    '['*']'*)
        needs=${line#\[}; needs=${needs%%\]*}; cmd=${line#*\]}; cmd=${cmd# }
        missing=""
        for t in $(echo "$needs" | tr ',' ' '); do have "$t" || missing="$missing $t"; done
        if [ -n "$missing" ]; then
            echo "skip $n: needs$missing: $cmd"
            skipped=$((skipped + 1))
            continue
        fi
        ;;
    esac
    total=$((total + 1))
    rm -f "$W"/d.*
    run "$OLD" "$cmd"
    rm -rf "$W/old"
    mv "$W/run" "$W/old" && mv "$W/out" "$W/out.old" && mv "$W/err" "$W/err.old" &&
        mv "$W/rc" "$W/rc.old" || exit 2
    run "$NEW" "$cmd"
    what=""
    rc_old=$(cat "$W/rc.old") rc_new=$(cat "$W/rc")
    [ "$rc_old" = "$rc_new" ] || what="$what exit:$rc_old/$rc_new"
    # under mpirun a tool that is not a rank (emogi-info, -convert, -export,
    # -verify) runs once a process, and the processes' output interleaves
    order=""
    case $cmd in *mpirun*) order=sorted ;; esac
    same "$W/out.old" "$W/out" $order || { what="$what stdout"; cp "$W/n.old" "$W/d.out.old"; cp "$W/n.new" "$W/d.out.new"; }
    same "$W/err.old" "$W/err" $order || { what="$what stderr"; cp "$W/n.old" "$W/d.err.old"; cp "$W/n.new" "$W/d.err.new"; }
    files=""
    diff -rq --no-dereference "$W/old" "$W/run" >"$W/files" 2>&1
    while IFS= read -r f; do
        case $f in
        "Files $W/old/"*" and $W/run/"*" differ")
            p=${f#"Files $W/old/"}; p=${p%%" and $W/run/"*}
            same "$W/old/$p" "$W/run/$p" && continue
            files="$files $p"
            cp "$W/n.old" "$W/d.f.old"; cp "$W/n.new" "$W/d.f.new"
            ;;
        "Only in $W/old"*) p=${f#"Only in $W/old"}; p=${p#/}; files="$files old-only:$(echo "$p" | sed 's/: /\//; s/^\///')" ;;
        "Only in $W/run"*) p=${f#"Only in $W/run"}; p=${p#/}; files="$files new-only:$(echo "$p" | sed 's/: /\//; s/^\///')" ;;
        *) files="$files ($(echo "$f" | sed "s|$W/old/||g; s|$W/run/||g"))" ;;
        esac
    done <"$W/files"
    [ -z "$files" ] || what="$what files:$files"
    if [ -z "$what" ]; then
        identical=$((identical + 1))
        [ "${COMPARE_VERBOSE:-}" != 1 ] || echo "same $n (exit $rc_new): $cmd"
        continue
    fi
    differ=$((differ + 1))
    echo "differ $n:$what: $cmd"
    for k in out err f; do
        [ -f "$W/d.$k.old" ] || continue
        mv "$W/d.$k.old" "$W/n.old"; mv "$W/d.$k.new" "$W/n.new"
        echo "  $k (normalized, old then new):"
        show
    done
    [ "$rc_old" = "$rc_new" ] || { echo "  exit status $rc_old, then $rc_new"; }
done <"$cmds"

[ "$skipped" -eq 0 ] || echo "$skipped lines skipped (a command they need is missing)"
echo "$total commands, $identical identical, $differ differ"
[ "$differ" -eq 0 ]
