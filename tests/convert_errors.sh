#!/bin/sh
# convert_errors.sh - every kind of bad input line is rejected by
# emogi-convert with exit status 1, the message "emogi-convert: NAME:LINE:
# what was expected", and neither the output nor a temporary file left.
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"

# refused FORMAT FILE REGEX [OPTIONS]: converting FILE must fail so
refused() {
    f=$1 in=$2 re=$3; shift 3
    fails "$f $in: $(printf '%s' "$re" | cut -c1-60)" 1 "^emogi-convert: $re" \
        emogi-convert "$f" "$in" out.csr "$@"
    no_files_like 'out.csr*' "$in: no output or temporary file left"
}

# bad FORMAT FILE CONTENT REGEX: CONTENT (printf %b escapes) in FILE must fail so
bad() {
    printf '%b' "$3" >"$2"
    refused "$1" "$2" "$4"
}

B='%%MatrixMarket matrix coordinate'

bad el neg.el '0 1\n0 -3\n' "neg\.el:2: vertex id '-3' is negative"
bad el big.el '18446744073709551616 1\n' "big\.el:1: vertex id '18446744073709551616' is too large"
bad el max.el '0 18446744073709551615\n' "max\.el:1: vertex id '18446744073709551615' is too large: ids go up to 18446744073709551614"
bad el word.el '# ids\nfoo bar\n' "word\.el:2: expected a source vertex id \(a non-negative integer\), found 'foo'"
bad el junk.el '1 2x\n' "junk\.el:1: expected a destination vertex id \(a non-negative integer\), found '2x'"
bad el short.el '0 1\n7\n' "short\.el:2: expected a destination vertex id \(a non-negative integer\), found end of line"
bad el extra.el '1 2 3\n' "extra\.el:1: expected end of line after 'src dst' \(extra fields need format wel\), found '3'"
bad el crlf.el '0 1\r\n\r\n2 x\r\n' "crlf\.el:3: expected a destination vertex id \(a non-negative integer\), found 'x'"
bad el real.el '0 1.5\n' "real\.el:1: expected a destination vertex id \(a non-negative integer\), found '1\.5'"
bad wel now.wel '0 1\n' "now\.wel:1: expected a weight after the destination, found end of line"
bad wel negw.wel '0 1 3\n1 2 -2\n' "negw\.wel:2: weight '-2' is a negative integer, which uint32 weights cannot hold: write it as a real number \(-2\.0\) to store float32 weights, or drop the weights with --weights none"
bad wel infw.wel '0 1 3\n1 2 inf\n' "infw\.wel:2: weight 'inf' is not a finite number"
bad wel hugew.wel '0 1 3\n1 2 1e39\n' "hugew\.wel:2: weight '1e39' does not fit float32 \(magnitudes up to 3\.40282347e\+38\)"
bad wel hugen.wel '0 1 -2.5\n1 2 -1e39\n' "hugen\.wel:2: weight '-1e39' does not fit float32"
bad wel hugei.wel '0 1 1000000000000000000000000000000000000000\n' "hugei\.wel:1: weight '1000000000000000000000000000000000000000' does not fit float32"
bad wel nanw.wel '0 1 nan\n' "nanw\.wel:1: weight 'nan' is not a finite number"
bad wel strw.wel '0 1 heavy\n' "strw\.wel:1: weight 'heavy' is not a number"
bad wel xtra.wel '0 1 2 3\n' "xtra\.wel:1: expected end of line after 'src dst weight', found '3'"
bad mtx nob.mtx '3 3 1\n1 1\n' "nob\.mtx:1: expected the banner '%%MatrixMarket matrix coordinate pattern\|integer\|real general\|symmetric\|skew-symmetric'"
bad mtx empty.mtx '' "empty\.mtx: empty input: expected the banner"
bad mtx arr.mtx '%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' "arr\.mtx:1: dense \(array\) Matrix Market files are not supported: emogi needs a coordinate pattern, integer or real matrix"
bad mtx cplx.mtx "$B complex general\n1 1 1\n1 1 1 0\n" "cplx\.mtx:1: complex matrices are not supported: emogi needs a coordinate pattern, integer or real matrix"
bad mtx herm.mtx "$B complex hermitian\n1 1 1\n1 1 1 0\n" "herm\.mtx:1: complex matrices are not supported"
bad mtx herm2.mtx "$B real hermitian\n1 1 0\n" "herm2\.mtx:1: hermitian matrices are not supported: emogi needs a coordinate pattern, integer or real matrix"
bad mtx nosize.mtx "$B pattern general\n%% only comments\n" "nosize\.mtx: missing the size line 'ROWS COLUMNS ENTRIES'"
bad mtx badsize.mtx "$B pattern general\n3 3\n" "badsize\.mtx:2: expected the size line 'ROWS COLUMNS ENTRIES': number of entries, found end of line"
bad mtx square.mtx "$B pattern symmetric\n3 4 0\n" "square\.mtx:2: a symmetric matrix must be square, but it is 3 x 4"
bad mtx col0.mtx "$B pattern general\n%% c\n3 5 3\n1 1\n2 0\n" "col0\.mtx:5: column 0 out of range 1\.\.5"
bad mtx row9.mtx "$B pattern general\n3 5 1\n9 1\n" "row9\.mtx:3: row 9 out of range 1\.\.3"
bad mtx few.mtx "$B pattern general\n3 5 120\n1 1\n2 2\n" "few\.mtx:2: the size line says 120 entries, but the file holds 2$"
bad mtx many.mtx "$B pattern general\n3 5 2\n1 1\n2 2\n%% c\n3 3\n1 2\n" "many\.mtx:6: more entries than the 2 on the size line"
bad mtx diag.mtx "$B integer skew-symmetric\n3 3 2\n2 1 5\n3 3 1\n" "diag\.mtx:4: diagonal entry \(3, 3\) in a skew-symmetric matrix"
bad mtx negv.mtx "$B integer general\n3 3 1\n1 2 -4\n" "negv\.mtx:3: value '-4' is negative, which the uint32 weights of an integer matrix cannot hold: make the banner's field 'real' to store float32 weights, or drop the weights with --weights none"
bad mtx hugev.mtx "$B real symmetric\n3 3 2\n2 1 1\n3 2 -4e38\n" "hugev\.mtx:4: weight '-4e38' does not fit float32"
bad mtx intv.mtx "$B integer general\n3 3 1\n1 2 2.5\n" "intv\.mtx:3: expected an integer value \(the matrix is integer\), found '2\.5'"
bad mtx nov.mtx "$B real general\n3 3 1\n1 2\n" "nov\.mtx:3: expected a value after the column index \(the matrix is real\)"
bad mtx patv.mtx "$B pattern general\n3 3 1\n1 2 1\n" "patv\.mtx:3: expected end of line after the column index \(the matrix is pattern\), found '1'"

