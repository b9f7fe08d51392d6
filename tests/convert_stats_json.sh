#!/bin/sh
# convert_stats_json.sh - emogi-convert --stats=json (and --json,
# --stats-file): one JSON object per run, parsed by Python's json module,
# with the figures of the --stats text lines, on a graph whose counts are
# worked by hand; in memory, out of core and re-encoding a .csr; the stats
# file, and the usage errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed: JSON cannot be parsed"
plan 25

# 0-1, 1-2, 0-2, 2-3, 4-5; a self-loop 3-3 and 1-0 again.  Undirected: 7
# edges read, 6 vertices, 5 edges both ways = 10 stored; dropped: the
# loop, and the edge 1-0 once.
printf '0 1 2\n1 2 3\n0 2 7\n2 3 1\n4 5 1\n3 3 1\n1 0 2\n' >g.wel

# check TEXT JSON: the JSON file holds exactly one object, of emogi-convert's
# "run" event, whose counts are the text's and whose times and rates are
# numbers >= 0; prints "ok" or what differs.
cat >check.py <<'EOF'
import json, re, sys
def check():
    text = open(sys.argv[1]).read()
    lines = open(sys.argv[2]).read().splitlines()
    assert len(lines) == 1, "%d lines" % len(lines)
    r = json.loads(lines[0])
    assert r.pop("tool") == "emogi-convert" and r.pop("event") == "run", r
    m = re.search(r"(\d+) vertices, (\d+) edges stored \((\d+) in-edges\); dropped (\d+) "
                  r"self-loops, (\d+) duplicate edges", text)
    assert m, text
    for k, v in zip(("vertices", "edges", "in_edges", "self_loops_dropped",
                     "duplicates_dropped"), m.groups()):
        assert r[k] == int(v), (k, r[k], v)
    m = re.search(r"stats: (\w+) [0-9.]+ s", text)
    assert m and r["read_phase"] == m.group(1), (r["read_phase"], text)
    m = re.search(r"out of core: (\d+) runs of up to (\d+) edges", text)
    assert r["out_of_core"] is bool(m), r["out_of_core"]
    if m:
        assert (r["runs"], r["run_edges"]) == tuple(map(int, m.groups())), r
    else:
        assert "sort_seconds" in r and "runs" not in r, r
    m = re.search(r"peak memory ([0-9.]+) MiB", text)
    assert m and isinstance(r["max_rss_bytes"], int) and r["max_rss_bytes"] > 0, r
    for k, v in r.items():
        if k.endswith("_seconds") or k.endswith("_per_second"):
            assert isinstance(v, (int, float)) and v >= 0, (k, v)
    assert r["total_seconds"] >= r["read_seconds"], r
    return "%s %s %s" % (r["input"], r["output"], r["input_edges"])
try:
    print("ok", check())
except Exception as e:
    print("differ:", repr(e)[:300])
EOF
check() { python3 check.py "$@" 2>&1 | tr '\n' ' ' | sed 's/ $//'; }

# field FILE KEY: KEY of the record.
field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

# both NAME ARGS: emogi-convert ARGS with --stats and with --stats=json.
both() {
    name=$1; shift
    emogi-convert "$@" -q --stats 2>"$name.txt" && emogi-convert "$@" -q --stats=json 2>"$name.json"
    ok $? "$name: --stats and --stats=json succeed"
}

both mem wel g.wel g.csr --undirected
is "$(check mem.txt mem.json)" "ok g.wel g.csr 7" "in memory: one JSON object, the text's figures"
is "$(field mem.json vertices) $(field mem.json edges) $(field mem.json self_loops_dropped) \
$(field mem.json duplicates_dropped) $(field mem.json text_bytes)" "6 10 1 1 $(wc -c <g.wel | tr -d ' ')" \
    "in memory: 6 vertices, 10 edges, 1 loop and 1 duplicate edge dropped, every byte read"
is "$(field mem.json out_of_core)" "False" "in memory: out_of_core is a JSON boolean"

EMOGI_CONVERT_RUN_EDGES=2 both ooc wel g.wel o.csr --undirected --tmpdir .
is "$(check ooc.txt ooc.json)" "ok g.wel o.csr 7" "out of core: the text's runs and counts"
is "$(field ooc.json out_of_core) $(field ooc.json vertices) $(field ooc.json edges)" "True 6 10" \
    "out of core: the same graph"

both recode csr g.csr c.csr --compress
is "$(check recode.txt recode.json)" "ok g.csr c.csr 10" "csr re-encoding: the text's figures"
is "$(field recode.json read_phase)" "decode" "csr re-encoding: the read phase is decode"

emogi-convert wel g.wel g.csr -q --undirected --json 2>alias.json
is "$(check mem.txt alias.json)" "ok g.wel g.csr 7" "--json: the record of --stats=json"
emogi-convert wel g.wel g.csr -q --undirected --json --stats 2>alias2.json
is "$(check mem.txt alias2.json)" "ok g.wel g.csr 7" "--stats after --json keeps JSON"
emogi-convert wel g.wel g.csr -q --undirected --json --stats=text 2>alias3.txt
is "$(grep -c '^emogi-convert: stats: ' alias3.txt) $(grep -c '{' alias3.txt)" "6 0" \
    "--stats=text after --json: the text lines"

# An input name that JSON must escape.
q=$(printf 'a "q" \\b\tc\nd.wel')
cp g.wel "$q"
emogi-convert wel "$q" q.csr -q --json 2>q.json
python3 -c 'import json, sys
sys.exit(json.load(open("q.json"))["input"] != sys.argv[1])' "$q"
ok $? "an input named with quotes, backslash, tab, newline: valid JSON, reads back as the name"

# --stats-file: the record there, nothing on standard error.
emogi-convert wel g.wel g.csr --undirected --json --stats-file s.json 2>err.txt
is "$?:$(wc -c <err.txt | tr -d ' '):$(check mem.txt s.json)" "0:0:ok g.wel g.csr 7" \
    "--stats-file: the record in the file, standard error empty"
emogi-convert wel g.wel g.csr --undirected --stats-file s.txt 2>err.txt
is "$(wc -c <err.txt | tr -d ' ') $(grep -c '^emogi-convert: stats: ' s.txt)" "0 6" \
    "--stats-file without a form: the text lines"
fails "--stats-file - with OUTPUT -: usage error, not mixed into the graph" 2 \
    "same file or stream as OUTPUT \(standard output\)" \
    emogi-convert wel g.wel - --undirected --stats-file - --json
echo keep >old.json
fails "--stats-file: a failed run exits 1" 1 "missing.wel" \
    emogi-convert wel missing.wel x.csr --json --stats-file old.json
is "$(cat old.json)" "keep" "... and leaves an existing stats file as it was"
no_files_like "old.json.tmp.*" "... and no temporary beside it"
fails "--stats-file into a missing folder: exit 1" 1 "no/s.json" \
    emogi-convert wel g.wel y.csr --stats-file no/s.json

fails "--stats=xml: usage error" 2 "bad --stats form 'xml' \(text or json\)" \
    emogi-convert wel g.wel z.csr --stats=xml
fails "--stats-file the same as OUTPUT: usage error" 2 "same file or stream as OUTPUT" \
    emogi-convert wel g.wel z.csr --stats-file ./z.csr
fails "--stats-file the input: usage error" 2 "same file or stream as the input g.wel" \
    emogi-convert wel g.wel z.csr --stats-file g.wel
is "$(ls z.csr y.csr 2>/dev/null)$(head -c 5 g.wel)" "0 1 2" \
    "... and no output written, the input intact"
finish
