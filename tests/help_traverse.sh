#!/bin/sh
# help_traverse.sh - every option a traversal tool's man page lists (its
# ".It Fl" lines) appears in the tool's --help (emogi-verify: its own and
# its subcommands'), and every tool's --version says "TOOL (emogi) V".
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
MAN="$top_srcdir/man"
TOOLS="bfs sssp cc pagerank bc tc verify"
plan 9

for t in $TOOLS; do
    if [ "$t" = verify ]; then
        { emogi-verify --help
          for a in bfs sssp cc scc pagerank bc tc; do emogi-verify $a --help; done; } >help.txt 2>&1
    else
        emogi-$t --help >help.txt 2>&1
    fi
    # each "Fl x" on an .It line: the option -x
    missing=
    for opt in $(sed -n 's/^\.It //p' "$MAN/emogi-$t.1" | tr ' ' '\n' |
                 awk 'f { print "-" $0; f = 0; next } $0 == "Fl" { f = 1 }' | sort -u); do
        grep -qE -- "(^|[] ,[|(])$opt([] ,=[|)]|\$)" help.txt || missing="$missing $opt"
    done
    is "$missing" "" "$t: --help lists every option of emogi-$t(1)"
done

# one version string: "TOOL (emogi) VERSION", the same VERSION everywhere
v=$(emogi-bfs --version | sed -n 's/^emogi-bfs (emogi) //p')
bad=
for t in $TOOLS info; do
    emogi-$t --version | grep -qx "emogi-$t (emogi) $v" || bad="$bad $t"
done
for a in bfs sssp cc scc pagerank bc tc; do
    emogi-verify $a --version 2>/dev/null | grep -qx "emogi-verify (emogi) $v" || bad="$bad verify-$a"
done
is "$bad" "" "every traversal tool and emogi-info print 'TOOL (emogi) $v'"
v2=
for t in convert export; do
    emogi-$t --version 2>/dev/null | grep -qx "emogi-$t (emogi) $v" || v2="$v2 $t"
done
is "$v2" "" "emogi-convert and emogi-export print 'TOOL (emogi) $v' too"
