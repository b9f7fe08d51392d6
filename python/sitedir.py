"""Print where this Python looks for pure-Python packages under PREFIX.

configure runs it (python/sitedir.py PREFIX) with the interpreter it chose,
to set pythondir, where `make install` puts the emogi package, from that
interpreter's own sysconfig rather than from automake's guess
(PREFIX/lib/python3.X/site-packages), which Debian's python3 does not search.

Debian's default scheme, posix_local, is {base}/local/lib/python3.X/dist-packages
for its base /usr: the directory /usr/local/lib/python3.X/dist-packages that
`--prefix=/usr/local` must give.  Its layout below the prefix is used as it is
for every prefix (never PREFIX/local/...).  Other Pythons (python.org builds,
pyenv, a virtual environment) use their default scheme with base PREFIX.
"""
import os
import sys
import sysconfig


def site_dir(prefix):
    prefix = os.path.normpath(prefix)
    default = getattr(sysconfig, "get_default_scheme", None) or sysconfig._get_default_scheme
    scheme = default()
    if scheme == "posix_local":
        probe = "/emogi-probe"
        path = sysconfig.get_path("purelib", scheme, vars={"base": probe, "platbase": probe})
        local = os.path.join(probe, "local")
        if os.path.commonpath([path, local]) == local:
            return os.path.join(prefix, os.path.relpath(path, local))
    return sysconfig.get_path("purelib", scheme, vars={"base": prefix, "platbase": prefix})


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: sitedir.py PREFIX")
    print(site_dir(sys.argv[1]))
