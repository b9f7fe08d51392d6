# tests for info
