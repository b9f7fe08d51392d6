# traverse/: the command-line tools, one fragment per tool family
include traverse/info.mk
include traverse/bfs.mk
include traverse/sssp.mk
include traverse/cc.mk
include traverse/pagerank.mk
