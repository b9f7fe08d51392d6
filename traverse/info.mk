# emogi-info: header, sections, degree statistics, checksums, edge dump
bin_PROGRAMS += emogi-info
noinst_HEADERS += traverse/info.h
emogi_info_SOURCES = traverse/emogi-info.c traverse/info_degrees.c traverse/info_report.c \
	traverse/info_edges.c
emogi_info_LDADD = $(TOOL_LIBS)
emogi_info_LDFLAGS = $(TOOL_LINKFLAGS)
