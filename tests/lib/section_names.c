/* section_names - the section types the .csr reader knows, "TYPE NAME" a
 * line, for tests/csr_man_sections.sh to hold against emogi-csr(5). */
#include <stdio.h>

#include "csr_internal.h"
#include "emogi_csr.h"

int main(void)
{
    for (unsigned t = 1; t <= EMOGI_SEC_MAX_TYPE; t++)
        printf("%u %s\n", t, emogi_section_name(t));
    return 0;
}
