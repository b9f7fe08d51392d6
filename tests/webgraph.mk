# WebGraph reader tests
