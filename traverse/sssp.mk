# emogi-sssp, and the sssp subcommand of emogi-verify
bin_PROGRAMS += emogi-sssp
noinst_HEADERS += traverse/sssp_options.h traverse/sssp_report.h traverse/verify_sssp.h

emogi_sssp_SOURCES = traverse/emogi-sssp.c traverse/sssp_options.c traverse/sssp_report.c \
	traverse/verify_sssp.c traverse/trav_backend.c traverse/trav_options.c \
	traverse/tool_output.c traverse/tool_sources.c traverse/tool_args.c
emogi_sssp_LDADD = $(TOOL_LIBS)
emogi_sssp_LDFLAGS = $(TOOL_LINKFLAGS)

emogi_verify_SOURCES += traverse/verify_sssp.c traverse/verify_sssp_main.c
