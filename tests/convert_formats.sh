#!/bin/sh
# convert_formats.sh - the graph dumps of emogi's peers: DIMACS .gr,
# METIS graph files and GAP's serialized .sg/.wsg.  Real files (karate,
# written from tests/data/karate.mtx) give the same graph as the Matrix
# Market original; bad ones are refused naming file and line (or byte
# offset), with status 1 and no output left.
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"

# refused FORMAT FILE REGEX [OPTIONS]: converting FILE must fail so
refused() {
    f=$1 in=$2 re=$3; shift 3
    fails "$f $in: $(printf '%s' "$re" | cut -c1-60)" 1 "^emogi-convert: $re" \
        emogi-convert "$f" "$in" out.csr "$@"
    no_files_like 'out.csr*' "$in: no output or temporary file left"
}

# bad FORMAT FILE CONTENT REGEX: CONTENT (printf %b escapes) in FILE must fail so
bad() {
    printf '%b' "$3" >"$2"
    refused "$1" "$2" "$4"
}

# field NAME FILE.csr: the value of emogi-info's "NAME: value" line
field() { emogi-info "$2" | sed -n "s/^$1: //p"; }

emogi-convert mtx "$DATA/karate.mtx" karate.csr -q
emogi-info --edges karate.csr >karate.edges

# ---- gr: every karate edge as two arcs of weight u+v (1-based ids)
runs "gr: karate converts" emogi-convert gr "$DATA/karate.gr" gr.csr -q
emogi-info --edges gr.csr >gr.edges
cut -d' ' -f1,2 gr.edges >gr.pairs
same_file gr.pairs karate.edges "gr: karate's arcs are the mtx file's edges"
is "$(awk '$3 != $1 + $2 + 2' gr.edges | wc -l)" 0 "gr: every weight is u+v of the 1-based ids"
is "$(field directed gr.csr)/$(field weights gr.csr)" "yes/uint32" "gr: directed, uint32 weights"
printf 'c top vertices isolated\np sp 6 2\na 1 2 7\nc mid\n\na 2 1 9\n' >iso.gr
emogi-convert gr iso.gr iso.csr -q
is "$(field vertices iso.csr)" 6 "gr: the problem line's node count keeps isolated vertices"
is "$(emogi-info --edges iso.csr | tr '\n' ,)" "0 1 7,1 0 9," "gr: arcs 0-based, weights kept"

bad gr nop.gr 'c nothing\n' "nop\.gr: missing the problem line 'p sp NODES ARCS'"
bad gr arc1.gr 'c x\na 1 2 3\np sp 3 1\n' "arc1\.gr:2: an arc before the problem line 'p sp NODES ARCS'"
bad gr two.gr 'p sp 3 1\na 1 2 3\np sp 3 1\n' "two\.gr:3: a second problem line \(the first said 3 nodes, 1 arcs\)"
bad gr max.gr 'p max 3 1\n' "max\.gr:1: expected the problem line 'p sp NODES ARCS': problem 'sp', found 'max'"
bad gr nom.gr 'p sp 3\n' "nom\.gr:1: expected the problem line 'p sp NODES ARCS': number of arcs, found end of line"
bad gr head0.gr 'c\np sp 5000 2\na 1 2 1\na 3 0 1\n' "head0\.gr:4: head 0 out of range 1\.\.5000"
bad gr tail.gr 'p sp 3 1\na 4 1 1\n' "tail\.gr:2: tail 4 out of range 1\.\.3"
bad gr negw.gr 'p sp 3 2\na 1 2 1\na 2 3 -5\n' "negw\.gr:3: weight '-5' is a negative integer, which uint32 weights cannot hold"
bad gr now.gr 'p sp 3 1\na 1 2\n' "now\.gr:2: expected a weight after the head, found end of line"
bad gr junk.gr 'p sp 3 1\ne 1 2 3\n' "junk\.gr:2: expected an arc 'a TAIL HEAD WEIGHT' or a comment 'c \.\.\.', found 'e'"
bad gr few.gr 'p sp 3 3\na 1 2 1\n' "few\.gr: the problem line says 3 arcs, found 1"
bad gr many.gr 'p sp 3 1\na 1 2 1\na 2 3 1\n' "many\.gr: the problem line says 1 arcs, found 2"
bad gr el.gr '0 1\n1 2\n' "el\.gr:1: expected the problem line 'p sp NODES ARCS' or a comment 'c \.\.\.', found '0' \(is this a DIMACS \.gr file\?\)"
# a problem line past the first block (tiny blocks from a small --memory) is still a second one
{ echo 'p sp 3 1'; i=0; while [ $i -lt 20000 ]; do echo 'c padding padding padding'; i=$((i + 1)); done
  echo 'a 1 2 3'; echo 'p sp 3 1'; } >late.gr
