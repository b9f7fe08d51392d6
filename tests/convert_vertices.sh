#!/bin/sh
# convert_vertices.sh - the vertex count beyond the largest id: --vertices N
# and SNAP's "# Nodes: N Edges: M" header keep isolated vertices at the top
# of the id range, in memory and out of core alike; an id past --vertices
# is refused naming file and line (or byte offset); inputs that state
# their count must agree with --vertices; generators and --relabel refuse
# it.  Expected graphs are written by hand.
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 43
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH

# field NAME FILE.csr: the value of emogi-info's "NAME: value" line
field() { emogi-info "$2" | sed -n "s/^$1: //p"; }

# refused STATUS REGEX FORMAT INPUT [OPTIONS]: must fail so, leaving no output
refused() {
    st=$1 re=$2 f=$3 in=$4; shift 4
    fails "$f $in $*: $(printf '%s' "$re" | cut -c1-50)" "$st" "^emogi-convert: $re" \
        emogi-convert "$f" "$in" out.csr "$@"
    no_files_like 'out.csr*' "$f $in $*: no output or temporary file left"
}

# ooc_same DESCRIPTION FORMAT INPUT [OPTIONS]: runs of one edge give the
# in-memory file, byte for byte
ooc_same() {
    d=$1; shift
    mkdir -p runs
    emogi-convert "$@" mem.csr -q
    EMOGI_CONVERT_RUN_EDGES=1 emogi-convert "$@" ooc.csr -q --tmpdir runs --stats 2>ooc.err
    n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' ooc.err)
    if [ "${n:-0}" -ge 2 ] && cmp -s mem.csr ooc.csr; then ok 0 "$d ($n runs)"; else
        ok 1 "$d"; diag "runs: ${n:-none}"; sed 's/^/# /' ooc.err | head -5
    fi
    rm -f mem.csr ooc.csr
}

# ---- --vertices on a 3-edge path 0->1->2->3
printf '0 1\n1 2\n2 3\n' >path.el
emogi-convert el path.el ten.csr --vertices 10 -q
is "$(field vertices ten.csr)/$(field edges ten.csr)" "10/3" "el --vertices 10: 10 vertices, 3 edges"
is "$(field isolated ten.csr)" 6 "el --vertices 10: vertices 4..9 are isolated"
is "$(emogi-info --edges ten.csr | tr '\n' ,)" "0 1,1 2,2 3," "el --vertices 10: the edges as given"
emogi-bfs ten.csr -s 0 --text --device cpu >ten.bfs 2>/dev/null
is "$(tr '\n' , <ten.bfs)" "0 0,1 1,2 2,3 3,4 -1,5 -1,6 -1,7 -1,8 -1,9 -1," \
    "el --vertices 10: BFS from 0 reaches 0..3, not 4..9"
emogi-convert el path.el four.csr --vertices 4 -q
is "$(field vertices four.csr)/$(field isolated four.csr)" "4/0" "el --vertices 4: exactly the ids used"
emogi-convert el path.el und.csr --vertices 6 --undirected -q
is "$(field vertices und.csr)/$(field edges und.csr)/$(field isolated und.csr)" "6/6/2" \
    "el --vertices 6 --undirected: 6 vertices, 3 edges both ways, 4 and 5 isolated"
printf '0 1 5\n1 2 7\n' >path.wel
emogi-convert wel path.wel w.csr --vertices 8 -q
is "$(field vertices w.csr)/$(emogi-info --edges w.csr | tr '\n' ,)" "8/0 1 5,1 2 7," \
    "wel --vertices 8: 8 vertices, weights kept"
is "$(emogi-info w.csr | grep -c '^  options: .*--vertices 8$')" 1 \
    "--vertices is recorded in the provenance"
printf '\000\000\000\000\001\000\000\000\001\000\000\000\002\000\000\000' >path.bel
emogi-convert bel32 path.bel b.csr --vertices 7 -q
is "$(field vertices b.csr)/$(emogi-info --edges b.csr | tr '\n' ,)" "7/0 1,1 2," \
    "bel32 --vertices 7: 7 vertices"
ooc_same "out of core: el --vertices 10 as in memory" el path.el --vertices 10
ooc_same "out of core: el --vertices 10 --undirected --transpose as in memory" \
    el path.el --vertices 10 --undirected --transpose

# ---- out of range, refused with the line
printf '0 1\n# a comment\n\n1 2\n2 4\n' >far.el
refused 1 "far\.el:5: vertex 4 out of range 0\.\.3 \(--vertices 4\)$" el far.el --vertices 4
EMOGI_CONVERT_RUN_EDGES=1 fails "out of core: the same error" 1 \
    "^emogi-convert: far\.el:5: vertex 4 out of range 0\.\.3 \(--vertices 4\)$" \
    emogi-convert el far.el out.csr --vertices 4 --tmpdir . -q