# ---- inputs that are some other format ----
# A Matrix Market file as el, wel or adj would be read with its banner as a
# comment, its size line as an edge and its ids 1-based; as bel32/bel64, as
# binary ids.  Each is refused, naming the format to use.
M="a Matrix Market file \\(%%MatrixMarket banner\\)"
cp "$DATA/tiny_real.mtx" tiny_real.mtx
refused el tiny_real.mtx "tiny_real\.mtx:1: $M: convert it with 'emogi-convert mtx'$"
refused wel tiny_real.mtx "tiny_real\.mtx:1: $M: convert it with 'emogi-convert mtx'$"
refused adj tiny_real.mtx "tiny_real\.mtx:1: $M: convert it with 'emogi-convert mtx'$"
refused bel32 tiny_real.mtx "tiny_real\.mtx: $M, not binary ids: convert it with 'emogi-convert mtx'$"
refused bel64 tiny_real.mtx "tiny_real\.mtx: $M, not binary ids: convert it with 'emogi-convert mtx'$"
bad el lower.el '  %%matrixmarket matrix coordinate pattern general\n2 2 1\n1 2\n' "lower\.el:1: $M"
fails "an mtx on standard input as wel" 1 "^emogi-convert: <stdin>:1: $M" \
    sh -c 'emogi-convert wel - out.csr <tiny_real.mtx'
