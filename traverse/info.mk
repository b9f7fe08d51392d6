# emogi-info: header, sections, degree statistics, checksums, edge dump
bin_PROGRAMS += emogi-info
emogi_info_SOURCES = traverse/emogi-info.c
emogi_info_LDADD = $(TOOL_LIBS)
emogi_info_LDFLAGS = $(TOOL_LINKFLAGS)
