#!/bin/sh
# installcheck.sh PYTHON PYTHONDIR BINDIR SRCDIR - run by `make installcheck`
# (and so by `make distcheck`): the installed emogi package imports from
# PYTHONDIR (on PYTHONPATH, since distcheck installs under a temporary
# prefix that no Python searches), finds the installed libemogi through its
# libdir.txt, opens a graph converted by the installed emogi-convert from
# tests/data/tiny.el, and gets emogi-bfs's depths.  Skips, exit 0, when
# PYTHON cannot import numpy.  Works in a temporary folder of its own.
set -u
py=$1 pydir=$2 bindir=$3 srcdir=$4
if [ "$py" = : ] || ! "$py" -c 'import numpy' >/dev/null 2>&1; then
    echo "installcheck: python package: SKIP (no Python 3 with numpy: '$py')"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/emogi-installcheck.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
"$bindir/emogi-convert" el "$srcdir/tests/data/tiny.el" "$tmp/tiny.csr" -q &&
    "$bindir/emogi-bfs" "$tmp/tiny.csr" -s 0 --device cpu -o "$tmp/depth.bin" || exit 1
# from the temporary folder, so that no emogi/ beside the build is imported
cd "$tmp" || exit 1
if PYTHONPATH="$pydir" EMOGI_LIB= "$py" -c '
import os, sys
import numpy as np
import emogi
where = os.path.realpath(os.path.dirname(emogi.__file__))
want = os.path.realpath(os.path.join(sys.argv[1], "emogi"))
assert where == want, "imported %s, not the installed %s" % (where, want)
g = emogi.open("tiny.csr")
got, ref = emogi.bfs(g, 0), np.fromfile("depth.bin", dtype=np.uint32)
libdir = open(os.path.join(where, "libdir.txt")).read().strip()
loaded = emogi._lib.lib()._name
assert os.path.dirname(loaded) == libdir, "loaded %s, not from %s" % (loaded, libdir)
assert g.nv > 1 and np.array_equal(got, ref), (got, ref)
print("installcheck: python package: ok: %s, bfs over %d vertices as emogi-bfs" % (where, g.nv))
' "$pydir"; then
    exit 0
fi
echo "installcheck: python package: FAIL: the installed emogi ($pydir) with $py" >&2
exit 1
