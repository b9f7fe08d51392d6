# common/: what every tool shares, the traversal tools and emogi-convert
# alike (record.h: the program's name in messages, the --stats records in
# text or JSON), and the result arrays that the traversal tools and the
# MPI ranks write (array.h).  Over formats/ alone, so that convert/ and
# dist/ may use it too.
COMMON_CPPFLAGS = $(FORMATS_CPPFLAGS) -I$(top_srcdir)/common
noinst_LTLIBRARIES += libcommon.la
libcommon_la_LDFLAGS = $(LIB_LDFLAGS)
libcommon_la_CPPFLAGS = $(COMMON_CPPFLAGS)
noinst_HEADERS += common/record.h common/array.h
libcommon_la_SOURCES = common/record.c common/array.c
