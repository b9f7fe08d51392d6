#!/bin/sh
# emogi-sssp on the CPU: distances worked out by hand for small weighted
# graphs (directed and undirected, unreachable parts, zero-weight edges and
# cycles, parallel paths, uint32 and float32 weights, 4- and 8-byte ids),
# unit weights against emogi-bfs, then random graphs against a
# Bellman-Ford written in awk.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 97

# expect NAME FILE.wel "VARIANTS" SOURCE "DISTANCES" [SSSP OPTIONS]: one test
# per variant; a variant is emogi-convert options with ',' for spaces.
expect() {
    name=$1 wel=$2 variants=$3 src=$4 want=$5
    shift 5
    echo "$want" | tr ' ' '\n' | awk '{ print NR - 1, $1 }' >want.txt
    for v in $variants; do
        opts=$(echo "$v" | tr ',' ' ')
        # shellcheck disable=SC2086
        if emogi-convert wel "$wel" g.csr -q $opts 2>conv.err &&
            emogi-sssp g.csr -s "$src" --text --device cpu "$@" >got.txt 2>sssp.err; then
            same_file got.txt want.txt "$name from $src ($opts${1:+ $*})"
        else
            ok 1 "$name from $src ($opts)"; sed 's/^/# /' conv.err sssp.err
        fi
    done
}
DIR="--directed,--id-width,4 --directed,--id-width,8 --directed,--transpose,--id-width,8"
UND="--undirected,--id-width,4 --undirected,--id-width,8"

# 0 -1-> 2 -2-> 1 beats 0 -4-> 1; 1 -5-> 3 beats 2 -8-> 3; 3 -0-> 4.
printf '0 1 4\n0 2 1\n2 1 2\n1 3 5\n2 3 8\n3 4 0\n' >small.wel
expect "small directed" small.wel "$DIR" 0 "0 3 1 8 8"
expect "small directed" small.wel "$DIR" 1 "-1 0 -1 5 5"
expect "small directed" small.wel "$DIR" 4 "-1 -1 -1 -1 0"
# undirected, from 4: 3 at 0, 1 at 5, 2 at min(8, 5+2) = 7, 0 at min(5+4, 7+1) = 8
expect "small undirected" small.wel "$UND" 4 "8 5 7 0 0"

# two components: 5 and 6 are never reached from 0
printf '0 1 2\n1 2 2\n5 6 3\n' >parts.wel
expect "unreachable part" parts.wel "$UND" 0 "0 2 4 -1 -1 -1 -1"
expect "unreachable part" parts.wel "$UND" 6 "-1 -1 -1 -1 -1 3 0"

# parallel paths to 1: direct 10, via 2 (3+3 = 6), via 3 (5+2 = 7)
printf '0 1 10\n0 2 3\n2 1 3\n0 3 5\n3 1 2\n1 4 1\n' >par.wel
expect "parallel paths" par.wel "$DIR" 0 "0 6 3 5 7"

# a cycle of zero-weight edges, and a zero-weight edge out of it
printf '0 1 0\n1 2 0\n2 0 0\n2 3 7\n3 4 0\n' >zero.wel
expect "zero-weight cycle" zero.wel "$DIR" 1 "0 0 0 7 7"
expect "zero-weight cycle" zero.wel "$UND" 4 "7 7 7 0 0"

# distances about 2^32: 2^32 - 2 and 2^32 - 1 (the all-ones of 32 bits)
# are distances like any other, not "unreached"
printf '0 1 2147483647\n1 2 2147483647\n2 3 1\n' >edge32.wel
expect "distances about 2^32" edge32.wel "$DIR" 0 "0 2147483647 4294967294 4294967295"
expect "distances below 2^32 - 1" edge32.wel "$DIR" 1 "-1 0 2147483647 2147483648"

# the largest uint32 weights: 8589934590 needs the uint64 distances
printf '0 1 4294967295\n1 2 4294967295\n0 2 4294967295\n2 3 4294967295\n' >big.wel
expect "uint32 extremes" big.wel "$DIR" 0 "0 4294967295 4294967295 8589934590"
expect "uint32 extremes" big.wel "--directed" 1 "-1 0 4294967295 8589934590"

# float weights, sums exact in float32: 0.25 + 0.125 = 0.375 beats 0.5
printf '0 1 0.5\n0 2 0.25\n2 1 0.125\n1 3 5\n' >flt.wel
expect "float weights" flt.wel "$DIR" 0 "0 0.375 0.25 5.375"
expect "float weights" flt.wel "$UND" 3 "5.375 5 5.125 0"
expect "float weights, unreached" flt.wel "--directed" 3 "-1 -1 -1 0"
# Sums round as float32, left to right: 2^24 + 1 is 2^24, so the path
# 0-1-2-3 costs 16777216, below the direct 16777220 (in double it would
# cost 16777218).  The edge 4 -> 5 of weight 0.5 makes the weights float.
printf '0 1 16777216\n1 2 1\n2 3 1\n0 3 16777220\n4 5 0.5\n' >round.wel
expect "float32 rounding" round.wel "--directed" 0 "0 16777216 16777216 16777216 -1 -1"

