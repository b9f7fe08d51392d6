# loader/: placement of an opened .csr in host or GPU memory (libemogi)
include_HEADERS += loader/emogi_loader.h
noinst_HEADERS += loader/placement.h
libemogi_la_SOURCES += loader/names.c loader/budget.c loader/page_cache.c
if HAVE_CUDA
libemogi_la_SOURCES += loader/place.c
else
libemogi_la_SOURCES += loader/no_cuda.c
endif
