#!/bin/sh
# emogi-bfs's options, each against values worked out by hand.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 67

# a diamond 0 -> {1, 2} -> 3 -> 4, entered from 5; vertex 3 has two parents
printf '0 2\n0 1\n2 3\n1 3\n3 4\n5 0\n' >dia.el
emogi-convert el dia.el dia.csr -q --directed || skip_all "emogi-convert cannot build graphs"
emogi-convert el dia.el diaT8.csr -q --directed --transpose --id-width 8
emogi-convert el dia.el diaU.csr -q --undirected

# ---- raw output: stdout, -o, sizes and values ----
runs "depths to standard output" emogi-bfs dia.csr -s 0 --device cpu
cp .out stdout.bin
is "$(od -An -tu4 -w4 -v stdout.bin | tr -s ' \n' ' ')" " 0 1 1 2 3 4294967295 " \
    "raw depths: uint32 per vertex, all ones for unreached"
runs "-o writes a file" emogi-bfs dia.csr -s 0 -o out.bin
same_file out.bin stdout.bin "-o file equals standard output"
is "$(wc -c <.out | tr -d ' ')" 0 "-o leaves standard output empty"
runs "-o - is standard output" emogi-bfs dia.csr -s 0 -o -
same_file .out stdout.bin "-o - gives the same bytes"

# ---- --text ----
emogi-bfs diaU.csr -s 4 --text >got.txt
printf '0 3\n1 2\n2 2\n3 1\n4 0\n5 4\n' >want.txt
same_file got.txt want.txt "--text: 'vertex depth' lines (undirected, from 4)"

# ---- --parents: smallest in-neighbour one level up, by hand ----
printf '0 0\n1 0\n2 0\n3 1\n4 3\n5 -1\n' >want.txt
for g in dia.csr diaT8.csr; do
    emogi-bfs $g -s 0 -o discard.bin --parents par.txt --text
    same_file par.txt want.txt "--parents --text from 0 ($g)"
done
emogi-bfs dia.csr -s 0 -o discard.bin --parents par.bin
is "$(od -An -tu8 -w8 -v par.bin | tr -s ' \n' ' ')" " 0 0 0 1 3 18446744073709551615 " \
    "raw parents: uint64 per vertex, all ones for none"
printf '0 5\n1 0\n2 0\n3 1\n4 3\n5 5\n' >want.txt
emogi-bfs diaU.csr -s 5 -o discard.bin --parents par.txt --text
same_file par.txt want.txt "--parents on an undirected graph from 5"

# ---- -n and --seed: only vertices 7 and 42 have out-edges ----
printf '7 8\n42 43\n' >two.el
emogi-convert el two.el two.csr -q --directed
runs "-n 6" emogi-bfs two.csr -n 6 --seed 3
cp .err n.err
is "$(grep -c '^emogi-bfs: source=[0-9]* seconds=[0-9.]*$' n.err)" 6 "-n 6 reports six searches"
is "$(sed -n 's/^emogi-bfs: source=\([0-9]*\) .*/\1/p' n.err | sort -u | tr '\n' ' ')" "42 7 " \
    "-n draws only vertices with out-edges, and both of them"
is "$(grep -c '^emogi-bfs: mean searches=6 seconds=' n.err)" 1 "-n ends with the mean"
is "$(wc -c <.out | tr -d ' ')" 0 "-n without -o writes no depths"
emogi-bfs two.csr -n 6 --seed 3 2>n2.err
sed 's/seconds=.*//' n.err >a.txt
sed 's/seconds=.*//' n2.err >b.txt
same_file a.txt b.txt "the same seed draws the same sources"
emogi-bfs two.csr -n 1 --seed 3 -o last.bin 2>/dev/null
src=$(sed -n '1s/^emogi-bfs: source=\([0-9]*\) .*/\1/p' n.err)
is "$(od -An -tu4 -w4 -v -j $((src * 4)) -N 4 last.bin | tr -d ' ')" 0 \
    "-n with -o writes the last search (its source at depth 0)"
fails "-n on a graph without edges" 1 "no vertex has an out-edge" \
    sh -c 'printf "0 0\n" >e.el && emogi-convert el e.el e.csr -q && emogi-bfs e.csr -n 2'

