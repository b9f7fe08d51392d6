#!/bin/sh
# pagerank_cpu.sh - emogi-pagerank on the CPU, both methods, against
# answers known without it: a directed cycle (uniform 1/n), a symmetric
# star (closed form), graphs with dangling vertices (exact solution by
# Gaussian elimination in awk), random graphs (an awk power iteration);
# then Gauss-Seidel against Jacobi, Jacobi's reproducibility, the options,
# and usage errors; --weighted against the exact weighted solution
# (integer and float weights, a zero weight, dangling vertices, stored,
# built and compressed in-edges, undirected) and its errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/lib/pagerank_awk.sh"

plan 119

pr() { emogi-pagerank --device cpu "$@"; }
prj() { emogi-pagerank --device cpu --method jacobi "$@"; }

# Largest |difference| between "vertex value" files.
max_diff() {
    awk 'NR == FNR { a[$1] = $2; next } { x = $2 - a[$1]; if (x < 0) x = -x; if (x > m) m = x }
         END { printf "%.3g\n", m + 0 }' "$1" "$2"
}

# --- the graphs, and the answers computed in awk ---
awk 'BEGIN { for (i = 0; i < 7; i++) print i, (i + 1) % 7 }' >cycle.el
runs "cycle: convert" emogi-convert el cycle.el cycle.csr --directed -q
printf '0 1\n0 2\n1 2\n3 0\n3 5\n4 3\n4 0\n1 4\n' >dang.el
runs "dangling: convert" emogi-convert el dang.el dang.csr --directed -q
runs "dangling: convert with transpose" emogi-convert el dang.el dangt.csr --directed --transpose -q
pr_exact 6 0.85 "" <dang.el >dang.want
awk 'BEGIN { srand(7); n = 60; for (i = 0; i < 150; i++) print int(rand() * n), int(rand() * n); print 59, 0 }' \
    >rnd.el
runs "random directed 60: convert" emogi-convert el rnd.el rnd.csr --directed -q
pr_exact 60 0.85 "" <rnd.el >rnd.want
awk 'BEGIN { srand(11); n = 300; for (i = 0; i < 900; i++) print int(rand() * n), int(rand() * n); print 299, 1 }' \
    >big.el
runs "random undirected 300: convert" emogi-convert el big.el big.csr --undirected -q
runs "random undirected 300: convert, 8-byte ids" emogi-convert el big.el big8.csr --undirected --id-width 8 -q
pr_power 300 0.85 200 u <big.el >big.want

# The same answers from each method (m).
answers() {
    # --- a directed cycle: every vertex gets 1/n ---
    pr --method "$m" cycle.csr --text --tolerance 1e-14 >cycle.txt 2>cycle.err
    is "$(awk '{ x = $2 - 1 / 7; if (x < 0) x = -x; if (x > 1e-15) bad++ } END { print NR, bad + 0 }' cycle.txt)" \
        "7 0" "$m: cycle of 7: every rank is 1/7"

    # --- a symmetric star: hub h = (1 + d k) / (n (1 + d)), leaf (1-d)/n + d h / k ---
    star_check() { # K D
        awk -v k="$1" 'BEGIN { for (i = 1; i <= k; i++) print 0, i }' >star.el
        emogi-convert el star.el star.csr --undirected -q 2>/dev/null
        pr --method "$m" star.csr --damping "$2" --tolerance 1e-13 --max-iterations 1000 --text >star.txt
        awk -v k="$1" -v d="$2" 'BEGIN { n = k + 1; h = (1 + d * k) / (n * (1 + d));
            l = (1 - d) / n + d * h / k; printf "0 %.17g\n", h
            for (i = 1; i <= k; i++) printf "%d %.17g\n", i, l }' >star.want
        max_diff star.txt star.want
    }
    got=$(star_check 50 0.85)
    at_most "$got" 1e-12 "$m: star of 50 leaves, d=0.85: closed form (max diff $got)"
    got=$(star_check 9 0.5)
    at_most "$got" 1e-12 "$m: star of 9 leaves, --damping 0.5: closed form (max diff $got)"

    # --- dangling vertices: 2 and 5 have no out-edges; 5 has no in-edges but from 3 ---
    pr --method "$m" dang.csr --tolerance 1e-14 --max-iterations 1000 --text >dang.txt
    got=$(max_diff dang.txt dang.want)
    at_most "$got" 1e-12 "$m: dangling graph: exact solution (max diff $got)"
    is "$(awk '{ s += $2 } END { printf "%.12f", s }' dang.txt)" "1.000000000000" "$m: dangling graph: ranks sum to 1"
    pr --method "$m" dang.csr -o dang.bin
    pr --method "$m" dangt.csr -o dangt.bin
    same_file dang.bin dangt.bin "$m: stored transpose and in-memory in-edges give identical ranks"

    # --- random graphs: the exact solution, and an awk power iteration ---
    pr --method "$m" rnd.csr --tolerance 1e-13 --max-iterations 1000 --text >rnd.txt
    got=$(max_diff rnd.txt rnd.want)
    at_most "$got" 1e-12 "$m: random directed graph: exact solution (max diff $got)"

    pr --method "$m" big.csr --text >big.txt
    got=$(l1_between big.txt big.want)
    # Stopping at L1 change T leaves at most d/(1-d) T = 5.67e-4 to go.
    at_most "$got" 5.7e-4 "$m: random undirected graph at the default tolerance: L1 $got from the power iteration"
    pr --method "$m" big.csr --tolerance 1e-12 --max-iterations 1000 --text >bigt.txt
    got=$(l1_between bigt.txt big.want)
    at_most "$got" 1e-10 "$m: same at tolerance 1e-12: L1 $got"
    pr --method "$m" big.csr -o big4.bin
    pr --method "$m" big8.csr -o big8.bin
    same_file big4.bin big8.bin "$m: 4- and 8-byte ids give identical ranks"
}
for m in gauss-seidel jacobi; do
    answers
