# tests for emogi-cc
