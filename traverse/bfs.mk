# emogi-bfs, emogi-verify
