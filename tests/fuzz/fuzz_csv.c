/* fuzz_csv.c - libFuzzer target for the csv reader (see fuzz_parse.h).
 * The first byte chooses the options, the rest is the file:
 *   bits 0-1  the delimiter: ',', tab, '|' or ';'
 *   bit 2     --header (the first line that is not a comment names columns)
 *   bits 3-5  --columns by index, one of eight specs, some with a weight
 *   bit 6     with --header: the columns by name instead ("s,d" or
 *             "s,d,w", as many as the spec by index has)
 * so field splitting, quoting, the header line, column choice and weights
 * are fuzzed under every delimiter.  An empty input is the defaults. */
#include "fuzz_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char delims[4] = {',', '\t', '|', ';'};
    static const char *const by_index[8] = {"1,2", "2,1", "1,2,3", "3,1,2",
                                            "2,3", "1,3,2", "4,2", "2,1,4"};
    struct csv_opts o = {0};
    if (size == 0) {
        fuzz_csv = NULL;
        fuzz_csv_weighted = 0;
        return fuzz_parse(data, size, FORMAT_CSV);
    }
    uint8_t sel = data[0];
    const char *cols = by_index[(sel >> 3) & 7];
    int weighted = strlen(cols) == 5; /* "a,b,c" */
    o.delimiter = delims[sel & 3];
    o.header = (sel >> 2) & 1;
    o.columns = o.header && (sel & 0x40) ? (weighted ? "s,d,w" : "s,d") : cols;
    fuzz_csv = &o;
    fuzz_csv_weighted = weighted;
    int rc = fuzz_parse(data + 1, size - 1, FORMAT_CSV);
    fuzz_csv = NULL;
    return rc;
}
