#!/bin/sh
# string_ids.sh - emogi-convert --string-ids: ids that are names.  Names
# are numbered in byte order (worked by hand below); --original-ids and -S
# give them back; a damaged names section is refused.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 44
lines() { printf '%s\n' "$@"; }
cpu="--device cpu"

# alice=0 bob=1 carol=2 dave=3 (byte order); arcs 0>1 1>2 2>0 3>1.
lines "alice bob" "bob carol" "# a comment" "carol alice" "dave bob" >a.el
emogi-convert el a.el a.csr -q --directed --string-ids
is "$(emogi-info --edges a.csr)" "$(lines "0 1" "1 2" "2 0" "3 1")" "el names: compact arcs by hand"
is "$(emogi-info --edges --original-ids a.csr)" \
    "$(lines "alice bob" "bob carol" "carol alice" "dave bob")" "--original-ids: the input names"
is "$(emogi-info a.csr | grep -c '^id names: yes$')" 1 "emogi-info says it has names"
is "$(emogi-info a.csr | grep -Ec '^  (name_offsets|names) ')" 2 "... and lists both sections"
is "$(emogi-bfs a.csr -S alice --text $cpu)" "$(lines "0 0" "1 1" "2 2" "3 -1")" \
    "bfs -S alice: depths by hand"
is "$(emogi-bfs a.csr -S alice --text $cpu)" "$(emogi-bfs a.csr -s 0 --text $cpu)" \
    "-S alice is -s 0"
is "$(emogi-bfs a.csr -S dave --original-ids --text $cpu)" \
    "$(lines "alice 3" "bob 1" "carol 2" "dave 0")" "bfs -S dave --original-ids --text"
fails "a name not in the graph" 1 "source 'zed' \(an input name, -S\) is not among" \
    emogi-bfs a.csr -S zed $cpu -o x.bin
fails "a name where a compact id is due" 2 "bad source 'bob'" emogi-bfs a.csr -s bob $cpu -o x.bin
# emogi-verify takes the same names
emogi-bfs a.csr -S alice $cpu -o d.bin
emogi-sssp a.csr -S alice --unit-weights $cpu -o s.bin
printf '0 1\n1 2\n2 0\n3 1\n' >p.el
emogi-convert el p.el p.csr -q --directed
runs "verify bfs -S alice" emogi-verify bfs a.csr -S alice d.bin
runs "verify bfs -s alice --original-ids" emogi-verify bfs a.csr -s alice --original-ids d.bin
runs "verify sssp -S alice" emogi-verify sssp a.csr -S alice s.bin
fails "verify bfs: alice's depths are not bob's" 1 "" emogi-verify bfs a.csr -S bob d.bin
fails "verify bfs: a name not in the graph" 1 "source 'zed' \(an input name, -S\) is not among" \
    emogi-verify bfs a.csr -S zed d.bin
fails "verify bfs: a name where a compact id is due" 2 "bad source 'bob'" \
    emogi-verify bfs a.csr -s bob d.bin
fails "verify sssp: a name of a graph without names" 1 "is a name, but the graph has no names" \
    emogi-verify sssp p.csr -S alice s.bin

emogi-export el a.csr a-out.el >/dev/null
is "$(grep -v '^#' a-out.el)" "$(lines "0 1" "1 2" "2 0" "3 1")" "emogi-export el: compact ids"
# --original-ids writes the names, and they read back as the same graph:
# csv names -> .csr -> el names -> .csr, byte for byte without provenance.
emogi-export el a.csr names.el --original-ids -q
is "$(grep -v '^#' names.el)" "$(lines "alice bob" "bob carol" "carol alice" "dave bob")" \
    "emogi-export el --original-ids: the names"
lines "src,dst,w" "p:9,p:10,4" "p:10,x,2.5" "x,p:9,7" "p:10,p:9,1" >w.csv
emogi-convert csv w.csv w.csr -q --header --columns 1,2,3 --string-ids --no-provenance
emogi-export wel w.csr -o w.wel --original-ids -q
emogi-convert wel w.wel w2.csr -q --string-ids --no-provenance
if cmp -s w.csr w2.csr; then ok 0 "csv names -> wel --original-ids -> .csr: the same file"
else ok 1 "csv names -> wel --original-ids -> .csr: the same file"; fi
emogi-convert csv w.csv wu.csr -q --header --columns 1,2 --undirected --string-ids --no-provenance
emogi-export el wu.csr wu.el --original-ids -q
emogi-convert el wu.el wu2.csr -q --undirected --string-ids --no-provenance
if cmp -s wu.csr wu2.csr; then ok 0 "undirected csv names -> el --original-ids -> .csr: the same file"
else ok 1 "undirected csv names -> el --original-ids -> .csr: the same file"; fi
emogi-export mtx a.csr names.mtx --original-ids
is "$(grep '^% name ' names.mtx)" "$(lines "% name 1 alice" "% name 2 bob" "% name 3 carol" \
    "% name 4 dave")" "names to mtx --original-ids: comment lines, a vertex each"
fails "names to sg: refused, saying why" 2 "sg names a vertex by its position" \
    emogi-export sg a.csr names.sg --original-ids
lines '"Ann Lee",bob' >blank.csv
emogi-convert csv blank.csv blank.csr -q --string-ids
fails "a name with a blank is not an el token: refused" 1 \
    "blank.csr: --original-ids: the name of vertex 0 \('Ann Lee'\) holds a blank" \
    emogi-export el blank.csr blank.el --original-ids
