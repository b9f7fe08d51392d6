/* fuzz_csv.c - libFuzzer target for the csv reader with its defaults
 * (',' and columns 1,2: field splitting and quoting; see fuzz_parse.h). */
#include "fuzz_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_parse(data, size, FORMAT_CSV);
}
