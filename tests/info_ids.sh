#!/bin/sh
# info_ids.sh - emogi-info --ids: the id map as 'vertex id' lines, names
# of --string-ids as 'vertex name', quoted where they hold a blank, a
# quote or a backslash; a file without a map refused; usage errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-info >/dev/null || skip_all "emogi-info not built"
plan 6
printf '100 7\n7 300\n' >s.el
emogi-convert el s.el s.csr --relabel -q
is "$(emogi-info --ids s.csr 2>&1)" "0 7
1 100
2 300" "--relabel: the id map, vertex by vertex"
printf 'alice\tbob\nbob\tc d\nq"x\tb\\s\n' >n.tsv
emogi-convert csv n.tsv n.csr --delimiter tab --string-ids -q
is "$(emogi-info --ids n.csr 2>&1)" '0 alice
1 "b\\s"
2 bob
3 "c d"
4 "q\"x"' "--string-ids: names, quoted where they hold a blank, a quote or a backslash"
emogi-convert el s.el p.csr -q
fails "a file without an id map is refused" 1 "p\\.csr: no id map" emogi-info --ids p.csr
fails "--ids with --edges: usage error" 2 "--ids prints the id map alone" \
    emogi-info --ids --edges s.csr
fails "--ids with --json: usage error" 2 "--ids prints the id map alone" \
    emogi-info --ids --json s.csr
emogi-convert csr s.csr parts --partitions 2 -q
is "$(emogi-info --ids parts.0 2>&1; emogi-info --ids parts.1 2>&1)" "$(emogi-info --ids s.csr)" \
    "a part's ids, numbered as in the whole graph, one part after another"
finish
