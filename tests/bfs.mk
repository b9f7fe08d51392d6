# tests for bfs
