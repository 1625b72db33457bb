/*
 * The horizontal pass with AVX2 for opaque sources (see CResampleSIMD.h for the contract):
 * eight rows in the lanes of each vector, the colour channels apart, alpha not computed.
 *
 * Rows go eight at a time. A block's pixels are first regrouped ("transposed") into, per pair
 * of source pixels (2j, 2j + 1) and per colour channel, one vector of eight Int16 pairs, one
 * per row: `[row0: p(2j) p(2j+1) | row1: ... | row7: ...]`. Each output pixel is then, per
 * channel, `vpmaddwd` of those vectors with its coefficient pair broadcast (two, one per 16-bit
 * half of the split coefficients), summed over its window: every multiply does useful work,
 * where the four-pixel pass (horizontal_avx2.c) spends a quarter of its multiplies on alpha and
 * needs a shuffle per load. Windows start at an even source pixel (a zero coefficient first
 * when the real start is odd): SplitWeights.EvenPairs.
 *
 * Alpha is 255 everywhere in the source, so each output's alpha is the same on every row,
 * `clamp((2^21 + 255 * sum(k)) >> 22, 0, 255)`, prepared with the weights. The regrouping runs
 * just ahead of the first pass's outputs, so the source streams in while the multiplies run,
 * and every further pass over the same rows (the other sizes of one photo) reads the block
 * already regrouped: the regrouping, a third of one pass's time, is paid once.
 */

#include "CResampleSIMD.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "windows.h"

#define GG_TARGET __attribute__((target("avx2")))

/* Int16 lanes per (pair, channel) vector, and channels kept. */
enum { GG_LANES = 16, GG_CHANNELS = 3 };

/* Source pixels `from ..< to` (`from` even; `to` a multiple of 8 or the width) of the eight
 * rows into `pairs`, whose first vector group is pair `base`. A last odd pixel is paired with 0. */
GG_TARGET static void gg_regroup(const uint8_t *const rows[8], ptrdiff_t from, ptrdiff_t to, ptrdiff_t width,
                                 int16_t *pairs, ptrdiff_t base) {
    /* Per 128-bit lane, four pixels [RGBA RGBA RGBA RGBA] -> [R0 R1 G0 G1 B0 B1 A0 A1 R2 R3 ...]. */
    const __m256i split = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
                                           0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    ptrdiff_t x = from;
    for (; x + 8 <= to; x += 8) {
        __m256i a[8];
        for (int r = 0; r < 8; r++) {
            _mm_prefetch((const char *)(rows[r] + 4 * x + 512), _MM_HINT_T0);
            a[r] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(rows[r] + 4 * x)), split);
        }
        /* An 8x8 transpose of 16-bit units in each 128-bit lane: unit u of every row together. */
        const __m256i t0 = _mm256_unpacklo_epi16(a[0], a[1]), t1 = _mm256_unpackhi_epi16(a[0], a[1]);
        const __m256i t2 = _mm256_unpacklo_epi16(a[2], a[3]), t3 = _mm256_unpackhi_epi16(a[2], a[3]);
        const __m256i t4 = _mm256_unpacklo_epi16(a[4], a[5]), t5 = _mm256_unpackhi_epi16(a[4], a[5]);
        const __m256i t6 = _mm256_unpacklo_epi16(a[6], a[7]), t7 = _mm256_unpackhi_epi16(a[6], a[7]);
        const __m256i s0 = _mm256_unpacklo_epi32(t0, t2), s1 = _mm256_unpackhi_epi32(t0, t2);
        const __m256i s2 = _mm256_unpacklo_epi32(t1, t3), s3 = _mm256_unpackhi_epi32(t1, t3);
        const __m256i s4 = _mm256_unpacklo_epi32(t4, t6), s5 = _mm256_unpackhi_epi32(t4, t6);
        const __m256i s6 = _mm256_unpacklo_epi32(t5, t7), s7 = _mm256_unpackhi_epi32(t5, t7);
        /* Units 0-2: R, G, B of pair x/2 (low lane) and x/2 + 2 (high lane); 4-6: pairs + 1. */
        const __m256i u[6] = {_mm256_unpacklo_epi64(s0, s4), _mm256_unpackhi_epi64(s0, s4),
                              _mm256_unpacklo_epi64(s1, s5), _mm256_unpacklo_epi64(s2, s6),
                              _mm256_unpackhi_epi64(s2, s6), _mm256_unpacklo_epi64(s3, s7)};
        int16_t *p = pairs + (x / 2 - base) * GG_CHANNELS * GG_LANES;
        for (int c = 0; c < GG_CHANNELS; c++) {
            _mm256_store_si256((__m256i *)(p + c * GG_LANES),
                               _mm256_cvtepu8_epi16(_mm256_castsi256_si128(u[c])));
            _mm256_store_si256((__m256i *)(p + (GG_CHANNELS + c) * GG_LANES),
                               _mm256_cvtepu8_epi16(_mm256_castsi256_si128(u[3 + c])));
            _mm256_store_si256((__m256i *)(p + (2 * GG_CHANNELS + c) * GG_LANES),
                               _mm256_cvtepu8_epi16(_mm256_extracti128_si256(u[c], 1)));
            _mm256_store_si256((__m256i *)(p + (3 * GG_CHANNELS + c) * GG_LANES),
                               _mm256_cvtepu8_epi16(_mm256_extracti128_si256(u[3 + c], 1)));
        }
    }
    for (; x < to; x++) {
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < GG_CHANNELS; c++)
                pairs[((x / 2 - base) * GG_CHANNELS + c) * GG_LANES + 2 * r + (x & 1)] = rows[r][4 * x + c];
    }
    if (to == width && (width & 1)) {
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < GG_CHANNELS; c++) pairs[((width / 2 - base) * GG_CHANNELS + c) * GG_LANES + 2 * r + 1] = 0;
    }
}