no_files_like 'blank.el*' "... and no output"
printf 'a a\nb c\n' >loop.el
emogi-convert el loop.el loop.csr -q --string-ids
fails "a vertex left without arcs is noted" 0 "1 vertex has no arcs" \
    emogi-export el loop.csr loop-out.el --original-ids
fails "emogi-convert csr refuses to re-encode names it would drop" 1 \
    "its input ids are names" emogi-convert csr a.csr ac.csr --compress
no_files_like 'ac.csr*' "... and no output"
# Byte order, not numeric: "10" < "9"; digits are names too.
printf '9 10\n' >n.el
emogi-convert el n.el n.csr -q --directed --string-ids
is "$(emogi-info --edges n.csr)" "1 0" "names sort bytewise: '10' before '9'"
is "$(emogi-bfs n.csr -S 9 --original-ids --text $cpu)" "$(lines "10 1" "9 0")" \
    "-S 9 is the name '9'"

# LDBC-like: '|', a header, string ids.  p:10995=0 p:4139=1 p:933=2.
lines "Person.id|Person.id|creationDate" "p:933|p:4139|2010" "p:4139|p:10995|2010" >l.csv
emogi-convert csv l.csv l.csr -q --delimiter '|' --header --columns 1,2 --undirected --string-ids
is "$(emogi-info --edges l.csr)" "$(lines "0 1" "1 0" "1 2" "2 1")" "csv '|': compact edges by hand"
is "$(emogi-cc l.csr --original-ids --text $cpu)" \
    "$(lines "p:10995 p:10995" "p:4139 p:10995" "p:933 p:10995")" "cc labels as names"

# Quoted names with blanks and doubled quotes; an unquoted twin is the same name.
lines '"Ann Lee","Bo ""B"" Smith"' 'Bo "B" Smith,Cy' >q.csv
emogi-convert csv q.csv q.csr -q --directed --string-ids
is "$(emogi-info --edges --original-ids q.csr)" "$(lines 'Ann Lee Bo "B" Smith' 'Bo "B" Smith Cy')" \
    "quoted csv names: three vertices, names unquoted"

# Errors.
fails "a name without --string-ids names file and line" 1 \
    "^emogi-convert: a\.el:1: expected a source vertex id .*found 'alice' \(ids that are names need --string-ids\)$" \
    emogi-convert el a.el x.csr
# --relabel takes names too: a file is read again as --string-ids
same_as_names() { # DESCRIPTION FORMAT FILE OPTIONS...: --relabel gives the --string-ids file
    d=$1 f=$2 in=$3; shift 3
    rm -f sn.csr rl.csr
    emogi-convert "$f" "$in" sn.csr -q --no-provenance --string-ids "$@" &&
        emogi-convert "$f" "$in" rl.csr -q --no-provenance --relabel "$@"
    if [ $? -eq 0 ] && cmp -s sn.csr rl.csr; then ok 0 "$d"; else ok 1 "$d"; fi
}
same_as_names "el --relabel with names: the --string-ids file" el a.el --directed
same_as_names "csv --relabel with names: the --string-ids file" csv l.csv --delimiter '|' --header \
    --columns 1,2 --undirected
lines "1 2" "2 3" "3 4" "4 x" >late.el
same_as_names "a name after integer ids: all read as names" el late.el --directed
rm -f rl.csr
EMOGI_CONVERT_RUN_EDGES=1 emogi-convert el late.el rl.csr -q --no-provenance --relabel --directed \
    --memory 2M --tmpdir .
if cmp -s sn.csr rl.csr; then ok 0 "... out of core, runs written before the name: the same file"
else ok 1 "... out of core, runs written before the name: the same file"; fi
fails "--relabel says so with --progress" 0 \
    "a\.el: --relabel met an id that is not an integer: reading the input again, its ids as names" \
    emogi-convert el a.el rp.csr --relabel --progress
fails "--relabel from a pipe: the message, and why it cannot read again" 1 \
    "<stdin>:1: .*found 'alice' \(ids that are names need --string-ids\); --relabel reads ids as names only from a regular file" \
    sh -c 'cat a.el | emogi-convert el - x.csr --relabel'
awk 'BEGIN { for (i = 1; i <= 50000; i++) print "v" i, "w" i }' >big.el
fails "--memory too small for the names" 1 "string ids: no room in --memory for the names" \
    emogi-convert el big.el x.csr --string-ids --memory 1M
no_files_like 'x.csr*' "... and no output"
fails "--string-ids reads only text edge lists" 2 "--string-ids reads el, wel and csv" \
    emogi-convert mtx a.el x.csr --string-ids

# A names section out of order is refused on open: 'alice' -> 'zlice'.
off=$(emogi-info a.csr | awk '$1 == "names" { print $2 }')
cp a.csr bad.csr
printf 'z' | dd of=bad.csr bs=1 seek="$off" conv=notrunc 2>/dev/null
fails "names not ascending" 1 "names: the name of vertex 1 does not sort after that of vertex 0" \
    emogi-info bad.csr
is "$(emogi-bfs a.csr -S carol --text $cpu | tr '\n' ' ')" "0 1 1 2 2 0 3 -1 " \
    "the intact file still reads (bfs -S carol)"
finish