# ---- --stats, --verify, --threads ----
runs "--stats" emogi-bfs dia.csr -s 0 --stats --device cpu -o discard.bin
is "$(grep -c '^emogi-bfs: load device=cpu open_seconds=[0-9.]*$' .err)" 1 "--stats: a load line"
is "$(sed -n 's/^emogi-bfs: \(source=0\) seconds=[0-9.]* \(levels=[0-9]* reached=[0-9]* edges_examined=[0-9]*\) gteps=[0-9.]* edge_gbps=[0-9.]* \(component_edges=[0-9]*\) g500_gteps=[0-9.]* \(push_levels=[0-9]* pull_levels=[0-9]*\)$/\1 \2 \3 \4/p' .err)" \
    "source=0 levels=4 reached=5 edges_examined=5 component_edges=5 push_levels=4 pull_levels=0" \
    "--stats: levels, reached, edges examined and component edges of the diamond"
runs "--verify" emogi-bfs diaU.csr -n 3 --verify -o discard.bin
is "$(grep -c '^emogi-bfs: source=[0-9]* verified$' .err)" 3 "--verify confirms each search"
emogi-bfs diaT8.csr -s 0 --threads 1 --text >t1.txt
emogi-bfs diaT8.csr -s 0 --threads 3 --text >t3.txt
same_file t1.txt t3.txt "--threads 1 and 3 agree"
runs "GPU options are accepted and ignored on the CPU" \
    emogi-bfs dia.csr -s 0 --device cpu --mem zerocopy --uvm-advice prefetch --kernel naive

# ---- errors ----
printf '0 499\n' >big.el
emogi-convert el big.el g.csr -q
fails "source out of range" 1 '^emogi-bfs: g\.csr: source 900 out of range \(compact ids 0\.\.499\)$' \
    emogi-bfs g.csr -s 900
fails "missing graph file" 1 '^emogi-bfs: nothere\.csr: ' emogi-bfs nothere.csr -s 0
head -c 5000 dia.csr >cut.csr
fails "truncated graph" 1 '^emogi-bfs: cut\.csr: ' emogi-bfs cut.csr -s 0
fails "unwritable output" 1 '^emogi-bfs: ' emogi-bfs dia.csr -s 0 -o nodir/out.bin
no_files_like "nodir/out.bin*" "nothing left behind"
fails "unknown option" 2 'Try' emogi-bfs dia.csr -s 0 --frobnicate
fails "bad source number" 2 "bad source 'x1'" emogi-bfs dia.csr -s x1
fails "negative source" 2 "bad source" emogi-bfs dia.csr -s -1
fails "neither -s nor -n" 2 "give a source" emogi-bfs dia.csr
fails "both -s and -n" 2 "exclude each other" emogi-bfs dia.csr -s 0 -n 2
fails "-n 0" 2 "bad run count '0'" emogi-bfs dia.csr -n 0
fails "no graph" 2 "no graph given" emogi-bfs -s 0
fails "bad device" 2 "bad device 'tpu'" emogi-bfs dia.csr -s 0 --device tpu
fails "bad kernel" 2 "bad kernel 'fast'" emogi-bfs dia.csr -s 0 --kernel fast
fails "bad placement" 2 "bad memory placement 'disk'" emogi-bfs dia.csr -s 0 --mem disk
fails "bad thread count" 2 "bad thread count '0'" emogi-bfs dia.csr -s 0 --threads 0
# a GPU request must fail clearly where auto picks the CPU (no GPU, or no CUDA)
if emogi-bfs dia.csr -s 0 --stats -o discard.bin 2>&1 | grep -q 'load device=cpu'; then
    fails "--device gpu without a usable GPU" 1 "GPU" emogi-bfs dia.csr -s 0 --device gpu
else
    skip "a GPU is usable here"
fi
# raw arrays are refused on a terminal (script(1) gives the tool one)
if command -v script >/dev/null 2>&1 && script -qc true /dev/null >/dev/null 2>&1; then
    script -qc "emogi-bfs dia.csr -s 0; echo status=\$?" /dev/null >tty.txt 2>&1
    is "$(grep -c 'standard output is a terminal' tty.txt) $(grep -o 'status=[0-9]*' tty.txt)" \
        "1 status=1" "raw depths to a terminal are refused"
else
    skip "script(1) cannot give a terminal here"
fi
runs "--help" emogi-bfs --help

# ---- --direction, --alpha, --beta: same depths whichever way levels go ----
emogi-convert kron -s 11 kr.csr -q
lv() { sed -n "s/^emogi-bfs: source=.* $1=\([0-9]*\).*/\1/p" "$2"; }
for d in push pull auto; do
    emogi-bfs kr.csr -s 1 --device cpu --direction $d --stats -o "kr.$d" 2>"kr.$d.err"
