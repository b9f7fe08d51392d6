# python/: the emogi Python package (numpy over libemogi through ctypes).
# `make install` puts it in $(pythondir) when configure found a Python 3;
# `pip install ./python` installs it from the source tree instead.  The
# installed package finds the installed libemogi through libdir.txt.
EMOGI_PY_FILES = python/emogi/__init__.py python/emogi/_lib.py python/emogi/csr.py \
	python/emogi/writer.py python/emogi/algorithms.py
EXTRA_DIST += $(EMOGI_PY_FILES) python/pyproject.toml python/README.md \
	python/tests/test_emogi.py

if HAVE_PYTHON
emogipydir = $(pythondir)/emogi
emogipy_PYTHON = $(EMOGI_PY_FILES)

install-data-hook: install-emogi-py-libdir
install-emogi-py-libdir:
	echo '$(libdir)' >'$(DESTDIR)$(emogipydir)/libdir.txt'
uninstall-hook: uninstall-emogi-py-libdir
uninstall-emogi-py-libdir:
	rm -f '$(DESTDIR)$(emogipydir)/libdir.txt'
endif
.PHONY: install-emogi-py-libdir uninstall-emogi-py-libdir
