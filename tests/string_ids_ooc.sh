#!/bin/sh
# string_ids_ooc.sh - emogi-convert --string-ids out of core: when the
# graph does not fit in --memory, the names are read first and the edges on
# a second reading, through runs; the file must be the very one the
# in-memory conversion gives (whose names and ids string_ids.sh checks by
# hand), and a hand-checked graph through runs of one edge; so must names
# that do not fit either, spilled to --tmpdir.  Standard input and pipes
# cannot be read twice; a --memory too small for the vertices is refused.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 39
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
mkdir runs
lines() { printf '%s\n' "$@"; }
cpu="--device cpu"

# 300000 edges among about 20000 names of different lengths; self-loops and
# duplicates come with the draw.  g.wel carries an integer weight, g.csv a
# real one (with a header line and quoted names).
awk 'BEGIN { srand(7)
    for (i = 0; i < 300000; i++) {
        a = int(rand() * 20000); b = int(rand() * 20000)
        printf "n%x user:%d %d\n", (a * 2654435761) % 100003, b, 1 + int(rand() * 50)
    } }' >g.wel
cut -d' ' -f1,2 g.wel >g.el
awk 'BEGIN { print "from,to,w" } { printf "\"%s\",%s,%d.5\n", $1, $2, $3 }' g.wel >g.csv
gzip -c g.el >g.el.gz

# same_as_memory DESCRIPTION FORMAT INPUT ARGS...: in memory, then in 8 MB
same_as_memory() {
    d=$1; f=$2; in=$3; shift 3
    emogi-convert "$f" "$in" mem.csr -q --string-ids "$@" 2>mem.err
    emogi-convert "$f" "$in" ooc.csr -q --string-ids --memory 8M --tmpdir runs --stats "$@" \
        2>ooc.err
    n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' ooc.err)
    if [ "${n:-0}" -ge 2 ] && cmp -s mem.csr ooc.csr; then ok 0 "$d ($n runs)"; else
        ok 1 "$d"; diag "runs: ${n:-none}"; sed 's/^/# /' mem.err ooc.err | head -5
        cmp mem.csr ooc.csr 2>&1 | sed 's/^/# /'
    fi
}

same_as_memory "el, directed, in 8 MB: the in-memory file" el g.el --directed
emogi-info --verify ooc.csr >/dev/null
ok $? "... its checksums verify"
is "$(emogi-info ooc.csr | grep -c '^id names: yes$')" 1 "... it has id names"
first=$(emogi-info --edges --original-ids ooc.csr | head -1)
is "$(emogi-info --edges --original-ids ooc.csr | wc -l)" \
    "$(sort -u g.el | awk '$1 != $2' | wc -l)" "... one arc per distinct input pair, no self-loop"
src=${first%% *}
emogi-bfs ooc.csr -S "$src" --original-ids --text $cpu >ooc.d 2>/dev/null
emogi-bfs mem.csr -S "$src" --original-ids --text $cpu >mem.d 2>/dev/null
[ -s ooc.d ] && cmp -s mem.d ooc.d
ok $? "emogi-bfs -S $src --original-ids: the in-memory file's depths"
s0=$(emogi-info --edges ooc.csr | sed -n '1s/ .*//p')
emogi-bfs ooc.csr -S "$src" $cpu -o ooc.bin 2>/dev/null
emogi-verify bfs ooc.csr -s "$s0" ooc.bin >/dev/null 2>&1
ok $? "... and emogi-verify bfs accepts them (-s $s0, the compact id)"
is "$(ls -A runs)" "" "no run file is left in --tmpdir"

same_as_memory "el --undirected" el g.el --undirected
same_as_memory "el --transpose --compress" el g.el --directed --transpose --compress
same_as_memory "el --undirected --compress" el g.el --undirected --compress
same_as_memory "el --keep-self-loops --keep-duplicates" el g.el --directed \
    --keep-self-loops --keep-duplicates
same_as_memory "el --id-width 8" el g.el --directed --id-width 8
same_as_memory "wel: integer weights, --transpose" wel g.wel --directed --transpose
same_as_memory "wel --undirected --combine sum" wel g.wel --undirected --combine sum
same_as_memory "csv: header, quoted names, real weights" csv g.csv --header --columns 1,2,3 \
    --directed
same_as_memory "csv --undirected --compress" csv g.csv --header --columns 1,2,3 --undirected \
    --compress
same_as_memory "gzip-compressed el, read twice" el g.el.gz --directed
same_as_memory "--no-provenance" el g.el --directed --no-provenance

# Hand-checked: alice=0 bob=1 carol=2 dave=3; runs of one edge each.
lines "alice bob" "bob carol" "carol alice" "dave bob" "bob carol" "dave dave" >a.el
EMOGI_CONVERT_RUN_EDGES=1 emogi-convert el a.el a.csr -q --directed --string-ids --tmpdir runs \
    --stats 2>a.err
is "$(emogi-info --edges a.csr)" "$(lines "0 1" "1 2" "2 0" "3 1")" \
    "through runs of one edge: compact arcs by hand"