done
same_file kr.push kr.pull "--direction pull gives top-down's depths"
same_file kr.push kr.auto "--direction auto gives top-down's depths"
is "$(lv pull_levels kr.push.err) $(lv push_levels kr.pull.err)" "0 0" \
    "push runs no bottom-up level, pull no top-down one"
ok "$(test "$(lv pull_levels kr.auto.err)" -gt 0 && test "$(lv push_levels kr.auto.err)" -gt 0
      echo $?)" "auto runs both kinds of level on a Kronecker graph"
ok "$(test "$(lv edges_examined kr.auto.err)" -lt "$(lv edges_examined kr.push.err)"; echo $?)" \
    "auto examines fewer edges than push"
# auto goes back top-down only when the frontier's out-lists outweigh the
# in-lists still unreached; gap, by GAP's rule alone, whenever the frontier
# shrinks under 1/18 of the vertices: more bottom-up levels, fewer entries
emogi-bfs kr.csr -s 1 --device cpu --direction gap -o kr.gap
same_file kr.push kr.gap "--direction gap gives top-down's depths"
for d in gap auto; do
    emogi-bfs kr.csr -n 16 --seed 1 --device cpu --direction $d --stats -o "kr16.$d" \
        2>"kr16.$d.err"
done
total() { lv "$1" "$2" | awk '{ s += $1 } END { print s + 0 }'; }
ok "$(test "$(total pull_levels kr16.auto.err)" -gt "$(total pull_levels kr16.gap.err)"
      echo $?)" "auto runs more bottom-up levels than gap over 16 searches of kron 11"
ok "$(test "$(total edges_examined kr16.auto.err)" -lt "$(total edges_examined kr16.gap.err)"
      echo $?)" "... and examines fewer edges"
is "$(lv levels kr16.auto.err | paste -sd' ')" "$(lv levels kr16.gap.err | paste -sd' ')" \
    "... in the same number of levels per search"
emogi-bfs kr.csr -s 1 --device cpu --alpha 1e-9 --stats -o kr.a 2>kr.a.err
is "$(lv pull_levels kr.a.err)" 0 "a tiny --alpha never leaves top-down"
emogi-bfs kr.csr -s 1 --device cpu --alpha 1e12 --beta 1e-9 --stats -o kr.b 2>kr.b.err
is "$(lv push_levels kr.b.err)" 0 "a huge --alpha goes bottom-up from the start, a tiny --beta stays"
same_file kr.push kr.b "... with the same depths"
emogi-bfs diaT8.csr -s 0 --device cpu --direction pull -o pull.bin
same_file pull.bin stdout.bin "pull reads a directed graph's stored transpose"
fails "pull without a transpose" 1 "needs in-edges.*--transpose" \
    emogi-bfs dia.csr -s 0 --device cpu --direction pull
fails "bad --direction" 2 "bad --direction 'sideways'" emogi-bfs dia.csr -s 0 --direction sideways
fails "--alpha 0" 2 "bad --alpha '0'" emogi-bfs dia.csr -s 0 --alpha 0
fails "--beta not a number" 2 "bad --beta 'x'" emogi-bfs dia.csr -s 0 --beta x
fails "bad --first-ids" 2 "bad --first-ids 'maybe' \\(on, off\\)" \
    emogi-bfs dia.csr -s 0 --first-ids maybe
emogi-bfs kr.csr -s 1 --device cpu --first-ids off -o kr.off
same_file kr.push kr.off "--first-ids off (a GPU placement's) changes nothing on the CPU"

# ---- EMOGI_TRACE_LEVELS: a line per level, its finds by hand ----
levels() { sed -n 's/.*: level level=\([0-9]*\) direction=\([a-z-]*\) found=\([0-9]*\) .*/\1:\2:\3/p' "$1" | tr '\n' ' '; }
EMOGI_TRACE_LEVELS=1 emogi-bfs dia.csr -s 5 --device cpu -o discard.bin 2>trace.txt
is "$(levels trace.txt)" "0:top-down:1 1:top-down:2 2:top-down:1 3:top-down:1 4:top-down:0 " \
    "EMOGI_TRACE_LEVELS: each level's finds, top-down (directed, from 5)"
EMOGI_TRACE_LEVELS=1 emogi-bfs diaU.csr -s 5 --device cpu --direction pull -o discard.bin 2>trace.txt
is "$(levels trace.txt)" \
    "0:bottom-up:1 1:bottom-up:2 2:bottom-up:1 3:bottom-up:1 4:bottom-up:0 " \
    "EMOGI_TRACE_LEVELS: each level's finds, bottom-up (undirected, from 5)"
finish
