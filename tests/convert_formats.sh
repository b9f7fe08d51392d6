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
bad gr few.gr 'p sp 3 3\na 1 2 1\n' "few\.gr:1: the problem line says 3 arcs, but the file holds 1$"
bad gr many.gr 'p sp 3 1\na 1 2 1\na 2 3 1\n' "many\.gr:1: the problem line says 1 arcs, but the file holds 2$"
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
bad metis few.graph '3 1\n2\n1\n' "few\.graph:1: the header says 3 vertices, but the file ends after 2 vertex lines$"
bad metis more.graph '2 1\n2\n1\n\n1\n' "more\.graph:5: more vertex lines than the 2 vertices of the header"
bad metis m.graph '3 2\n2\n1\n\n' "m\.graph:1: the header says 2 edges, but the lists hold 2 arcs \(every edge is listed at both ends: 4 expected\)"
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

# ---- sg, wsg: GAP's serialized graphs, written byte by byte
# le BYTES VALUE: VALUE as BYTES little-endian bytes (printf octal escapes)
le() {
    _k=0 _v=$2
    while [ $_k -lt "$1" ]; do printf '\\%03o' $((_v & 255)); _v=$((_v >> 8)); _k=$((_k + 1)); done
}
# gap FILE ITEM...: b:V a byte, i:V an int32, q:V an int64
gap() {
    _out=$1 _s=; shift
    for _t; do
        case $_t in
        b:*) _s="$_s$(le 1 "${_t#b:}")" ;;
        i:*) _s="$_s$(le 4 "${_t#i:}")" ;;
        q:*) _s="$_s$(le 8 "${_t#q:}")" ;;
        esac
    done
    printf "$_s" >"$_out"
}
# undirected 0-1, 1-2 and an isolated vertex 3, both directions stored
gap u.sg b:0 q:4 q:4 q:0 q:1 q:3 q:4 q:4 i:1 i:0 i:2 i:1
printf '0 1\n1 2\n' >u.el
runs "sg: an undirected graph converts" emogi-convert sg u.sg u.csr -q
emogi-convert el u.el uel.csr -q --undirected
is "$(field directed u.csr)/$(field vertices u.csr)/$(emogi-info --edges u.csr | tr '\n' ,)" "no/4/0 1,1 0,1 2,2 1," "sg: undirected, its header's 4 vertices, the arcs as stored"
emogi-info --edges uel.csr >uel.edges
emogi-info --edges u.csr >u.edges
same_file u.edges uel.edges "sg: the same edges as the edge list given --undirected"
# directed 0->1, 0->2, 2->1, then the in-side (skipped)
gap d.sg b:1 q:3 q:3 q:0 q:2 q:2 q:3 i:1 i:2 i:1 q:0 q:0 q:2 q:3 i:0 i:2 i:0
printf '0 1\n0 2\n2 1\n' >d.el
runs "sg: a directed graph converts, with --transpose" emogi-convert sg d.sg d.csr -q --transpose
emogi-convert el d.el del.csr -q --transpose
is "$(field directed d.csr)/$(field transpose d.csr)/$(emogi-info --edges d.csr | tr '\n' ,)" "yes/yes/0 1,0 2,2 1," "sg: directed, the in-side skipped"
cmp_csr_edges() { emogi-info --edges "$1" >a.edges && emogi-info --edges "$2" >b.edges && cmp -s a.edges b.edges; }
ok "$(cmp_csr_edges d.csr del.csr && echo 0 || echo 1)" "sg: the directed graph is the edge list's"
# weighted 0-1 (7), 1-2 (9)
gap w.wsg b:0 q:4 q:3 q:0 q:1 q:3 q:4 i:1 i:7 i:0 i:7 i:2 i:9 i:1 i:9
printf '0 1 7\n1 2 9\n' >w.wel
runs "wsg: a weighted graph converts" emogi-convert wsg w.wsg wsg.csr -q
emogi-convert wel w.wel wel.csr -q --undirected
is "$(field weights wsg.csr)/$(emogi-info --edges wsg.csr | tr '\n' ,)" "uint32/0 1 7,1 0 7,1 2 9,2 1 9," "wsg: uint32 weights as stored"
ok "$(cmp_csr_edges wsg.csr wel.csr && echo 0 || echo 1)" "wsg: the same graph as the wel file given --undirected"
# errors, each at its byte offset
gap t.sg b:0 q:4 q:4 q:0 q:1 q:3 q:4 q:4 i:1 i:0 i:2
refused sg t.sg "t\.sg: the header says 4 vertices and 4 edges \(undirected\), so the file should be 73 bytes, but it is 69"
fails "sg: a truncated stream names what is missing" 1 "^emogi-convert: <stdin>: byte offset 69: truncated: the out-neighbours end after 3 of 4" \
    sh -c 'cat t.sg | emogi-convert sg - out.csr'
fails "sg: a truncated header" 1 "^emogi-convert: <stdin>: byte offset 9: truncated: the header" \
    sh -c 'head -c 9 u.sg | emogi-convert sg - out.csr'
gap o.sg b:0 q:4 q:4 q:0 q:3 q:1 q:4 q:4 i:1 i:0 i:2 i:1
refused sg o.sg "o\.sg: byte offset 33: offset 1 is below the one before it \(3\)"
gap z.sg b:0 q:4 q:4 q:1 q:1 q:3 q:4 q:4 i:1 i:0 i:2 i:1
refused sg z.sg "z\.sg: byte offset 17: the first offset is 1, not 0"
gap e.sg b:0 q:4 q:4 q:0 q:1 q:3 q:3 q:3 i:1 i:0 i:2 i:1
refused sg e.sg "e\.sg: byte offset 49: offset 3 \(the last\) does not end at the 4 edges of the header"
gap r.sg b:0 q:4 q:4 q:0 q:1 q:3 q:4 q:4 i:1 i:0 i:2 i:4
refused sg r.sg "r\.sg: byte offset 69: neighbour 4 out of range 0\.\.3"
gap n.wsg b:0 q:4 q:3 q:0 q:1 q:3 q:4 i:1 i:7 i:0 i:-5 i:2 i:9 i:1 i:9
refused wsg n.wsg "n\.wsg: byte offset 61: weight -5 is negative"
gap f.sg b:2 q:0 q:0 q:0
refused sg f.sg "f\.sg: byte offset 0: the directed flag is 2, not 0 or 1"
gap big.sg b:1 q:0 q:1000000000
fails "sg: offsets over --memory are refused before they are read" 1 "^emogi-convert: <stdin>: 1000000000 vertices need .* of offsets .*over --memory" \
    sh -c 'cat big.sg | emogi-convert sg - out.csr --memory 64M'

plan $_n
finish
