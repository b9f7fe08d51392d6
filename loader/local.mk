# loader/: placement of an opened .csr in host or GPU memory (libemogi)
LOADER_CPPFLAGS = $(FORMATS_CPPFLAGS) -I$(top_srcdir)/loader
noinst_LTLIBRARIES += libloader.la
libloader_la_LDFLAGS = $(LIB_LDFLAGS)
libloader_la_CPPFLAGS = $(LOADER_CPPFLAGS)
libloader_la_CFLAGS = $(LIB_CFLAGS)
include_HEADERS += loader/emogi_loader.h
noinst_HEADERS += loader/placement.h
libloader_la_SOURCES = loader/names.c loader/budget.c loader/page_cache.c loader/range.c
if HAVE_CUDA
libloader_la_SOURCES += loader/place.c
else
libloader_la_SOURCES += loader/no_cuda.c
endif
# what callers holding a graph in memory need (the Python package)
libloader_la_SOURCES += loader/place_for.c loader/build_info.c
