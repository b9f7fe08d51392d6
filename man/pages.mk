dist_man_MANS += 
dist_man_MANS += man/emogi.7
dist_man_MANS += man/emogi-convert.1
dist_man_MANS += man/emogi-bfs.1 man/emogi-verify.1
dist_man_MANS += man/emogi-csr.5 man/emogi-info.1
dist_man_MANS += man/emogi-cc.1
dist_man_MANS += man/emogi-pagerank.1
dist_man_MANS += man/emogi-sssp.1