done

# --- Gauss-Seidel against Jacobi at the default tolerance T = 1e-4: both
# fixed points within it (one more iteration moves each by at most T),
# and each within d/(1-d) T = 5.67e-4 of the exact ranks, so within
# 1.14e-3 of each other.  Closer agreement is the graph's luck: the
# random graph awk's rand() makes on another host (another mawk) once
# put them 2.7e-4 apart.  Kron 14 has enough vertices for the threads to
# share a sweep, so their timing matters there ---
emogi-convert kron -s 12 kron.csr -q
emogi-convert kron -s 14 kron14.csr -q
emogi-convert kron -s 12 --directed kdir.csr -q
emogi-convert kron -s 12 --directed --transpose kdirt.csr -q
star_graph() { # K: star.csr
    awk -v k="$1" 'BEGIN { for (i = 1; i <= k; i++) print 0, i }' >star.el
    emogi-convert el star.el star.csr --undirected -q 2>/dev/null
}
star_graph 50
for g in cycle star dang dangt rnd big big8 kron kron14 kdir kdirt; do
    for t in 1 3; do
        pr "$g.csr" --method gauss-seidel --threads $t -o "gs.bin" 2>/dev/null
        prj "$g.csr" -o "jac.bin" 2>/dev/null
        runs "$g, $t threads: Gauss-Seidel ranks pass emogi-verify" \
            emogi-verify pagerank "$g.csr" gs.bin
        runs "$g, $t threads: Gauss-Seidel ranks within 2 d/(1-d) T of Jacobi's" \
            emogi-verify pagerank "$g.csr" gs.bin --compare jac.bin --tolerance 1.14e-3
    done
done
pr kron14.csr --method gauss-seidel --stats -o discard.bin 2>gs.err
prj kron14.csr --stats -o discard.bin 2>jac.err
igs=$(sed -n 's/.*iterations=\([0-9]*\) .*/\1/p' gs.err)
ij=$(sed -n 's/.*iterations=\([0-9]*\) .*/\1/p' jac.err)
[ "$igs" -lt "$ij" ]
ok $? "kron 14: Gauss-Seidel takes fewer iterations than Jacobi ($igs < $ij)"
pr kron14.csr --precision float32 -o gs32.bin
runs "kron 14: Gauss-Seidel float32 (float32 contributions) passes emogi-verify" \
    emogi-verify pagerank kron14.csr gs32.bin --precision float32
pr kron14.csr --precision float32 --text >gs32.txt
prj kron14.csr --text >jac.txt
got=$(l1_between gs32.txt jac.txt)
at_most "$got" 1e-4 "kron 14: Gauss-Seidel float32 within the tolerance of Jacobi float64 (L1 $got)"
got=$(awk '{ s += $2 } END { x = s - 1; printf "%.3g", x < 0 ? -x : x }' gs32.txt)
at_most "$got" 1e-6 "Gauss-Seidel float32 ranks sum to 1, up to float32 rounding (off by $got)"

