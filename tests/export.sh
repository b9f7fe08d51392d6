#!/bin/sh
# export.sh - emogi-export: .csr -> FORMAT -> emogi-convert FORMAT -> .csr
# gives the same file in every format, byte for byte (every .csr here is
# written with --no-provenance, the one section that names the input), and
# what each format says is checked against the bundled files and sort/awk.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 78
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
conv() { emogi-convert "$@" -q --no-provenance; }
ex() { emogi-export "$@" -q; }
dump() { "$EMOGI_BIN/tests/lib/csrdump" "$@"; }
# The graph of a .csr as emogi-info lists it: counts, flags, each section's
# offset, size and crc32 (what a difference is, when two files differ).
sig() { emogi-info "$1" | awk '/^vertices:/, /^out-degree min/' | grep -v '^out-degree'; }
# same_graph A.csr B.csr DESCRIPTION: the two files are the same bytes
same_graph() {
    if [ -s "$1" ] && cmp -s "$1" "$2"; then ok 0 "$3"; else
        ok 1 "$3"; sig "$1" >"$1.sig" 2>&1; sig "$2" >"$2.sig" 2>&1
        diff "$1.sig" "$2.sig" | head -10 | sed 's/^/# /'; fi
}
# round G.csr FORMAT "IMPORT OPTIONS" DESCRIPTION: export, import, compare
round() {
    rm -f "rt.$2" rt.csr
    ex "$2" "$1" "rt.$2" && conv "$2" "rt.$2" rt.csr $3
    same_graph "$1" rt.csr "$4"
}

# ---- a directed weighted graph: 3000 arcs on 300 vertices, weights 1..50
awk 'BEGIN {srand(5); for (i = 0; i < 3000; i++)
    printf "%d %d %d\n", int(rand() * 300), int(rand() * 300), 1 + int(rand() * 50)}' >dw.wel
conv wel dw.wel dw.csr
conv wel dw.wel dwu.csr --drop-weights
round dw.csr wel "" "directed weighted: wel"
round dw.csr mtx "" "directed weighted: mtx (general, integer)"
round dw.csr gr "" "directed weighted: gr"
round dw.csr wsg "" "directed weighted: wsg"
ex el dw.csr dw.el && conv el dw.el rt.csr
same_graph dwu.csr rt.csr "directed weighted: el keeps the arcs, not the weights"
ex sg dw.csr dw.sg && conv sg dw.sg rt.csr
same_graph dwu.csr rt.csr "directed weighted: sg keeps the arcs, not the weights"
grep -v '^#' dw.el >got
dump --edges dwu.csr >want
same_file got want "el: an arc a line, as the .csr stores them"
ex mtx dw.csr dw.mtx && head -1 dw.mtx >got
echo '%%MatrixMarket matrix coordinate integer general' >want
same_file got want "mtx banner: integer general for uint32 weights"

# in-edges: GAP's sg holds them for a directed graph; a stored transpose
# is written as it is, else they are gathered, here 7 arcs a pass
conv wel dw.wel dwt.csr --transpose
ex wsg dwt.csr t.wsg && EMOGI_EXPORT_PASS_ARCS=7 ex wsg dw.csr g.wsg
same_file g.wsg t.wsg "wsg: gathered in-edges are the stored transpose's"
ex sg dwt.csr t.sg && EMOGI_EXPORT_PASS_ARCS=1 ex sg dw.csr g.sg
same_file g.sg t.sg "sg: in-edges gathered an arc a pass are the stored transpose's"
is "$(wc -c <g.sg | tr -d ' ')" "$((17 + 2 * (8 * 301 + 4 * $(dump --edges dw.csr | wc -l))))" \
    "sg: header, out and in offsets and ids, nothing more"
round dwt.csr wsg "--transpose" "directed with transpose: wsg"

