#!/bin/sh
# tc.sh - emogi-tc on the CPU and emogi-verify tc: totals and per-vertex
# counts against networkx.triangles on graphs generated here (complete
# graphs, grids with none, wheels, Kronecker graphs, self-loops and
# duplicate edges, disconnected pieces; 4- and 8-byte ids, compressed
# lists, graphs that are renumbered by degree and graphs that are not),
# the total against GAP's tc on the same graph written as .sg (when
# GAP_TC_SRC names gapbs's src/tc.cc), the
# checker rejecting corrupted counts, a directed graph refused or
# symmetrized with --undirected, bad options refused, and MPI ranks
# refused.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3) || skip_all "python3 not installed"
"$PY" -c 'import networkx' 2>/dev/null || skip_all "python3 has no networkx"
export OMP_NUM_THREADS=2
plan 70

# gen.py NAME [NV]: NAME.el (the edges as generated, loops and repeats
# kept) and NAME.want ('vertex triangles' for vertices 0 .. NV - 1, or the
# largest id), from networkx's simple graph of the same edges; el:FILE
# reads FILE's edges instead.
cat >gen.py <<'PY'
import random, sys
import networkx as nx
name = sys.argv[1]
if name == "complete":
    g = nx.complete_graph(9)
elif name == "grid":
    g = nx.grid_2d_graph(12, 10)
elif name == "wheel":
    g = nx.wheel_graph(40)
elif name == "loops":
    g = nx.gnm_random_graph(300, 2400, seed=4)
elif name == "pieces":
    g = nx.disjoint_union_all([nx.complete_graph(5), nx.path_graph(6), nx.empty_graph(3),
                               nx.cycle_graph(3), nx.complete_graph(4)])
elif name == "dense":
    g = nx.powerlaw_cluster_graph(3000, 20, 0.5, seed=2)
elif name == "uniform":
    g = nx.gnm_random_graph(2000, 30000, seed=5)
elif name.startswith("el:"):
    g = nx.Graph()
    for line in open(name[3:]):
        if line.startswith("#"):
            continue
        u, v = map(int, line.split()[:2])
        g.add_edge(u, v)
if not name.startswith("el:"):
    g = nx.convert_node_labels_to_integers(g, ordering="sorted")
if name.startswith("el:"):
    name = name[3:-3]
edges = [tuple(e) for e in g.edges()]
if name == "loops":  # every edge twice, some reversed, and self-loops
    random.seed(1)
    edges = edges + [(v, u) for u, v in edges[::2]] + [(u, v) for u, v in edges[1::3]]
    edges += [(v, v) for v in range(0, 300, 7)]
    random.shuffle(edges)
if not name.startswith("kr"):
    with open(name + ".el", "w") as f:
        f.writelines("%d %d\n" % e for e in edges)
n = int(sys.argv[2]) if len(sys.argv) > 2 else max(max(e) for e in edges) + 1
simple = nx.Graph()
simple.add_nodes_from(range(n))
simple.add_edges_from((u, v) for u, v in edges if u != v)
t = nx.triangles(simple)
with open(name + ".want", "w") as f:
    f.writelines("%d %d\n" % (v, t[v]) for v in range(n))
PY

total_of() { awk '{ s += $2 } END { print s / 3 }' "$1"; }

# check NAME CSR DESC: the total and the per-vertex counts of CSR are NAME.want's
check() {
    name=$1 g=$2 desc=$3
    if ! got=$(emogi-tc "$g" --device cpu 2>tc.err); then
        ok 1 "$desc: total"; sed 's/^/# /' tc.err; ok 1 "$desc: per vertex"; return
    fi
    is "$got" "$(total_of "$name.want")" "$desc: total $got"
    if emogi-tc "$g" --device cpu --text -o got.txt 2>tc.err >/dev/null; then
        same_file got.txt "$name.want" "$desc: per vertex"
    else
        ok 1 "$desc: per vertex"; sed 's/^/# /' tc.err
    fi
}

for name in complete grid wheel loops pieces dense uniform; do
    "$PY" gen.py $name
    opts="--undirected"
    [ $name = loops ] && opts="--undirected --keep-self-loops --keep-duplicates"
    # shellcheck disable=SC2086
    emogi-convert el $name.el $name.csr -q $opts
    check $name $name.csr "$name"
done
is "$(total_of grid.want)" 0 "a grid has no triangles (networkx agrees)"
stored=$(emogi-info loops.csr | sed -n 's/^edges: //p')
ok "$([ "$stored" -gt 4800 ]; echo $?)" "loops.csr stores $stored entries for 2400 edges: repeats and loops kept"
# the stored self-loops and repeats are in the file, and still count once
emogi-convert el loops.el loops8.csr -q --undirected --keep-self-loops --keep-duplicates --id-width 8
check loops loops8.csr "loops, 8-byte ids"

