#!/bin/sh
# verify_stats.sh - emogi-verify --stats, --stats=json (--json) and
# --stats-file on every subcommand: one record a run, parsed by Python's
# json module, the text form's keys and figures, the right counts on a
# graph small enough to work by hand; a mismatch recorded as such, a
# failed run leaving no stats file; the usage errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

py=
for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1; then py=$p; break; fi
done
[ -n "$py" ] || skip_all "no python3: JSON cannot be parsed"
plan 32

# record FILE: the one JSON record of FILE, checked, as "key=value ..." in
# its order (graph and the timings left out, their types checked), or why not.
cat >record.py <<'EOF2'
import json, sys
try:
    lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
    assert len(lines) == 1, "%d lines" % len(lines)
    r = json.loads(lines[0])
    assert isinstance(r, dict), r
    assert (r.pop("tool"), r.pop("event")) == ("emogi-verify", "verify"), r
    for k in ("open_seconds", "seconds"):
        t = r.pop(k)
        assert isinstance(t, (int, float)) and 0 <= t < 60, (k, t)
    m = r.pop("max_rss_bytes")
    assert isinstance(m, int) and not isinstance(m, bool) and m > 0, m
    print(" ".join("%s=%s" % kv for kv in r.items()))
except Exception as e:
    print("bad record:", repr(e)[:300])
EOF2
record() { "$py" record.py "$1" 2>&1; }

# text FILE: the text record's line (the one with key=value pairs), the
# timings and peak memory left out.
text() {
    grep '^emogi-verify: algorithm=' "$1" |
        sed -e 's/ open_seconds=[0-9.]*//' -e 's/ seconds=[0-9.]*//' -e 's/ max_rss_bytes=[0-9]*//'
}

# 0 -2- 1 -3- 2 -1- 3, 0 -7- 2; 4 -1- 5.  From 0: depths 0 1 1 2, the
# BFS check reads the lists of the reached 0..3 (2+2+3+1 = 8 entries).
printf '0 1 2\n1 2 3\n0 2 7\n2 3 1\n4 5 1\n' >g.wel
emogi-convert wel g.wel g.csr -q --undirected || skip_all "emogi-convert failed"
emogi-bfs g.csr -s 0 --device cpu -o d.bin &&
    emogi-sssp g.csr -s 0 --device cpu -o s.bin &&
    emogi-cc g.csr --device cpu -o l.bin &&
    emogi-pagerank g.csr --device cpu -o r.bin || skip_all "a tool failed"

# The four subcommands, text and JSON.
both() { # both NAME ARGS: NAME.txt (--stats), NAME.json (--stats=json)
    name=$1; shift
    emogi-verify "$@" --stats 2>"$name.txt" && emogi-verify "$@" --stats=json 2>"$name.json.all"
    ok $? "$name: --stats and --stats=json succeed"
    grep -v ': ok: ' "$name.json.all" >"$name.json"
}
both bfs bfs g.csr -s 0 d.bin
both sssp sssp g.csr -s 0 s.bin
both cc cc g.csr l.bin
both pagerank pagerank g.csr r.bin --compare r.bin
is "$(record bfs.json)" "graph=g.csr algorithm=bfs result=ok vertices=6 edges_read=8" \
    "bfs: one JSON record: ok, 6 vertices, the 8 entries of the reached lists"
is "$(record sssp.json)" "graph=g.csr algorithm=sssp result=ok vertices=6 edges_read=16" \
    "sssp: the reached lists twice (relaxation sweep, tight closure)"
is "$(record cc.json)" "graph=g.csr algorithm=cc result=ok vertices=6 edges_read=20" \
    "cc: every list twice (the edge sweep, the union-find)"
is "$(record pagerank.json)" "graph=g.csr algorithm=pagerank result=ok vertices=6 edges_read=10" \
    "pagerank: every list once (one more iteration)"
for t in bfs sssp cc pagerank; do
    is "$(text $t.txt)" "emogi-verify: $(record $t.json | sed 's/^graph=g.csr //')" \
        "$t: the text record has the JSON record's keys and figures"