# ---- an undirected unweighted graph whose top ids (40..49) are isolated
awk 'BEGIN {srand(9); for (i = 0; i < 120; i++) print int(rand() * 40), int(rand() * 40)}' >u.el
conv el u.el u.csr --undirected --vertices 50
is "$(dump u.csr | awk '/^nv/ {print $2}')" 50 "the undirected graph has 50 vertices"
round u.csr el "--undirected" "undirected with isolated top ids: el (its '# Nodes:' line keeps them)"
round u.csr wel "--undirected --drop-weights" "undirected: wel (weights 1, dropped)"
round u.csr mtx "" "undirected: mtx symmetric"
round u.csr gr "--undirected --drop-weights" "undirected: gr"
round u.csr metis "" "undirected: metis"
round u.csr sg "" "undirected: sg"
round u.csr wsg "--drop-weights" "undirected: wsg"
grep -v '^#' u.el >nohead.el
conv el nohead.el rt.csr --undirected
is "$(dump rt.csr | awk '/^nv/ {print $2}')" 40 "without the '# Nodes:' line el loses the isolated top ids"
conv el nohead.el rt.csr --undirected --vertices 50
same_graph u.csr rt.csr "... which --vertices 50 gives back"
ex mtx u.csr u.mtx && sed -n 3p u.mtx >got
awk '$1 != $2 {if ($1 < $2) print $1, $2; else print $2, $1}' u.el | sort -u | wc -l |
    awk '{print "50 50", $1}' >want
same_file got want "mtx symmetric: one triangle, every edge once"

# ---- the real karate club: the bundled METIS and DIMACS files
conv metis "$DATA/karate.graph" km.csr
ex metis km.csr k.metis
grep -v '^%' k.metis >got
grep -v '^%' "$DATA/karate.graph" >want
same_file got want "metis: karate written as the bundled karate.graph"
conv gr "$DATA/karate.gr" kg.csr
ex gr kg.csr k.gr
grep '^a' k.gr | sort >got
grep '^a' "$DATA/karate.gr" | sort >want
same_file got want "gr: karate's arcs and weights as the bundled karate.gr"
grep '^p' k.gr >got
echo "p sp 34 156" >want
same_file got want "gr: the problem line"
conv mtx "$DATA/karate.mtx" kx.csr
same_graph km.csr kx.csr "karate: METIS and Matrix Market give one graph"
conv gr "$DATA/karate.gr" kgu.csr --undirected --drop-weights
same_graph kx.csr kgu.csr "karate: DIMACS, undirected and unweighted, gives it too"
conv gr "$DATA/karate.gr" kgw.csr --undirected
round kgw.csr metis "" "karate weighted (gr, undirected): metis with edge weights"
round kg.csr wel "" "karate weighted (gr): wel"

# ---- 8-byte ids, real weights, a compressed file
conv wel dw.wel dw8.csr --id-width 8
round dw8.csr wel "--id-width 8" "8-byte ids: wel"
conv wel dw.wel dw8u.csr --id-width 8 --drop-weights
round dw8u.csr sg "--id-width 8" "8-byte ids: sg"
awk '{printf "%d %d %.3f\n", $1, $2, $3 / 7}' dw.wel >real.wel
conv wel real.wel real.csr
round real.csr wel "" "real weights: wel (%.9g reads back to the same float32)"
round real.csr mtx "" "real weights: mtx real"
round real.csr gr "" "real weights: gr"
conv wel dw.wel dwc.csr --compress
round dwc.csr wel "--compress" "compressed lists: wel"
round dwc.csr mtx "--compress" "compressed lists: mtx"
ex sg dwc.csr c.sg
same_file c.sg dw.sg "compressed lists: sg as from the plain file"
conv el u.el uc.csr --undirected --vertices 50 --compress
ex metis uc.csr uc.metis && ex metis u.csr u.metis
grep -v '^%' uc.metis >got
grep -v '^%' u.metis >want
same_file got want "compressed lists: metis as from the plain file"

# ---- outputs: compressed, standard output, original ids
ex wel dw.csr dw.wel.gz && conv wel dw.wel.gz rt.csr
same_graph dw.csr rt.csr "gzip output reads back"
gzip -dc dw.wel.gz >got && ex wel dw.csr want
same_file got want "gzip output is the plain text compressed"
if ex wel dw.csr dw.wel.zst 2>zst.err; then
    conv wel dw.wel.zst rt.csr
    same_graph dw.csr rt.csr "zstd output reads back"
else
    fails "without libzstd a .zst output is refused" 1 "dw.wel.zst: .*built without libzstd" \
        emogi-export wel dw.csr dw.wel.zst
fi
ex mtx u.csr - >got && ex mtx u.csr want
same_file got want "- writes standard output"
awk '{printf "%d %d\n", $1 * 1000 + 7, $2 * 1000 + 7}' u.el >sparse.el
conv el sparse.el r.csr --relabel --undirected
ex el r.csr r.el --original-ids
grep -v '^#' r.el | sort >got
awk '$1 != $2 {print $1, $2; print $2, $1}' sparse.el | sort -u >want
same_file got want "--original-ids: the input's ids through the id map"
grep -c '^# Nodes' r.el >got
echo 0 >want
same_file got want "--original-ids: no '# Nodes:' line (the ids are not 0..N-1)"