# --unit-weights: every weight 1, whatever is stored
expect "unit weights" small.wel "--directed" 0 "0 1 1 2 3" --unit-weights
expect "unit weights" flt.wel "--directed" 0 "0 1 1 2" --unit-weights

# delta does not change the answer; integer weights need a delta of at least 1
expect "delta 1" small.wel "--directed" 0 "0 3 1 8 8" --delta 1
expect "delta 3" small.wel "--directed" 0 "0 3 1 8 8" --delta 3
expect "delta 1000" small.wel "--directed" 0 "0 3 1 8 8" --delta 1000
expect "float delta 0.001" flt.wel "--directed" 0 "0 0.375 0.25 5.375" --delta 0.001

# ---- refusals and output formats ----
printf '0 1\n1 2\n' >plain.el
emogi-convert el plain.el plain.csr -q --directed
fails "an unweighted graph needs --unit-weights" 1 'plain\.csr: .*no weights.*--unit-weights' \
    emogi-sssp plain.csr -s 0 --device cpu -o out.bin
# A skew-symmetric matrix: its other triangle comes with negated weights.
printf '%%%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 1 1.5\n' >neg.mtx
emogi-convert mtx neg.mtx neg.csr -q
fails "a negative weight is refused" 1 'neg\.csr: edge 0 -> 1 has weight -1\.5.*non-negative' \
    emogi-sssp neg.csr -s 0 --device cpu -o out.bin
# negative weights from an edge list: the converter stores them (float32),
# emogi-sssp refuses them before any search, on either backend
printf '0 1 2\n1 2 -0.5\n2 3 1\n' >negw.wel
if emogi-convert wel negw.wel negw.csr -q --directed 2>conv.err; then
    fails "a negative weight from a wel file is refused" 1 \
        'negw\.csr: edge 1 -> 2 has weight -0\.5: shortest paths need finite, non-negative weights \(--unit-weights takes every weight as 1\)' \
        emogi-sssp negw.csr -s 0 --device cpu -o out.bin
    fails "... also when a GPU is asked for (checked before the backend)" 1 \
        'negw\.csr: edge 1 -> 2 has weight -0\.5' emogi-sssp negw.csr -s 0 --device gpu -o out.bin
    emogi-sssp negw.csr -s 0 --device cpu --unit-weights --text >unit.txt 2>sssp.err
    is "$(tr '\n' ' ' <unit.txt)" "0 0 1 1 2 2 3 3 " "... and searched with --unit-weights"
else
    ok 1 "negative wel weights convert"; sed 's/^/# /' conv.err; skip "no graph"; skip "no graph"
fi
fails "no source" 2 'give a source' emogi-sssp plain.csr --unit-weights
fails "bad delta" 2 "bad delta 'x'" emogi-sssp plain.csr -s 0 --unit-weights --delta x
fails "zero delta" 2 "bad delta '0'" emogi-sssp plain.csr -s 0 --unit-weights --delta 0
emogi-convert wel small.wel small.csr -q --directed
fails "integer weights and delta 0.5" 1 'delta 0\.5.*at least 1' \
    emogi-sssp small.csr -s 0 --device cpu --delta 0.5 -o out.bin
fails "source out of range" 1 'out of range' emogi-sssp small.csr -s 5 --device cpu -o out.bin

emogi-sssp small.csr -s 0 --device cpu -o int.bin
is "$(od -An -tu8 -v int.bin | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')" "0 3 1 8 8" \
    "raw output: uint64 little-endian"
emogi-convert wel flt.wel flt.csr -q --directed
emogi-sssp flt.csr -s 3 --device cpu -o flt.bin
is "$(od -An -tx4 -v flt.bin | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')" \
    "7f800000 7f800000 7f800000 00000000" "raw float output: +infinity where unreached"
emogi-sssp flt.csr -s 0 --device cpu >stdout.bin
is "$(wc -c <stdout.bin | tr -d ' ')" 16 "float distances: 4 bytes each, on standard output"
runs "--verify" emogi-sssp small.csr -s 0 --device cpu --verify -o out.bin
is "$(grep -c 'source=0 verified' .err)" 1 "--verify says so"
runs "-n with --stats" emogi-sssp small.csr -n 3 --device cpu --stats
is "$(grep -c '^emogi-sssp: source=[0-9]* seconds=[0-9.]* iterations=[0-9]* reached=[0-9]* edges_relaxed=[0-9]* gteps=' .err)" \
    3 "--stats: a line per search"
is "$(grep -c '^emogi-sssp: mean searches=3 ' .err)" 1 "--stats: the mean"
emogi-sssp plain.csr -s 1 --unit-weights --device cpu --stats -o out.bin 2>ex.err
is "$(sed -n 's/.* edges_examined=\([0-9]*\)$/\1/p' ex.err)" 1 \
    "--stats: edges_examined counts the reached vertices' lists (1 -> 2), not 0's"
is "$(test -e out.bin && echo yes)" yes "-o writes the file"