# Kronecker graphs: skewed and dense enough to be renumbered by degree
emogi-convert kron -s 12 kr12.csr -q
emogi-export el kr12.csr kr12.el -q
"$PY" gen.py el:kr12.el 4096
check kr12 kr12.csr "kron 12"
emogi-tc kr12.csr --device cpu --stats 2>kr.err >/dev/null
ok "$(grep -q 'relabelled=1' kr.err; echo $?)" "kron 12 is renumbered by degree (GAP's rule)"
emogi-tc grid.csr --device cpu --stats 2>grid.err >/dev/null
ok "$(grep -q 'relabelled=0' grid.err; echo $?)" "a grid is not (average degree under 10)"
emogi-tc uniform.csr --device cpu --stats 2>uniform.err >/dev/null
ok "$(grep -q 'relabelled=0' uniform.err; echo $?)" \
    "nor a graph of average degree 15 whose degrees are not skewed (mean under 1.3 medians)"
emogi-convert csr kr12.csr kr12c.csr --compress -q
check kr12 kr12c.csr "kron 12, compressed lists"
emogi-convert csr kr12.csr kr12r.csr --reorder degree -q
emogi-convert csr kr12.csr kr12-8.csr --id-width 8 -q
check kr12 kr12-8.csr "kron 12, 8-byte ids"
is "$(emogi-tc kr12r.csr --device cpu)" "$(total_of kr12.want)" "kron 12 reordered by degree: the same total"
emogi-convert csr dense.csr densec.csr --compress -q
check dense densec.csr "dense, compressed lists"

# threads do not change the counts
emogi-tc kr12.csr --device cpu --threads 1 -o t1.bin >/dev/null
emogi-tc kr12.csr --device cpu --threads 3 -o t3.bin >/dev/null
ok "$(cmp -s t1.bin t3.bin; echo $?)" "1 and 3 threads write the same counts"

# ---- output forms ----
emogi-tc complete.csr --device cpu -o c.bin >c.out
is "$(cat c.out)" 84 "with -o FILE the total still goes to standard output"
is "$(wc -c <c.bin | tr -d ' ')" 72 "the counts are 8 bytes per vertex"
is "$(od -An -tu8 -v c.bin | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')" "28 28 28 28 28 28 28 28 28" \
    "uint64 little-endian: K9's vertices are in 28 triangles each"
emogi-tc complete.csr --device cpu -o - >c2.bin
ok "$(cmp -s c.bin c2.bin; echo $?)" "-o - sends the counts alone to standard output"
emogi-tc complete.csr --device cpu -o c.npy >/dev/null
is "$(head -c 6 c.npy | tail -c 5)" NUMPY "-o FILE.npy writes NumPy's format"
emogi-tc kr12.csr --device cpu --stats >/dev/null 2>st.txt
is "$(sed -n 's/.*triangles=\([0-9]*\).*/\1/p' st.txt)" "$(total_of kr12.want)" "--stats gives the total"
emogi-tc kr12.csr --device cpu --json >/dev/null 2>st.json
is "$("$PY" -c 'import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["event"] == "run": print(r["triangles"], r["relabelled"], r["algorithm"])' st.json)" \
    "$(total_of kr12.want) True tc-cpu" "--json gives the total, the relabelling and the backend"
runs "--verify accepts the CPU's counts" emogi-tc kr12.csr --device cpu --verify -o v.bin
ok "$(grep -q 'triangles verified' "$T/.err"; echo $?)" "--verify says so"
emogi-tc kr12.csr --device cpu --repeat 3 --stats >/dev/null 2>rep.err
is "$(grep -c 'algorithm=tc-cpu' rep.err)" 3 "--repeat 3: three result lines"

# ---- against GAP's tc on the same graph, as .sg ----
# GAP_TC_SRC names GAP's src/tc.cc (the gapbs sources, outside this tree)
GAP_TC_SRC=${GAP_TC_SRC:-}
if [ -r "$GAP_TC_SRC" ] && command -v g++ >/dev/null &&
    g++ -std=c++11 -O2 -fopenmp "$GAP_TC_SRC" -o gap-tc 2>gap.err; then
    for g in kr12 dense wheel; do
        emogi-export sg $g.csr $g.sg -q
        gap=$(./gap-tc -f $g.sg -n 1 -a | sed -n 's/^\([0-9]*\) triangles$/\1/p')
        is "$(emogi-tc $g.csr --device cpu)" "$gap" "$g: GAP's tc on the same .sg counts $gap"
    done
else
    for g in kr12 dense wheel; do skip "$g: GAP's tc.cc not given or not built (GAP_TC_SRC=${GAP_TC_SRC:-unset}: set it to gapbs's src/tc.cc)"; done
fi

