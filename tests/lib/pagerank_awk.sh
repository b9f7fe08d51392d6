# shellcheck shell=sh
# pagerank_awk.sh - PageRank computed in awk, independently of emogi, for
# the tests to compare with; sourced after tap.sh.  Edges are "u v" lines;
# duplicates and self-loops are dropped (as emogi-convert does); UNDIR
# non-empty stores each edge both ways.  Dangling rank is spread over all
# vertices.  Output: "vertex rank" lines.

# pr_exact N D UNDIR [WEIGHTED] < EDGES: solve (I - d M) r = (1-d)/n by
# Gaussian elimination with partial pivoting, M[v][u] = 1/outdeg(u) for
# u -> v and 1/n for every v when u is dangling.  WEIGHTED non-empty: the
# edges are "u v w" lines and M[v][u] = w / (u's out-weights' sum), u
# dangling when that sum is 0 (networkx's pagerank(weight='weight')).
# For small N only.
pr_exact() {
    awk -v n="$1" -v d="$2" -v undir="$3" -v weighted="${4:-}" '
    function add(u, v, w) { if (u != v && !((u, v) in seen)) { seen[u, v] = 1; deg[u] += w; src[++m] = u; dst[m] = v; wt[m] = w } }
    { w = weighted != "" ? $3 : 1; add($1, $2, w); if (undir != "") add($2, $1, w) }
    END {
        for (i = 0; i < n; i++) { for (j = 0; j < n; j++) A[i, j] = (i == j); b[i] = (1 - d) / n }
        for (e = 1; e <= m; e++) if (deg[src[e]] > 0) A[dst[e], src[e]] -= d * wt[e] / deg[src[e]]
        for (u = 0; u < n; u++) if (!deg[u]) for (v = 0; v < n; v++) A[v, u] -= d / n
        for (c = 0; c < n; c++) {
            p = c
            for (i = c + 1; i < n; i++) if ((A[i, c] < 0 ? -A[i, c] : A[i, c]) > (A[p, c] < 0 ? -A[p, c] : A[p, c])) p = i
            if (p != c) { for (j = 0; j < n; j++) { t = A[c, j]; A[c, j] = A[p, j]; A[p, j] = t } t = b[c]; b[c] = b[p]; b[p] = t }
            for (i = c + 1; i < n; i++) {
                f = A[i, c] / A[c, c]
                if (f != 0) { for (j = c; j < n; j++) A[i, j] -= f * A[c, j]; b[i] -= f * b[c] }
            }
        }
        for (i = n - 1; i >= 0; i--) {
            s = b[i]
            for (j = i + 1; j < n; j++) s -= A[i, j] * x[j]
            x[i] = s / A[i, i]
        }
        for (i = 0; i < n; i++) printf "%d %.17g\n", i, x[i]
    }'
}

# pr_power N D ITERATIONS UNDIR < EDGES: the power iteration, pushing along
# out-edges, from 1/n.
pr_power() {
    awk -v n="$1" -v d="$2" -v iters="$3" -v undir="$4" '
    function add(u, v) { if (u != v && !((u, v) in seen)) { seen[u, v] = 1; deg[u]++; src[++m] = u; dst[m] = v } }
    { add($1, $2); if (undir != "") add($2, $1) }
    END {
        for (v = 0; v < n; v++) r[v] = 1 / n
        for (it = 0; it < iters; it++) {
            dang = 0
            for (v = 0; v < n; v++) { next_r[v] = 0; if (!deg[v]) dang += r[v] }
            for (e = 1; e <= m; e++) next_r[dst[e]] += r[src[e]] / deg[src[e]]
            for (v = 0; v < n; v++) r[v] = (1 - d) / n + d * (dang / n + next_r[v])
        }
        for (v = 0; v < n; v++) printf "%d %.17g\n", v, r[v]
    }'
}

# l1_between A B: L1 distance of two "vertex value" files of the same vertices.
l1_between() {
    awk 'NR == FNR { a[$1] = $2; next } { s += ($2 > a[$1] ? $2 - a[$1] : a[$1] - $2); n++ }
         END { printf "%.3g\n", s }' "$1" "$2"
}

# at_most X LIMIT DESCRIPTION: a test that the number X is at most LIMIT.
at_most() {
    if awk -v x="$1" -v lim="$2" 'BEGIN { exit !(x + 0 <= lim + 0) }'; then ok 0 "$3"; else
        ok 1 "$3"; diag "got $1, more than $2"; fi
}
