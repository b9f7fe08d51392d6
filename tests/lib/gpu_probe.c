/* gpu_probe.c - exit 0 when a CUDA device is usable, else 1 with the reason
 * on stdout, for shell tests to skip on. */
#include <stdio.h>

#include "emogi_loader.h"

int main(void)
{
    emogi_error err = {{0}};
    int n = emogi_gpu_count(&err);
    if (n > 0) {
        printf("%d\n", n);
        return 0;
    }
    printf("%s\n", err.msg);
    return 1;
}
