# traverse/: the command-line tools, one fragment per tool family
include traverse/info.mk
include traverse/bfs.mk
