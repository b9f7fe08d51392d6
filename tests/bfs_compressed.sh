#!/bin/sh
# emogi-bfs and emogi-verify bfs on compressed neighbour lists: a graph
# whose depths and parents are worked by hand, then test graphs converted
# plain and with --compress (undirected kron, directed with and without a
# stored transpose, 4- and 8-byte ids) give byte for byte the depths and
# parents the plain file gives, in every direction mode, and both checks
# pass; where a GPU is usable, it gives the same depths.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
plan 40
conv() { emogi-convert "$@" -q; }

# ---- by hand: a tail 5 -> 0 -> 1 into the cycle 1 -> 2 -> 3 -> 1, and 3 -> 4 ----
printf '5 0\n0 1\n1 2\n2 3\n3 1\n3 4\n' >cycle.el
for w in 4 8; do
    conv el cycle.el cyc.csr --directed --transpose --id-width $w --compress
    emogi-bfs cyc.csr -s 5 --text --device cpu -o d.txt --parents p.txt 2>bfs.err
    is "$(awk '{printf "%s ", $2}' d.txt)" "1 2 3 4 5 0 " \
        "hand depths of a compressed directed graph from 5 ($w-byte ids)"
    is "$(awk '{printf "%s ", $2}' p.txt)" "5 0 1 2 3 5 " \
        "hand parents of a compressed directed graph from 5 ($w-byte ids)"
done
conv el cycle.el cycu.csr --undirected --compress
emogi-bfs cycu.csr -s 0 --text --device cpu -o d.txt --parents p.txt 2>bfs.err
is "$(awk '{printf "%s ", $2}' d.txt)" "0 1 2 2 3 1 " "hand depths of a compressed undirected graph"
is "$(awk '{printf "%s ", $2}' p.txt)" "0 0 1 1 3 0 " "hand parents of a compressed undirected graph"

# ---- plain against compressed ----
# same NAME SOURCE BFS-OPTIONS...: NAME.csr and NAME.c.csr searched from
# SOURCE give identical depths and parents; --verify and emogi-verify pass.
same() {
    name=$1 src=$2; shift 2
    for f in "$name" "$name.c"; do
        emogi-bfs "$f.csr" -s "$src" --device cpu --verify -o "$f.d" --parents "$f.p" "$@" \
            2>"$f.err" || diag "emogi-bfs $f.csr: $(cat "$f.err")"
    done
    desc="$name from $src${*:+ ($*)}"
    if cmp -s "$name.d" "$name.c.d" && cmp -s "$name.p" "$name.c.p" && [ -s "$name.d" ]; then
        ok 0 "$desc: compressed lists give the plain file's depths and parents"
    else
        ok 1 "$desc: compressed lists give the plain file's depths and parents"
    fi
    grep -q "^emogi-bfs: source=$src verified$" "$name.c.err"
    ok $? "$desc: --verify passes on the compressed file"
    emogi-verify bfs "$name.c.csr" -s "$src" "$name.c.d" 2>v.err
    ok $? "$desc: emogi-verify bfs passes on the compressed file"
}

# both NAME CONVERT-ARGS...: a plain and a compressed conversion
both() {
    name=$1; shift
    conv "$@" "$name.csr" && conv "$@" "$name.c.csr" --compress ||
        diag "conversion of $name failed"
}

both kron4 kron -s 12
both kron8 kron -s 12 --id-width 8
for d in auto push pull; do
    same kron4 0 --direction "$d"
done
same kron8 7 --direction auto
same kron8 7 --direction pull
both cnrt webgraph "$DATA/webgraph/cnr-2000" --transpose
both cnr8 webgraph "$DATA/webgraph/cnr-2000" --id-width 8
for d in auto pull; do
    same cnrt 0 --direction "$d"
done
same cnr8 0
both urand urand -s 11 --directed
same urand 3
both urandt urand -s 11 --directed --transpose --id-width 8
same urandt 3

# a bad result is still caught on a compressed file: depth 1 moved to 2
emogi-bfs kron4.c.csr -s 0 --device cpu -o good.d 2>/dev/null
v=$(od -An -tu4 -v good.d | awk '{ for (i = 1; i <= NF; i++) if ($i == 1) { print n; exit } else n++ }')
cp good.d bad.d
printf '\002' | dd of=bad.d bs=1 seek=$((v * 4)) conv=notrunc 2>/dev/null
fails "emogi-verify bfs rejects wrong depths on a compressed file" 1 "skips levels" \
    emogi-verify bfs kron4.c.csr -s 0 bad.d

# ---- the GPU reads them too (tests/gpu_compressed.sh covers every placement) ----
if why=$("$EMOGI_BIN/tests/lib/gpu_probe" 2>&1); then
    emogi-bfs kron4.c.csr -s 0 --device gpu -o gpu.d 2>gpu.err
    cmp -s gpu.d kron4.c.d
    ok $? "--device gpu on a compressed file gives the CPU's depths"
    emogi-bfs kron4.c.csr -s 0 --device gpu --stats -o gpu2.d 2>&1 | grep -q ' compressed_bytes='
    ok $? "--stats names the compressed lists the GPU read"
    emogi-bfs kron4.c.csr -s 0 -o auto.d 2>/dev/null
    cmp -s auto.d kron4.c.d
    ok $? "--device auto picks the GPU on a compressed file, with the same depths"
else
    skip "no CUDA device: $why"
    skip "no CUDA device: $why"
    emogi-bfs kron4.c.csr -s 0 -o auto.d 2>/dev/null
    cmp -s auto.d kron4.c.d
    ok $? "--device auto without a GPU searches a compressed file on the CPU"
fi
finish
