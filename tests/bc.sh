#!/bin/sh
# emogi-bc on the CPU against networkx: the scores from the sources each
# run used (read back from its --stats=json records) equal networkx's
# betweenness_centrality_subset from the same sources to every target
# (twice its unnormalized value on undirected graphs: emogi sums ordered
# pairs; with --normalize its normalized value), and with every vertex a
# source networkx's betweenness_centrality, on paths, stars, grids, small
# Kronecker graphs, directed and undirected, disconnected, plain and
# compressed lists, 4- and 8-byte ids, with and without in-edges (for
# bottom-up levels), one thread and two.  Against GAP's
# bc where a built one is named by GAP_BC (its scores divided by the
# largest, and its source's own dependency counted).  emogi-verify bc
# accepts right files and rejects corrupted ones; bad options, a source
# out of range and MPI ranks are refused.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

py=
for p in ${EMOGI_PYTHON:+"$EMOGI_PYTHON"} python3 /usr/bin/python3; do
    if "$p" -c 'import networkx' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || skip_all "no python3 with networkx"
plan 61

# ref.py CSR SCORES STATS.json MODE: MODE raw, normalize (the sources of
# the search records) or all (every vertex a source, SCORES the sum of one
# run per vertex); prints "ok" or the first vertex that differs.  The graph
# is read back with emogi-info --edges, the scores with struct: no numpy.
cat >ref.py <<'EOF'
import json, struct, subprocess, sys
import networkx as nx
csr, scores, stats, mode = sys.argv[1:5]
info = subprocess.run(["emogi-info", csr], capture_output=True, text=True, check=True).stdout
nv = int([l for l in info.splitlines() if l.startswith("vertices:")][0].split()[1])
directed = "directed: yes" in info
G = nx.DiGraph() if directed else nx.Graph()
G.add_nodes_from(range(nv))
edges = subprocess.run(["emogi-info", "--edges", csr], capture_output=True, text=True,
                       check=True).stdout
G.add_edges_from(tuple(map(int, l.split())) for l in edges.splitlines())
got = struct.unpack("<%dd" % nv, open(scores, "rb").read())
if mode == "all":
    want = nx.betweenness_centrality(G, normalized=False)
    factor = 1.0 if directed else 2.0
else:
    src = [json.loads(l)["source"] for l in open(stats) if '"event":"search"' in l]
    want = nx.betweenness_centrality_subset(G, src, list(G), normalized=(mode == "normalize"))
    factor = 1.0 if directed or mode == "normalize" else 2.0
top = max([abs(x) * factor for x in want.values()] + [1e-300])
for v in range(nv):
    w = want[v] * factor
    if abs(got[v] - w) > 1e-9 * max(abs(got[v]), abs(w), top):
        print("vertex %d: %.17g, networkx %.17g" % (v, got[v], w))
        sys.exit(1)
print("ok")
EOF

# against NAME CSR MODE [emogi-bc options]: one run, compared with networkx
against() {
    name=$1 csr=$2 mode=$3
    shift 3
    norm=
    [ "$mode" = normalize ] && norm=--normalize
    if emogi-bc "$csr" $norm --device cpu --json -o s.bin "$@" 2>s.json; then
        is "$("$py" ref.py "$csr" s.bin s.json "$mode" 2>&1)" ok "$name ($*${norm:+ $norm})"
    else
        ok 1 "$name ($*)"; sed 's/^/# /' s.json | head -5
    fi
}

# all NAME CSR: a run from each vertex, summed, against networkx with
# every vertex a source (k=None)
all() {
    name=$1 csr=$2
    nv=$(emogi-info "$csr" | sed -n 's/^vertices: //p')
    : >sum.txt
    v=0
    while [ "$v" -lt "$nv" ]; do
        emogi-bc "$csr" -s "$v" --device cpu --text >>sum.txt || break
        v=$((v + 1))
    done
    "$py" - "$nv" <<'EOF'
import struct, sys
nv = int(sys.argv[1])
acc = [0.0] * nv
for line in open("sum.txt"):
    v, x = line.split()
    acc[int(v)] += float(x)
open("all.bin", "wb").write(struct.pack("<%dd" % nv, *acc))
EOF
    is "$("$py" ref.py "$csr" all.bin none all 2>&1)" ok "$name: from every vertex, as betweenness_centrality"
}

# ---- the shapes, written by networkx so that ids are known ----
"$py" - <<'EOF'
import networkx as nx
def write(name, G):
    with open(name + ".el", "w") as f:
        for u, v in G.edges():
            f.write("%d %d\n" % (u, v))
write("path", nx.path_graph(9))
write("star", nx.star_graph(10))
write("grid", nx.convert_node_labels_to_integers(nx.grid_2d_graph(6, 7)))
write("cycle", nx.cycle_graph(8))
# two components and isolated vertices past them (--vertices)
G = nx.disjoint_union(nx.path_graph(5), nx.complete_graph(4))
G.add_edge(5, 9); G.add_edge(9, 10)
write("parts", G)
# directed: a DAG of diamonds, and a random digraph with cycles
D = nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (3, 5), (4, 6), (5, 6), (6, 0), (7, 6)])
write("diamonds", D)
write("rdig", nx.gnp_random_graph(40, 0.08, seed=3, directed=True))
EOF
for g in path star grid cycle; do
    emogi-convert el $g.el $g.csr -q --undirected
