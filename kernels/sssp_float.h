/*
 * sssp_float.h - float32 distances kept as their bit patterns.
 *
 * SSSP lowers a distance with an atomic minimum on a 32-bit word.  For
 * non-negative floats the order of the bit patterns, read as unsigned
 * integers, is the order of the values (+infinity above all), so the
 * integer minimum serves; these convert between the two views.  Shared
 * by the CPU kernel (kernels/cpu/sssp.c) and the MPI ranks
 * (dist/sssp.c).
 */
#ifndef EMOGI_SSSP_FLOAT_H
#define EMOGI_SSSP_FLOAT_H

#include <stdint.h>
#include <string.h>

static inline float emogi_f32_of_bits(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline uint32_t emogi_bits_of_f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

#endif
