#!/bin/sh
# Results that carry their type: -o FILE.npy and --format npy write NumPy's
# .npy (version 1.0), header checked byte for byte against one written by
# hand; every tool's dtype; emogi-verify reading .npy and refusing the
# wrong dtype or shape; np.load against the raw output where numpy exists.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
plan 43

# a diamond 0 -> {1, 2} -> 3 -> 4, entered from 5 (depths from 0: 0 1 1 2 3 -1)
printf '0 2\n0 1\n2 3\n1 3\n3 4\n5 0\n' >dia.el
emogi-convert el dia.el dia.csr -q --directed || skip_all "emogi-convert cannot build graphs"
emogi-convert el dia.el diaT8.csr -q --directed --transpose --id-width 8
emogi-convert el dia.el diaT4.csr -q --directed --transpose --id-width 4
printf '0 1 7\n1 2 0\n2 0 3\n' >int.wel
printf '0 1 0.5\n1 2 2\n2 0 1.25\n' >real.wel
emogi-convert wel int.wel int.csr -q --directed
emogi-convert wel real.wel real.csr -q --directed

# The header of a 6-entry depth array, by hand: magic, version 1.0, header
# length 118 (0x76) little-endian, then the 57-byte dict, 60 spaces and a
# newline: 10 + 57 + 60 + 1 = 128 bytes, a multiple of 64.
{
    printf '\223NUMPY\001\000\166\000'
    printf "{'descr': '<u4', 'fortran_order': False, 'shape': (6,), }"
    printf '%60s\n' ''
} >want_head.bin

emogi-bfs dia.csr -s 0 -o d.bin
runs "-o d.npy writes" emogi-bfs dia.csr -s 0 -o d.npy
is "$(wc -c <d.npy | tr -d ' ')" $((128 + 24)) "d.npy: a 128-byte header and 6 uint32"
is "$(od -An -tu1 -N10 d.npy | tr -s ' ' ' ')" " 147 78 85 77 80 89 1 0 118 0" \
    "magic \\x93NUMPY, version 1 0, header length 118 little-endian"
head -c 128 d.npy >got_head.bin
same_file got_head.bin want_head.bin "the whole header, padding to 64 included, as written by hand"
is "$(od -An -c -j 127 -N1 d.npy | tr -d ' ')" '\n' "the header ends in a newline"
tail -c +129 d.npy >payload.bin
same_file payload.bin d.bin "the array after the header is the raw output"
is "$(od -An -tu4 -w4 -v payload.bin | tr -s ' \n' ' ')" " 0 1 1 2 3 4294967295 " \
    "the payload holds the depths worked by hand"

# ---- --format ----
emogi-bfs dia.csr -s 0 --format npy >stdout.npy
same_file stdout.npy d.npy "--format npy to standard output"
mkfifo fifo
timeout 10 cat fifo >fifo.npy &
timeout 10 emogi-bfs dia.csr -s 0 --format npy -o fifo
wait
same_file fifo.npy d.npy "--format npy to a FIFO"
emogi-bfs dia.csr -s 0 --format npy -o named.bin
same_file named.bin d.npy "--format npy whatever the name"
emogi-bfs dia.csr -s 0 --format raw -o forced.npy
same_file forced.npy d.bin "--format raw writes raw even to FILE.npy"
emogi-bfs dia.csr -s 0 --text -o text.npy
is "$(head -1 text.npy)" "0 0" "--text writes text whatever the name"
fails "--text with --format npy" 2 '^emogi-bfs: --text and --format npy exclude each other$' \
    emogi-bfs dia.csr -s 0 --text --format npy -o t.npy
[ ! -e t.npy ]; ok $? "... and writes nothing"
fails "--format npy with --text (cc)" 2 '^emogi-cc: --text and --format npy exclude each other$' \
    emogi-cc diaT4.csr --format npy --text
fails "--format of an unknown name" 2 "^emogi-bfs: bad format 'npz' \\(raw or npy\\)$" \
    emogi-bfs dia.csr -s 0 --format npz

