#ifndef GPUGLITCH_COEFFICIENT_SPLIT_H
#define GPUGLITCH_COEFFICIENT_SPLIT_H

/*
 * The 16-bit split the Swift kernels use (PairedWeights): `k = low + high * 2^15` with `low`
 * in 0...32767 and `high = k >> 15`. `vpmaddwd` multiplies Int16 by Int16 and adds adjacent
 * products into Int32; with pixels 0...255 both products of a pair and their sum are exact, so
 * `sum(src * low) + 2^15 * sum(src * high)` equals `sum(src * k)` modulo 2^32, the wrapping
 * Int32 sum the scalar reference computes, whatever the weights.
 */

#include <stdint.h>

/* Whether `k`'s `high` half fits Int16 (|k| < 2^30 roughly; every real filter's weights do). */
static inline int gg_split_fits(int32_t k) {
    int32_t high = k >> 15;
    return high >= INT16_MIN && high <= INT16_MAX;
}

static inline uint32_t gg_split_low(int32_t k) { return (uint32_t)k & 0x7fffu; }

static inline uint32_t gg_split_high(int32_t k) { return (uint32_t)(k >> 15) & 0xffffu; }

/* Two coefficients' halves packed as `first | second << 16`, the Int16 pair `vpmaddwd` reads. */
static inline int32_t gg_pack_low(int32_t first, int32_t second) {
    return (int32_t)(gg_split_low(first) | gg_split_low(second) << 16);
}

static inline int32_t gg_pack_high(int32_t first, int32_t second) {
    return (int32_t)(gg_split_high(first) | gg_split_high(second) << 16);
}

#endif
