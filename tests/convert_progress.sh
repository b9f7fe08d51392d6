#!/bin/sh
# convert_progress.sh - progress of a file input: with --progress (or on a
# terminal) emogi-convert shows the share of the file read, its size and
# the time left, for plain and compressed files alike; from a pipe, whose
# size is unknown, it counts edges (standard input from a file has a
# size, and shows its share); in a pipe without --progress it says
# nothing.  EMOGI_PROGRESS_INTERVAL=0 shows every update (one a second
# otherwise), so a small input shows several.
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 9

# 120 000 edges of a ring with chords, about 1.4 MB of text.
awk 'BEGIN { for (i = 0; i < 60000; i++) { print i, (i + 1) % 60000; print i, (i * 7 + 3) % 60000 } }' \
    >g.el
EMOGI_PROGRESS_INTERVAL=0
export EMOGI_PROGRESS_INTERVAL

# shares FILE: the percentages of its "parsing: A of B bytes (P%)" lines
shares() { sed -n 's/^emogi-convert: parsing: .* of .* bytes (\([0-9]*\)%), .* s left$/\1/p' "$1"; }
# rising: standard input holds numbers that never fall and end at 100
rising() { awk 'NR > 1 && $1 < last { bad = 1 } { last = $1; n++ } END { exit !(n >= 3 && !bad && last == 100) }'; }

emogi-convert el g.el out.csr --progress --memory 4M 2>plain.err
ok $? "a file with --progress converts"
shares plain.err | rising
ok $? "its parsing lines show a share of the file that rises to 100%"
is "$(grep -c 'of 1\.[0-9] M bytes' plain.err)" "$(shares plain.err | wc -l | tr -d ' ')" \
    "... each of the file's 1.x MB"

gzip -c g.el >g.el.gz
emogi-convert el g.el.gz gz.csr --progress --memory 4M 2>gz.err
ok $? "a gzip file with --progress converts"
shares gz.err | rising
ok $? "its share counts compressed bytes read, up to 100%"
emogi-info out.csr --edges >plain.txt && emogi-info gz.csr --edges >gz.txt && cmp -s plain.txt gz.txt
ok $? "... to the same graph"

cat g.el | emogi-convert el - pipe.csr --progress --memory 4M 2>pipe.err
ok $? "a pipe with --progress converts"
n=$(grep -c '^emogi-convert: parsing: ' pipe.err)
is "$(shares pipe.err | wc -l | tr -d ' '):$(grep -c '^emogi-convert: parsing: [0-9.]* [kM]* *edges, ' pipe.err):$((n >= 2))" \
    "0:$n:1" "an input of unknown size counts edges, with no share"

emogi-convert el g.el quiet.csr --memory 4M 2>quiet.err
is "$(cat quiet.err)" "" "without --progress, in a pipe: nothing on standard error"
finish