done
is "$(grep -c ': ok: ' bfs.txt) $(grep -c ': ok: ' bfs.json.all)" "1 1" \
    "the 'ok' line stays, with either form"
is "$(grep -c '{' bfs.txt sssp.txt cc.txt pagerank.txt | grep -vc ':0$')" 0 \
    "--stats alone writes no JSON"

# --json, and --stats after it.
emogi-verify cc g.csr l.bin --json 2>&1 >/dev/null | grep -v ': ok: ' >alias.json
is "$(record alias.json)" "$(record cc.json)" "--json: the record of --stats=json"
emogi-verify cc g.csr l.bin --json --stats 2>&1 >/dev/null | grep -v ': ok: ' >alias2.json
is "$(record alias2.json)" "$(record cc.json)" "--stats after --json keeps JSON"

# A mismatch: exit 1 naming it, and its record, result=mismatch.
printf '\000\000\000\000\001\000\000\000\002\000\000\000\002\000\000\000\004\000\000\000\004\000\000\000' >bad.bin
fails "a wrong labelling: exit 1" 1 "edge 0 -> 1 joins labels 0 and 1" \
    emogi-verify cc g.csr bad.bin --json
emogi-verify cc g.csr bad.bin --json --stats-file bad.json 2>err.txt
ok "$(($? != 1))" "... with --stats-file: exit 1"
is "$(record bad.json | sed 's/ edges_read=[0-9]*//')" \
    "graph=g.csr algorithm=cc result=mismatch vertices=6" "... and the record says mismatch"
is "$(grep -c '{' err.txt) $(grep -c 'joins labels' err.txt)" "0 1" \
    "... the message on standard error, the record in the file"
"$py" -c 'import struct; open("u.bin", "wb").write(struct.pack("<6d", *[1 / 6] * 6))'
emogi-verify pagerank g.csr r.bin --compare u.bin --stats 2>cmp.txt
is "$?:$(text cmp.txt | grep -c 'result=mismatch')" "1:1" \
    "pagerank --compare too far: a mismatch record"

# --stats-file: the record there, only the 'ok' line on standard error.
emogi-verify bfs g.csr -s 0 d.bin --stats-file f.txt 2>err.txt
is "$?:$(text f.txt):$(cat err.txt)" \
    "0:$(text bfs.txt):emogi-verify: d.bin: ok: bfs from 0 reaches 4 of 6 vertices in 3 levels" \
    "--stats-file without a form: the text record in the file"
emogi-verify sssp g.csr -s 0 s.bin --stats-file - --json >out.json 2>/dev/null
is "$(record out.json)" "$(record sssp.json)" "--stats-file -: standard output"
sh -c 'emogi-verify bfs g.csr -s 0 - --json --stats-file - <d.bin' >in.json 2>/dev/null
is "$(record in.json)" "$(record bfs.json)" "the result on standard input, the record on standard output"

# A run that fails (not a mismatch: no check was made) leaves no record.
echo keep >old.json
fails "a source out of range: exit 1" 1 "source 9 out of range" \
    emogi-verify bfs g.csr -s 9 d.bin --json --stats-file old.json
is "$(cat old.json)" "keep" "... an existing stats file stays as it was"
no_files_like "old.json.tmp.*" "... and no temporary beside it"

# Usage errors: exit 2, naming what is wrong, nothing written.
fails "--stats=xml: usage error" 2 "bad --stats form 'xml' \(text or json\)" \
    emogi-verify bfs g.csr -s 0 d.bin --stats=xml
fails "--stats-file the result file: usage error" 2 "is the result file" \
    emogi-verify cc g.csr l.bin --stats-file ./l.bin
fails "--stats-file the --compare file: usage error" 2 "is the result file" \
    emogi-verify pagerank g.csr r.bin --compare r.bin --stats-file r.bin
fails "--stats-file the graph: usage error" 2 "graph file" \
    emogi-verify sssp g.csr -s 0 s.bin --stats-file g.csr
is "$(wc -c <l.bin | tr -d ' ') $(wc -c <r.bin | tr -d ' ')" "24 48" "... and the files intact"
finish