is "$(emogi-info --edges --original-ids a.csr)" \
    "$(lines "alice bob" "bob carol" "carol alice" "dave bob")" "... and the names"
grep -q 'out of core: [0-9]* runs' a.err
ok $? "... made through runs"
is "$(emogi-bfs a.csr -S carol --original-ids --text $cpu)" \
    "$(lines "alice 1" "bob 2" "carol 0" "dave -1")" "... bfs -S carol on it, by hand"

# Quoted csv names, doubled quotes and an unquoted twin, looked up on the
# second reading as they were gathered on the first.
lines '"Ann Lee","Bo ""B"" Smith"' 'Bo "B" Smith,Cy' 'Cy,"Ann Lee"' >q.csv
EMOGI_CONVERT_RUN_EDGES=1 emogi-convert csv q.csv q.csr -q --directed --string-ids \
    --tmpdir runs
is "$(emogi-info --edges --original-ids q.csr)" \
    "$(lines 'Ann Lee Bo "B" Smith' 'Bo "B" Smith Cy' 'Cy Ann Lee')" \
    "quoted csv names through runs: three vertices, names unquoted"

# Standard input cannot be read twice: refused out of core, in memory fine.
cp mem.csr keep.csr
cat g.el | emogi-convert el - keep.csr --string-ids --memory 8M --tmpdir runs 2>stdin.err
is $? 1 "standard input out of core: status 1"
grep -q '^emogi-convert: --string-ids out of core reads the input twice: give a file, not standard input$' stdin.err
ok $? "... with the message"
cmp -s mem.csr keep.csr
ok $? "... and the existing output survives"
cat g.el | emogi-convert el - no.csr -q --string-ids --memory 8M --tmpdir runs 2>/dev/null
no_files_like 'no.csr*' "... and a new one is not made"
cat a.el | emogi-convert el - in.csr -q --directed --string-ids
is "$(emogi-info --edges in.csr)" "$(lines "0 1" "1 2" "2 0" "3 1")" \
    "standard input in memory still works"
mkfifo fifo
cat g.el >fifo 2>/dev/null &
fails "a named pipe out of core is refused" 1 \
    "fifo: --string-ids out of core reads the input twice: give a regular file" \
    emogi-convert el fifo p.csr --string-ids --memory 8M --tmpdir runs
wait
no_files_like 'p.csr*' "... and no output"

# Names that alone do not fit: sorted runs of them go to --tmpdir, merged,
# looked up on the second reading through a sparse index; 150000 names
# (quoted, with doubled quotes) in 4 MB.
awk 'BEGIN { srand(3)
    for (i = 0; i < 200000; i++)
        printf "\"v \"\"%d\"\"\",w%d,%d.5\n", int(rand() * 150000), int(rand() * 150000), i % 7
    }' >h.csv
names_on_disk() {
    d=$1; f=$2; in=$3; shift 3
    emogi-convert "$f" "$in" mem.csr -q --string-ids "$@" 2>mem.err
    emogi-convert "$f" "$in" ooc.csr --string-ids --memory 4M --tmpdir runs --progress --stats \
        "$@" 2>ooc.err
    n=$(sed -n 's/.*out of core: \([0-9]*\) runs.*/\1/p' ooc.err)
    if grep -q 'names do not fit in --memory: sorted runs of them go to --tmpdir' ooc.err &&
        [ "${n:-0}" -ge 2 ] && cmp -s mem.csr ooc.csr; then ok 0 "$d ($n runs)"; else
        ok 1 "$d"; diag "runs: ${n:-none}"; grep -v ': parsing' mem.err ooc.err | head -8 |
            sed 's/^/# /'
        cmp mem.csr ooc.csr 2>&1 | sed 's/^/# /'
    fi
}
names_on_disk "names on disk: csv, doubled quotes, real weights, --transpose" csv h.csv \
    --columns 1,2,3 --directed --transpose
is "$(emogi-info --edges --original-ids ooc.csr | grep -c '^v "[0-9]*" w[0-9]* ')" \
    "$(emogi-info --edges ooc.csr | wc -l)" "... the names unquoted: v \"N\""
names_on_disk "names on disk: csv --undirected --compress" csv h.csv --columns 1,2 --undirected \
    --compress
awk 'BEGIN { for (i = 0; i < 100000; i++) print "vertex-" i, "other-" (i * 7) % 100000 }' \
    >many.el
gzip -c many.el >many.el.gz
names_on_disk "names on disk: gzip-compressed el" el many.el.gz --directed
is "$(ls -A runs)" "" "no run or names file is left in --tmpdir"
fails "--memory too small for the offsets of the names" 1 \
    "^emogi-convert: many\.el: string ids: [0-9]+ names need .* of offsets beside the merge" \
    emogi-convert el many.el x.csr --string-ids --memory 2M --tmpdir runs
no_files_like 'x.csr*' "... and no output"
fails "--memory too small even for the reader and a table of names" 1 \
    "^emogi-convert: many\.el: string ids: no room in --memory for the names" \
    emogi-convert el many.el x.csr --string-ids --memory 1M --tmpdir runs
no_files_like 'x.csr*' "... and no output"
finish
