# emogi-cc, and the cc subcommand of emogi-verify
bin_PROGRAMS += emogi-cc
noinst_HEADERS += traverse/cc_options.h traverse/cc_report.h traverse/verify_cc.h

emogi_cc_SOURCES = traverse/emogi-cc.c traverse/cc_options.c traverse/cc_report.c \
	traverse/verify_cc.c traverse/trav_backend.c traverse/trav_options.c \
	traverse/tool_output.c traverse/tool_input.c traverse/tool_args.c
emogi_cc_LDADD = $(TOOL_LIBS)
emogi_cc_LDFLAGS = $(TOOL_LINKFLAGS)

emogi_verify_SOURCES += traverse/verify_cc.c

# the benchmark script (run on the GPU machine by the lead)
