#!/bin/sh
# readme_tour.sh - README.md's tour, line by line as written, in order,
# from a folder laid out as the top of a clone (its tests/data), with the
# built tools on PATH as the README says.  Each line must succeed, and
# none may send binary data to standard output where a terminal could be:
# a line that does writes to a file or into a pipe.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

readme="$top_srcdir/README.md"
[ -r "$readme" ] || skip_all "no README.md in $top_srcdir"
# the indented block after "## A tour" (up to the next prose paragraph)
awk '/^## A tour/ {on = 1; next} on && /^## / {exit}
     on && /^    / {sub(/^    /, ""); print; seen = 1; next}
     on && seen && /^[^ ]/ {exit}' "$readme" >tour
n=$(wc -l <tour)
[ "$n" -gt 10 ] || skip_all "the tour was not found in README.md ($n lines)"
# the Python section's block, run whole: one shell script
awk '/^## From Python/ {on = 1; next} on && /^## / {exit}
     on && /^    / {sub(/^    /, ""); print; seen = 1; next}
     on && seen && /^[^ ]/ {exit}' "$readme" >python-block
plan $((n + 3))

mkdir -p tests
ln -s "$top_srcdir/tests/data" tests/data
export OMP_NUM_THREADS=2
i=0
while IFS= read -r line; do
    i=$((i + 1))
    if sh -c "$line" >out.$i 2>err.$i </dev/null; then
        # text is printable ASCII and white space; anything else is binary
        nontext=$(LC_ALL=C tr -d '\t\n\r\040-\176' <out.$i | wc -c | tr -d ' ')
        is "$nontext" 0 "tour line $i, no binary on standard output: $line"
    else
        ok 1 "tour line $i: $line"
        diag "$(head -5 err.$i)"
    fi
done <tour
is "$(ls ./*.csr | wc -l | tr -d ' ')" "$(grep -Eo '[^ ]+\.csr( |$)' tour | grep -v '^tests/' | sort -u | wc -l | tr -d ' ')" \
    "every .csr the tour names was written"
emogi-info --verify k18.csr >/dev/null
ok $? "the out-of-core graph passes its checksums"

# as the README has it: python/ and .libs/ in the top folder of the build
if ! /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    skip "/usr/bin/python3 has no numpy (./bootstrap installs it)"
elif [ ! -e "$EMOGI_BIN/.libs/libemogi.so" ]; then
    skip "no shared libemogi in $EMOGI_BIN/.libs"
elif command -v ldd >/dev/null && ldd "$EMOGI_BIN/.libs/libemogi.so" | grep -q -e libasan -e libubsan; then
    skip "libemogi is built with sanitizers; python cannot load it without their runtime"
else
    ln -s "$top_srcdir/python" python
    ln -s "$EMOGI_BIN/.libs" .libs
    got=$(sh python-block 2>py.err | tail -1)
    is "$got" True "the Python section's lines, as written (pip install ./python): the same depths as emogi-bfs"
    [ "$got" = True ] || diag "$(tail -5 py.err)"
fi
exit $_failed
