# sparse 64-bit ids, for --relabel
100 5000000000
7 100
5000000000 7