printf '0 1\n' >keep.csr
fails "an existing output survives" 1 "far\.el:5: vertex 4 out of range" \
    emogi-convert el far.el keep.csr --vertices 4
is "$(cat keep.csr)" "0 1" "... untouched"
refused 1 "path\.bel: byte offset 12: vertex 2 out of range 0\.\.1 \(--vertices 2\)$" \
    bel32 path.bel --vertices 2

# ---- SNAP's header (as in roadNet-CA.txt): 12 nodes, the edges use 0..3
printf '# Directed graph (each unordered pair of nodes is saved once): x.txt\n# Roads\n# Nodes: 12 Edges: 3\n# FromNodeId\tToNodeId\n0\t1\n1\t2\n2\t3\n' >snap.txt
emogi-convert el snap.txt snap.csr -q
is "$(field vertices snap.csr)/$(field edges snap.csr)/$(field isolated snap.csr)" "12/3/8" \
    "SNAP header: 12 vertices, 4..11 isolated"
ooc_same "out of core: the SNAP header as in memory" el snap.txt
ooc_same "out of core: the SNAP header, --undirected, as in memory" el snap.txt --undirected
emogi-convert el snap.txt snap15.csr --vertices 15 -q
is "$(field vertices snap15.csr)" 15 "--vertices wins over the SNAP header"
refused 1 "snap\.txt:7: vertex 3 out of range 0\.\.2 \(--vertices 3\)$" el snap.txt --vertices 3
# the node count may be short of sparse ids (SNAP's web-Google): they win
printf '# Nodes: 3 Edges: 2\n0 7\n7 9\n' >sparse.txt
emogi-convert el sparse.txt sparse.csr -q
is "$(field vertices sparse.csr)" 10 "SNAP header below the largest id: max id + 1"
# only the comments before the first edge are a header; the edge count is not checked
printf '0 1\n# Nodes: 20 Edges: 1\n' >late.txt
emogi-convert el late.txt late.csr -q
is "$(field vertices late.csr)" 2 "a Nodes comment after the edges is only a comment"
printf '# Nodes: 5 Edges: 99\n0 1\n' >count.txt
emogi-convert el count.txt count.csr -q
is "$(field vertices count.csr)" 5 "SNAP's edge count is informative, not checked"
printf '# Nodes: 6\n0 1\n' >nodes.txt
emogi-convert el nodes.txt nodes.csr -q
is "$(field vertices nodes.csr)" 6 "'# Nodes: N' without 'Edges: M' sets the count too"
printf 'src,dst\n# Nodes: 7 Edges: 1\n0,1\n' >hdr.csv
emogi-convert csv hdr.csv hdr.csr -q --header
is "$(field vertices hdr.csr)" 7 "csv --header: '# Nodes:' after the header line, before the first edge"
printf '# Nodes: 8\nsrc,dst\n0,1\n' >hdr2.csv
emogi-convert csv hdr2.csv hdr2.csr -q --header
is "$(field vertices hdr2.csr)" 8 "csv --header: '# Nodes:' before the header line"
printf 'src,dst\n0,1\n# Nodes: 9\n' >hdr3.csv
emogi-convert csv hdr3.csv hdr3.csr -q --header
is "$(field vertices hdr3.csr)" 2 "csv --header: '# Nodes:' after an edge is only a comment"
printf '# Nodes: 5 and more\n0 1\n' >other.txt
emogi-convert el other.txt other.csr -q
is "$(field vertices other.csr)" 2 "a comment not of SNAP's form is only a comment"

# ---- inputs that state their count; generators; --relabel; csr
printf 'p sp 6 1\na 1 2 7\n' >six.gr
emogi-convert gr six.gr six.csr --vertices 6 -q
is "$(field vertices six.csr)" 6 "gr: --vertices that agrees with the problem line"
refused 1 "six\.gr: --vertices 7 disagrees with the 6 vertices the input states$" \
    gr six.gr --vertices 7
fails "kron --vertices: a usage error" 2 "^emogi-convert: kron: --vertices does not apply to a generator" \
    emogi-convert kron -s 3 --vertices 8 out.csr
no_files_like 'out.csr*' "kron --vertices: no output left"
refused 2 "--vertices and --relabel do not combine" el path.el --vertices 10 --relabel
refused 2 "csr: --vertices does not apply to a re-encoding" csr ten.csr --vertices 10
refused 2 "--vertices wants a positive number, not '0'" el path.el --vertices 0
finish
