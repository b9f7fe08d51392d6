#!/bin/sh
# emogi-cc --strong on the CPU against networkx.strongly_connected_components
# on generated directed graphs (cycles, a DAG, a giant component with
# trimmed tails, disconnected pieces, self-loops, random graphs, kron),
# compared as partitions and as canonical labels, in every storage
# variant; then emogi-verify scc on right and corrupted labels, --stats,
# and the refusals.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
PY=
for py in ${EMOGI_PYTHON:-} python3 /usr/bin/python3; do
    "$py" -c 'import networkx' 2>/dev/null && PY=$py && break
done
[ -n "$PY" ] || skip_all "no python3 with networkx"
plan 46

VARIANTS="--id-width,4 --id-width,8 --id-width,4,--compress"

# gen.py SHAPE SEED > FILE.el: "u v" lines, and "# nv N" first.
cat >gen.py <<'EOF'
import random, sys
shape, seed = sys.argv[1], int(sys.argv[2])
rnd = random.Random(seed)
edges, nv = [], 0
def perm(n):
    p = list(range(n)); rnd.shuffle(p); return p
if shape == "cycles":      # disjoint cycles of many lengths, ids shuffled
    p, at = perm(6000), 0
    for length in [1, 2, 3, 7, 50, 400, 2000] + [5] * 200 + [2500]:
        cyc = p[at:at + length]; at += length
        if length > 1:
            edges += [(cyc[i], cyc[(i + 1) % length]) for i in range(length)]
    nv = 6000
elif shape == "dag":       # edges only up a hidden order: every vertex its own
    nv = 6000; p = perm(nv)
    for _ in range(5 * nv):
        a, b = sorted(rnd.sample(range(nv), 2))
        edges.append((p[a], p[b]))
elif shape == "giant":     # one big strongly connected core, tails in and out
    nv = 8000; p = perm(nv); core = p[:3000]
    edges += [(core[i], core[(i + 1) % 3000]) for i in range(3000)]
    edges += [(rnd.choice(core), rnd.choice(core)) for _ in range(9000)]
    rest = p[3000:]
    for i, v in enumerate(rest):  # chains feeding the core and fed by it
        prev = rest[i - 1] if i % 50 else rnd.choice(core)
        if i % 2: edges.append((prev, v))
        else: edges.append((v, prev))
    # a few small cycles among the tails
    for i in range(0, 600, 3):
        a, b, c = rest[i], rest[i + 1], rest[i + 2]
        edges += [(a, b), (b, c), (c, a)]
elif shape == "disconnected":  # pieces apart, vertices with no edges at all
    nv = 7000
    for base in range(0, 6000, 1000):
        for _ in range(1500):
            edges.append((base + rnd.randrange(800), base + rnd.randrange(800)))
elif shape == "selfloops":  # self-loops everywhere, in cycles and alone
    nv = 5000
    edges += [(v, v) for v in range(0, nv, 3)]
    for _ in range(4000):
        edges.append((rnd.randrange(nv), rnd.randrange(nv)))
elif shape == "random":    # sparse random: many middle-sized components
    nv = 10000
    for _ in range(int(1.3 * nv)):
        edges.append((rnd.randrange(nv), rnd.randrange(nv)))
print("# nv", nv)
for u, v in edges:
    print(u, v)
EOF

# check.py EDGES.el NV LABELS.txt: labels ('vertex label' lines) against
# networkx's strong components: the same partition, each labelled by its
# smallest vertex.
cat >check.py <<'EOF'
import sys
import networkx as nx
el, nv, lab = sys.argv[1], int(sys.argv[2]), sys.argv[3]
g = nx.DiGraph()
g.add_nodes_from(range(nv))
for line in open(el):
    if line.startswith("#") or not line.strip():
        continue
    u, v = map(int, line.split()[:2])
    g.add_edge(u, v)
label = {}
for line in open(lab):
    v, l = map(int, line.split())
    label[v] = l
if sorted(label) != list(range(nv)):
    sys.exit("labels for %d vertices, not %d" % (len(label), nv))
want = {frozenset(c) for c in nx.strongly_connected_components(g)}
got = {}
for v, l in label.items():
    got.setdefault(l, set()).add(v)
if {frozenset(c) for c in got.values()} != want:
    bad = sorted(set(map(frozenset, got.values())) ^ want, key=min)[0]
    sys.exit("partitions differ, first at the class of vertex %d" % min(bad))
