#!/bin/sh
# The emogi Python package (python/): its pytest tests (python/tests)
# compare every function and input kind with the tools, scipy.sparse.csgraph
# and networkx, and round-trip scipy matrices; each pytest result is one TAP
# line here.  Needs a python3 with numpy and pytest; the scipy and networkx
# tests skip without them.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# The Python configure chose for the package (EMOGI_PYTHON: PYTHON=... given
# to configure, else the first of python3, /usr/bin/python3 that imports
# numpy), then those two, as configure tries them: the first with numpy,
# scipy, networkx and pytest, else the first with numpy and pytest
# (./bootstrap installs Debian's python3-numpy, -scipy, -networkx, -pytest).
py=
for mods in 'numpy, scipy, networkx, pytest' 'numpy, pytest'; do
    for p in ${EMOGI_PYTHON:+"$EMOGI_PYTHON"} python3 /usr/bin/python3; do
        [ "$p" = : ] && continue
        if "$p" -c "import $mods" 2>/dev/null; then py=$p; break 2; fi
    done
done
[ -n "$py" ] || skip_all "no python3 with numpy and pytest (tried ${EMOGI_PYTHON:+$EMOGI_PYTHON, }python3, /usr/bin/python3)"
diag "python: $py"
[ -e "$EMOGI_BIN/.libs/libemogi.so" ] || skip_all "no shared libemogi in $EMOGI_BIN/.libs"
# A sanitizer build's library needs its runtime loaded first, which a
# Python interpreter started here does not do: the sanitizers check the C
# tests, and this test runs in the plain build.
if command -v ldd >/dev/null && ldd "$EMOGI_BIN/.libs/libemogi.so" | grep -q -e libasan -e libubsan; then
    skip_all "libemogi is built with sanitizers; python cannot load it without their runtime"
fi

# pytest's verbose lines ("test_x.py::test_y PASSED [ 10%]") become TAP; its
# temporary folders go under this test's own; every other line is a comment.
EMOGI_LIB="$EMOGI_BIN/.libs/libemogi.so" EMOGI_BIN="$EMOGI_BIN" top_srcdir="$top_srcdir" \
    "$py" -m pytest -v -p no:cacheprovider -rs --basetemp="$T/pytest" \
    "$top_srcdir/python/tests" >"$T/pytest.out" 2>&1
rc=$?
awk -v rc="$rc" '
    / PASSED( |$)/ { n++; sub(/ PASSED.*/, ""); sub(/^.*\//, ""); print "ok " n " - " $0; next }
    / (FAILED|ERROR)( |$)/ && /::/ && !/^(FAILED|ERROR) / {
        n++; sub(/ (FAILED|ERROR).*/, ""); sub(/^.*\//, ""); print "not ok " n " - " $0; bad = 1; next }
    / SKIPPED( |$)/ && /::/ { n++; sub(/ SKIPPED.*/, ""); sub(/^.*\//, ""); print "ok " n " # SKIP " $0; next }
    { print "# " $0 }
    END {
        # pytest failing with no test line of its own (a collection error, no test found)
        if (rc != 0 && !bad) { n++; print "not ok " n " - pytest exited with status " rc }
        print "1.." n
    }' "$T/pytest.out"
