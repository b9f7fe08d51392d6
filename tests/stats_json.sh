#!/bin/sh
# stats_json.sh - --stats=json (and --json, --stats-file) of emogi-bfs,
# emogi-sssp, emogi-cc and emogi-pagerank: every record parsed by
# Python's json module, record for record and key for key the figures of
# the text form, on a graph small enough to work by hand; graph names that
# need escaping, the stats file, and the usage errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed: JSON cannot be parsed"
plan 45

# jsonl FILE: every line one JSON object with "tool" and "event".
cat >jsonl.py <<'EOF'
import json, sys
try:
    n = 0
    for line in open(sys.argv[1], encoding="utf-8"):
        r = json.loads(line)
        assert isinstance(r, dict) and "tool" in r and "event" in r, line
        n += 1
    assert n > 0, "no records"
except Exception as e:
    print("not JSON Lines:", repr(e)[:300])
EOF
jsonl() { python3 jsonl.py "$1" 2>&1 | tr '\n' ' '; }

# same_figures TEXT JSON [gpu]: line for line, the JSON record has the
# text line's keys in its order (plus graph and max_rss_bytes, JSON only)
# and its values: exact for counts and names, to the text's digits for
# reals that are not timings (which two runs cannot share).  With gpu, a
# GPU run's: keys, names and flags alone (its counts may vary with the kernels'
# races), and the link figures in every search or run record.
cat >same.py <<'EOF'
import json, sys
timed = {"seconds", "open_seconds", "file_seconds", "pin_seconds", "h2d_seconds",
         "seconds_per_iteration", "gteps", "g500_gteps", "geps", "edge_gbps", "link_gbps"}
def check():
    text = open(sys.argv[1]).read().splitlines()
    recs = [json.loads(l) for l in open(sys.argv[2])]
    assert len(text) == len(recs), "%d text lines, %d records" % (len(text), len(recs))
    for t, r in zip(text, recs):
        tool, rest = t.split(": ", 1)
        assert r.pop("tool") == tool, (t, r)
        event = r.pop("event")
        pairs = [w.split("=", 1) for w in rest.split(" ") if "=" in w]
        keys = [k for k in r if k not in ("graph", "max_rss_bytes")]
        assert keys == [k for k, _ in pairs], (t, keys)
        if len(sys.argv) > 3 and event in ("search", "run"):
            assert isinstance(r["link_bytes"], int) and isinstance(r["devmem_bytes"], int), r
        for k, v in pairs:
            j = r[k]
            if isinstance(j, str):
                assert v == j, (k, v, j)
            elif isinstance(j, bool):
                assert v == str(int(j)), (k, v, j)
            elif k in timed or len(sys.argv) > 3:
                assert isinstance(j, (int, float)), (k, j)
            elif isinstance(j, int):
                assert v == str(j), (k, v, j)
            elif isinstance(j, float):
                assert abs(float(v) - j) <= 1e-5 * abs(j), (k, v, j)
            else:
                assert False, (k, v, j)
        if event in ("search", "run", "mean", "load"):
            assert isinstance(r["max_rss_bytes"], int) and r["max_rss_bytes"] > 0, r
    return len(recs)
try:
    print(check())
except Exception as e:
    print("differ:", repr(e)[:300])
EOF
same_figures() { python3 same.py "$@" 2>&1 | tr '\n' ' ' | sed 's/ $//'; }

# field FILE EVENT KEY: KEY of the first EVENT record.
field() {
    python3 -c 'import json, sys
print([r for r in map(json.loads, open(sys.argv[1])) if r["event"] == sys.argv[2]][0][sys.argv[3]])' \
        "$1" "$2" "$3"
}

# 0 -2- 1 -3- 2 -1- 3, 0 -7- 2; 4 -1- 5.  From 0, top-down: depths 0 1 1 2,
# four reached over three levels reading the lists of 0..3 (2+2+3+1 = 8
# entries, four edges); distances 0 2 5 6.  Components {0,1,2,3}, {4,5}.
printf '0 1 2\n1 2 3\n0 2 7\n2 3 1\n4 5 1\n' >g.wel
emogi-convert wel g.wel g.csr -q --undirected || skip_all "emogi-convert failed"

# run_both NAME TOOL ARGS: TOOL ARGS --stats and --stats=json, their
# records in NAME.txt and NAME.json; one test that both succeed.
run_both() {
    name=$1; shift
    "$@" --stats >/dev/null 2>"$name.txt" && "$@" --stats=json >/dev/null 2>"$name.json"
    ok $? "$name: --stats and --stats=json succeed"
}
run_both bfs emogi-bfs g.csr -s 0 --device cpu --direction push
run_both sssp emogi-sssp g.csr -s 0 --device cpu
run_both cc emogi-cc g.csr --device cpu
run_both pagerank emogi-pagerank g.csr --device cpu --threads 1
for t in bfs sssp cc pagerank; do
    is "$(jsonl $t.json)" "" "$t: every line of standard error parses as a JSON object"
    is "$(same_figures $t.txt $t.json)" "$(wc -l <$t.txt | tr -d ' ')" \
        "$t: one record per text line, same keys, same figures"
done

is "$(field bfs.json search source) $(field bfs.json search reached) $(field bfs.json search levels)" \
    "0 4 3" "bfs: source 0 reaches 4 vertices over 3 levels"
is "$(field bfs.json search edges_examined) $(field bfs.json search component_edges)" "8 4" \
    "bfs: 8 list entries read, 4 edges in the component"
is "$(field bfs.json load device) $(field bfs.json load graph)" "cpu g.csr" \
    "bfs: the load record names the device and the graph"
is "$(field sssp.json search reached) $(field sssp.json delta distances)" "4 uint64" \
    "sssp: 4 reached, integer distances"
