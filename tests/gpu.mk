# GPU tests (skipped without a GPU)