no_files_like 'out.csr*' "mtx on stdin: no output or temporary file left"
# and the other way round
awk 'BEGIN { for (i = 0; i < 40; i++) print i, i + 1 }' >text.el
refused bel32 text.el "text\.el: the input is text \(its first bytes are digits, blanks and newlines\), not binary ids: a text edge list converts with 'emogi-convert el' \(or 'wel'\)$"
refused bel64 text.el "text\.el: the input is text"
refused mtx text.el "text\.el:1: expected the banner .*: this is not a Matrix Market file \(edge lists convert with 'el' or 'wel'\)$"
refused wel text.el "text\.el:1: expected a weight after the destination, found end of line \(an edge list without weights is format el\)$"

# ---- compressed inputs cut short, and the one compression not decoded ----
# signatures written by hand: bzip2 (BZh, level, block magic), xz (magic,
# stream flags), zstd (magic, frame header), lz4's legacy format.  The
# first three are decoded (tests/convert_decompress.sh): a header alone is
# a truncated stream, or, in a build without the library, refused naming it.
printf 'BZh91AY&SY\001\002\003' >sig.bz2
printf '\3757zXZ\000\000\004\346\326\264\106' >sig.xz
printf '\050\265\057\375\044\004\041\000' >sig.zst
printf '\002\041\114\030\010\000\000\000' >sig.lz4l
# header_only NAME FILE FORMAT LIB: FILE holds only NAME's header
header_only() {
    r="$(echo "$2" | sed 's/\./\\./g'): (truncated $1 stream: the input ends at byte $(wc -c <"$2")|$1 input needs an emogi built with $4 .*)$"
    refused "$3" "$2" "$r"
}
header_only bzip2 sig.bz2 el libbz2
header_only xz sig.xz wel liblzma
header_only zstd sig.zst mtx libzstd
header_only bzip2 sig.bz2 bel64 libbz2
header_only zstd sig.zst bel32 libzstd
fails "xz header on standard input" 1 '^emogi-convert: <stdin>: (truncated xz stream|xz input needs)' \
    sh -c 'emogi-convert el - out.csr <sig.xz'
no_files_like 'out.csr*' "xz on stdin: no output or temporary file left"
# legacy NAME FILE FORMAT: FILE must be refused as lz4's legacy format
legacy() {
    refused "$2" "$1" "$(echo "$1" | sed 's/\./\\./g'): lz4-compressed in the legacy format \\(lz4 -l\\); emogi-convert reads lz4 frames: decompress it first \\(lz4 -dc $(echo "$1" | sed 's/\./\\./g') \\| emogi-convert FORMAT - OUTPUT\\)$"
}
legacy sig.lz4l adj
fails "legacy lz4 on standard input" 1 '^emogi-convert: <stdin>: lz4-compressed in the legacy format .*\(\.\.\. \| lz4 -dc \| emogi-convert FORMAT - OUTPUT\)$' \
    sh -c 'emogi-convert el - out.csr <sig.lz4l'
if command -v lz4 >/dev/null; then
    lz4 -q -l -c <text.el >real.lz4l
    legacy real.lz4l el
else
    skip "lz4 not installed"; skip "lz4 not installed"
fi

# binary garbage in a text format: the message shows it escaped
printf '0 1\n1 \001\377\n' >bin.el
refused el bin.el "bin\.el:2: expected a destination vertex id \(a non-negative integer\), found '\\\\x01\\\\xff' \(ids that are names need --string-ids\)$"
printf 'version=0\ngraphclass=\001\377\nnodes=1\narcs=0\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n' >w.properties
: >w.graph
fails "webgraph: a binary graphclass is shown escaped" 1 \
    '^emogi-convert: w\.properties:2: graphclass \\x01\\xff is not a BVGraph$' \
    emogi-convert webgraph w out.csr
printf 'version=0\nnodes=\002x\narcs=0\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n' >w.properties
fails "webgraph: a binary nodes= is shown escaped" 1 \
    "^emogi-convert: w\\.properties:2: nodes='\\\\x02x' is not a non-negative integer$" \
    emogi-convert webgraph w out.csr
no_files_like 'out.csr*' "webgraph: no output or temporary file left"

