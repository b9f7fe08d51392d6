# tiny directed graph: 6 edges over ids 0..5
% a percent comment
0 1
0	2

1 2
  2 3  
3 5
5 0
