# man/: one page per tool, the file format, an overview
include man/pages.mk
