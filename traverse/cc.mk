# emogi-cc