for l, c in got.items():
    if l != min(c):
        sys.exit("class of %d is labelled %d" % (min(c), l))
print(len(want))
EOF

# expect SHAPE: the shape's graph in every variant, with 2 threads.
expect() {
    "$PY" gen.py "$1" 11 >"$1.el"
    nv=$(sed -n '1s/# nv //p' "$1.el")
    for v in $VARIANTS; do
        opts=$(echo "$v" | tr ',' ' ')
        # shellcheck disable=SC2086
        if emogi-convert el "$1.el" g.csr -q --directed --transpose --keep-self-loops \
            --vertices "$nv" $opts 2>conv.err &&
            emogi-cc g.csr --strong --text --device cpu --threads 2 >got.txt 2>cc.err &&
            "$PY" check.py "$1.el" "$nv" got.txt >n.txt 2>check.err; then
            ok 0 "$1: networkx's strong components ($opts; $(cat n.txt) components)"
        else
            ok 1 "$1: networkx's strong components ($opts)"
            sed 's/^/# /' conv.err cc.err check.err | head -10
        fi
    done
}
for shape in cycles dag giant disconnected selfloops random; do
    expect $shape
done

# the shapes' answers are not trivial: a DAG has a component per vertex,
# the giant graph one component of 3000 or more
emogi-convert el dag.el dag.csr -q --directed --transpose --vertices 6000
emogi-cc dag.csr --strong --device cpu --stats -o dag.bin 2>dag.txt
is "$(sed -n 's/.* components=\([0-9]*\) .*/\1/p' dag.txt)" 6000 "a DAG: every vertex its own"
emogi-convert el giant.el giant.csr -q --directed --transpose --vertices 8000
emogi-cc giant.csr --strong --device cpu --stats -o giant.bin 2>giant.txt
big=$(sed -n 's/.* largest=\([0-9]*\) .*/\1/p' giant.txt)
ok "$([ "${big:-0}" -ge 3000 ]; echo $?)" "the giant: largest $big, at least the core's 3000"

# ---- kron, small and skewed ----
for s in 10 13; do
    emogi-convert kron -s $s --directed --transpose k$s.csr -q
    emogi-export el k$s.csr k$s.el -q
    emogi-cc k$s.csr --strong --text --device cpu --threads 2 >k$s.txt 2>k.err
    runs "kron $s directed: networkx's strong components" "$PY" check.py k$s.el $((1 << s)) k$s.txt
    emogi-cc k$s.csr --strong --device cpu -o k$s.bin
    runs "kron $s: emogi-verify scc accepts the labels" emogi-verify scc k$s.csr k$s.bin
done
emogi-convert kron -s 12 --directed --transpose --id-width 8 --compress k8.csr -q
emogi-export el k8.csr k8.el -q
emogi-cc k8.csr --strong --text --device cpu --threads 2 >k8.txt
runs "kron 12, 8-byte compressed ids: networkx's strong components" "$PY" check.py k8.el 4096 k8.txt
runs "kron 12, 8-byte ids: emogi-verify scc accepts, through a pipe" \
    sh -c 'emogi-cc k8.csr --strong --device cpu | emogi-verify scc k8.csr -'
# strong components split what weak ones join
weak=$(emogi-cc k13.csr --device cpu --stats -o labels.out 2>&1 | sed -n 's/.* components=\([0-9]*\) .*/\1/p')
strong=$(emogi-cc k13.csr --strong --device cpu --stats -o labels.out 2>&1 |
    sed -n 's/.* components=\([0-9]*\) .*/\1/p')
ok "$([ "${strong:-0}" -gt "${weak:-0}" ]; echo $?)" "kron 13: more strong ($strong) than weak ($weak) components"
runs "--verify accepts --strong labels" emogi-cc k13.csr --strong --device cpu --verify -o labels.out
ok "$(grep -q 'labels verified' .err; echo $?)" "--verify says so"

