#!/bin/sh
# emogi-sssp's default --delta (kernels/cpu/sssp_weights.c) on graphs that
# barely branch: a long path takes few steps (at most about 1024 buckets,
# not a step per vertex), a grid gets about half its mean weight, and on
# every shape the distances equal those of explicit deltas.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 11

# a weighted undirected path of N vertices, weights 1..HI
path() { awk -v n="$1" -v hi="$2" 'BEGIN { srand(7); for (i = 0; i < n - 1; i++)
    printf "%d %d %d\n", i, i + 1, 1 + int(rand() * hi) }'; }
# an S x S grid, weights 1..HI
grid() { awk -v s="$1" -v hi="$2" 'BEGIN { srand(8); for (r = 0; r < s; r++) for (c = 0; c < s; c++) {
    v = r * s + c
    if (c + 1 < s) printf "%d %d %d\n", v, v + 1, 1 + int(rand() * hi)
    if (r + 1 < s) printf "%d %d %d\n", v, v + s, 1 + int(rand() * hi) } }'; }

stat() { sed -n "s/.*[ :]$1=\([0-9.e+]*\).*/\1/p" "$2" | head -n 1; }

path 150000 100 >p.wel
grid 120 100 >g.wel
for f in p g; do
    emogi-convert wel $f.wel $f.csr --undirected -q || { echo "Bail out! emogi-convert $f.wel"; exit 1; }
done

# the path: the default spans many hops, so the steps stay few
emogi-sssp p.csr -s 0 --device cpu --threads 2 --stats -o p0.bin 2>p.err
d=$(stat delta p.err) it=$(stat iterations p.err)
ok "$([ "${d%.*}" -ge 5000 ] && echo 0 || echo 1)" "path: default delta $d spans many hops"
ok "$([ "${it:-999999}" -le 2000 ] && echo 0 || echo 1)" "path: $it steps (of 150000 vertices)"
emogi-sssp p.csr -s 0 --device cpu --threads 2 --delta 1 -o p1.bin 2>/dev/null
same_file p0.bin p1.bin "path: the default's distances as delta 1's"
emogi-sssp p.csr -s 75000 --device cpu --threads 1 -o pm.bin 2>/dev/null &&
    emogi-sssp p.csr -s 75000 --device cpu --threads 2 --delta 1000000000 -o pw.bin 2>/dev/null
same_file pm.bin pw.bin "path from the middle: the default as one bucket"

# the grid (branching 3): half the mean weight, within the range that
# neither takes a step per distance nor repeats much work
emogi-sssp g.csr -s 0 --device cpu --stats -o g0.bin 2>g.err
d=$(stat delta g.err)
ok "$([ "${d%.*}" -ge 10 ] && [ "${d%.*}" -le 100 ] && echo 0 || echo 1)" "grid: default delta $d"
for x in 1 7 100000; do
    emogi-sssp g.csr -s 0 --device cpu --delta $x -o gx.bin 2>/dev/null
    same_file g0.bin gx.bin "grid: the default's distances as delta $x's"
done

# a power-law graph keeps the narrow width of its smallest weights
emogi-convert kron -s 12 --weights random:1:255 k.csr -q || { echo "Bail out! emogi-convert kron"; exit 1; }
emogi-sssp k.csr -s 0 --device cpu --stats -o k0.bin 2>k.err
d=$(stat delta k.err)
ok "$([ "${d%.*}" -le 4 ] && echo 0 || echo 1)" "kron: default delta $d"
emogi-sssp k.csr -s 0 --device cpu --delta 300 -o kx.bin 2>/dev/null
same_file k0.bin kx.bin "kron: the default's distances as delta 300's"
emogi-sssp k.csr -s 0 --device cpu --delta 1 -o k1.bin 2>/dev/null
same_file k0.bin k1.bin "kron: the default's distances as delta 1's"
