#!/bin/sh
# help_options.sh - every option a tool's man page lists (the .It Fl
# entries of its DESCRIPTION or OPTIONS section) appears in the tool's
# --help text, so that --help never omits one.  One test a tool; TOOLS
# below names each tool with its page, and a reason where it is skipped.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# tool:page[:reason to skip]
TOOLS="emogi-convert:emogi-convert.1
emogi-export:emogi-export.1
emogi-info:emogi-info.1
emogi-bfs:emogi-bfs.1
emogi-sssp:emogi-sssp.1
emogi-cc:emogi-cc.1
emogi-pagerank:emogi-pagerank.1
emogi-bc:emogi-bc.1
emogi-tc:emogi-tc.1
emogi-verify:emogi-verify.1"
plan "$(($(printf '%s\n' "$TOOLS" | wc -l) + 4))"

# The options of PAGE, one a line: "-x" or "--long", from .It Fl lines.
page_options() {
    awk '/^\.Sh (DESCRIPTION|OPTIONS)/ { on = 1; next } /^\.Sh/ { on = 0 }
         on && /^\.It Fl/' "$1" |
        grep -o 'Fl [^ ]*' | awk '{ print "-" $2 }' | sort -u
}

while IFS=: read -r tool page reason; do
    if [ -n "$reason" ]; then
        skip "$tool: $reason"
        continue
    fi
    if ! command -v "$tool" >/dev/null; then
        skip "$tool: not built"
        continue
    fi
    help=$("$tool" --help 2>&1)
    missing=""
    for opt in $(page_options "$top_srcdir/man/$page"); do
        # a word of the help text: followed by a blank, ',', '=', '[' or the end
        printf '%s\n' "$help" | grep -Eq -- "(^|[^a-z-])$opt([ ,=[]|$)" || missing="$missing $opt"
    done
    n=$(page_options "$top_srcdir/man/$page" | wc -l)
    is "${missing# }" "" "$tool --help lists every option of man/$page ($n options)"
done <<EOF
$TOOLS
EOF

# emogi-convert --help names the compressions this build decodes, and no other
printf '0 1\n1 2\n' >a.el
help=$(emogi-convert --help)
for c in gzip:gz zstd:zst xz:xz bzip2:bz2; do
    name=${c%%:*} ext=${c#*:}
    if ! command -v "$name" >/dev/null; then
        skip "$name: no $name command to make an input with"
        continue
    fi
    "$name" -c a.el >"a.el.$ext"
    if emogi-convert el "a.el.$ext" a.csr -q 2>/dev/null; then
        printf '%s\n' "$help" | grep -q "$name" && r=0 || r=1
        ok "$r" "emogi-convert decodes $name, and --help says so"
    else
        printf '%s\n' "$help" | grep -q "$name" && r=1 || r=0
        ok "$r" "emogi-convert does not decode $name (this build), and --help does not claim it"
    fi
done
finish
