/* names.c - placement policy, UVM advice and hybrid rule names, as tools spell them. */
#include "emogi_loader.h"

static const char *const mem_names[] = {"auto", "device", "zerocopy", "uvm", "hybrid"};
static const char *const advice_names[] = {"read-mostly", "accessed-by", "prefetch"};
static const char *const rule_names[] = {"heads", "prefix"};
#define COUNT(a) (unsigned)(sizeof(a) / sizeof(a)[0])

const char *emogi_mem_name(enum emogi_mem m)
{
    return emogi_name_of(mem_names, COUNT(mem_names), (unsigned)m);
}

int emogi_mem_parse(const char *s, enum emogi_mem *m)
{
    int i = emogi_name_find(mem_names, COUNT(mem_names), s);
    if (i >= 0)
        *m = (enum emogi_mem)i;
    return i < 0 ? -1 : 0;
}

const char *emogi_uvm_advice_name(enum emogi_uvm_advice a)
{
    return emogi_name_of(advice_names, COUNT(advice_names), (unsigned)a);
}

int emogi_uvm_advice_parse(const char *s, enum emogi_uvm_advice *a)
{
    int i = emogi_name_find(advice_names, COUNT(advice_names), s);
    if (i >= 0)
        *a = (enum emogi_uvm_advice)i;
    return i < 0 ? -1 : 0;
}

const char *emogi_hybrid_rule_name(enum emogi_hybrid_rule r)
{
    return emogi_name_of(rule_names, COUNT(rule_names), (unsigned)r);
}

int emogi_hybrid_rule_parse(const char *s, enum emogi_hybrid_rule *r)
{
    int i = emogi_name_find(rule_names, COUNT(rule_names), s);
    if (i >= 0)
        *r = (enum emogi_hybrid_rule)i;
    return i < 0 ? -1 : 0;
}
