# tests for emogi-sssp
