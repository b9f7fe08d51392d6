#!/bin/sh
# medium_gpu.sh - lists longer than MEDIUM (1024) entries side by side, as
# in a degree-ordered file: the frontier kernels (BFS top-down, SSSP, CC)
# set them aside and serve them whole, a list per grab, after the hubs'
# pieces (kernels/cuda/common.cuh, "Medium lists"); PageRank reads them in
# its chunks, as before, and is checked on the same graphs.
#
# A comb: K hubs 0..K-1 in a path (weight 100 a step), hub 0 with 40 000
# leaves (a hub cut into pieces), every other with 1 100 (medium lists in
# consecutive chunks), leaf j weighing j % 7 + 1.  From hub 0, BFS depths
# (top-down and the default), SSSP distances (weighted and unit) and CC
# labels must be the ones worked out here by awk; PageRank must be the
# CPU backend's within its tolerance.  Then a Kronecker graph after
# --reorder degree: every GPU answer the CPU backend's.  Plain and
# compressed files, in device memory and over the link (zero-copy); each
# result also passes emogi-verify.
# Skipped, with the reason, where no GPU is usable.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1) || skip_all "no CUDA device: $why"

K=96 L0=40000 L=1100 tol=1e-6
mems="device zerocopy"

# The comb's edges and, from hub 0, each vertex's depth and distance.
awk -v K=$K -v L0=$L0 -v L=$L 'BEGIN {
    for (h = 0; h + 1 < K; h++) print h, h + 1, 100
    v = K
    for (h = 0; h < K; h++)
        for (j = 0; j < (h ? L : L0); j++) print h, v++, j % 7 + 1
}' >comb.wel
awk -v K=$K -v L0=$L0 -v L=$L 'BEGIN {
    for (h = 0; h < K; h++) {
        print h, h >"depth.want"; print h, 100 * h >"dist.want"; print h, 0 >"label.want"
    }
    v = K
    for (h = 0; h < K; h++)
        for (j = 0; j < (h ? L : L0); j++) {
            print v, h + 1 >"depth.want"; print v, 100 * h + j % 7 + 1 >"dist.want"
            print v++, 0 >"label.want"
        }
}'

plan $((4 + 2 * 2 * 7 + 2 * 2 * 5))

runs "comb: convert" emogi-convert wel comb.wel comb.csr --undirected -q
runs "comb: convert, compressed" emogi-convert wel comb.wel combc.csr --undirected --compress -q
runs "kron 15, degree order: convert" \
    emogi-convert kron -s 15 --undirected --weights random:1:60 --reorder degree kd.csr -q
runs "kron 15, degree order: convert, compressed" \
    emogi-convert kron -s 15 --undirected --weights random:1:60 --reorder degree --compress \
    kdc.csr -q

# text TOOL GRAPH MEM OPTIONS...: the GPU's --text answer, sorted, in got
text() {
    tool=$1 g=$2 m=$3; shift 3
    "emogi-$tool" "$g" --device gpu --mem "$m" --text "$@" -o got.txt 2>err.txt &&
        sort -n got.txt >got
}

# known DESC WANT TOOL GRAPH MEM OPTIONS...: the GPU's answer is WANT's
known() {
    what=$1 want=$2; shift 2
    if ! text "$@"; then
        ok 1 "$what"; sed 's/^/# /' err.txt | head -5; return
    fi
    if ! cmp -s "$want" got; then
        ok 1 "$what"; diag "differs from the worked-out answer:"; diff "$want" got | head -4 |
            sed 's/^/# /'; return
    fi
    ok 0 "$what"
}

# as_cpu DESC TOOL GRAPH MEM OPTIONS...: the GPU's raw answer is the CPU's,
# byte for byte (PageRank: within the tolerance), and passes emogi-verify
as_cpu() {
    what=$1 tool=$2 g=$3 m=$4; shift 4
    cpu= # the CPU's PageRank as the GPU iterates
    [ "$tool" = pagerank ] && cpu="--method jacobi"
    # shellcheck disable=SC2086 # an option and its value
    if ! "emogi-$tool" "$g" --device cpu $cpu "$@" -o cpu.bin 2>err.txt; then
        ok 1 "$what: CPU"; sed 's/^/# /' err.txt | head -5; return
    fi
    if ! "emogi-$tool" "$g" --device gpu --mem "$m" "$@" -o gpu.bin 2>err.txt; then
        ok 1 "$what"; sed 's/^/# /' err.txt | head -5; return
    fi
    vopts=
    case $tool in
    pagerank) vopts="--tolerance $tol --compare cpu.bin" ;;
    *) if ! cmp -s cpu.bin gpu.bin; then
        ok 1 "$what"; diag "differs from --device cpu:"; cmp cpu.bin gpu.bin 2>&1 | head -2 |
            sed 's/^/# /'; return
    fi ;;
    esac
    case $tool in
    bfs | sssp) vopts=$(echo " $* " | sed -n 's/.* \(-s [0-9]*\) .*/\1/p') ;;
    esac
    case " $* " in *" --unit-weights "*) vopts="$vopts --unit-weights" ;; esac
    # shellcheck disable=SC2086 # options and their values
    if ! emogi-verify "$tool" "$g" $vopts gpu.bin >/dev/null 2>err.txt; then
        ok 1 "$what"; diag "emogi-verify $tool:"; sed 's/^/# /' err.txt | head -5; return
    fi
    ok 0 "$what"
}

for g in comb.csr combc.csr; do
    for m in $mems; do
        d="$g, $m"
        known "$d: BFS top-down" depth.want bfs "$g" "$m" -s 0 --direction push
        known "$d: BFS" depth.want bfs "$g" "$m" -s 0
        known "$d: SSSP" dist.want sssp "$g" "$m" -s 0
        known "$d: SSSP, unit weights" depth.want sssp "$g" "$m" -s 0 --unit-weights
        known "$d: CC" label.want cc "$g" "$m"
        known "$d: CC, label propagation" label.want cc "$g" "$m" --algorithm lp
        as_cpu "$d: PageRank" pagerank "$g" "$m" --tolerance $tol --max-iterations 300
    done
done

# a source in the largest component, with out-edges
src=$(emogi-bfs kd.csr -n 1 --seed 2 --device cpu --stats 2>&1 >/dev/null |
    sed -n 's/^emogi-bfs: source=\([0-9]*\) .*/\1/p' | head -n 1)
for g in kd.csr kdc.csr; do
    for m in $mems; do
        d="$g, $m"
        as_cpu "$d: BFS top-down from $src" bfs "$g" "$m" -s "$src" --direction push
        as_cpu "$d: BFS from $src" bfs "$g" "$m" -s "$src"
        as_cpu "$d: SSSP from $src" sssp "$g" "$m" -s "$src"
        as_cpu "$d: CC" cc "$g" "$m"
        as_cpu "$d: PageRank" pagerank "$g" "$m" --tolerance $tol --max-iterations 300
    done
done
