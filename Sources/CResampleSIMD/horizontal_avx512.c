/*
 * The horizontal pass with AVX-512 (BW, VL and VNNI; see CResampleSIMD.h for the contract).
 *
 * The same groups of four taps as the AVX2 pass (SplitWeights.Groups), and the same regroup
 * of four source pixels into `[r0 r1 r2 r3 g0 g1 g2 g3 | b0 b1 b2 b3 a0 a1 a2 a3]` (Int16),
 * but one 512-bit register holds that for two rows: a broadcast load of one row's 16 bytes to
 * all four 128-bit lanes, then a masked broadcast of the other row's to the upper two. One
 * `vpdpwssd` (multiply pairs, add to the accumulator) per half of the split coefficients then
 * does what two `vpmaddwd` and two `vpaddd` do per row in the AVX2 pass.
 */

#include "CResampleSIMD.h"
#include "windows.h"

#if defined(__x86_64__)

#include <immintrin.h>

#define GG_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni")))

/* Rows `a` (lanes 0-1) and `b` (lanes 2-3): 16 bytes of each, regrouped and widened. */
GG_TARGET static inline __m512i gg_two_rows(const uint8_t *a, const uint8_t *b) {
    const __m512i regroup = _mm512_broadcast_i64x4(_mm256_setr_epi8(
        0, -1, 4, -1, 8, -1, 12, -1, 1, -1, 5, -1, 9, -1, 13, -1,
        2, -1, 6, -1, 10, -1, 14, -1, 3, -1, 7, -1, 11, -1, 15, -1));
    __m512i v = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)a));
    v = _mm512_mask_broadcast_i32x4(v, 0xFF00, _mm_loadu_si128((const __m128i *)b));
    return _mm512_shuffle_epi8(v, regroup);
}

/* `low + high * 2^15`, the sum of the split products (wrapping). */
GG_TARGET static inline __m512i gg_combine(__m512i low, __m512i high) {
    return _mm512_add_epi32(low, _mm512_slli_epi32(high, 15));
}

/* One output pixel of four rows: `rows[r]` point at each row's first source pixel. Returns
 * the four RGBA pixels, row 0 in the lowest 32 bits. */
GG_TARGET static inline __m128i gg_pixel4(const uint8_t *const rows[4], const int32_t *w,
                                          const int32_t *words) {
    __m512i low01 = _mm512_setzero_si512(), high01 = low01, low23 = low01, high23 = low01;
    const ptrdiff_t at = 4 * (ptrdiff_t)w[GG_WINDOW_START];
    const uint8_t *p0 = rows[0] + at, *p1 = rows[1] + at, *p2 = rows[2] + at, *p3 = rows[3] + at;
    const int32_t *c = words + 4 * (ptrdiff_t)w[GG_WINDOW_FIRST_GROUP];
    for (ptrdiff_t g = 0, o = 0; g < w[GG_WINDOW_GROUPS]; g++, c += 4, o += 16) {
        const __m512i lo = _mm512_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)c));
        const __m512i hi = _mm512_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)(c + 2)));
        const __m512i v01 = gg_two_rows(p0 + o, p1 + o), v23 = gg_two_rows(p2 + o, p3 + o);
        low01 = _mm512_dpwssd_epi32(low01, v01, lo);
        high01 = _mm512_dpwssd_epi32(high01, v01, hi);
        low23 = _mm512_dpwssd_epi32(low23, v23, lo);
        high23 = _mm512_dpwssd_epi32(high23, v23, hi);
    }
    /* Lanes of each: [r01 r23 g01 g23 | b01 b23 a01 a23] for the first row of the pair, then
     * the same for the second (digits: taps). */
    __m512i z01 = gg_combine(low01, high01), z23 = gg_combine(low23, high23);
    /* Adding each lane's neighbour: [r r g g | b b a a] (sums of all four taps). */
    z01 = _mm512_add_epi32(z01, _mm512_shuffle_epi32(z01, _MM_PERM_CDAB));
    z23 = _mm512_add_epi32(z23, _mm512_shuffle_epi32(z23, _MM_PERM_CDAB));
    /* Odd elements from rows 2-3: per 128-bit lane [X(row a) X(row c) Y(row a) Y(row c)]. */
    __m512i sums = _mm512_mask_blend_epi32(0xAAAA, z01, z23);
    sums = _mm512_srai_epi32(_mm512_add_epi32(sums, _mm512_set1_epi32(1 << 21)), 22);
    /* acc >> 22 lies in -512...511: max with 0, then the unsigned saturating narrowing, is
     * exactly clamp(0, 255). Bytes: [r0 r2 g0 g2 b0 b2 a0 a2 r1 r3 g1 g3 b1 b3 a1 a3]. */
    const __m128i bytes = _mm512_cvtusepi32_epi8(_mm512_max_epi32(sums, _mm512_setzero_si512()));
    return _mm_shuffle_epi8(bytes, _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15));
}

#include "horizontal_rows.h"

int gg_resample_horizontal_avx512(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                                  uint8_t *destination, ptrdiff_t row_count,
                                  const int32_t *windows, const int32_t *words, ptrdiff_t count) {
    if (!gg_cpu_has_avx512()) return GG_RESAMPLE_UNSUPPORTED;
    return gg_horizontal_run(source, source_width, padded_width, destination, row_count, windows, words, count);
}

#endif
