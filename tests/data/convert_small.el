# a small directed graph: one self-loop (2 2), one duplicate (0 1)
0 1
0 2
1 2
2 0
2 2
0 1
3 1