# --- Jacobi: reproducible, whatever the thread count ---
prj kron.csr --threads 1 -o k1.bin
prj kron14.csr --threads 1 -o k141.bin
prj kron14.csr --threads 2 -o k142.bin
prj kron14.csr --threads 3 -o k143.bin
same_file k141.bin k142.bin "jacobi, kron 14: 1 and 2 threads give identical ranks"
same_file k141.bin k143.bin "jacobi, kron 14: 1 and 3 threads give identical ranks"
runs "kron 12: emogi-verify pagerank accepts the ranks" emogi-verify pagerank kron.csr k1.bin
runs "kron 12: --verify, both methods" sh -c \
    'emogi-pagerank --device cpu kron.csr --verify -o discard.bin &&
     emogi-pagerank --device cpu --method jacobi kron.csr --verify -o discard.bin'
is "$(wc -c <k1.bin | tr -d ' ')" "$((4096 * 8))" "float64: 8 bytes per vertex"

# --- precision ---
pr kron.csr --precision float32 -o k32.bin
is "$(wc -c <k32.bin | tr -d ' ')" "$((4096 * 4))" "float32: 4 bytes per vertex"
prj kron.csr --precision float32 --text >k32.txt
prj kron.csr --text >k64.txt
got=$(awk 'NR == FNR { a[$1] = $2; next } { x = ($2 - a[$1]) / (a[$1] > 0 ? a[$1] : 1); if (x < 0) x = -x; if (x > m) m = x }
           END { printf "%.3g\n", m + 0 }' k64.txt k32.txt)
at_most "$got" 6e-8 "jacobi: float32 ranks are the float64 ones rounded (rel. $got)"
runs "float32: emogi-verify pagerank --precision float32" emogi-verify pagerank kron.csr k32.bin --precision float32

# --- stopping, and --stats ---
pr kron.csr --stats -o discard.bin 2>stats.err
grep -q 'iterations=[0-9]* converged=1 seconds=[0-9.]* seconds_per_iteration=[0-9.]* delta=[0-9.e-]* edges_read=[0-9]* geps=[0-9.]* edge_gbps=[0-9.]*' stats.err
ok $? "--stats: iterations, time, time per iteration, change, edge rates"
it=$(sed -n 's/.*iterations=\([0-9]*\) .*/\1/p' stats.err)
ne=$(emogi-info kron.csr 2>&1 | sed -n 's/.*edges[ =:]*\([0-9][0-9]*\).*/\1/p' | head -n 1)
is "$(sed -n 's/.*edges_read=\([0-9]*\) .*/\1/p' stats.err)" "$((it * ne))" "--stats: every edge read once per iteration"
prj kron.csr --stats -o discard.bin 2>jstats.err
itj=$(sed -n 's/.*iterations=\([0-9]*\) .*/\1/p' jstats.err)
is "$(sed -n 's/.* edges_examined=\([0-9]*\)$/\1/p' jstats.err)" "$((itj * ne))" \
    "--stats: jacobi examines every in-edge once per iteration"
pr kron.csr --max-iterations 3 --stats -o discard.bin 2>cap.err
grep -q 'iterations=3 converged=0' cap.err && grep -q 'warning: not converged after 3 iterations' cap.err
ok $? "--max-iterations 3: stops, says it did not converge"
pr kron.csr --tolerance 1e-3 --stats -o discard.bin 2>t3.err
i3=$(sed -n 's/.*iterations=\([0-9]*\) .*/\1/p' t3.err)
[ "$i3" -lt "$it" ]
ok $? "a looser tolerance takes fewer iterations ($i3 < $it)"

# --- a single vertex, no edges: rank 1 ---
printf '0 0\n' >one.el
emogi-convert el one.el one.csr --directed -q 2>/dev/null
is "$(pr one.csr --text)" "0 1" "one vertex, no edges: rank 1"

# --- --weighted: weights as transition probabilities.  Vertex 3's one
# out-edge has weight 0, so it is dangling; 4 has no in-edges, 5 no
# edges at all; uneven integer weights, and float ones ---
printf '0 1 1\n0 2 3\n1 2 2\n2 0 1\n2 3 5\n3 1 0\n4 2 7\n1 4 4\n' >w.el
printf '0 1 0.5\n0 2 2.25\n1 2 1\n2 0 0.125\n2 3 3\n3 1 0\n4 2 7.5\n1 4 4\n' >wf.el
emogi-convert wel w.el w.csr -q --vertices 6
emogi-convert wel w.el wt.csr -q --vertices 6 --transpose
emogi-convert wel w.el wc.csr -q --vertices 6 --compress
emogi-convert wel w.el wct.csr -q --vertices 6 --transpose --compress
emogi-convert wel wf.el wf.csr -q --vertices 6
pr_exact 6 0.85 "" w <w.el >w.want
pr_exact 6 0.85 "" w <wf.el >wf.want
# undirected: no edge given both ways (emogi-convert would combine their weights)
printf '0 1 1\n0 2 3\n1 2 2\n2 3 5\n3 4 0.5\n4 5 2\n' >wu.el
emogi-convert wel wu.el wu.csr -q --undirected
pr_exact 6 0.85 u w <wu.el >wu.want
for m in gauss-seidel jacobi; do
    for g in w wt wc wct wf wu; do
        want=$g.want
        case $g in w*t | wc) want=w.want ;; esac
        pr --method "$m" --weighted $g.csr --tolerance 1e-14 --max-iterations 1000 --text >$g.txt
        got=$(max_diff $g.txt $want)
        at_most "$got" 1e-12 "$m --weighted, $g: exact weighted solution (max diff $got)"
    done
