# emogi-pagerank