done
emogi-convert el parts.el parts.csr -q --undirected --vertices 14
emogi-convert el diamonds.el diamonds.csr -q --directed
emogi-convert el rdig.el rdig.csr -q --directed --transpose
emogi-convert el rdig.el rdig8z.csr -q --directed --id-width 8 --compress
emogi-convert kron -s 7 -e 6 --seed 4 kron.csr -q --undirected
emogi-convert kron -s 7 -e 6 --seed 4 kronz.csr -q --undirected --compress
emogi-convert kron -s 8 -e 4 --seed 9 kdir.csr -q --directed
emogi-convert kron -s 8 -e 4 --seed 9 kdir8.csr -q --directed --id-width 8
emogi-convert kron -s 8 -e 4 --seed 9 kdirt.csr -q --directed --transpose --compress

# ---- one source, sampled sources, normalized ----
against "path, the middle" path.csr raw -s 4
against "path, an end" path.csr raw -s 0
against "star, the centre" star.csr raw -s 0
against "star, a leaf" star.csr raw -s 3
against "grid 6x7" grid.csr raw -s 17
against "grid 6x7, sampled" grid.csr raw -n 12 --seed 5
against "cycle, sampled" cycle.csr normalize -n 5
against "disconnected, in the path" parts.csr raw -s 2
against "disconnected, in the clique" parts.csr raw -s 6
against "disconnected, sampled" parts.csr raw -n 20 --seed 2
against "directed diamonds" diamonds.csr raw -s 0
against "directed diamonds, from 7" diamonds.csr raw -s 7
against "directed random" rdig.csr raw -n 10 --seed 8
against "directed random, 8-byte ids, compressed" rdig8z.csr raw -n 10 --seed 8
against "directed random, normalized" rdig.csr normalize -n 10 --seed 8
against "kron 7" kron.csr raw -n 6
against "kron 7, compressed" kronz.csr raw -n 6
against "kron 7, normalized" kron.csr normalize -n 6 --seed 3
against "kron 7, one thread" kron.csr raw -n 6 --threads 1
against "kron 8 directed" kdir.csr raw -n 8 --seed 4
against "kron 8 directed, 8-byte ids" kdir8.csr raw -n 8 --seed 4
against "kron 8 directed, in-edges for bottom-up levels, compressed" kdirt.csr raw -n 8 --seed 4
emogi-bc kron.csr -n 6 --device cpu --threads 1 -o t1.bin 2>/dev/null
emogi-bc kron.csr -n 6 --device cpu --threads 2 -o t2.bin 2>/dev/null
same_file t1.bin t2.bin "one thread and two write the same bytes"
emogi-bc kronz.csr -n 6 --device cpu -o z.bin 2>/dev/null
same_file t1.bin z.bin "compressed lists write the plain lists' bytes"
emogi-bc kdir.csr -n 8 --seed 4 -o d1.bin 2>/dev/null
emogi-bc kdirt.csr -n 8 --seed 4 -o d2.bin 2>/dev/null
same_file d1.bin d2.bin "bottom-up levels over in-edges write the top-down levels' bytes"

# ---- every vertex a source: networkx's betweenness_centrality ----
all "path" path.csr
all "star" star.csr
all "grid" grid.csr
all "disconnected" parts.csr
all "directed diamonds" diamonds.csr
all "directed random" rdig.csr

# ---- the output: --text, .npy, -n writes to standard output ----
emogi-bc path.csr -s 0 --text >p.txt
is "$(tr '\n' ' ' <p.txt)" "0 0 1 7 2 6 3 5 4 4 5 3 6 2 7 1 8 0 " "--text: 'vertex score' lines"
emogi-bc path.csr -s 0 --normalize --text >pn.txt
is "$(sed -n 2p pn.txt)" "1 0.125" "--normalize divides by (n-1)(n-2) = 56"
emogi-bc path.csr -n 2 >n.bin 2>/dev/null
is "$(wc -c <n.bin | tr -d ' ')" 72 "-n writes the 9 float64 scores to standard output"
emogi-bc path.csr -s 0 -o p.npy
is "$(head -c 6 p.npy | tail -c 5)" NUMPY "-o NAME.npy gets a NumPy header"
emogi-bc kron.csr -n 4 --stats 2>st.txt >/dev/null
is "$(grep -c ' source=' st.txt) $(grep -c 'mean searches=4' st.txt)" "4 1" \
    "--stats: a line per search, and the mean"
emogi-bc kron.csr -s 1 --json 2>st.json >/dev/null
"$py" -c 'import json,sys; [json.loads(l) for l in open("st.json")]'
ok $? "--json: every record parses"
grep -q '"event":"mean".*"normalized":"no".*"max_score":' st.json
ok $? "--json: the mean record says whether it normalized, and the largest score"
runs "--verify passes" emogi-bc kdir.csr -n 5 --verify -o v.bin
grep -q 'sources=5 verified' .err
ok $? "--verify says so"

