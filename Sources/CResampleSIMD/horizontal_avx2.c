/*
 * The horizontal pass with AVX2 (see CResampleSIMD.h for the contract).
 *
 * Taps go four at a time. One 16-byte load holds four source pixels; it is broadcast to both
 * 128-bit halves and `vpshufb` regroups and widens it in one step to
 *     [r0 r1 r2 r3 g0 g1 g2 g3 | b0 b1 b2 b3 a0 a1 a2 a3]   (Int16),
 * so `vpmaddwd` with the coefficient pairs `[c01 c23 c01 c23 | c01 c23 c01 c23]` (one 64-bit
 * broadcast load) gives per channel the sums of taps 0+1 and 2+3. Each coefficient is split
 * into 16-bit halves, so every group takes two `vpmaddwd`, one per half. The weights arrive
 * prepared (SplitWeights.Groups in ImageMaths, shared with the x86 OpenCL kernel): windows
 * padded to whole groups with zero coefficients, moved back so that no load leaves the row, and
 * the width rows must be copied to when a row is narrower than a padded window. Four rows are
 * done together, sharing the coefficient loads.
 */

#include "CResampleSIMD.h"
#include "windows.h"

#if defined(__x86_64__)

#include <immintrin.h>

#define GG_TARGET __attribute__((target("avx2")))

/* `low + high * 2^15`, the sum of the split products (wrapping). */
GG_TARGET static inline __m256i gg_combine(__m256i low, __m256i high) {
    return _mm256_add_epi32(low, _mm256_slli_epi32(high, 15));
}

/* One output pixel of four rows: `rows[r]` point at each row's first source pixel. */
GG_TARGET static inline __m128i gg_pixel4(const uint8_t *const rows[4], const int32_t *w,
                                          const int32_t *words) {
    const __m256i regroup = _mm256_setr_epi8(
        0, -1, 4, -1, 8, -1, 12, -1, 1, -1, 5, -1, 9, -1, 13, -1,
        2, -1, 6, -1, 10, -1, 14, -1, 3, -1, 7, -1, 11, -1, 15, -1);
    __m256i low0 = _mm256_setzero_si256(), low1 = low0, low2 = low0, low3 = low0;
    __m256i high0 = low0, high1 = low0, high2 = low0, high3 = low0;
    const ptrdiff_t at = 4 * (ptrdiff_t)w[GG_WINDOW_START];
    const uint8_t *p0 = rows[0] + at, *p1 = rows[1] + at, *p2 = rows[2] + at, *p3 = rows[3] + at;
    const int32_t *c = words + 4 * (ptrdiff_t)w[GG_WINDOW_FIRST_GROUP];
    for (ptrdiff_t g = 0; g < w[GG_WINDOW_GROUPS]; g++, c += 4) {
        __m256i lo = _mm256_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)c));
        __m256i hi = _mm256_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)(c + 2)));
        __m256i v;
        v = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p0 + 16 * g))), regroup);
        low0 = _mm256_add_epi32(low0, _mm256_madd_epi16(v, lo));
        high0 = _mm256_add_epi32(high0, _mm256_madd_epi16(v, hi));
        v = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p1 + 16 * g))), regroup);
        low1 = _mm256_add_epi32(low1, _mm256_madd_epi16(v, lo));
        high1 = _mm256_add_epi32(high1, _mm256_madd_epi16(v, hi));
        v = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p2 + 16 * g))), regroup);
        low2 = _mm256_add_epi32(low2, _mm256_madd_epi16(v, lo));
        high2 = _mm256_add_epi32(high2, _mm256_madd_epi16(v, hi));
        v = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p3 + 16 * g))), regroup);
        low3 = _mm256_add_epi32(low3, _mm256_madd_epi16(v, lo));
        high3 = _mm256_add_epi32(high3, _mm256_madd_epi16(v, hi));
    }
    /* Lanes per row: [r01 r23 g01 g23 | b01 b23 a01 a23]; hadd sums the pairs of two rows:
     * [r0 g0 r1 g1 | b0 a0 b1 a1] (digits: rows). */
    const __m256i rounding = _mm256_set1_epi32(1 << 21);
    __m256i rows01 = _mm256_hadd_epi32(gg_combine(low0, high0), gg_combine(low1, high1));
    __m256i rows23 = _mm256_hadd_epi32(gg_combine(low2, high2), gg_combine(low3, high3));
    rows01 = _mm256_srai_epi32(_mm256_add_epi32(rows01, rounding), 22);
    rows23 = _mm256_srai_epi32(_mm256_add_epi32(rows23, rounding), 22);
    /* acc >> 22 lies in -512...511, so the saturating packs are exactly clamp(0, 255). */
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(rows01, rows23), _mm256_setzero_si256());
    /* [r0 g0 r1 g1 r2 g2 r3 g3 | b0 a0 b1 a1 ...] -> four RGBA pixels, one per row. */
    return _mm_unpacklo_epi16(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1));
}

#include "horizontal_rows.h"

int gg_resample_horizontal_avx2(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                                uint8_t *destination, ptrdiff_t row_count,
                                const int32_t *windows, const int32_t *words, ptrdiff_t count) {
    if (!gg_cpu_has_avx2()) return GG_RESAMPLE_UNSUPPORTED;
    return gg_horizontal_run(source, source_width, padded_width, destination, row_count, windows, words, count);
}

#endif
