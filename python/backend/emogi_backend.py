"""The emogi package's build backend (PEP 517), in the standard library alone.

`pip install ./python` and `pip wheel ./python` call it; it needs nothing
from the network (no setuptools, no wheel package: python/README.md says
why).  The wheel holds the package's .py files and libemogi itself,
emogi/libemogi.so.0, the package loads it from there, so an installed wheel
needs no environment variable and no `make install`.  Its version is the
library's (emogi_version()), so emogi.__version__ and the tools' --version
agree.

The library comes, in this order, from EMOGI_LIB (the .so or its folder),
the build tree around this source tree (../.libs, after the README's
`./bootstrap && make`, rebuilt here by `make libemogi.la` when the tree is
configured), or an installed libemogi (pkg-config emogi's libdir).
"""
import base64
import ctypes
import hashlib
import io
import os
import subprocess
import sysconfig
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
TOP = os.path.dirname(HERE)
# every module of the package (python/local.mk lists them for make install)
PY_FILES = sorted(f for f in os.listdir(os.path.join(HERE, "emogi")) if f.endswith(".py"))
SUMMARY = "Open, write and traverse emogi .csr graphs from Python (numpy, over libemogi)"
REQUIRES = ["Requires-Python: >=3.8", "Requires-Dist: numpy",
            "Provides-Extra: scipy", "Requires-Dist: scipy; extra == \"scipy\"",
            "Provides-Extra: networkx", "Requires-Dist: networkx; extra == \"networkx\""]


def _built_library():
    """The path of the libemogi.so to bundle; raise naming what was tried."""
    tried = []
    env = os.environ.get("EMOGI_LIB")
    if env:
        path = os.path.join(env, "libemogi.so") if os.path.isdir(env) else env
        if os.path.exists(path):
            return os.path.realpath(path)
        raise RuntimeError("EMOGI_LIB=%s: no libemogi.so there" % env)
    if os.path.exists(os.path.join(TOP, "Makefile")):  # a configured tree: bring it up to date
        subprocess.run(["make", "-C", TOP, "libemogi.la"], check=True,
                       stdout=subprocess.DEVNULL)
    path = os.path.join(TOP, ".libs", "libemogi.so")
    if os.path.exists(path):
        return os.path.realpath(path)
    tried.append(path)
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "emogi"], check=True,
                                capture_output=True, text=True).stdout.strip()
        path = os.path.join(libdir, "libemogi.so.0")
        if os.path.exists(path):
            return os.path.realpath(path)
        tried.append(path)
    except (OSError, subprocess.CalledProcessError):
        tried.append("pkg-config emogi")
    raise RuntimeError("no built libemogi to put in the wheel (tried %s): run `./bootstrap && "
                       "make` in the top folder of emogi first, or set EMOGI_LIB to a built "
                       "libemogi.so" % ", ".join(tried))


def _version(lib):
    handle = ctypes.CDLL(lib)
    handle.emogi_version.restype = ctypes.c_char_p
    return handle.emogi_version().decode()


def _metadata(version):
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    head = ["Metadata-Version: 2.1", "Name: emogi", "Version: " + version, "Summary: " + SUMMARY,
            "License: see the emogi distribution"] + REQUIRES
    return "\n".join(head + ["Description-Content-Type: text/markdown", "", readme])


def _tag():
    """py3-none-PLATFORM: any Python 3 (the library is loaded through ctypes,
    not built against an interpreter), this machine's platform."""
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-" + plat


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    lib = _built_library()
    version = _version(lib)
    tag = _tag()
    name = "emogi-%s-%s.whl" % (version, tag)
    info = "emogi-%s.dist-info" % version
    files = []
    for py in PY_FILES:
        with open(os.path.join(HERE, "emogi", py), "rb") as f:
            files.append(("emogi/" + py, f.read(), 0o644))
    with open(lib, "rb") as f:
        files.append(("emogi/libemogi.so.0", f.read(), 0o755))
    files.append((info + "/METADATA", _metadata(version).encode(), 0o644))
    files.append((info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: emogi_backend\n"
                                    "Root-Is-Purelib: false\nTag: %s\n" % tag).encode(), 0o644))
    record = [_record_line(n, d) for n, d, _ in files] + [info + "/RECORD,,"]
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode(), 0o644))
    path = os.path.join(wheel_directory, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data, mode in files:
            zi = zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = (0o100000 | mode) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The package's source alone: building a wheel from it takes a
    libemogi from EMOGI_LIB or an installed one (pkg-config emogi)."""
    version = _version(_built_library())
    base = "emogi-%s" % version
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        def add(rel, data=None):
            if data is None:
                with open(os.path.join(HERE, rel), "rb") as f:
                    data = f.read()
            ti = tarfile.TarInfo(base + "/" + rel)
            ti.size, ti.mode = len(data), 0o644
            t.addfile(ti, io.BytesIO(data))
        for rel in ["pyproject.toml", "README.md", "backend/emogi_backend.py"] + \
                ["emogi/" + py for py in PY_FILES]:
            add(rel)
        add("PKG-INFO", _metadata(version).encode())
    return name


__all__ = ["build_wheel", "build_sdist", "get_requires_for_build_wheel",
           "get_requires_for_build_sdist"]
