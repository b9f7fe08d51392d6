# man/
