#!/bin/sh
# export_stats.sh - emogi-export --stats (text), --stats=json and --json,
# --stats-file: one record a run, the JSON parsed by Python's json module,
# its counts worked by hand (4 arcs, the bytes of the file written, gzip'd
# or not) and the same as the text line's; the usage errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3) || skip_all "python3 not installed: JSON cannot be parsed"
plan 15

# 0->1 1->2 2->0 3->1: 4 arcs on 4 vertices; undirected 0-1 1-2: 4 arcs.
printf '0 1\n1 2\n2 0\n3 1\n' >g.el
emogi-convert el g.el g.csr -q --directed
printf '0 1\n1 2\n' >u.el
emogi-convert el u.el u.csr -q --undirected

# check JSON FORMAT OUTPUT ARCS: one object, emogi-export's "run" event,
# whose counts are these and the output file's size, its times and rates
# numbers >= 0; prints "ok" or what differs.
cat >check.py <<'PYEOF'
import json, os, sys
def check():
    lines = open(sys.argv[1]).read().splitlines()
    assert len(lines) == 1, "%d lines" % len(lines)
    r = json.loads(lines[0])
    assert r["tool"] == "emogi-export" and r["event"] == "run", r
    assert r["format"] == sys.argv[2] and r["output"] == sys.argv[3], r
    assert r["arcs_written"] == int(sys.argv[4]), r
    assert r["output_bytes"] == os.path.getsize(sys.argv[3]), (r, os.path.getsize(sys.argv[3]))
    assert isinstance(r["max_rss_bytes"], int) and r["max_rss_bytes"] > 0, r
    for k in ("seconds", "arcs_per_second", "output_bytes_per_second"):
        assert isinstance(r[k], (int, float)) and r[k] >= 0, (k, r[k])
    return "%d %d" % (r["vertices"], r["text_bytes"])
try:
    print("ok", check())
except Exception as e:
    print("differ:", repr(e)[:300])
PYEOF
check() { "$PY" check.py "$@" 2>&1 | tr '\n' ' ' | sed 's/ $//'; }

emogi-export el g.csr g-out.el -q --stats=json 2>el.json
is "$(check el.json el g-out.el 4)" "ok 4 $(wc -c <g-out.el | tr -d ' ')" \
    "--stats=json: one JSON object, 4 arcs, the file's bytes"
emogi-export wel g.csr g-out.wel.gz -q --json 2>gz.json
gz_text=$(gzip -dc g-out.wel.gz | wc -c | tr -d ' ')
is "$(check gz.json wel g-out.wel.gz 4)" "ok 4 $gz_text" \
    "--json, gzip'd: output_bytes the compressed file's, text_bytes the text's"
emogi-export mtx u.csr u.mtx -q --json 2>mtx.json
is "$(check mtx.json mtx u.mtx 2)" "ok 3 $(wc -c <u.mtx | tr -d ' ')" \
    "mtx symmetric: each of the 2 edges written once"
emogi-export sg g.csr g.sg -q --json 2>sg.json
is "$(check sg.json sg g.sg 4)" "ok 4 $(wc -c <g.sg | tr -d ' ')" "sg: binary, its bytes counted"

emogi-export el g.csr g-out.el -q --stats 2>el.txt
is "$(grep -c '^emogi-export: stats format=el input=g.csr output=g-out.el vertices=4 arcs_written=4 ' el.txt)" 1 \
    "--stats: one text line with the same counts"
is "$(grep -c "output_bytes=$(wc -c <g-out.el | tr -d ' ') seconds=[0-9.]* arcs_per_second=[0-9]* output_bytes_per_second=[0-9]* peak_memory_mib=[0-9.]*\$" el.txt)" 1 \
    "--stats: bytes, seconds, rates and peak memory"
emogi-export el g.csr g-out.el -q --json --stats 2>keep.json
is "$(check keep.json el g-out.el 4 | cut -d' ' -f1)" "ok" "--stats after --json keeps JSON"

emogi-export el g.csr - -q --json --stats-file s.json >stdout.el 2>err.txt
is "$?:$(wc -c <err.txt | tr -d ' ')" "0:0" "--stats-file: standard error empty"
"$PY" -c 'import json, sys; r = json.load(open("s.json")); sys.exit(r["output"] != "-" or r["arcs_written"] != 4)'
ok $? "--stats-file: the JSON record in the file, output - on standard output"
is "$(grep -c '^[0-3] [0-3]$' stdout.el)" 4 "... and the edges on standard output, not mixed with it"

echo keep >old.json
fails "a failed run exits 1" 1 "missing.csr" emogi-export el missing.csr x.el --json --stats-file old.json
is "$(cat old.json)" "keep" "... and leaves an existing stats file as it was"
fails "--stats=xml: usage error" 2 "bad --stats form 'xml' \(text or json\)" \
    emogi-export el g.csr x.el --stats=xml
fails "--stats-file the same as OUTPUT: usage error" 2 "same file or stream as OUTPUT" \
    emogi-export el g.csr x.el --stats-file ./x.el
fails "--stats-file the input: usage error" 2 "same file as the input" \
    emogi-export el g.csr x.el --stats-file g.csr
finish
