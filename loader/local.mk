# loader/: placement of an opened .csr (owned by the GPU work)
include_HEADERS += loader/emogi_loader.h
