/* fuzz_mtx.c - libFuzzer target for the mtx reader (see fuzz_parse.h). */
#include "fuzz_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_parse(data, size, FORMAT_MTX);
}