# --id-width 4: the format allows at most 4294967295 vertices (emogi-csr(5))
printf '0 4294967295\n' >wide.el
refused el wide.el "wide\.el: --id-width 4 holds at most 4294967295 vertices \(ids 0 to 4294967294\), not 4294967296; use --id-width 8 or auto$" --id-width 4

# standard input is named <stdin>
fails "stdin: error names <stdin> and the line" 1 "^emogi-convert: <stdin>:2: vertex id '-1' is negative" \
    sh -c 'printf "0 1\n-1 0\n" | emogi-convert el - out.csr'
no_files_like 'out.csr*' "stdin: no output or temporary file left"

# a line number deep in a large input, parsed in parallel blocks
awk 'BEGIN { for (i = 1; i <= 300000; i++) if (i == 250001) print "5 five"; else if (i % 100 == 0) print "# " i; else print i, i + 1 }' >deep.el
fails "line 250001 of a 300000-line input, 2 threads" 1 "^emogi-convert: deep\.el:250001: expected a destination vertex id \(a non-negative integer\), found 'five'" \
    emogi-convert el deep.el out.csr --threads 2
no_files_like 'out.csr*' "deep.el: no output or temporary file left"

# compressed inputs that end early or are damaged
printf '0 1\n' >small.el
fails "missing input file" 1 "^emogi-convert: missing\.el: No such file or directory" \
    emogi-convert el missing.el out.csr
if command -v gzip >/dev/null; then
    awk 'BEGIN { for (i = 0; i < 20000; i++) print i, i + 1 }' | gzip -c >whole.el.gz
    head -c 2000 whole.el.gz >graph.el.gz
    fails "truncated gzip" 1 "^emogi-convert: graph\.el\.gz: truncated gzip stream: the input ends at byte 2000$" \
        emogi-convert el graph.el.gz out.csr
    no_files_like 'out.csr*' "truncated gzip: no output or temporary file left"
else
    skip "gzip not installed"; skip "gzip not installed"
fi
fails "truncated gzip fixture on stdin" 1 "^emogi-convert: <stdin>: truncated gzip stream: the input ends at byte 60$" \
    sh -c "head -c 60 '$DATA/tiny.el.gz' | emogi-convert el - out.csr"
# damage the lz4 fixture past its 7-byte frame header: the content checksum
# fails, and its offset is named (the fixture's last 4 bytes)
{ head -c 20 "$DATA/tiny.el.lz4"; printf 'XXXX'; tail -c +25 "$DATA/tiny.el.lz4"; } >bad.el.lz4
fails "corrupt lz4" 1 "^emogi-convert: bad\.el\.lz4: corrupt lz4 frame at byte 109 of the compressed input: " \
    emogi-convert el bad.el.lz4 out.csr
no_files_like 'out.csr*' "corrupt lz4: no output or temporary file left"
head -c 50 "$DATA/tiny.el.lz4" >cut.el.lz4
fails "truncated lz4" 1 "^emogi-convert: cut\.el\.lz4: truncated lz4 frame: the input ends at byte 50$" \
    emogi-convert el cut.el.lz4 out.csr
no_files_like 'out.csr*' "truncated lz4: no output or temporary file left"

# size refusals state the real limit: a plan past 2^64 bytes says so, never
# the saturated sum's "16.0 EiB"; a count past a format's limit names it
printf '%%%%MatrixMarket matrix coordinate pattern general\n4611686018427387904 4611686018427387904 1\n1 2\n' >huge.mtx
fails "an mtx size line of 2^62 rows: past 2^64 bytes" 1 \
    "^emogi-convert: huge\\.mtx: 4611686018427387904 vertices need more than 2\\^64 bytes of per-vertex arrays, over --memory 1 GiB; use --relabel for sparse ids, or a larger --memory$" \
    emogi-convert mtx huge.mtx out.csr --memory 1G
no_files_like 'out.csr*' "mtx of 2^62 rows: no output or temporary file left"
printf '0 18446744073709551000\n' >hugeid.el
fails "an id near 2^64 at --memory 1k: past 2^64 bytes" 1 \
    "^emogi-convert: hugeid\\.el: 18446744073709551001 vertices need more than 2\\^64 bytes of per-vertex arrays, over --memory 1 KiB; use --relabel for sparse ids, or a larger --memory$" \
    emogi-convert el hugeid.el out.csr --memory 1k
