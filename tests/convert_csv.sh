#!/bin/sh
# convert_csv.sh - the csv reader: SNAP's tab files with '#' comments,
# LDBC's '|' files with a header, cuGraph-style CSV with quoted fields and
# a weight column give the graph of the same edges written as el/wel (by
# awk, independently of the reader); out of core gives the same file; bad
# lines are refused naming file and line.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 28
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
conv() { emogi-convert "$@" -q; }
sig() { emogi-info "$1" | awk '/^vertices:/, /^out-degree min/' | grep -v -e provenance -e '^out-degree'; }
same_graph() {
    sig "$1" >"$1.sig" 2>&1 && sig "$2" >"$2.sig" 2>&1 && [ -s "$1.sig" ]
    if [ $? -eq 0 ] && cmp -s "$1.sig" "$2.sig"; then ok 0 "$3"; else
        ok 1 "$3"; diff "$1.sig" "$2.sig" | head -10 | sed 's/^/# /'; fi
}

# 4000 weighted edges on 500 vertices, as wel: the reference
awk 'BEGIN {srand(3); for (i = 0; i < 4000; i++)
    printf "%d %d %d\n", int(rand() * 500), int(rand() * 500), 1 + int(rand() * 90)}' >g.wel
awk '{print $1, $2}' g.wel >g.el
conv wel g.wel w.csr && conv el g.el u.csr

# SNAP: '#' comments, "# Nodes:" (600: the top 100 ids isolated), tabs
{ echo "# Directed graph (each unordered pair of nodes is saved once): g.txt"
  echo "# Nodes: 600 Edges: 4000"; echo "# FromNodeId	ToNodeId"
  awk '{print $1 "\t" $2}' g.el; } >snap.txt
runs "SNAP tab file converts" conv csv snap.txt snap.csr --delimiter tab
conv el g.el u600.csr --vertices 600
same_graph snap.csr u600.csr "SNAP: the el file's graph, '# Nodes: 600' kept"
conv csv snap.txt snap2.csr --delimiter '\t'
same_graph snap.csr snap2.csr "--delimiter '\\t' is tab too"

# LDBC: '|', a header whose two id columns share a name, a date column
{ echo "Person.id|Person.id|creationDate"
  awk '{printf "%d|%d|2010-03-%02dT10:00:00.000+0000\n", $1, $2, $3 % 28 + 1}' g.el; } >ldbc.csv
runs "LDBC file converts" conv csv ldbc.csv ldbc.csr --delimiter '|' --header --columns 1,2
same_graph ldbc.csr u.csr "LDBC: the el file's graph"
runs "LDBC: columns by header name" conv csv ldbc.csv ldbcn.csr --delimiter '|' --header \
    --columns Person.id,2
same_graph ldbcn.csr u.csr "LDBC: by name, the same graph"

# cuGraph-style: a header, quoted fields (some with blanks, one "" inside a
# column we skip), the weight column third of four, CRLF line ends
{ printf 'src,"note",dst,wgt\r\n'
  awk '{q = NR % 3 == 0 ? "\"" : ""; printf "%s%d%s,\"x \"\"%d\"\" y\", %s%d%s ,%d\r\n", q, $1, q, NR, q, $2, q, $3}' g.wel; } >cu.csv
runs "cuGraph CSV converts" conv csv cu.csv cu.csr --header --columns src,dst,wgt
same_graph cu.csr w.csr "cuGraph: the wel file's graph, weights kept"
runs "... and by index" conv csv cu.csv cui.csr --header --columns 1,3,4
same_graph cui.csr w.csr "cuGraph by index: the same graph"

# out of core: runs on disk give the very file the in-memory build gives
conv csv cu.csv mem.csr --header --columns src,dst,wgt --undirected
EMOGI_CONVERT_RUN_EDGES=500 emogi-convert csv cu.csv ooc.csr --header --columns src,dst,wgt \
    --undirected --memory 2M --tmpdir . -q --stats 2>ooc.err
n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' ooc.err)
if [ "${n:-0}" -ge 2 ] && cmp -s mem.csr ooc.csr; then ok 0 "out of core ($n runs): the same file"
else ok 1 "out of core: the same file"; diag "runs: ${n:-none}"; fi

# refusals: file and line, exit 1, nothing written
printf 'src,dst\n0,1\n1\n' >short.csv
fails "a missing column names file and line" 1 "short.csv:3: column 2 \(the destination\) missing" \
    emogi-convert csv short.csv x.csr --header
printf 'a,b\n0,1\n' >names.csv
fails "a name not in the header" 1 "names.csv:1: column 'dst' \(the destination\) missing" \
    emogi-convert csv names.csv x.csr --header --columns a,dst
printf '0,1\n2,"3\n4",5\n' >nl.csv
fails "a newline inside quotes is refused" 1 "nl.csv:2: a quoted field does not close" \
    emogi-convert csv nl.csv x.csr
printf '0,1\n"2"x,3\n' >after.csv
fails "text after a closing quote" 1 "after.csv:2: text after a quoted field" \
    emogi-convert csv after.csv x.csr
printf '0,1,2\n0,2,heavy\n' >w.csv
fails "a weight that is not a number" 1 "w.csv:2: .*'heavy'" emogi-convert csv w.csv x.csr --columns 1,2,3
# quoted fields keep their blanks: say what the field holds, not a blank-cut piece
printf '0,1\n" 2 ",3\n' >q1.csv
fails "a quoted id with blanks around it: what it holds" 1 \
    "^emogi-convert: q1\.csv:2: expected a source vertex id .*, found a quoted field that holds ' 2 ' \(blanks inside quotes are part of the field\)$" \
    emogi-convert csv q1.csv x.csr
printf '0,1\n"2 ",3\n' >q2.csv
fails "a quoted id with a blank after it: not \"found '2'\"" 1 \
    "q2\.csv:2: .*found a quoted field that holds '2 '" emogi-convert csv q2.csv x.csr
printf '0,1\n"",3\n' >q3.csv
fails "an empty quoted id: an empty field, not end of line" 1 \
    "q3\.csv:2: expected a source vertex id .*, found an empty quoted field$" \
    emogi-convert csv q3.csv x.csr
fails "... and with --string-ids too" 1 "q3\.csv:2: expected a source vertex id, found an empty quoted field$" \
    emogi-convert csv q3.csv x.csr --string-ids
printf '0,1\n4,,3\n' >q4.csv
fails "an empty unquoted destination" 1 "q4\.csv:2: expected a destination vertex id .*, found an empty field$" \
    emogi-convert csv q4.csv x.csr
printf '0,1,2\n0,2," 5"\n0,3,""\n' >q5.csv
fails "a quoted weight with a blank" 1 "q5\.csv:2: expected a weight, found a quoted field that holds ' 5'" \
    emogi-convert csv q5.csv x.csr --columns 1,2,3
printf '0;1\n' >semi.csv
fails "the wrong delimiter: no second column" 1 "semi.csv:1: column 2 .* the line has 1 fields" \
    emogi-convert csv semi.csv x.csr
no_files_like "x.csr*" "no output left by a refusal"
fails "--columns by name needs --header" 2 "needs --header" emogi-convert csv cu.csv x.csr --columns src,dst
fails "--header is for csv" 2 "are for csv" emogi-convert el g.el x.csr --header
fails "a delimiter of two characters" 2 "one character" emogi-convert csv g.el x.csr --delimiter ab
finish
