/*
 * The vertical pass with AVX-512 (BW, VL and VNNI; see CResampleSIMD.h for the contract).
 *
 * As the AVX2 pass, two source rows a step, their bytes interleaved and widened to Int16
 * pairs `[a b]`, but 64 output bytes a strip and `vpdpwssd` (multiply pairs, add to the
 * accumulator) in place of `vpmaddwd` and `vpaddd`. A row's last strip is loaded and stored
 * under a byte mask, so every row width is taken and nothing past a row is touched.
 */

#include "CResampleSIMD.h"
#include "windows.h"

#if defined(__x86_64__)

#include <immintrin.h>

#define GG_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni")))

/* The eight accumulators of one strip: 64 output bytes, low and high halves. */
typedef struct {
    __m512i low[4], high[4];
} gg_strip;

/* Adds `a*ka + b*kb` for 64 bytes of rows `a` and `b` (`ka`, `kb`: the pair in `low`/`high`). */
GG_AVX512 static inline void gg_accumulate(gg_strip *s, __m512i a, __m512i b, __m512i low, __m512i high) {
    const __m512i zero = _mm512_setzero_si512();
    /* In each 128-bit lane: bytes 0-7 (l) and 8-15 (h) of the lane, rows interleaved. */
    const __m512i l = _mm512_unpacklo_epi8(a, b), h = _mm512_unpackhi_epi8(a, b);
    const __m512i v[4] = {
        _mm512_unpacklo_epi8(l, zero), _mm512_unpackhi_epi8(l, zero),
        _mm512_unpacklo_epi8(h, zero), _mm512_unpackhi_epi8(h, zero),
    };
    for (int i = 0; i < 4; i++) {
        s->low[i] = _mm512_dpwssd_epi32(s->low[i], v[i], low);
        s->high[i] = _mm512_dpwssd_epi32(s->high[i], v[i], high);
    }
}

/* `(2^21 + low + high * 2^15) >> 22` of accumulator `i`. */
GG_AVX512 static inline __m512i gg_finish(const gg_strip *s, int i) {
    const __m512i acc = _mm512_add_epi32(_mm512_set1_epi32(1 << 21),
                                         _mm512_add_epi32(s->low[i], _mm512_slli_epi32(s->high[i], 15)));
    return _mm512_srai_epi32(acc, 22);
}

/* The strip of the bytes in `mask` (a whole strip: all 64) at `top` and the `length` rows
 * below it (`stride` bytes apart). `pairs` holds per row pair the packed words `[low, high]`. */
GG_AVX512 static inline __m512i gg_strip64(const uint8_t *top, ptrdiff_t stride, ptrdiff_t length,
                                           const int32_t *pairs, __mmask64 mask) {
    gg_strip s;
    for (int i = 0; i < 4; i++) s.low[i] = s.high[i] = _mm512_setzero_si512();
    const uint8_t *p = top;
    ptrdiff_t m = 0;
    for (; m + 2 <= length; m += 2, p += 2 * stride, pairs += 2) {
        const __m512i a = _mm512_maskz_loadu_epi8(mask, p);
        const __m512i b = _mm512_maskz_loadu_epi8(mask, p + stride);
        gg_accumulate(&s, a, b, _mm512_set1_epi32(pairs[0]), _mm512_set1_epi32(pairs[1]));
    }
    if (m < length) {
        /* An odd count ends with the last row paired with itself, its partner coefficient 0. */
        const __m512i a = _mm512_maskz_loadu_epi8(mask, p);
        gg_accumulate(&s, a, a, _mm512_set1_epi32(pairs[0]), _mm512_set1_epi32(pairs[1]));
    }
    /* The unpacks kept each 128-bit lane's bytes apart; the in-lane packs put them back in
     * order. acc >> 22 lies in -512...511, so the saturating packs are exactly clamp(0, 255). */
    const __m512i first = _mm512_packs_epi32(gg_finish(&s, 0), gg_finish(&s, 1));
    const __m512i second = _mm512_packs_epi32(gg_finish(&s, 2), gg_finish(&s, 3));
    return _mm512_packus_epi16(first, second);
}

GG_AVX512 static void gg_vertical_rows(const uint8_t *source, ptrdiff_t source_stride, ptrdiff_t row_bytes,
                                       uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                       const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    const ptrdiff_t whole = row_bytes & ~(ptrdiff_t)63;
    const __mmask64 tail = (1ULL << (row_bytes - whole)) - 1;
    for (ptrdiff_t y = first_row; y < end_row; y++) {
        const ptrdiff_t start = bounds[2 * y], length = bounds[2 * y + 1];
        const int32_t *row_pairs = pairs + 2 * y * pair_stride;
        const uint8_t *top = source + start * source_stride;
        uint8_t *out = destination + y * row_bytes;
        for (ptrdiff_t x = 0; x < whole; x += 64)
            _mm512_storeu_si512(out + x, gg_strip64(top + x, source_stride, length, row_pairs, ~0ULL));
        if (tail)
            _mm512_mask_storeu_epi8(out + whole, tail, gg_strip64(top + whole, source_stride, length, row_pairs, tail));
    }
}

int gg_resample_vertical_avx512(const uint8_t *source, ptrdiff_t row_bytes,
                                uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    if (!gg_cpu_has_avx512() || row_bytes <= 0) return GG_RESAMPLE_UNSUPPORTED;
    return gg_vertical_run(gg_vertical_rows, source, row_bytes, destination, first_row, end_row, bounds, pairs,
                           pair_stride);
}

#endif
