# bench/
