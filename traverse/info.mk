# emogi-info
