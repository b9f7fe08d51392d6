#!/bin/sh
# The emogi Python package (python/): its TAP test script compares every
# algorithm with the tools and with networkx, and round-trips scipy matrices.
# Needs a python3 with numpy; scipy and networkx tests skip without them.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# The Python configure chose for the package (EMOGI_PYTHON: PYTHON=... given
# to configure, else the first of python3, /usr/bin/python3 that imports
# numpy), then those two, as configure tries them: the first with numpy,
# scipy and networkx, else the first with numpy.
py=
for mods in 'numpy, scipy, networkx' numpy; do
    for p in ${EMOGI_PYTHON:+"$EMOGI_PYTHON"} python3 /usr/bin/python3; do
        [ "$p" = : ] && continue
        if "$p" -c "import $mods" 2>/dev/null; then py=$p; break 2; fi
    done
done
[ -n "$py" ] || skip_all "no python3 with numpy (tried ${EMOGI_PYTHON:+$EMOGI_PYTHON, }python3, /usr/bin/python3)"
diag "python: $py"
[ -e "$EMOGI_BIN/.libs/libemogi.so" ] || skip_all "no shared libemogi in $EMOGI_BIN/.libs"
# A sanitizer build's library needs its runtime loaded first, which a
# Python interpreter started here does not do: the sanitizers check the C
# tests, and this test runs in the plain build.
if command -v ldd >/dev/null && ldd "$EMOGI_BIN/.libs/libemogi.so" | grep -q -e libasan -e libubsan; then
    skip_all "libemogi is built with sanitizers; python cannot load it without their runtime"
fi

EMOGI_LIB="$EMOGI_BIN/.libs/libemogi.so" EMOGI_BIN="$EMOGI_BIN" top_srcdir="$top_srcdir" \
    "$py" "$top_srcdir/python/tests/test_emogi.py"
