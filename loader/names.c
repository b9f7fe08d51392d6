/* names.c - placement policy, UVM advice and hybrid rule names, as tools spell them. */
#include <string.h>

#include "emogi_loader.h"

static const char *const mem_names[] = {"auto", "device", "zerocopy", "uvm", "hybrid"};
#define NMEM (sizeof mem_names / sizeof mem_names[0])
static const char *const advice_names[] = {"read-mostly", "accessed-by", "prefetch"};
static const char *const rule_names[] = {"heads", "prefix"};

const char *emogi_mem_name(enum emogi_mem m)
{
    return (unsigned)m < NMEM ? mem_names[m] : "unknown";
}

int emogi_mem_parse(const char *s, enum emogi_mem *m)
{
    for (unsigned i = 0; i < NMEM; i++)
        if (strcmp(s, mem_names[i]) == 0) {
            *m = (enum emogi_mem)i;
            return 0;
        }
    return -1;
}

const char *emogi_uvm_advice_name(enum emogi_uvm_advice a)
{
    return (unsigned)a < 3 ? advice_names[a] : "unknown";
}

int emogi_uvm_advice_parse(const char *s, enum emogi_uvm_advice *a)
{
    for (unsigned i = 0; i < 3; i++)
        if (strcmp(s, advice_names[i]) == 0) {
            *a = (enum emogi_uvm_advice)i;
            return 0;
        }
    return -1;
}

const char *emogi_hybrid_rule_name(enum emogi_hybrid_rule r)
{
    return (unsigned)r < 2 ? rule_names[r] : "unknown";
}

int emogi_hybrid_rule_parse(const char *s, enum emogi_hybrid_rule *r)
{
    for (unsigned i = 0; i < 2; i++)
        if (strcmp(s, rule_names[i]) == 0) {
            *r = (enum emogi_hybrid_rule)i;
            return 0;
        }
    return -1;
}
