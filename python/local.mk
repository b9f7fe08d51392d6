# python/: the emogi Python package (numpy over libemogi through ctypes).
# `make install` puts it in $(pythondir) when configure found a Python 3
# (the first that imports numpy; pythondir from its sysconfig for the
# prefix, python/sitedir.py);
# `pip install ./python` (python/backend/emogi_backend.py) builds a wheel
# that holds libemogi itself instead.  The package `make install` installs
# finds the installed libemogi through libdir.txt.
EMOGI_PY_FILES = python/emogi/__init__.py python/emogi/_lib.py python/emogi/_check.py \
	python/emogi/csr.py python/emogi/writer.py python/emogi/algorithms.py \
	python/emogi/_inputs.py python/emogi/_result.py
EXTRA_DIST += $(EMOGI_PY_FILES) python/pyproject.toml python/README.md \
	python/backend/emogi_backend.py python/tests/conftest.py python/tests/test_emogi.py \
	python/tests/test_csgraph.py \
	python/sitedir.py python/installcheck.sh

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

# `make installcheck` (and distcheck): the installed package imports from
# $(pythondir) and traverses a graph with the installed libemogi; skipped
# when configure found no Python 3 with numpy.
installcheck-local: installcheck-emogi-py
installcheck-emogi-py:
	$(SHELL) '$(srcdir)/python/installcheck.sh' '$(PYTHON)' '$(DESTDIR)$(pythondir)' \
	  '$(DESTDIR)$(bindir)' '$(srcdir)'
.PHONY: install-emogi-py-libdir uninstall-emogi-py-libdir installcheck-emogi-py
