/*
 * The vertical pass with AVX2 (see CResampleSIMD.h for the contract).
 *
 * An output row is made 32 bytes at a time; each 32-byte column strip accumulates all of its
 * source rows in registers, two rows per step: the rows' bytes are interleaved and widened
 * (`vpunpck*bw`) to Int16 pairs `[a b]`, and `vpmaddwd` with the broadcast coefficient pair
 * `[ka kb]` gives `a*ka + b*kb`, once per 16-bit half of the split coefficients (prepared
 * by SplitWeights.Pairs in ImageMaths, the layout the Swift passes and the x86 OpenCL kernel
 * read too). The last strip is moved back to end at the row's end: it recomputes
 * a few bytes with identical results instead of needing a scalar tail.
 */

#include "CResampleSIMD.h"
#include "windows.h"

#if defined(__x86_64__)

#include <immintrin.h>

#define GG_AVX2 __attribute__((target("avx2")))

/* The eight accumulators of one strip: 32 output bytes, low and high halves. */
typedef struct {
    __m256i low[4], high[4];
} gg_strip;

/* Adds `a*ka + b*kb` for 32 bytes of rows `a` and `b` (`ka`, `kb`: the pair in `low`/`high`). */
GG_AVX2 static inline void gg_accumulate(gg_strip *s, __m256i a, __m256i b, __m256i low, __m256i high) {
    const __m256i zero = _mm256_setzero_si256();
    /* In each 128-bit half: bytes 0-7 (l) and 8-15 (h) of the half, rows interleaved. */
    __m256i l = _mm256_unpacklo_epi8(a, b), h = _mm256_unpackhi_epi8(a, b);
    __m256i v[4] = {
        _mm256_unpacklo_epi8(l, zero), _mm256_unpackhi_epi8(l, zero),
        _mm256_unpacklo_epi8(h, zero), _mm256_unpackhi_epi8(h, zero),
    };
    for (int i = 0; i < 4; i++) {
        s->low[i] = _mm256_add_epi32(s->low[i], _mm256_madd_epi16(v[i], low));
        s->high[i] = _mm256_add_epi32(s->high[i], _mm256_madd_epi16(v[i], high));
    }
}

/* `clamp((2^21 + low + high * 2^15) >> 22, 0, 255)` of accumulator `i`. */
GG_AVX2 static inline __m256i gg_finish(const gg_strip *s, int i) {
    __m256i acc = _mm256_add_epi32(_mm256_set1_epi32(1 << 21),
                                   _mm256_add_epi32(s->low[i], _mm256_slli_epi32(s->high[i], 15)));
    return _mm256_srai_epi32(acc, 22);
}

/* 32 output bytes from the strip at `top` and the `length` rows below it (`stride` bytes
 * apart). `pairs` holds per row pair the packed words `[low, high]`. */
GG_AVX2 static inline __m256i gg_strip32(const uint8_t *top, ptrdiff_t stride, ptrdiff_t length,
                                         const int32_t *pairs) {
    gg_strip s;
    for (int i = 0; i < 4; i++) s.low[i] = s.high[i] = _mm256_setzero_si256();
    const uint8_t *p = top;
    ptrdiff_t m = 0;
    for (; m + 2 <= length; m += 2, p += 2 * stride, pairs += 2) {
        __m256i a = _mm256_loadu_si256((const __m256i *)p);
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + stride));
        gg_accumulate(&s, a, b, _mm256_set1_epi32(pairs[0]), _mm256_set1_epi32(pairs[1]));
    }
    if (m < length) {
        /* An odd count ends with the last row paired with itself, its partner coefficient 0. */
        __m256i a = _mm256_loadu_si256((const __m256i *)p);
        gg_accumulate(&s, a, a, _mm256_set1_epi32(pairs[0]), _mm256_set1_epi32(pairs[1]));
    }
    /* The unpacks kept each 128-bit half's bytes apart; the in-half packs put them back in
     * order. acc >> 22 lies in -512...511, so the saturating packs are exactly clamp(0, 255). */
    __m256i first = _mm256_packs_epi32(gg_finish(&s, 0), gg_finish(&s, 1));
    __m256i second = _mm256_packs_epi32(gg_finish(&s, 2), gg_finish(&s, 3));
    return _mm256_packus_epi16(first, second);
}

GG_AVX2 static void gg_vertical_rows(const uint8_t *source, ptrdiff_t source_stride, ptrdiff_t row_bytes,
                                     uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                     const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    for (ptrdiff_t y = first_row; y < end_row; y++) {
        const ptrdiff_t start = bounds[2 * y], length = bounds[2 * y + 1];
        const int32_t *row_pairs = pairs + 2 * y * pair_stride;
        const uint8_t *top = source + start * source_stride;
        uint8_t *out = destination + y * row_bytes;
        for (ptrdiff_t x = 0;; x += 32) {
            const ptrdiff_t strip = x < row_bytes - 32 ? x : row_bytes - 32;
            _mm256_storeu_si256((__m256i *)(out + strip), gg_strip32(top + strip, source_stride, length, row_pairs));
            if (strip == row_bytes - 32) break;
        }
    }
}

int gg_resample_vertical_avx2(const uint8_t *source, ptrdiff_t row_bytes,
                              uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                              const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    if (!gg_cpu_has_avx2() || row_bytes < 32) return GG_RESAMPLE_UNSUPPORTED;
    return gg_vertical_run(gg_vertical_rows, source, row_bytes, destination, first_row, end_row, bounds, pairs,
                           pair_stride);
}

#endif
