# formats/: the .csr file format: open, check, write, errors (libemogi's base)
FORMATS_CPPFLAGS = $(BASE_CPPFLAGS) -I$(top_srcdir)/formats
noinst_LTLIBRARIES += libformats.la
libformats_la_LDFLAGS = $(LIB_LDFLAGS)
libformats_la_CPPFLAGS = $(FORMATS_CPPFLAGS)
libformats_la_CFLAGS = $(LIB_CFLAGS)
libformats_la_SOURCES = formats/error.c formats/crc32.c formats/atomic.c formats/csr_layout.c \
	formats/csr_check.c formats/csr_open.c formats/csr_write.c formats/path_id.c \
	formats/size.c formats/clist.c formats/partition.c formats/id_names.c
include_HEADERS += formats/emogi_csr.h
noinst_HEADERS += formats/csr_internal.h formats/emogi_clist.h formats/clist_fast.h \
	formats/emogi_text.h
# what callers holding a graph in memory need (the Python package)
libformats_la_SOURCES += formats/csr_arrays.c
