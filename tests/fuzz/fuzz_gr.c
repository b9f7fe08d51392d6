/* fuzz_gr.c - libFuzzer target for the gr reader (DIMACS) (see fuzz_parse.h). */
#include "fuzz_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_parse(data, size, FORMAT_GR);
}