no_files_like 'out.csr*' "an id near 2^64: no output or temporary file left"
fails "--relabel at --memory 1k: the merge's own need, not the map of 0 ids" 1 \
    "^emogi-convert: hugeid\\.el: --memory 1 KiB is too small: the merge of --relabel's runs alone needs [0-9.]+ KiB; use a larger --memory$" \
    emogi-convert el hugeid.el out.csr --memory 1k --relabel
no_files_like 'out.csr*' "--relabel at --memory 1k: no output or temporary file left"
fails "--relabel at --memory 1k on standard input: named as the readers name it" 1 \
    "^emogi-convert: <stdin>: --memory 1 KiB is too small: the merge of --relabel's runs alone needs [0-9.]+ KiB; use a larger --memory$" \
    sh -c 'emogi-convert el - out.csr --memory 1k --relabel <hugeid.el'
no_files_like 'out.csr*' "--relabel on standard input: no output or temporary file left"
for x in graph offsets; do cp "$DATA/webgraph/tiny.$x" "wg.$x"; done
sed 's/^nodes=6$/nodes=4611686018427387904/' "$DATA/webgraph/tiny.properties" >wg.properties
fails "webgraph nodes=2^62 read in parallel: the nodes named, past 2^64 bytes" 1 \
    "^emogi-convert: wg: the webgraph reader holds the whole graph: 4611686018427387904 nodes and 16 arcs need more than 2\\^64 bytes, over --memory 1 GiB; use a larger --memory$" \
    emogi-convert webgraph wg out.csr --memory 1G --threads 2
no_files_like 'out.csr*' "webgraph nodes=2^62: no output or temporary file left"
sed 's/^nodes=6$/nodes=4611686018427387905/' "$DATA/webgraph/tiny.properties" >wg.properties
fails "webgraph nodes= past 2^62: the line and the limit" 1 \
    "^emogi-convert: wg\\.properties:4: nodes=4611686018427387905 is too large \\(at most 2\\^62, 4611686018427387904\\)$" \
    emogi-convert webgraph wg out.csr
no_files_like 'out.csr*' "webgraph nodes= past 2^62: no output or temporary file left"
# --reorder over --memory found while reading: how far the input got
awk 'BEGIN { for (i = 0; i < 300000; i++) print i, (i * 7919) % 300000 }' >reo.el
fails "--reorder past --memory while reading: the edges read so far named" 1 \
    "^emogi-convert: reo\\.el: --reorder needs the graph in memory, and its first [0-9]+ edges already fill --memory 4 MiB: raise --memory, or reorder a smaller graph$" \
    emogi-convert el reo.el out.csr --reorder degree --memory 4M -q
no_files_like 'out.csr*' "--reorder past --memory: no output or temporary file left"
# webgraph: a decoded arc count that disagrees names the line of arcs=
sed 's/^arcs=16$/arcs=15/' "$DATA/webgraph/tiny.properties" >wg.properties
fails "webgraph arcs= that disagrees: its line named" 1 \
    "^emogi-convert: wg\\.graph: decoded 16 arcs, but line 5 of the \\.properties says arcs=15$" \
    emogi-convert webgraph wg out.csr
no_files_like 'out.csr*' "webgraph arcs= that disagrees: no output or temporary file left"
# a GAP .sg header of 2^62 edges and 2^62 + 1 vertices
printf '\000\000\000\000\000\000\000\000\100\001\000\000\000\000\000\000\100' >huge.sg
fails "an sg header past 2^64 bytes of file" 1 \
    "^emogi-convert: huge\\.sg: byte offset 1: 4611686018427387904 edges and 4611686018427387905 vertices need a file of more than 2\\^64 bytes \\(a corrupt header\\?\\)$" \
    emogi-convert sg huge.sg out.csr
no_files_like 'out.csr*' "an sg header past 2^64 bytes: no output or temporary file left"

plan $_n
finish
