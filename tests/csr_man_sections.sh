#!/bin/sh
# csr_man_sections.sh - emogi-csr(5) and the reader agree on the section
# types: the page's table lists exactly the types the reader accepts, by
# the names it gives them, and the validation rule names the same range.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
page="$top_srcdir/man/emogi-csr.5"
[ -r "$page" ] || skip_all "no $page"
plan 3

"$EMOGI_BIN/tests/lib/section_names" >reader
# the rows of the table after "Section types, their contents": ".It N Ta name Ta ..."
awk '/^Section types, their contents/ {on = 1; next}
     on && /^\.El/ {exit}
     on && /^\.It [0-9]+ Ta / {print $2, $4}' "$page" >page
same_file page reader "the page's table of section types is the reader's, type by type"
max=$(tail -n 1 reader | cut -d' ' -f1)
rule=$(tr '\n' ' ' <"$page" | grep -Eo 'its type is 1 to [0-9]+' | grep -Eo '[0-9]+$')
is "$rule" "$max" "the validation rule's range is the reader's (1 to $max)"
is "$(grep -c . reader)" "$max" "the reader knows every type from 1 up"
exit $_failed