refused gr late.gr "late\.gr:20003: a second problem line" --memory 16M

# ---- metis: karate's lists, every edge at both ends
runs "metis: karate converts" emogi-convert metis "$DATA/karate.graph" metis.csr -q
emogi-info --edges metis.csr >metis.edges
same_file metis.edges karate.edges "metis: karate's edges are the mtx file's"
is "$(field directed metis.csr)/$(field weights metis.csr)" "no/none" "metis: undirected, no weights"
# FMT 011, NCON 2: two vertex weights (dropped) at the start of each line, then
# neighbour-weight pairs; comments between vertex lines do not count as vertices
printf '%% w\n3 2 011 2\n5 6 2 7\n1 4 1 7 3 9\n%% c\n0 0 2 9\n' >w.graph
emogi-convert metis w.graph w.csr -q
is "$(emogi-info --edges w.csr | tr '\n' ,)" "0 1 7,1 0 7,1 2 9,2 1 9," "metis: FMT 011 edge weights kept, vertex weights dropped"
# FMT 100: a vertex size first; isolated last vertices (their size alone) survive
printf '4 1 100\n3 2\n1 1\n1\n1\n' >s.graph
emogi-convert metis s.graph s.csr -q
is "$(field vertices s.csr)/$(emogi-info --edges s.csr | tr '\n' ,)" "4/0 1,1 0," "metis: FMT 100 vertex sizes dropped, the last vertices isolated"

bad metis empty.graph '%% only\n' "empty\.graph: empty: expected the header 'VERTICES EDGES \[FMT \[NCON\]\]'"
bad metis hdr.graph '%% x\n3 x\n' "hdr\.graph:2: expected the header 'VERTICES EDGES \[FMT \[NCON\]\]': number of edges, found 'x'"
bad metis fmt.graph '3 1 2\n' "fmt\.graph:1: FMT '2' is not up to three digits 0 or 1"
bad metis range.graph '3 1\n2\n1 4\n\n' "range\.graph:3: neighbour 4 out of range 1\.\.3"
bad metis zero.graph '%% c\n3 1\n%% c\n0\n\n\n' "zero\.graph:4: neighbour 0 out of range 1\.\.3"
bad metis few.graph '3 1\n2\n1\n' "few\.graph: only 2 of the 3 vertex lines"
bad metis more.graph '2 1\n2\n1\n\n1\n' "more\.graph:5: more vertex lines than the 2 vertices of the header"
bad metis m.graph '3 2\n2\n1\n\n' "m\.graph: the header says 2 edges, but the lists hold 2 arcs \(every edge is listed at both ends: 4 expected\)"
bad metis now.graph '2 1 1\n2 5\n1\n' "now\.graph:3: expected the weight of the edge to 1 after it \(FMT says edges are weighted\)"
bad metis negw.graph '2 1 1\n2 -5\n1 5\n' "negw\.graph:2: weight '-5' is a negative integer"
bad metis vw.graph '2 1 10\n1 2\nx 1\n' "vw\.graph:3: expected a vertex weight \(a non-negative integer, as the header's FMT says\), found 'x'"
printf '%%%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n' >mm.graph
refused metis mm.graph "mm\.graph:1: a Matrix Market file"
# many blocks (a small --memory): each block's chunks still know their first vertex
awk 'BEGIN { n = 10000; print "% a ring"; print n, n
    for (i = 1; i <= n; i++) { print "% vertex " i; print (i + n - 2) % n + 1, i % n + 1 } }' >ring.graph
runs "metis: a ring over many blocks converts" emogi-convert metis ring.graph ring.csr -q --memory 16M
is "$(emogi-info --edges ring.csr | awk '($2 - $1 + 10000) % 10000 != 1 && ($1 - $2 + 10000) % 10000 != 1' | wc -l)/$(field edges ring.csr)" "0/20000" "metis: the ring's arcs join neighbours only"
awk 'NR == 15002 { $0 = "1 x" } { print }' ring.graph >late.graph
refused metis late.graph "late\.graph:15002: expected a neighbour index \(an integer in 1\.\.10000\), found 'x'" --memory 16M

plan $_n
finish
