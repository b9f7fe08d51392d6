# emogi-sssp
