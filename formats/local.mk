# formats/: the on-disk CSR format (owned by the formats work)
libemogi_la_SOURCES += formats/error.c
include_HEADERS += formats/emogi_csr.h
