#!/bin/sh
# convert_parse.sh - emogi-convert reads what it should: every Matrix Market
# variant to the edges worked out by hand, and the same graph through every
# input path (file, stdin, gzip, multi-member gzip, lz4, CRLF lines) to a
# byte-identical .csr.  Files compared byte for byte are converted from the
# same input name, so their provenance sections agree too.
. "${top_srcdir:-.}/tests/tap.sh"
command -v emogi-convert >/dev/null || skip_all "emogi-convert not built"
SOURCE_DATE_EPOCH=0
export SOURCE_DATE_EPOCH
have_info=no
command -v emogi-info >/dev/null && have_info=yes

# edges_are FORMAT FILE EXPECTED DESCRIPTION [OPTIONS]: emogi-info --edges lists EXPECTED
edges_are() {
    f=$1 in=$2 want=$3 d=$4; shift 4
    if [ $have_info = no ]; then skip "emogi-info not built"; return; fi
    if emogi-convert "$f" "$in" e.csr -q "$@" 2>.err && emogi-info --edges e.csr >e.txt; then
        is "$(cat e.txt)" "$want" "$d"
    else
        ok 1 "$d"; sed 's/^/# /' .err
    fi
    rm -f e.csr
}

nl='
'
# ---- edge lists ----
edges_are el "$DATA/tiny.el" "0 1${nl}0 2${nl}1 2${nl}2 3${nl}3 5${nl}5 0" \
    "el: comments, blank lines, tabs, padding"
edges_are wel "$DATA/tiny.wel" "0 1 7${nl}1 2 0${nl}2 0 4294967295" \
    "wel: integer weights up to 2^32-1 (self-loop dropped)"
edges_are wel "$DATA/tiny_real.wel" "0 1 0.5${nl}1 2 2${nl}2 0 0.00100000005" \
    "wel: real weights become float32"