is "$(field cc.json run components) $(field cc.json run largest)" "2 4" \
    "cc: two components, the larger of 4"
is "$(field pagerank.json run converged)" "True" "pagerank: converged is a JSON boolean"
grep -q '^emogi-bfs: source=0 seconds=[0-9]*\.[0-9]\{6\} levels=3 reached=4 edges_examined=8 gteps=[0-9]*\.[0-9]\{4\} edge_gbps=[0-9]*\.[0-9]\{3\} component_edges=4 g500_gteps=[0-9]*\.[0-9]\{4\} push_levels=3 pull_levels=0$' bfs.txt
ok $? "bfs: --stats keeps its key=value line"
grep -q '{' bfs.txt sssp.txt cc.txt pagerank.txt
ok "$((! $?))" "--stats alone writes no JSON"

# --json: the same records as --stats=json.
emogi-bfs g.csr -s 0 --device cpu --direction push --json >/dev/null 2>alias.json
is "$(same_figures bfs.txt alias.json)" "2" "--json: the records of --stats=json"
emogi-cc g.csr --device cpu --json --stats >/dev/null 2>alias2.json
is "$(jsonl alias2.json)" "" "--stats after --json keeps JSON"
emogi-cc g.csr --device cpu --json --stats=text >/dev/null 2>alias3.txt
is "$(same_figures alias3.txt cc.json)" "2" "--stats=text after --json: text"

# -n: a record per search and the mean, with or without --stats' figures.
emogi-sssp g.csr -n 3 --device cpu --json 2>n.json
is "$(jsonl n.json)$(grep -c '"event":"search"' n.json) $(field n.json mean searches)" "3 3" \
    "-n 3 --json: three search records and a mean"
emogi-sssp g.csr -n 3 --device cpu 2>n.txt
is "$(grep -c '^emogi-sssp: source=[0-9]* seconds=[0-9.]*$' n.txt)" 3 \
    "-n 3 without --stats: the plain lines as before"

# A graph name that JSON must escape: quotes, a backslash, a tab, a newline.
q=$(printf 'a "q" \\b\tc\nd.csr')
cp g.csr "$q"
emogi-pagerank "$q" --device cpu --json >/dev/null 2>q.json
is "$(jsonl q.json)" "" "a graph named with quotes, backslash, tab, newline: valid JSON"
python3 -c 'import json, sys
sys.exit(json.loads(open("q.json").readline())["graph"] != sys.argv[1])' "$q"
ok $? "... which reads back as the name"

# --stats-file: the records there, nothing on standard error.
emogi-bfs g.csr -s 0 --device cpu --direction push --json --stats-file s.json >/dev/null 2>err.txt
ok $? "--stats-file: succeeds"
is "$(wc -c <err.txt | tr -d ' ') $(same_figures bfs.txt s.json)" "0 2" \
    "--stats-file: the records in the file, standard error empty"
emogi-cc g.csr --device cpu --stats-file s.txt >/dev/null 2>err.txt
is "$(wc -c <err.txt | tr -d ' ') $(same_figures s.txt cc.json)" "0 2" \
    "--stats-file without a form: the text records"
emogi-cc g.csr --device cpu -o lab.bin --stats-file - --json >out.json 2>err.txt
is "$(jsonl out.json)$(wc -c <lab.bin | tr -d ' ')" "24" "--stats-file -: standard output"
echo keep >old.json
fails "--stats-file: a failed run exits 1" 1 "source 9 out of range" \
    emogi-bfs g.csr -s 9 --device cpu --json --stats-file old.json
is "$(cat old.json)" "keep" "... and leaves an existing stats file as it was"
no_files_like "old.json.tmp.*" "... and no temporary beside it"
fails "--stats-file into a missing folder: exit 1" 1 "no/s.json" \
    emogi-sssp g.csr -s 0 --device cpu --stats-file no/s.json

# Usage errors: exit 2, naming what is wrong.
fails "--stats=xml: usage error" 2 "bad --stats form 'xml' \(text or json\)" \
    emogi-bfs g.csr -s 0 --device cpu --stats=xml
fails "--stats=JSON (case matters): usage error" 2 "bad --stats form" \
    emogi-pagerank g.csr --device cpu --stats=JSON
fails "--stats-file the same as -o: usage error" 2 "same file" \
    emogi-sssp g.csr -s 0 --device cpu -o x.bin --stats-file ./x.bin
fails "--stats-file the graph: usage error" 2 "graph file" \
    emogi-cc g.csr --device cpu --stats-file g.csr
fails "--stats-file the same as --parents: usage error" 2 "same file" \
    emogi-bfs g.csr -s 0 --device cpu -o d.bin --parents p.bin --stats-file p.bin
is "$(ls x.bin d.bin p.bin 2>/dev/null)" "" "... and no output written"

# On a GPU: the same records with the link figures, kept byte for byte in
# the text form that the GPU tests parse.
if why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1); then
    for t in bfs sssp cc pagerank; do
        src=; [ $t = bfs ] || [ $t = sssp ] && src="-s 0"
        # shellcheck disable=SC2086
        emogi-$t g.csr $src --device gpu --mem zerocopy --stats >/dev/null 2>g$t.txt &&
            emogi-$t g.csr $src --device gpu --mem zerocopy --json >/dev/null 2>g$t.json
        is "$?:$(jsonl g$t.json):$(same_figures g$t.txt g$t.json gpu)" \
            "0::$(wc -l <g$t.txt | tr -d ' ')" "$t on a GPU: the text lines' keys, link figures"
    done
else
    for t in bfs sssp cc pagerank; do skip "$t on a GPU: no CUDA device: $why"; done
fi
finish
