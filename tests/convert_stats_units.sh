#!/bin/sh
# convert_stats_units.sh - the units of emogi-convert's --stats text: a
# text input's rate is "MB/s of text", a WebGraph's (bits, not text)
# "MB/s of input".
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 2
printf '0 1\n1 2\n' >a.el
emogi-convert el a.el a.csr --stats 2>err.txt
grep -q "MB/s of text" err.txt
ok $? "el: the rate is MB/s of text"
emogi-convert webgraph "$DATA/webgraph/tiny" w.csr --stats 2>err.txt
grep -q "MB/s of input (" err.txt && ! grep -q "of text" err.txt
ok $? "webgraph: the rate is MB/s of input, not of text"
finish