# ---- emogi-verify tc ----
emogi-tc kr12.csr --device cpu -o right.bin >/dev/null
runs "emogi-verify tc accepts the right counts" emogi-verify tc kr12.csr right.bin
ok "$(grep -q "ok: $(total_of kr12.want) triangles" "$T/.err"; echo $?)" "and gives the total"
runs "emogi-verify tc reads standard input" sh -c 'emogi-verify tc kr12.csr - <right.bin'
# one count one higher: no longer three corners a triangle
"$PY" -c 'import array, sys
a = array.array("Q"); a.frombytes(open(sys.argv[1], "rb").read())
a[int(sys.argv[3])] += int(sys.argv[4])
if len(sys.argv) > 5: a[int(sys.argv[5])] += int(sys.argv[6])
open(sys.argv[2], "wb").write(a.tobytes())' right.bin bad1.bin 100 1
fails "a count one too high is rejected" 1 'not a multiple of 3' emogi-verify tc kr12.csr bad1.bin
"$PY" -c 'import array, sys
a = array.array("Q"); a.frombytes(open(sys.argv[1], "rb").read())
a[7] += 1; a[9] += 2
open(sys.argv[2], "wb").write(a.tobytes())' right.bin bad2.bin
fails "two wrong counts that still sum to 3 triangles a corner are rejected" 1 \
    'vertex 7 is in [0-9]+ triangles, the result says' emogi-verify tc kr12.csr bad2.bin
"$PY" -c 'import array, sys
a = array.array("Q"); a.frombytes(open(sys.argv[1], "rb").read())
i = max(range(len(a)), key=lambda v: a[v]); j = min(v for v in range(len(a)) if a[v] > 0)
a[i] -= 3
open(sys.argv[2], "wb").write(a.tobytes())' right.bin bad3.bin
fails "a total three short of the graph's is rejected" 1 'triangles, the result says' \
    emogi-verify tc kr12.csr bad3.bin
head -c 800 right.bin >short.bin
fails "a file of the wrong size is rejected" 1 'bytes' emogi-verify tc kr12.csr short.bin
emogi-tc grid.csr --device cpu -o zero.bin >/dev/null
runs "zero triangles verify" emogi-verify tc grid.csr zero.bin
emogi-verify tc kr12.csr right.bin --json --stats-file vs.json 2>/dev/null
is "$("$PY" -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["algorithm"], r["result"])' vs.json)" \
    "tc ok" "emogi-verify tc --json: the record"

# ---- directed graphs ----
emogi-convert el wheel.el wheeld.csr -q --directed
fails "a directed graph is refused" 1 'wheeld.csr: the graph is directed.*--undirected' \
    emogi-tc wheeld.csr --device cpu
ok "$(test -s "$T/.out"; echo $((1 - $?)))" "and nothing is written to standard output"
is "$(emogi-tc wheeld.csr --device cpu --undirected)" "$(total_of wheel.want)" \
    "--undirected counts the undirected graph under it"
emogi-tc wheeld.csr --device cpu --undirected --text -o und.txt >/dev/null
same_file und.txt wheel.want "--undirected: the per-vertex counts too"
# one direction of each edge only, half one way and half the other, and a transpose
grep -v '^#' kr12.el | awk 'NR % 2 { print $2, $1; next } { print }' | awk '$1 < $2 || NR % 3' >half.el
"$PY" gen.py el:half.el 4096
emogi-convert el half.el halft.csr -q --directed --transpose --vertices 4096
emogi-convert el half.el halfd.csr -q --directed --vertices 4096
emogi-tc halft.csr --device cpu --undirected --text -o half-t.txt >/dev/null
emogi-tc halfd.csr --device cpu --undirected --text -o half-d.txt >/dev/null
same_file half-t.txt half.want "--undirected on a directed kron with its transpose"
ok "$(cmp -s half-t.txt half-d.txt; echo $?)" "--undirected: the same without the transpose"
emogi-tc halfd.csr --device cpu --undirected -o half.bin >/dev/null
fails "emogi-verify tc refuses a directed graph" 1 'directed' emogi-verify tc halfd.csr half.bin
runs "emogi-verify tc --undirected checks it" emogi-verify tc halfd.csr half.bin --undirected

# ---- refusals ----
fails "-s does not apply" 2 '' emogi-tc kr12.csr -s 0
fails "--repeat 0 is refused" 2 'bad repeat count' emogi-tc kr12.csr --repeat 0
fails "--text with --format is refused" 2 'exclude each other' emogi-tc kr12.csr --text --format npy
fails "an unknown option is refused" 2 '' emogi-tc kr12.csr --triangles
fails "no graph" 2 'no graph given' emogi-tc
fails "a missing graph" 1 'nope.csr' emogi-tc nope.csr
fails "-o naming the graph is refused" 2 'is the graph file' emogi-tc kr12.csr -o kr12.csr
fails "emogi-verify tc needs two files" 2 'usage' emogi-verify tc kr12.csr

# ---- MPI ranks: refused until the count has them ----
if ! command -v mpirun >/dev/null 2>&1; then
    skip "mpirun not found: MPI ranks not tried"
else
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_orte_tmpdir_base=$T \
        OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_pml=ob1 OMP_NUM_THREADS=1 \
        mpirun -np 2 emogi-tc complete.csr >mpi.out 2>mpi.err
    st=$?
    if grep -q 'built without MPI' mpi.err; then
        skip "built without MPI: ranks cannot start"
    else
        ok "$([ $st -ne 0 ] && grep -q 'emogi-tc: MPI ranks are not supported yet' mpi.err &&
            ! test -s mpi.out; echo $?)" "two MPI ranks are refused, nothing written (status $st)"
    fi
fi
finish
