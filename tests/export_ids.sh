#!/bin/sh
# export_ids.sh - emogi-export keeps a file's id map and names where the
# format can (el and wel through --original-ids, mtx, gr and metis as
# comment lines), and where it does not write them says so in one line on
# standard error, which -q silences; a file without either gets no note.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 24
lines() { printf '%s\n' "$@"; }

# ids 10 20 30 relabelled to 0 1 2; a triangle, undirected for METIS.
lines "10 20" "20 30" "30 10" >r.el
emogi-convert el r.el r.csr -q --relabel --undirected
emogi-convert el r.el p.csr -q --undirected
lines "ann bob" "bob cy" >n.el
emogi-convert el n.el n.csr -q --undirected --string-ids

# notes FORMAT GRAPH [OPTIONS]: the lines of the export's standard error
# that say what is not written.
notes() {
    f=$1 g=$2; shift 2
    rm -f "out.$f"
    emogi-export "$f" "$g" "out.$f" "$@" 2>err.txt
    grep 'are not written' err.txt
}

is "$(notes el r.csr)" "emogi-export: note: r.csr: the input ids (id map) of its 3 vertices are \
not written: el writes ids 0..N-1 (--original-ids writes them)" "el: the id map left out, said"
is "$(notes wel r.csr)" "emogi-export: note: r.csr: the input ids (id map) of its 3 vertices are \
not written: wel writes ids 0..N-1 (--original-ids writes them)" "wel: the same"
for f in mtx gr metis; do
    is "$(notes $f r.csr)" "emogi-export: note: r.csr: the input ids (id map) of its 3 vertices \
are not written: $f wants integer ids 1..N (--original-ids writes them as comments)" \
        "$f: the id map left out, said"
done
for f in sg wsg; do
    is "$(notes $f r.csr)" "emogi-export: note: r.csr: the input ids (id map) of its 3 vertices \
are not written: $f names a vertex by its position, 0..N-1 as int32 (emogi-info --ids prints \
them)" "$f: the id map cannot be written, said"
done
is "$(notes mtx n.csr)" "emogi-export: note: n.csr: the names of its 3 vertices are not \
written: mtx wants integer ids 1..N (--original-ids writes them as comments)" \
    "mtx of names: the names left out, said"
is "$(notes sg n.csr | grep -c 'the names of its 3 vertices')" 1 "sg of names: said"

emogi-export sg r.csr q.sg -q 2>err.txt
is "$(wc -c <err.txt | tr -d ' ')" 0 "-q: no note"
emogi-export mtx p.csr p.mtx 2>err.txt
is "$(wc -c <err.txt | tr -d ' ')" 0 "a file without an id map: no note"
is "$(notes el r.csr --original-ids)" "" "el --original-ids: the ids written, no note"

# mtx, gr, metis --original-ids: "% id V ID" before the data, V 1-based;
# the graph reads back as without them.
for f in mtx gr metis; do
    c=%
    [ $f = gr ] && c=c
    is "$(notes $f r.csr --original-ids)" "" "$f --original-ids: no note"
    is "$(grep "^$c id " out.$f)" "$(lines "$c id 1 10" "$c id 2 20" "$c id 3 30")" \
        "$f --original-ids: the id map as comment lines"
    emogi-export $f r.csr plain.$f -q
    u=
    [ $f = gr ] && u=--undirected
    emogi-convert $f plain.$f b.csr -q $u
    is "$(emogi-convert $f out.$f a.csr -q $u && emogi-info --edges a.csr)" \
        "$(emogi-info --edges b.csr)" "$f --original-ids: the same graph read back"
done
emogi-export metis n.csr names.metis --original-ids
is "$(grep '^% name ' names.metis)" "$(lines "% name 1 ann" "% name 2 bob" "% name 3 cy")" \
    "metis --original-ids of names: a comment line each"

# A name with a blank, which no el token holds, fits a comment line.
printf '"Ann Lee",bob\n' >blank.csv
emogi-convert csv blank.csv blank.csr -q --string-ids
emogi-export gr blank.csr blank.gr -q --original-ids
is "$(grep '^c name ' blank.gr)" "$(lines "c name 1 Ann Lee" "c name 2 bob")" \
    "gr --original-ids: a name with a blank, whole"
fails "... which el refuses" 1 "holds a blank" emogi-export el blank.csr blank.el --original-ids
