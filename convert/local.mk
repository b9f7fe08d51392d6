# convert/: emogi-convert over libconvert, the readers (text, binary,
# compressed, WebGraph), the in-memory and out-of-core CSR builders and the
# generators.  Not part of libemogi: the unit tests link libconvert too.
CONVERT_CPPFLAGS = $(FORMATS_CPPFLAGS) -I$(top_srcdir)/convert
noinst_LTLIBRARIES += libconvert.la
libconvert_la_LDFLAGS = $(LIB_LDFLAGS)
libconvert_la_CPPFLAGS = $(CONVERT_CPPFLAGS)
# readers and input layer (parse.h, edges.h)
libconvert_la_SOURCES = convert/edges.c convert/input.c convert/input_gzip.c \
	convert/input_lz4.c convert/input_zstd.c convert/input_xz.c convert/input_bz2.c \
	convert/parse.c convert/parse_el.c convert/parse_fields.c \
	convert/parse_mtx.c convert/parse_gr.c convert/parse_metis.c \
	convert/parse_sg.c convert/parse_csv.c convert/names.c convert/names_disk.c \
	convert/pio.c
noinst_HEADERS += convert/edges.h convert/parse.h convert/input.h convert/parse_internal.h \
	convert/names.h convert/names_disk.h convert/pio.h
# CSR builder, generators and the emogi-convert program
libconvert_la_SOURCES += convert/build.c convert/build_first.c convert/build_plan.c convert/build_relabel.c \
	convert/build_scatter.c convert/build_sort.c convert/memory.c \
	convert/gen_common.c convert/gen_kron.c convert/gen_urand.c \
	convert/options.c convert/progress.c convert/recode.c convert/split.c
noinst_HEADERS += convert/build.h convert/gen.h convert/memory.h convert/options.h \
	convert/progress.h convert/recode.h convert/split.h
bin_PROGRAMS += emogi-convert
emogi_convert_SOURCES = convert/emogi-convert.c
emogi_convert_CPPFLAGS = $(CONVERT_CPPFLAGS) -I$(top_srcdir)/common
emogi_convert_LDADD = libconvert.la libcommon.la $(LDADD)
# WebGraph (BVGraph) reader
libconvert_la_SOURCES += convert/webgraph.c convert/webgraph_list.c convert/webgraph_props.c \
	convert/parse_adj.c
noinst_HEADERS += convert/webgraph.h convert/webgraph_decode.h convert/bitstream.h
# out-of-core conversion (sorted runs, merged), binary edge lists, reordering
libconvert_la_SOURCES += convert/ooc_plan.c convert/ooc_run.c convert/ooc_merge.c convert/ooc_write.c \
	convert/parse_bel.c convert/reorder.c
noinst_HEADERS += convert/ooc.h convert/ooc_internal.h convert/ooc_merge.h convert/reorder.h
# emogi-export: a .csr written out as el, wel, mtx, gr, metis, sg or wsg
bin_PROGRAMS += emogi-export
emogi_export_SOURCES = convert/emogi-export.c
emogi_export_CPPFLAGS = $(CONVERT_CPPFLAGS) -I$(top_srcdir)/common
emogi_export_LDADD = libcommon.la $(LDADD)