# ---- GAP's bc, where one is built (GAP_BC) ----
if [ -n "${GAP_BC:-}" ] && [ -x "$GAP_BC" ]; then
    emogi-export sg kron.csr kron.sg -q
    "$GAP_BC" -f kron.sg -r 3 -i 1 -n 1 -a >gap.txt 2>&1
    emogi-bc kron.csr -s 3 --json -o g.bin 2>g.json
    # GAP adds the source's own dependency (reached - 1) and divides by the largest
    "$py" - <<'EOF' >gapcmp.txt
import json, re, struct
rec = [json.loads(l) for l in open("g.json") if '"event":"search"' in l][0]
data = open("g.bin", "rb").read()
s = list(struct.unpack("<%dd" % (len(data) // 8), data))
s[rec["source"]] += rec["reached"] - 1
top = max(s)
bad = 0
pairs = re.findall(r"^(\d+):([0-9.eE+-]+)$", open("gap.txt").read(), re.M)
for v, x in pairs:
    if abs(s[int(v)] / top - float(x)) > 1e-6:
        bad += 1
print("%d %d" % (len(pairs), bad))
EOF
    is "$(cat gapcmp.txt)" "5 0" "GAP's top five scores, to float32's precision"
else
    skip "GAP_BC does not name a built GAP bc"
fi

# ---- emogi-verify bc ----
emogi-bc kron.csr -n 6 --seed 7 -o k.bin 2>/dev/null
runs "emogi-verify bc accepts emogi-bc -n's scores" emogi-verify bc kron.csr -n 6 --seed 7 k.bin
is "$(cat .err)" "emogi-verify: k.bin: ok: bc from 6 sources over 128 vertices" "the ok line"
emogi-bc kron.csr -s 3 --normalize -o kn.bin
runs "emogi-verify bc --normalize" emogi-verify bc kron.csr -s 3 --normalize kn.bin
runs "scores on standard input" sh -c 'emogi-verify bc kron.csr -n 6 --seed 7 - <k.bin'
# one score's low mantissa byte changed (the first vertex with a score past 1)
"$py" - <<'EOF'
import struct
d = bytearray(open("k.bin", "rb").read())
v = [i for i, x in enumerate(struct.unpack("<%dd" % (len(d) // 8), d)) if x > 1][0]
x = struct.unpack_from("<d", d, 8 * v)[0]
struct.pack_into("<d", d, 8 * v, x * (1 + 1e-6))
open("bad.bin", "wb").write(d)
open("bad.v", "w").write(str(v))
EOF
fails "a score off by a millionth is rejected" 1 "^emogi-verify: bad\.bin: vertex $(cat bad.v) has score .*, not " \
    emogi-verify bc kron.csr -n 6 --seed 7 bad.bin
fails "other sources are rejected" 1 "has score" emogi-verify bc kron.csr -n 6 --seed 8 k.bin
fails "unnormalized scores checked as normalized are rejected" 1 "has score" \
    emogi-verify bc kron.csr -n 6 --seed 7 --normalize k.bin
head -c 1016 k.bin >short.bin
fails "a short file is rejected" 1 "short\.bin" emogi-verify bc kron.csr -n 6 --seed 7 short.bin
"$py" -c 'import struct; open("neg.bin","wb").write(struct.pack("<9d", 0, 7, 6, 5, 4, 3, 2, 1, -1))'
fails "a negative score is rejected" 1 "vertex 8 has score -1: not a finite number >= 0" \
    emogi-verify bc path.csr -s 0 neg.bin
fails "emogi-verify bc without sources" 2 "usage" emogi-verify bc kron.csr k.bin

# ---- refusals ----
fails "-s and -n together" 2 "exclude each other" emogi-bc kron.csr -s 0 -n 2
fails "no source" 2 "give a source" emogi-bc kron.csr
fails "-n 0" 2 "bad run count '0'" emogi-bc kron.csr -n 0
fails "a bad seed" 2 "bad seed 'x'" emogi-bc kron.csr -n 2 --seed x
fails "--normalize takes no value" 2 "" emogi-bc kron.csr -s 0 --normalize=yes
fails "a source past the graph" 1 "source 999 out of range" emogi-bc kron.csr -s 999 -o x.bin
[ ! -e x.bin ]
ok $? "no output after a refusal"
fails "an output that is the graph" 2 "is the graph file" emogi-bc kron.csr -n 2 -o kron.csr
fails "a GPU in a build or machine without one" 1 "GPU|CUDA|gpu" emogi-bc kron.csr -s 0 --device gpu -o y.bin
if command -v mpirun >/dev/null 2>&1 && [ "${EMOGI_WITH_MPI:-yes}" != no ]; then
    fails "MPI ranks are refused" 1 "^emogi-bc: MPI ranks are not supported yet" \
        env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_pml=ob1 \
        OMPI_MCA_orte_tmpdir_base="$T" OMP_NUM_THREADS=1 \
        mpirun --oversubscribe -np 2 emogi-bc kron.csr -s 0 -o m.bin
else
    skip "no mpirun, or a build without MPI"
fi
finish
