#!/bin/sh
# convert_combine.sh - --combine min|max|sum: the weight that duplicate
# (u, v) entries keep, worked by hand on a file whose duplicates are
# 0 1 5, 0 1 3, 0 1 9 (min 3, max 9, sum 17), in memory and through runs
# on disk (the merge combines what each run combined); both directions of
# an undirected edge alike; a uint32 sum that overflows refused, naming
# the file and the pair; options it cannot apply to refused as usage.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 43
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
lines() { printf '%s\n' "$@"; }
mkdir runs

printf '0 1 5\n0 1 3\n0 1 9\n1 2 4\n' >dup.wel

# edges_of DESCRIPTION EXPECTED ARGS... : the stored arcs, built in memory
# and through runs of one edge each, both as expected and the files equal
edges_of() {
    d=$1; want=$2; shift 2
    emogi-convert "$@" mem.csr -q 2>mem.err
    EMOGI_CONVERT_RUN_EDGES=1 emogi-convert "$@" ooc.csr -q --tmpdir runs --stats 2>ooc.err
    is "$(dump --edges mem.csr 2>&1)" "$want" "$d"
    n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' ooc.err)
    if [ "${n:-0}" -ge 2 ] && cmp -s mem.csr ooc.csr; then ok 0 "... out of core the same ($n runs)"
    else ok 1 "... out of core the same"; diag "runs: ${n:-none}"; sed 's/^/# /' mem.err ooc.err | head -5
    fi
    rm -f mem.csr ooc.csr
}

edges_of "default: the smallest weight" "$(lines '0 1 3' '1 2 4')" wel dup.wel --directed
edges_of "--combine min" "$(lines '0 1 3' '1 2 4')" wel dup.wel --directed --combine min
edges_of "--combine max" "$(lines '0 1 9' '1 2 4')" wel dup.wel --directed --combine max
edges_of "--combine sum" "$(lines '0 1 17' '1 2 4')" wel dup.wel --directed --combine sum
edges_of "--combine sum, 8-byte ids" "$(lines '0 1 17' '1 2 4')" wel dup.wel --directed \
    --combine sum --id-width 8

# undirected: 1 0 2 is the same edge as 0 1; both directions get 5+3+9+2
printf '0 1 5\n0 1 3\n1 0 2\n0 1 9\n1 2 4\n' >both.wel
edges_of "--undirected --combine sum: both directions alike" \
    "$(lines '0 1 19' '1 0 19' '1 2 4' '2 1 4')" wel both.wel --undirected --combine sum
edges_of "--undirected --combine max" \
    "$(lines '0 1 9' '1 0 9' '1 2 4' '2 1 4')" wel both.wel --undirected --combine max
edges_of "--combine first: the first in input order (neither min, max nor sum)" \
    "$(lines '0 1 5' '1 2 4')" wel dup.wel --directed --combine first
# the firsts are not the smallest, the largest, the first by id or in any
# run but the first; 2 3 repeats across the whole file
printf '2 3 7\n0 1 8\n2 3 1\n4 0 6\n0 1 2\n0 1 9\n4 0 3\n2 3 9\n' >order.wel
edges_of "--combine first: each pair its first entry, wherever it repeats" \
    "$(lines '0 1 8' '2 3 7' '4 0 6')" wel order.wel --directed --combine first
edges_of "--undirected --combine first: 1 0 2 is the same edge as 0 1 5, which came first" \
    "$(lines '0 1 5' '1 0 5' '1 2 4' '2 1 4')" wel both.wel --undirected --combine first
emogi-convert wel order.wel mem3.csr -q --directed --combine first
EMOGI_CONVERT_RUN_EDGES=3 emogi-convert wel order.wel ooc3.csr -q --directed --combine first \
    --tmpdir runs
same_file ooc3.csr mem3.csr "--combine first through runs of 3 edges: duplicates within and across runs"
printf '1 0 2\n0 1 5\n0 1 3\n1 2 4\n' >rev.wel
edges_of "--undirected --combine first: a reversed entry first" \
    "$(lines '0 1 2' '1 0 2' '1 2 4' '2 1 4')" wel rev.wel --undirected --combine first
printf '0 1 0.5\n0 1 0.25\n0 1 2.5\n1 2 1.5\n' >real.wel
edges_of "real weights, --combine first" "$(lines '0 1 0.5' '1 2 1.5')" wel real.wel \
    --directed --combine first
emogi-convert wel order.wel t.csr -q --directed --transpose --combine first
is "$(dump --transpose t.csr)" "$(lines '0 4 6' '1 0 8' '3 2 7')" "--combine first --transpose: in-edges alike"
emogi-convert wel dup.wel t.csr -q --directed --transpose --combine sum
is "$(dump --transpose t.csr)" "$(lines '1 0 17' '2 1 4')" "--transpose: in-edges get the sum too"

# float32 weights, exact in binary so that any order of addition agrees
printf '0 1 0.5\n0 1 0.25\n0 1 2.5\n1 2 1.5\n' >real.wel
edges_of "real weights, --combine sum" "$(lines '0 1 3.25' '1 2 1.5')" wel real.wel \
    --directed --combine sum
edges_of "real weights, --combine max" "$(lines '0 1 2.5' '1 2 1.5')" wel real.wel \
    --directed --combine max

# uint32 sums: 4294967294 + 1 fits, 4294967295 + 1 does not
printf '0 1 4294967294\n0 1 1\n1 2 4\n' >full.wel
edges_of "a sum of exactly 2^32-1 fits" "$(lines '0 1 4294967295' '1 2 4')" wel full.wel \
    --directed --combine sum
printf '0 1 4294967295\n1 2 4\n0 1 1\n' >ovf.wel
fails "a uint32 sum that overflows is refused, naming file and pair" 1 \
    'ovf\.wel: .*duplicate edge 0 1 overflows uint32' \
    emogi-convert wel ovf.wel o.csr -q --directed --combine sum
if [ -e o.csr ]; then ok 1 "... and leaves no output"; else ok 0 "... and leaves no output"; fi
fails "... out of core too" 1 'ovf\.wel: .*duplicate edge 0 1 overflows uint32' \
    env EMOGI_CONVERT_RUN_EDGES=1 emogi-convert wel ovf.wel o.csr -q --directed \
    --combine sum --tmpdir runs
printf '10 20 4294967295\n10 20 1\n' >sparse.wel
fails "... naming the input's ids under --relabel" 1 'duplicate edge 10 20 overflows' \
    emogi-convert wel sparse.wel o.csr -q --directed --relabel --combine sum
printf 'old\n' >keep.csr
emogi-convert wel ovf.wel keep.csr -q --undirected --combine sum 2>/dev/null
is "$(cat keep.csr)" "old" "an existing output survives the refusal"

# where --combine has nothing to act on
fails "--combine with --keep-duplicates" 2 'keep-duplicates' \
    emogi-convert wel dup.wel o.csr --combine sum --keep-duplicates
fails "--combine with --drop-weights" 2 'weights are not kept' \
    emogi-convert wel dup.wel o.csr --combine max --drop-weights
fails "--combine on an unweighted format" 2 'carries no weights' \
    emogi-convert el dup.wel o.csr --combine sum
fails "--combine with a generator" 2 'no input weights' \
    emogi-convert kron -s 4 --combine sum o.csr
fails "--combine with an unknown way" 2 "wants min, max, sum or first, not 'avg'" \
    emogi-convert wel dup.wel o.csr --combine avg
finish