/* `(low + high * 2^15 + 2^21) >> 22`, per lane. */
GG_TARGET static inline __m256i gg_finish(__m256i low, __m256i high) {
    const __m256i sum = _mm256_add_epi32(low, _mm256_slli_epi32(high, 15));
    return _mm256_srai_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(1 << 21)), 22);
}

/* Output pixel `w` of the eight rows: `[row0 row1 row2 row3 | row4 row5 row6 row7]`, RGBA. */
GG_TARGET static inline __m256i gg_pixel8(const int16_t *pairs, ptrdiff_t base, const int32_t *w,
                                          const int32_t *words) {
    const __m256i *p = (const __m256i *)(pairs + ((ptrdiff_t)w[GG_EVEN_FIRST_PAIR] - base) * GG_CHANNELS * GG_LANES);
    const int32_t *c = words + 2 * (ptrdiff_t)w[GG_EVEN_FIRST_WORD_PAIR];
    __m256i lr = _mm256_setzero_si256(), hr = lr, lg = lr, hg = lr, lb = lr, hb = lr;
    for (int32_t m = 0; m < w[GG_EVEN_PAIRS]; m++, p += GG_CHANNELS, c += 2) {
        const __m256i lo = _mm256_set1_epi32(c[0]), hi = _mm256_set1_epi32(c[1]);
        __m256i v = _mm256_load_si256(p);
        lr = _mm256_add_epi32(lr, _mm256_madd_epi16(v, lo));
        hr = _mm256_add_epi32(hr, _mm256_madd_epi16(v, hi));
        v = _mm256_load_si256(p + 1);
        lg = _mm256_add_epi32(lg, _mm256_madd_epi16(v, lo));
        hg = _mm256_add_epi32(hg, _mm256_madd_epi16(v, hi));
        v = _mm256_load_si256(p + 2);
        lb = _mm256_add_epi32(lb, _mm256_madd_epi16(v, lo));
        hb = _mm256_add_epi32(hb, _mm256_madd_epi16(v, hi));
    }
    /* acc >> 22 lies in -512...511, so the saturating packs are exactly clamp(0, 255). */
    const __m256i rg = _mm256_packs_epi32(gg_finish(lr, hr), gg_finish(lg, hg));
    const __m256i ba = _mm256_packs_epi32(gg_finish(lb, hb), _mm256_set1_epi32(w[GG_EVEN_ALPHA]));
    /* [R0-3 G0-3 B0-3 A0-3 | R4-7 ...] (digits: rows) -> one RGBA pixel per row. */
    const __m256i order = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                           0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    return _mm256_shuffle_epi8(_mm256_packus_epi16(rg, ba), order);
}

/* The source pixels outputs `x ..< x + 4` need regrouped: up to the furthest window end, then
 * 64 more (rounded down to whole groups of eight), so the next outputs find theirs ready. */
