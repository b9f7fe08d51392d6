# convert/: emogi-convert and emogi-export over libconvert.  Not part of
# libemogi: the unit tests link libconvert too.  The folders follow an edge
# on its way from the input to the file:
#   read/   the input codecs (input.c and one file a compression), one
#           reader a format (parse_*.c, the text ones behind the block
#           driver parse.c), WebGraph: everything that turns bytes into
#           the edge stream, and nothing that holds the graph
#   build/  the edge stream (edges.h) into a CSR in memory (build*.c),
#           --memory's arithmetic (memory.c), and the rewrites of a built
#           or existing .csr (recode.c: --compress and csr; split.c:
#           --partitions), since both run the builder's arrays
#   ooc/    out of core: sorted runs on disk merged into the file, and
#           the whole-write helper (pio.c) its runs and the names use
#   ids/    what renumbers vertices: --string-ids names (in memory and
#           spilled) and --reorder
#   gen/    the kron and urand generators
#   write/  emogi-export's writers, a row a format, and its output, whose
#           codecs are read/'s codec table (codec.h), shared with the input
# The programs and what only they use stay here: emogi-convert's command
# line (options.c), progress lines (progress.c) and --stats (stats.c, which
# reports through common/ and so is the program's, not libconvert's).
# Every folder is on the include path of all of convert: the stages call
# each other (a run is built by the in-memory builder), and the rule that
# matters is the arrow out, convert -> formats.
CONVERT_INCLUDES = -I$(top_srcdir)/convert -I$(top_srcdir)/convert/read \
	-I$(top_srcdir)/convert/build -I$(top_srcdir)/convert/ooc -I$(top_srcdir)/convert/ids \
	-I$(top_srcdir)/convert/gen -I$(top_srcdir)/convert/write
CONVERT_CPPFLAGS = $(FORMATS_CPPFLAGS) $(CONVERT_INCLUDES)
noinst_LTLIBRARIES += libconvert.la
libconvert_la_LDFLAGS = $(LIB_LDFLAGS)
libconvert_la_CPPFLAGS = $(CONVERT_CPPFLAGS)
# read/: codecs, readers, WebGraph (BVGraph and its ASCII form adj)
libconvert_la_SOURCES = convert/read/input.c convert/read/codec.c convert/read/codec_gzip.c \
	convert/read/codec_lz4.c convert/read/codec_zstd.c convert/read/codec_xz.c \
	convert/read/codec_bz2.c \
	convert/read/formats.c convert/read/parse.c convert/read/parse_el.c convert/read/parse_fields.c \
	convert/read/parse_mtx.c convert/read/parse_gr.c convert/read/parse_metis.c \
	convert/read/parse_sg.c convert/read/parse_csv.c convert/read/parse_bel.c \
	convert/read/parse_adj.c \
	convert/read/webgraph.c convert/read/webgraph_list.c convert/read/webgraph_props.c
noinst_HEADERS += convert/read/input.h convert/read/codec.h convert/read/parse.h convert/read/parse_internal.h \
	convert/read/webgraph.h convert/read/webgraph_decode.h convert/read/bitstream.h
# build/: the edge stream, the in-memory builder, --memory, re-encoding, parts
libconvert_la_SOURCES += convert/build/edges.c convert/build/build.c \
	convert/build/build_first.c convert/build/build_plan.c convert/build/build_relabel.c \
	convert/build/build_scatter.c convert/build/build_sort.c convert/build/memory.c \
	convert/build/recode.c convert/build/split.c
noinst_HEADERS += convert/build/edges.h convert/build/build.h convert/build/memory.h \
	convert/build/recode.h convert/build/split.h
# ooc/: out-of-core conversion (sorted runs, merged)
libconvert_la_SOURCES += convert/ooc/ooc_plan.c convert/ooc/ooc_run.c \
	convert/ooc/ooc_merge.c convert/ooc/ooc_write.c convert/ooc/pio.c
noinst_HEADERS += convert/ooc/ooc.h convert/ooc/ooc_internal.h convert/ooc/ooc_merge.h \
	convert/ooc/pio.h
# ids/: --string-ids, --reorder
libconvert_la_SOURCES += convert/ids/names.c convert/ids/names_disk.c convert/ids/reorder.c
noinst_HEADERS += convert/ids/names.h convert/ids/names_disk.h convert/ids/reorder.h
# gen/: generators
libconvert_la_SOURCES += convert/gen/gen_common.c convert/gen/gen_kron.c convert/gen/gen_urand.c
noinst_HEADERS += convert/gen/gen.h
# write/: emogi-export's writers and output
libconvert_la_SOURCES += convert/write/export.c convert/write/out.c convert/write/write_text.c \
	convert/write/write_sg.c
noinst_HEADERS += convert/write/export.h convert/write/out.h
# the programs' own parts: emogi-convert's command line and progress
libconvert_la_SOURCES += convert/options.c convert/progress.c
noinst_HEADERS += convert/options.h convert/progress.h
bin_PROGRAMS += emogi-convert
emogi_convert_SOURCES = convert/emogi-convert.c convert/stats.c
noinst_HEADERS += convert/stats.h
emogi_convert_CPPFLAGS = $(CONVERT_CPPFLAGS) -I$(top_srcdir)/common
emogi_convert_LDADD = libconvert.la libcommon.la $(LDADD)
# emogi-export: a .csr written out as el, wel, mtx, gr, metis, sg or wsg
bin_PROGRAMS += emogi-export
emogi_export_SOURCES = convert/emogi-export.c
emogi_export_CPPFLAGS = $(CONVERT_CPPFLAGS) -I$(top_srcdir)/common
emogi_export_LDADD = libconvert.la libcommon.la $(LDADD)
