# out-of-core conversion, binary edge lists, reordering