# ---- emogi-verify scc rejects what is wrong ----
od -An -tu4 -v k13.bin | tr -s ' ' '\n' | sed '/^$/d' >k13.u32
# two vertices of one strong component given different labels: the
# largest component's second vertex keeps its own id
big_label=$(sort -n k13.u32 | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
second=$(awk -v l="$big_label" '$1 == l { n++; if (n == 2) { print NR - 1; exit } }' k13.u32)
"$PY" -c "
import sys, array
a = array.array('I'); a.frombytes(open('k13.bin', 'rb').read())
a[$second] = $second
open('split.bin', 'wb').write(a.tobytes())
a = array.array('I'); a.frombytes(open('k13.bin', 'rb').read())
# a singleton joined to a component it has no cycle with
s = [v for v in range(len(a)) if a[v] == v and a.count(v) == 1 and v > $big_label][0]
a[s] = $big_label
open('joined.bin', 'wb').write(a.tobytes())
a = array.array('I'); a.frombytes(open('k13.bin', 'rb').read())
a[5] = len(a) - 1 if a[5] != len(a) - 1 else 0
open('big.bin', 'wb').write(a.tobytes())
"
fails "a split component is rejected" 1 \
    "^emogi-verify: split\.bin: vertex $second has label $second, but vertex $big_label is in its strong component" \
    emogi-verify scc k13.csr split.bin
fails "a joined singleton is rejected" 1 "^emogi-verify: joined\.bin: vertex [0-9]+ has label $big_label but no cycle joins it" \
    emogi-verify scc k13.csr joined.bin
fails "a label that is no class's smallest id is rejected" 1 "^emogi-verify: big\.bin: vertex [0-9]+ has label" \
    emogi-verify scc k13.csr big.bin
emogi-cc k13.csr --device cpu -o weak.bin
fails "weak labels of a directed graph are not strong ones" 1 "no cycle joins it" \
    emogi-verify scc k13.csr weak.bin
head -c 100 k13.bin >short.bin
fails "a short label file is refused" 1 "^emogi-verify: short\.bin: " emogi-verify scc k13.csr short.bin
runs "emogi-verify scc --stats" emogi-verify scc k13.csr k13.bin --stats
ok "$(grep -q 'result=ok' .err; echo $?)" "emogi-verify scc --stats: result=ok"

# ---- --stats: which components a directed graph's labels are ----
emogi-cc k10.csr --strong --device cpu --stats -o labels.out 2>s.txt
ok "$(grep -Eq 'algorithm=multistep-cpu connection=strong seconds=[0-9.]+ passes=[0-9]+ components=' s.txt; echo $?)" \
    "--stats: connection=strong"
emogi-cc k10.csr --device cpu --stats -o labels.out 2>w.txt
ok "$(grep -q 'algorithm=afforest-cpu connection=weak ' w.txt; echo $?)" "--stats: connection=weak by default"
emogi-cc k10.csr --strong --device cpu --json -o labels.out 2>j.txt
ok "$(grep '"event":"run"' j.txt | grep -q '"connection":"strong"'; echo $?)" "--json: \"connection\":\"strong\""
# an undirected graph: strong components are its components; no key
emogi-convert kron -s 10 u.csr -q
emogi-cc u.csr --device cpu -o u_weak.bin
emogi-cc u.csr --strong --device cpu --stats -o u_strong.bin 2>u.txt
runs "an undirected graph: --strong gives its components" cmp u_weak.bin u_strong.bin
ok "$(! grep -q 'connection=' u.txt; echo $?)" "an undirected graph's --stats names no connection"
runs "emogi-verify scc accepts an undirected graph's components" emogi-verify scc u.csr u_strong.bin

# ---- refusals ----
emogi-convert el cycles.el nt.csr -q --directed
fails "--strong without in-edges is refused" 1 \
    '^emogi-cc: nt\.csr: --strong needs in-edges: convert with --transpose' \
    emogi-cc nt.csr --strong --device cpu -o out.bin
ok "$([ ! -e out.bin ]; echo $?)" "the refusal leaves no output"
fails "--algorithm does not go with --strong" 2 '^emogi-cc: --algorithm chooses among weak' \
    emogi-cc k10.csr --strong --algorithm lp -o out.bin
# under MPI ranks: refused, not weak labels passed off as strong
if [ "${EMOGI_WITH_MPI:-}" != no ] && command -v mpirun >/dev/null 2>&1 &&
    mpirun --version 2>&1 | grep -q 'Open MPI'; then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_pml=ob1
    OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_orte_tmpdir_base=$T OMP_NUM_THREADS=1
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_pml
    export OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_orte_tmpdir_base OMP_NUM_THREADS
    fails "under MPI ranks --strong is refused" 1 '^emogi-cc: --strong runs in one process' \
        mpirun --oversubscribe -np 2 emogi-cc k10.csr --strong -o out.bin
else
    skip "no Open MPI mpirun in an MPI build"
fi
finish
