# tests for convert
