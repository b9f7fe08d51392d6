# tests for formats
