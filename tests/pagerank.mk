# tests for emogi-pagerank