# ---- Matrix Market: entries (2,1)=4 (3,1)=5 (3,2)=6 of a 3x3 matrix, and
# for general matrices also (1,3)=7 ----
for field in pattern integer real; do
    case $field in
        pattern) v1= v2= v3= v4= ;;
        integer) v1=' 4' v2=' 5' v3=' 6' v4=' 7' ;;
        real) v1=' 4' v2=' 5' v3=' 6.5' v4=' 7.25' ;;
    esac
    for sym in general symmetric skew-symmetric; do
        {
            printf '%%%%MatrixMarket matrix coordinate %s %s\n%% a comment\n' $field $sym
            if [ $sym = general ]; then printf '3 3 4\n'; else printf '3 3 3\n'; fi
            printf '2 1%s\n3 1%s\n3 2%s\n' "$v1" "$v2" "$v3"
            if [ $sym = general ]; then printf '1 3%s\n' "$v4"; fi
        } >m.mtx
        case $sym in
            general) want="0 2$v4${nl}1 0$v1${nl}2 0$v2${nl}2 1$v3" ;;
            symmetric) want="0 1$v1${nl}0 2$v2${nl}1 0$v1${nl}1 2$v3${nl}2 0$v2${nl}2 1$v3" ;;
            skew-symmetric)
                m1=${v1:+ -${v1# }} m2=${v2:+ -${v2# }} m3=${v3:+ -${v3# }}
                want="0 1$m1${nl}0 2$m2${nl}1 0$v1${nl}1 2$m3${nl}2 0$v2${nl}2 1$v3" ;;
        esac
        edges_are mtx m.mtx "$want" "mtx $field $sym"
    done
done
printf '%%%%matrixmarket MATRIX Coordinate PATTERN General\n2 5 1\n2 5\n' >case.mtx
edges_are mtx case.mtx "1 4" "mtx: keywords in any case, 2x5 matrix"
if [ $have_info = yes ] && emogi-convert mtx case.mtx c.csr -q && emogi-info c.csr >c.txt; then
    is "$(sed -n 's/^vertices: //p' c.txt)" 5 "mtx: 2x5 matrix has max(2, 5) vertices"
else skip "emogi-info not built"; fi

# ---- negative weights: float32 where they are kept, anything finite where not ----
printf '0 1 2\n1 2 -2.5\n2 0 -3.0\n' >neg.wel
edges_are wel neg.wel "0 1 2${nl}1 2 -2.5${nl}2 0 -3" "wel: negative real weights are stored"
if [ $have_info = no ]; then skip "emogi-info not built"
elif emogi-convert wel neg.wel n.csr -q 2>.err && emogi-info n.csr >n.txt; then
    is "$(sed -n 's/^weights: //p' n.txt)" float32 "wel: ... as float32"
else ok 1 "wel: ... as float32"; sed 's/^/# /' .err; fi
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 -0.5\n3 1 4\n' >negr.mtx
edges_are mtx negr.mtx "0 1 -0.5${nl}2 0 4" "mtx real general: a negative value is a float32 weight"
# skew-symmetric: a_ji = -a_ij, so a negative entry gives a positive mirror
printf '%%%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 -3\n3 2 5\n' >skew.mtx
edges_are mtx skew.mtx "0 1 3${nl}1 0 -3${nl}1 2 -5${nl}2 1 5" \
    "mtx integer skew-symmetric with a negative entry: both signs stored"
printf '%%%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n3 1 -0.25\n3 2 1.5\n' >skewr.mtx
edges_are mtx skewr.mtx "0 2 0.25${nl}1 2 -1.5${nl}2 0 -0.25${nl}2 1 1.5" \
    "mtx real skew-symmetric with a negative entry: both signs stored"
# dropped weights may be any finite number; the graph is the one without them
printf '0 1 -3\n1 2 1e39\n2 0 -7.5\n2 3 4\n' >drop.wel
printf '0 1\n1 2\n2 0\n2 3\n' >drop.el
if [ $have_info = yes ] && emogi-convert el drop.el d0.csr -q; then
    emogi-info --edges d0.csr >d0.txt
    emogi-info d0.csr | grep -E '^(vertices|edges|weights)' >d0.h
    for w in none random:1:9; do
        if emogi-convert wel drop.wel d1.csr -q --weights $w 2>.err &&
            emogi-info --edges d1.csr | cut -d' ' -f1,2 >d1.txt &&
            emogi-info d1.csr | grep -E '^(vertices|edges|weights)' >d1.h; then
            same_file d1.txt d0.txt "wel --weights $w: negative and huge weights pass, same edges"
            [ $w = none ] && same_file d1.h d0.h "wel --weights none: the header of the el graph"
        else
            ok 1 "wel --weights $w with negative and huge weights"; sed 's/^/# /' .err
            [ $w = none ] && skip "no file"
        fi
    done
else skip "emogi-info not built"; skip "emogi-info not built"; skip "emogi-info not built"; fi
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 -4\n3 1 2\n' >negi.mtx
edges_are mtx negi.mtx "0 1${nl}2 0" "mtx integer with a negative value, --weights none" \
    --weights none

# ---- one graph through every input path ----
awk 'BEGIN { for (i = 0; i < 5000; i++) { if (i % 97 == 0) print "# comment"; print i, (i * 37) % 5000 } }' >g.txt

# same_as_plain DESCRIPTION: in.el, as it stands now, converts to plain.csr's bytes
same_as_plain() {
    if emogi-convert el in.el x.csr -q 2>.err; then same_file x.csr plain.csr "$1"
    else ok 1 "$1"; sed 's/^/# /' .err; fi
    rm -f x.csr
}
cp g.txt in.el
runs "plain file converts" emogi-convert el in.el plain.csr -q
sed 's/$/\r/' g.txt >in.el
same_as_plain "CRLF line endings give the same graph"
cp "$DATA/tiny.el" in.el
emogi-convert el in.el tiny.csr -q
cp "$DATA/tiny.el.gz" in.el
if emogi-convert el in.el x.csr -q; then same_file x.csr tiny.csr "gzip fixture"; else ok 1 "gzip fixture"; fi
cp "$DATA/tiny.el.lz4" in.el
if emogi-convert el in.el x.csr -q; then same_file x.csr tiny.csr "lz4 fixture"; else ok 1 "lz4 fixture"; fi
rm -f x.csr
if command -v gzip >/dev/null; then
    gzip -c g.txt >in.el
    same_as_plain "gzip input"
    head -n 2000 g.txt | gzip -c >in.el
    tail -n +2001 g.txt | gzip -c >>in.el
    same_as_plain "two concatenated gzip members"
else
    skip "gzip not installed"; skip "gzip not installed"
fi
if command -v lz4 >/dev/null; then
    lz4 -q -c g.txt >in.el
    same_as_plain "lz4 input"
    lz4 -q -c -BD -B4 g.txt >in.el
    same_as_plain "lz4 input, linked 64 KiB blocks"
else
    skip "lz4 not installed"; skip "lz4 not installed"
fi

# standard input: plain, gzip and lz4 pipes give one and the same file
runs "stdin, plain" sh -c 'emogi-convert el - s1.csr -q <g.txt'
if command -v gzip >/dev/null; then
    runs "stdin, gzip" sh -c 'gzip -c g.txt | emogi-convert el - s2.csr -q'
    same_file s2.csr s1.csr "stdin gzip = stdin plain"
else skip "gzip not installed"; skip "gzip not installed"; fi
if command -v lz4 >/dev/null; then
    runs "stdin, lz4" sh -c 'lz4 -q -c g.txt | emogi-convert el - s3.csr -q'
    same_file s3.csr s1.csr "stdin lz4 = stdin plain"
else skip "lz4 not installed"; skip "lz4 not installed"; fi
if [ $have_info = yes ]; then
    emogi-info --edges s1.csr >s1.txt
    awk '!/^#/ && $1 != $2' g.txt | sort -n -k1,1 -k2,2 | uniq >want.txt
    same_file s1.txt want.txt "stdin graph has exactly the input's edges but self-loops"
else skip "emogi-info not built"; fi

plan $_n
finish