# ---- unit weights against emogi-bfs ----
emogi-convert kron -s 10 kron.csr -q
emogi-convert kron -s 10 --id-width 8 kron8.csr -q
for g in kron.csr kron8.csr; do
    for s in 0 5; do
        emogi-bfs "$g" -s "$s" --device cpu --text >bfs.txt 2>/dev/null
        emogi-sssp "$g" -s "$s" --device cpu --unit-weights --text >sssp.txt
        same_file sssp.txt bfs.txt "unit weights give the BFS depths ($g from $s)"
    done
done

# ---- random graphs against Bellman-Ford in awk ----
NV=1500
# unique pairs u < v, weights 0..99 (integer) or k/4 (float, all sums exact)
awk -v nv=$NV 'BEGIN {
    srand(7)
    while (n < 6 * nv) {
        u = int(rand() * nv); v = int(rand() * nv); if (u % 3) u = int(u / 8)
        if (u == v) continue
        k = u < v ? u " " v : v " " u
        if (k in seen) continue
        seen[k] = 1; n++
        print u, v, int(rand() * 100), (int(rand() * 400) / 4 + 0.5)
    }
}' >rand.all
awk '{ print $1, $2, $3 }' rand.all >rint.wel
awk '{ printf "%d %d %.2f\n", $1, $2, $4 }' rand.all >rflt.wel

awk_bf() { # SOURCE UNDIRECTED(0|1) < edges
    awk -v src="$1" -v und="$2" '
    { n++; a[n] = $1; b[n] = $2; w[n] = $3
      if ($1 + 1 > nv) nv = $1 + 1
      if ($2 + 1 > nv) nv = $2 + 1
      if (und) { n++; a[n] = $2; b[n] = $1; w[n] = $3 } }
    END {
        for (i = 0; i < nv; i++) d[i] = -1
        d[src] = 0
        do {
            changed = 0
            for (e = 1; e <= n; e++)
                if (d[a[e]] >= 0 && (d[b[e]] < 0 || d[a[e]] + w[e] < d[b[e]])) {
                    d[b[e]] = d[a[e]] + w[e]; changed = 1
                }
        } while (changed)
        for (i = 0; i < nv; i++) printf "%d %.9g\n", i, d[i]
    }'
}

random_case() { # NAME WEL UNDIRECTED SOURCE CONVERT-OPTIONS...
    name=$1 wel=$2 und=$3 src=$4
    shift 4
    awk_bf "$src" "$und" <"$wel" >want.txt
    if ! emogi-convert wel "$wel" r.csr -q "$@" 2>conv.err; then
        ok 1 "$name: convert"; sed 's/^/# /' conv.err; return
    fi
    emogi-sssp r.csr -s "$src" --device cpu --text >got.txt 2>sssp.err
    same_file got.txt want.txt "$name from $src: Bellman-Ford's distances"
    emogi-sssp r.csr -s "$src" --device cpu --threads 1 --delta 7 -o one.bin &&
        emogi-sssp r.csr -s "$src" --device cpu --threads 2 -o two.bin
    same_file one.bin two.bin "$name from $src: 1 thread and delta 7 as 2 threads and the default"
    runs "$name from $src: emogi-verify" emogi-verify sssp r.csr -s "$src" two.bin
}
random_case "random directed, 4-byte" rint.wel 0 0 --directed
random_case "random directed, 8-byte" rint.wel 0 1 --directed --id-width 8
random_case "random undirected" rint.wel 1 3 --undirected
random_case "random undirected, 8-byte" rint.wel 1 100 --undirected --id-width 8
random_case "random float, directed" rflt.wel 0 0 --directed
random_case "random float, undirected" rflt.wel 1 2 --undirected --id-width 8

# ---- big enough for threads: any thread count and delta, the same bits ----
# (far deltas and a delta so small that distances overrun the bucket ring)
pick_source() { # GRAPH
    emogi-sssp "$1" -n 1 --seed 5 --device cpu --stats 2>&1 >/dev/null |
        sed -n 's/^emogi-sssp: source=\([0-9]*\) .*/\1/p'
}
same_runs() { # NAME GRAPH "OPTIONS;OPTIONS;..."
    name=$1 g=$2 s=$(pick_source "$2")
    emogi-sssp "$g" -s "$s" --device cpu --threads 1 -o ref.bin
    runs "$name from $s: emogi-verify" emogi-verify sssp "$g" -s "$s" ref.bin
    echo "$3" | tr ';' '\n' >variants.txt
    while read -r opts; do
        # shellcheck disable=SC2086
        emogi-sssp "$g" -s "$s" --device cpu $opts -o var.bin
        same_file ref.bin var.bin "$name from $s: $opts as 1 thread"
    done <variants.txt
}
emogi-convert kron -s 14 --weights random:8:72 kw.csr -q
same_runs "kron 14" kw.csr "--threads 2;--threads 2 --delta 1;--threads 2 --delta 500;--threads 1 --delta 1"
emogi-info --edges kw.csr | awk '{ printf "%d %d %.2f\n", $1, $2, $3 / 10 + 0.01 }' >kwf.wel
emogi-convert wel kwf.wel kwf.csr -q --directed
same_runs "kron 14, float weights" kwf.csr "--threads 2;--threads 2 --delta 50;--threads 1 --delta 0.0005"
finish
