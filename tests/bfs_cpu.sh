#!/bin/sh
# emogi-bfs on the CPU: depths written here by hand for small graphs, in
# every storage variant (directed, directed with transpose, undirected;
# 4- and 8-byte ids), then random graphs against a BFS written in awk.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 60

# expect NAME FILE.el "VARIANTS" SOURCE "DEPTHS": one test per variant;
# a variant is emogi-convert options with ',' for spaces.
expect() {
    name=$1 el=$2 variants=$3 src=$4
    echo "$5" | tr ' ' '\n' | awk '{ print NR - 1, $1 }' >want.txt
    for v in $variants; do
        opts=$(echo "$v" | tr ',' ' ')
        # shellcheck disable=SC2086
        if emogi-convert el "$el" g.csr -q $opts 2>conv.err &&
            emogi-bfs g.csr -s "$src" --text --device cpu >got.txt 2>bfs.err; then
            same_file got.txt want.txt "$name from $src ($opts)"
        else
            ok 1 "$name from $src ($opts)"; sed 's/^/# /' conv.err bfs.err
        fi
    done
}
DIR="--directed,--id-width,4 --directed,--id-width,8 --directed,--transpose,--id-width,4 --directed,--transpose,--id-width,8"
UND="--undirected,--id-width,4 --undirected,--id-width,8"

printf '0 1\n1 2\n2 3\n3 4\n' >path.el
expect path path.el "$UND" 0 "0 1 2 3 4"
expect path path.el "$UND" 2 "2 1 0 1 2"
expect "directed path" path.el "$DIR" 2 "-1 -1 0 1 2"

printf '0 1\n0 2\n0 3\n0 4\n0 5\n' >star.el
expect star star.el "$UND" 3 "1 2 2 0 2 2"
expect "directed star" star.el "$DIR" 0 "0 1 1 1 1 1"
expect "directed star" star.el "$DIR" 3 "-1 -1 -1 0 -1 -1"

printf '0 1\n1 2\n3 4\n' >two.el
expect "two components" two.el "$UND" 4 "-1 -1 -1 1 0"
expect "two components" two.el "$UND" 0 "0 1 2 -1 -1"

# a tail 5 -> 0 -> 1 into the cycle 1 -> 2 -> 3 -> 1, and 3 -> 4 out of it
printf '5 0\n0 1\n1 2\n2 3\n3 1\n3 4\n' >cycle.el
expect "cycle with tail" cycle.el "$DIR" 5 "1 2 3 4 5 0"
expect "cycle with tail" cycle.el "$DIR" 2 "-1 2 0 1 2 -1"
expect "cycle with tail" cycle.el "$UND" 0 "0 1 2 2 3 1"

# vertex 3 has no edges at all
printf '0 1\n1 2\n2 4\n' >lonely.el
expect "source without edges" lonely.el "$UND" 3 "-1 -1 -1 0 -1"
expect "source without edges" lonely.el "$DIR" 3 "-1 -1 -1 0 -1"

printf '0 0\n0 1\n1 1\n2 2\n' >loops.el
LDIR=$(echo "$DIR" | sed 's/--directed/--directed,--keep-self-loops/g')
expect "self-loops" loops.el "$LDIR" 0 "0 1 -1"
expect "self-loops" loops.el "$LDIR" 2 "-1 -1 0"
expect "self-loops" loops.el "--undirected,--keep-self-loops" 1 "1 0 -1"

# ---- random graphs against a queue BFS in awk ----
NV=5000
awk -v nv=$NV 'BEGIN {
    srand(42)
    for (i = 0; i < 8 * nv; i++) {
        u = int(rand() * nv); if (i % 2) u = int(u / 16)  # hubs, as in power-law graphs
        print u, int(rand() * nv)
    }
    print nv - 1, 0
}' >rand.el

awk_bfs() { # awk_bfs SOURCE UNDIRECTED(0|1) < edges
    awk -v src="$1" -v und="$2" -v nv=$NV '
    { adj[$1] = adj[$1] " " $2; if (und) adj[$2] = adj[$2] " " $1 }
    END {
        for (i = 0; i < nv; i++) d[i] = -1
        d[src] = 0; q[0] = src; h = 0; t = 1
        while (h < t) {
            u = q[h++]; n = split(adj[u], a, " ")
            for (k = 1; k <= n; k++) if (d[a[k]] == -1) { d[a[k]] = d[u] + 1; q[t++] = a[k] }
        }
        for (i = 0; i < nv; i++) print i, d[i]
    }'
}

for src in 0 1234; do
    awk_bfs $src 0 <rand.el >want_dir.txt
    awk_bfs $src 1 <rand.el >want_und.txt
    for v in $DIR $UND; do
        opts=$(echo "$v" | tr ',' ' ')
        want=want_dir.txt
        case $v in --undirected*) want=want_und.txt ;; esac
        # shellcheck disable=SC2086
        emogi-convert el rand.el r.csr -q $opts &&
            emogi-bfs r.csr -s $src --text --device cpu >got.txt
        same_file got.txt $want "random graph from $src ($opts) matches awk BFS"
    done
done
# the graph is large enough for bottom-up levels: some sources must stop early
emogi-convert el rand.el r.csr -q --undirected
emogi-bfs r.csr -s 0 --stats --device cpu -o discard.bin 2>stats.txt
ex=$(sed -n 's/.* edges_examined=\([0-9]*\).*/\1/p' stats.txt)
ce=$(sed -n 's/.* component_edges=\([0-9]*\).*/\1/p' stats.txt)
ok "$([ -n "$ex" ] && [ "$ex" -lt "$ce" ] && echo 0 || echo 1)" \
    "direction-optimizing search reads fewer entries ($ex) than the component's edges ($ce)"
finish