# ---- refusals: exit 1, a message naming the file, no output, old output kept
fails "a directed graph to metis is refused" 1 "emogi-export: dw.csr: a directed graph" \
    emogi-export metis dw.csr no.metis
no_files_like "no.metis*" "... and leaves no output"
echo keep >old.metis
fails "... over an existing output" 1 "a directed graph" emogi-export metis dw.csr old.metis
is "$(cat old.metis)" keep "... which survives"
printf '0 0\n0 1\n' >loop.el
conv el loop.el loop.csr --undirected --keep-self-loops
fails "a self-loop to metis is refused" 1 "loop.csr: vertex 0 has a self-loop" \
    emogi-export metis loop.csr old.metis
is "$(cat old.metis)" keep "... and the old output survives"
no_files_like "old.metis.tmp*" "... with no temporary left"
emogi-convert csr dw.csr 'dw-%d.csr' --partitions 2 -q
fails "a part file is refused (its sources are its own ids)" 1 \
    "dw-1.csr is part 2 of 2 of a graph, which holds only its vertices' lists" \
    emogi-export el dw-1.csr part.el
no_files_like "part.el*" "... and leaves no output"
fails "real weights to wsg are refused" 1 "real.csr: real weights" emogi-export wsg real.csr x.wsg
mkdir ro && chmod a-w ro
if [ -w ro ]; then skip "running as root: a read-only folder is writable"; else
    fails "an unwritable folder: exit 1" 1 "ro/x.el" emogi-export el dw.csr ro/x.el; fi
no_files_like "ro/*" "... and nothing in it"
ex mtx u.csr -o viao.mtx && ex mtx u.csr --output vialong.mtx && ex mtx u.csr want
same_file viao.mtx want "-o OUTPUT names the output"
same_file vialong.mtx want "--output OUTPUT names the output"
ex wel dw.csr -o dwo.wel.gz && gzip -dc dwo.wel.gz >got && ex wel dw.csr want
same_file got want "-o x.wel.gz: compressed by its name"
fails "-o and a third argument: a usage error" 2 "OUTPUT given twice" \
    emogi-export el dw.csr two.el -o two2.el
no_files_like "two*" "... and no output"
fails "-o without FILE: a usage error" 2 "" emogi-export el dw.csr -o
ex el r.csr -o compact.el
is "$(grep -c '^# Nodes' compact.el)" 1 "-o is the output, not --original-ids: compact ids"
is "$(emogi-export --help | grep -c -- '-o, --output OUTPUT')" 1 "--help lists -o, --output"
fails "--original-ids is not for sg" 2 "el and wel write them as ids, mtx, gr and metis as comments" \
    emogi-export sg r.csr x.sg --original-ids
fails "an unknown format" 2 "unknown FORMAT 'xml'" emogi-export xml dw.csr x.xml
fails "a missing input names it" 1 "nothere.csr" emogi-export el nothere.csr x.el
fails "OUTPUT over the input is refused" 2 "is the input" emogi-export sg dw.csr ./dw.csr

# ---- cnr-2000: the bundled WebGraph, exported and re-imported
conv webgraph "$DATA/webgraph/cnr-2000" cnr.csr
round cnr.csr sg "" "cnr-2000: sg"
conv sg rt.sg rt.csr --memory 24M
same_graph cnr.csr rt.csr "cnr-2000: sg built out of core (--memory 24M) is the same file"
round cnr.csr wsg "--drop-weights" "cnr-2000: wsg (weights 1, dropped)"
round cnr.csr mtx "" "cnr-2000: mtx"
round cnr.csr wel "--drop-weights" "cnr-2000: wel (weights 1, dropped)"
round cnr.csr gr "--drop-weights" "cnr-2000: gr (weights 1, dropped)"
ex el cnr.csr cnr.el.gz && conv el cnr.el.gz rt.csr
same_graph cnr.csr rt.csr "cnr-2000: el.gz"
# csv: the el with a comma between the ids (its '# Nodes:' line kept)
gzip -dc cnr.el.gz | sed '/^[^#]/s/ /,/' >cnr.csv && conv csv cnr.csv rt.csr
same_graph cnr.csr rt.csr "cnr-2000: csv"
conv webgraph "$DATA/webgraph/cnr-2000" cnru.csr --undirected
round cnru.csr metis "" "cnr-2000 undirected: metis"
finish