static inline ptrdiff_t gg_needed(const int32_t *windows, ptrdiff_t x, ptrdiff_t high) {
    ptrdiff_t end = 0;
    for (ptrdiff_t i = x; i < x + 4; i++) {
        const ptrdiff_t e = 2 * ((ptrdiff_t)windows[4 * i + GG_EVEN_FIRST_PAIR] + windows[4 * i + GG_EVEN_PAIRS]);
        if (e > end) end = e;
    }
    end = (end + 64) & ~(ptrdiff_t)7;
    return end < high ? end : high;
}

GG_TARGET static void gg_expand_rows(const uint8_t *rgb, uint8_t *rgba, ptrdiff_t pixels, uint8_t alpha) {
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,
                                            0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m256i opaque = _mm256_set1_epi32((int32_t)((uint32_t)alpha << 24));
    ptrdiff_t i = 0;
    /* The second half's 16-byte load reaches 4 bytes past its 12: stop while it stays inside. */
    for (; i + 8 <= pixels && 3 * i + 28 <= 3 * pixels; i += 8) {
        const __m256i v = _mm256_setr_m128i(_mm_loadu_si128((const __m128i *)(rgb + 3 * i)),
                                            _mm_loadu_si128((const __m128i *)(rgb + 3 * i + 12)));
        _mm256_storeu_si256((__m256i *)(rgba + 4 * i), _mm256_or_si256(_mm256_shuffle_epi8(v, spread), opaque));
    }
    for (; i < pixels; i++) {
        rgba[4 * i] = rgb[3 * i];
        rgba[4 * i + 1] = rgb[3 * i + 1];
        rgba[4 * i + 2] = rgb[3 * i + 2];
        rgba[4 * i + 3] = alpha;
    }
}

/* The passes over rows eight at a time; `pairs` holds source pairs `base ..< end_pair`, and
 * source pixels `low ..< high` (`low` even) are the ones some window reads. */
GG_TARGET static void gg_opaque_rows(const uint8_t *source, ptrdiff_t width, ptrdiff_t row_count,
                                     const gg_opaque_pass *passes, ptrdiff_t pass_count, ptrdiff_t pixel_bytes,
                                     int16_t *pairs, ptrdiff_t low, ptrdiff_t high) {
    /* RGB output: per 128-bit lane, four RGBA pixels -> their twelve RGB bytes first. */
    const __m256i rgb = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                         0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const ptrdiff_t in_row = 4 * width, base = low / 2;
    for (ptrdiff_t y = 0; y < row_count; y += 8) {
        const ptrdiff_t here = row_count - y < 8 ? row_count - y : 8;
        const uint8_t *rows[8];
        /* Past the last row the last row is computed again and not stored. */
        for (int r = 0; r < 8; r++) rows[r] = source + (y + (r < here ? r : here - 1)) * in_row;
        ptrdiff_t done = low;
        for (ptrdiff_t q = 0; q < pass_count; q++) {
            const int32_t *windows = passes[q].windows, *words = passes[q].words;
            const ptrdiff_t count = passes[q].count, out_row = pixel_bytes * count;
            uint8_t *out = passes[q].destination + y * out_row;
            ptrdiff_t x = 0;
            if (here == 8) {
                for (; x + 4 <= count; x += 4) {
                    const ptrdiff_t need = gg_needed(windows, x, high);
                    if (need > done) { gg_regroup(rows, done, need, width, pairs, base); done = need; }
                    const __m256i p0 = gg_pixel8(pairs, base, windows + 4 * x, words);
                    const __m256i p1 = gg_pixel8(pairs, base, windows + 4 * (x + 1), words);
                    const __m256i p2 = gg_pixel8(pairs, base, windows + 4 * (x + 2), words);
                    const __m256i p3 = gg_pixel8(pairs, base, windows + 4 * (x + 3), words);
                    /* Four outputs of eight rows -> per row four consecutive pixels. */
                    const __m256i l01 = _mm256_unpacklo_epi32(p0, p1), h01 = _mm256_unpackhi_epi32(p0, p1);
                    const __m256i l23 = _mm256_unpacklo_epi32(p2, p3), h23 = _mm256_unpackhi_epi32(p2, p3);
                    __m256i r04 = _mm256_unpacklo_epi64(l01, l23), r15 = _mm256_unpackhi_epi64(l01, l23);
                    __m256i r26 = _mm256_unpacklo_epi64(h01, h23), r37 = _mm256_unpackhi_epi64(h01, h23);
                    uint8_t *o = out + pixel_bytes * x;
                    if (pixel_bytes == 3) {
                        const __m256i r[4] = {_mm256_shuffle_epi8(r04, rgb), _mm256_shuffle_epi8(r15, rgb),
                                              _mm256_shuffle_epi8(r26, rgb), _mm256_shuffle_epi8(r37, rgb)};
                        for (int i = 0; i < 8; i++) {
                            const __m128i bytes = i < 4 ? _mm256_castsi256_si128(r[i]) : _mm256_extracti128_si256(r[i - 4], 1);
                            uint8_t *row = o + i * out_row;
                            _mm_storel_epi64((__m128i *)row, bytes);
                            _mm_storeu_si32(row + 8, _mm_srli_si128(bytes, 8));
                        }
                        continue;
                    }
                    _mm_storeu_si128((__m128i *)o, _mm256_castsi256_si128(r04));
                    _mm_storeu_si128((__m128i *)(o + out_row), _mm256_castsi256_si128(r15));
                    _mm_storeu_si128((__m128i *)(o + 2 * out_row), _mm256_castsi256_si128(r26));
                    _mm_storeu_si128((__m128i *)(o + 3 * out_row), _mm256_castsi256_si128(r37));
                    _mm_storeu_si128((__m128i *)(o + 4 * out_row), _mm256_extracti128_si256(r04, 1));
                    _mm_storeu_si128((__m128i *)(o + 5 * out_row), _mm256_extracti128_si256(r15, 1));
                    _mm_storeu_si128((__m128i *)(o + 6 * out_row), _mm256_extracti128_si256(r26, 1));
                    _mm_storeu_si128((__m128i *)(o + 7 * out_row), _mm256_extracti128_si256(r37, 1));
                }
            }
            /* The rest of the span before any other output (and every later pass) reads it. */
            if (high > done) { gg_regroup(rows, done, high, width, pairs, base); done = high; }
            for (; x < count; x++) {
                uint32_t p[8];
                _mm256_storeu_si256((__m256i *)p, gg_pixel8(pairs, base, windows + 4 * x, words));
                for (ptrdiff_t r = 0; r < here; r++) memcpy(out + r * out_row + pixel_bytes * x, &p[r], (size_t)pixel_bytes);
            }
        }
    }
}