done
prj --weighted w.csr -o w.bin
prj --weighted wt.csr -o wt.bin
prj --weighted wct.csr -o wct.bin
same_file w.bin wt.bin "--weighted: stored transpose and built in-edges give identical ranks"
same_file w.bin wct.bin "--weighted: compressed lists give the plain file's ranks"
prj w.csr --text >wun.txt
pr_exact 6 0.85 "" <w.el >wun.want
got=$(max_diff wun.txt wun.want)
at_most "$got" 1e-4 "without --weighted the weights are ignored (max diff $got from the unweighted solution)"
got=$(max_diff wun.txt w.want)
awk -v x="$got" 'BEGIN { exit !(x > 0.01) }'
ok $? "... and the weighted ranks differ from them (max diff $got)"
# weights all 1: the unweighted ranks
awk '{ print $1, $2, 1 }' rnd.el >rnd1.el
emogi-convert wel rnd1.el rnd1.csr -q --vertices 60
prj --weighted rnd1.csr --tolerance 1e-13 --max-iterations 1000 --text >rnd1.txt
got=$(max_diff rnd1.txt rnd.want)
at_most "$got" 1e-12 "--weighted, every weight 1: the unweighted solution (max diff $got)"
pr --weighted w.csr --verify -o discard.bin 2>wv.err
ok $? "--weighted --verify passes"
prj --weighted wf.csr --tolerance 1e-10 -o wf.bin
runs "emogi-verify pagerank --weighted accepts weighted ranks" \
    emogi-verify pagerank wf.csr wf.bin --weighted --tolerance 1e-9
fails "emogi-verify pagerank without --weighted rejects them" 1 "not a fixed point" \
    emogi-verify pagerank wf.csr wf.bin --tolerance 1e-9
echo keep >kept.bin
fails "--weighted on a graph without weights: exit 1, says so" 1 \
    "dang.csr: the graph has no weights" pr --weighted dang.csr -o kept.bin
is "$(cat kept.bin)" "keep" "... and the existing output survives"
printf '0 1 -1.5\n1 0 1\n' >neg.el
emogi-convert wel neg.el neg.csr -q
fails "--weighted: a negative weight refused, naming the vertex" 1 \
    "neg.csr: vertex 0's out-edge weights" pr --weighted neg.csr -o neg.bin
no_files_like "neg.bin" "... and no output is left"
fails "emogi-verify pagerank --weighted: a graph without weights" 1 "has no weights" \
    emogi-verify pagerank dang.csr dang.bin --weighted

# --- usage errors ---
fails "--damping 1 refused" 2 'bad damping' pr kron.csr --damping 1
fails "--tolerance -1 refused" 2 'bad tolerance' pr kron.csr --tolerance -1
fails "--max-iterations 0 refused" 2 'bad iteration cap' pr kron.csr --max-iterations 0
fails "--precision float16 refused" 2 'bad precision' pr kron.csr --precision float16
fails "--method power refused" 2 'bad method' pr kron.csr --method power
fails "--source refused: every vertex gets a rank" 2 'do not apply' pr kron.csr --source 0
finish
