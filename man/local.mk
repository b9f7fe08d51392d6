# man/: one page per tool, the file format (emogi-csr.5), an overview (emogi.7)
dist_man_MANS += man/emogi.7 man/emogi-csr.5 man/emogi-convert.1 man/emogi-info.1 man/emogi-export.1 \
	man/emogi-bfs.1 man/emogi-sssp.1 man/emogi-cc.1 man/emogi-pagerank.1 man/emogi-bc.1 man/emogi-tc.1 \
	man/emogi-verify.1