/* RGB pixels to RGBA with one alpha: eight pixels a step, read as two twelve-byte halves. */
int gg_expand_rgb_avx2(const uint8_t *rgb, uint8_t *rgba, ptrdiff_t pixels, uint8_t alpha) {
    if (!gg_cpu_has_avx2()) return GG_RESAMPLE_UNSUPPORTED;
    gg_expand_rows(rgb, rgba, pixels, alpha);
    return GG_RESAMPLE_DONE;
}

int gg_resample_horizontal_opaque_avx2(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t row_count,
                                       const gg_opaque_pass *passes, ptrdiff_t pass_count, ptrdiff_t pixel_bytes) {
    if (!gg_cpu_has_avx2() || (pixel_bytes != 3 && pixel_bytes != 4)) return GG_RESAMPLE_UNSUPPORTED;
    if (row_count <= 0 || pass_count <= 0 || source_width <= 0) return GG_RESAMPLE_DONE;
    /* The span every window reads, in whole pairs: regrouped, and held, only there. */
    ptrdiff_t low = source_width + 1, high = 0;
    for (ptrdiff_t q = 0; q < pass_count; q++) {
        if (passes[q].count < 0 || !gg_even_windows_fit(source_width, passes[q].windows, passes[q].count))
            return GG_RESAMPLE_UNSUPPORTED;
        for (ptrdiff_t x = 0; x < passes[q].count; x++) {
            const int32_t *w = passes[q].windows + 4 * x;
            const ptrdiff_t first = 2 * (ptrdiff_t)w[GG_EVEN_FIRST_PAIR], end = first + 2 * (ptrdiff_t)w[GG_EVEN_PAIRS];
            if (first < low) low = first;
            if (end > high) high = end;
        }
    }
    if (high > source_width) high = source_width;
    if (low >= high) low = high = 0;
    const size_t bytes = (size_t)((high - low) / 2 + 1) * GG_CHANNELS * GG_LANES * sizeof(int16_t);
    int16_t *pairs = aligned_alloc(32, (bytes + 31) & ~(size_t)31);
    if (!pairs) return GG_RESAMPLE_UNSUPPORTED;
    gg_opaque_rows(source, source_width, row_count, passes, pass_count, pixel_bytes, pairs, low, high);
    free(pairs);
    return GG_RESAMPLE_DONE;
}

#endif