# ---- every tool's dtype: header dict, payload equal to the raw output ----
# descr FILE: the dtype string in a .npy header
descr() { dd if="$1" bs=1 skip=10 count=118 2>/dev/null | sed -n "s/^{'descr': '\([^']*\)'.*/\1/p"; }
# each: NAME DTYPE OPTION COMMAND: the command writes its result to OPTION FILE
each() {
    name=$1 want=$2 opt=$3; shift 3
    "$@" "$opt" "$name.bin" && "$@" "$opt" "$name.npy"
    is "$(descr "$name.npy")" "$want" "$name: dtype $want"
    tail -c +129 "$name.npy" >"$name.payload"
    same_file "$name.payload" "$name.bin" "$name: the array after the header is the raw output"
}
each bfs '<u4' -o emogi-bfs dia.csr -s 0
each parents '<u8' --parents emogi-bfs dia.csr -s 0 -o discard.bin
each sssp_int '<u8' -o emogi-sssp int.csr -s 0
each sssp_real '<f4' -o emogi-sssp real.csr -s 0
each sssp_unit '<u8' -o emogi-sssp real.csr -s 0 --unit-weights
each cc4 '<u4' -o emogi-cc diaT4.csr
each cc8 '<u8' -o emogi-cc diaT8.csr
each pr64 '<f8' -o emogi-pagerank dia.csr
each pr32 '<f4' -o emogi-pagerank dia.csr --precision float32

# ---- emogi-verify reads .npy by its magic ----
runs "emogi-verify bfs reads d.npy" emogi-verify bfs dia.csr -s 0 d.npy
runs "emogi-verify bfs reads .npy from standard input" sh -c 'emogi-verify bfs dia.csr -s 0 - <d.npy'
runs "emogi-verify sssp reads float32 .npy" emogi-verify sssp real.csr -s 0 sssp_real.npy
runs "emogi-verify cc reads uint64 .npy" emogi-verify cc diaT8.csr cc8.npy
fails "a .npy of the wrong dtype" 1 "^emogi-verify: parents.npy: a .npy array of dtype '<u8', expected '<u4'$" \
    emogi-verify bfs dia.csr -s 0 parents.npy
fails "cc labels of the wrong id width" 1 "^emogi-verify: cc4.npy: a .npy array of dtype '<u4', expected '<u8'$" \
    emogi-verify cc diaT8.csr cc4.npy
printf '0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n' >seven.el
emogi-convert el seven.el seven.csr -q --directed
fails "a .npy of the wrong shape" 1 '^emogi-verify: d.npy: a .npy array of shape \(6,\), expected \(7,\)$' \
    emogi-verify bfs seven.csr -s 0 d.npy
head -c 100 d.npy >cut.npy
fails "a cut .npy header" 1 '^emogi-verify: cut.npy: a .npy header cut short$' \
    emogi-verify bfs dia.csr -s 0 cut.npy

# ---- numpy: np.load equals np.fromfile with the man pages' dtypes ----
py=
for p in python3 /usr/bin/python3; do
    if "$p" -c "import numpy" 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
    skip "no python3 with numpy"
else
    "$py" - >np.out 2>&1 <<'EOF'
import numpy as np
for name, dtype in (("bfs", "<u4"), ("parents", "<u8"), ("sssp_int", "<u8"), ("sssp_real", "<f4"),
                    ("sssp_unit", "<u8"), ("cc4", "<u4"), ("cc8", "<u8"), ("pr64", "<f8"),
                    ("pr32", "<f4")):
    got, want = np.load(name + ".npy"), np.fromfile(name + ".bin", dtype=dtype)
    assert got.dtype == np.dtype(dtype) and got.shape == want.shape, (name, got.dtype, got.shape)
    assert got.tobytes() == want.tobytes(), name
print("ok")
EOF
    is "$(cat np.out)" ok "np.load of every tool's .npy equals np.fromfile of its raw output"
fi
finish
