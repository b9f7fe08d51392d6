# traverse/: the command-line tools, one fragment per tool family
include traverse/info.mk
include traverse/bfs.mk
include traverse/sssp.mk
include traverse/cc.mk
include traverse/pagerank.mk

# Shared by every tool: how a tool ends on an error.
noinst_HEADERS += traverse/tool_die.h
emogi_bfs_SOURCES += traverse/tool_die.c
emogi_verify_SOURCES += traverse/tool_die.c
emogi_sssp_SOURCES += traverse/tool_die.c
emogi_cc_SOURCES += traverse/tool_die.c
emogi_pagerank_SOURCES += traverse/tool_die.c
