#include "CPNGUnfilter.h"

#include <string.h>

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline void store32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

#if defined(__SSE2__)
#include <emmintrin.h>

/* The four bytes of a word as the low four 16-bit lanes; `high` fills the upper four. */
static inline __m128i lanes(uint32_t low, uint32_t high) {
    return _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)((uint64_t)low | (uint64_t)high << 32)),
                             _mm_setzero_si128());
}

/* All eight lanes (0...255) back to two words, the low four lanes in the low word. */
static inline uint64_t words(__m128i v) { return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(v, v)); }

/* `mask ? x : y` for 0/-1 lanes. */
static inline __m128i choose(__m128i mask, __m128i x, __m128i y) {
    return _mm_or_si128(_mm_and_si128(mask, x), _mm_andnot_si128(mask, y));
}

/*
 * Hides `v` from the optimiser, so that it keeps `v` computed where it is: left alone, clang
 * turns "choose between raw + b and raw + c" into "raw + (choose between b and c)", which puts
 * the add and the mask back on the chain from one pixel to the next.
 */
#define GG_KEEP(v) __asm__("" : "+x"(v))

static inline __m128i magnitude(__m128i v) { return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v)); }

/*
 * One pixel (four channels, in each half of the register) from its filtered bytes `raw` and
 * the pixel above `b`; `*a` (left) and `*c` (above-left) move on to this pixel. Everything
 * that does not depend on `a` (|b - c|, raw + b, raw + c) is off the chain from one pixel to
 * the next.
 */
static inline __m128i paeth_next(__m128i raw, __m128i b, __m128i *a, __m128i *c) {
    const __m128i low_byte = _mm_set1_epi16(0xFF);
    __m128i p = _mm_sub_epi16(b, *c);
    __m128i pa = magnitude(p);
    __m128i raw_plus_b = _mm_and_si128(_mm_add_epi16(raw, b), low_byte);
    __m128i raw_plus_c = _mm_and_si128(_mm_add_epi16(raw, *c), low_byte);
    GG_KEEP(raw_plus_b);
    GG_KEEP(raw_plus_c);
    __m128i q = _mm_sub_epi16(*a, *c);
    __m128i pb = magnitude(q);
    __m128i pc = magnitude(_mm_add_epi16(p, q));
    __m128i take_c = _mm_cmplt_epi16(pc, pb);                                  /* else b */
    __m128i raw_plus_b_or_c = choose(take_c, raw_plus_c, raw_plus_b);
    __m128i not_a = _mm_cmplt_epi16(_mm_min_epi16(pb, pc), pa);
    __m128i raw_plus_a = _mm_and_si128(_mm_add_epi16(raw, *a), low_byte);
    GG_KEEP(raw_plus_a);
    __m128i value = choose(not_a, raw_plus_b_or_c, raw_plus_a);
    *a = value;
    *c = b;
    return value;
}

void gg_png_paeth_row_to_rgba(const uint8_t *source, size_t stride, uint32_t alpha, const uint8_t *above,
                              uint8_t *destination, size_t width) {
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    for (size_t x = 0; x < width; x++) {
        __m128i value = paeth_next(lanes(load32(source + x * stride), 0), lanes(load32(above + 4 * x), 0), &a, &c);
        store32(destination + 4 * x, (uint32_t)words(value) | alpha);
    }
}

/*
 * Two rows in a wavefront: the low four lanes hold pixel x of the first row, the high four
 * pixel x - 1 of the second, whose `above` is pixel x - 1 of the first row, computed in the
 * previous step and taken from the register. The two halves are independent lanes of the
 * same instructions, so the CPU has two chains to overlap instead of one.
 */
void gg_png_paeth_row_pair_to_rgba(const uint8_t *source, const uint8_t *next_source, size_t stride,
                                   uint32_t alpha, const uint8_t *above, uint8_t *destination,
                                   uint8_t *next_destination, size_t width) {
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    /* Pixel 0 of the first row; the second row's lanes work on zeros and stay 0, which is
       what its pixel 0 needs as `a` and `c`. */
    __m128i value = paeth_next(lanes(load32(source), 0), lanes(load32(above), 0), &a, &c);
    store32(destination, (uint32_t)words(value) | alpha);
    for (size_t x = 1; x < width; x++) {
        __m128i b = _mm_add_epi16(lanes(load32(above + 4 * x), 0), _mm_slli_si128(value, 8));
        value = paeth_next(lanes(load32(source + x * stride), load32(next_source + (x - 1) * stride)), b, &a, &c);
        uint64_t pair = words(value);
        store32(destination + 4 * x, (uint32_t)pair | alpha);
        store32(next_destination + 4 * (x - 1), (uint32_t)(pair >> 32) | alpha);
    }
    /* The second row's last pixel (the first row's lanes are idle). */
    value = paeth_next(lanes(0, load32(next_source + (width - 1) * stride)), _mm_slli_si128(value, 8), &a, &c);
    store32(next_destination + 4 * (width - 1), (uint32_t)(words(value) >> 32) | alpha);
}

#else

static inline int distance(int x) { return x < 0 ? -x : x; }

static inline uint8_t predict(int a, int b, int c) {
    int pa = distance(b - c), pb = distance(a - c), pc = distance(a + b - 2 * c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c));
}

/* Pixel x of a row: `left` is the output pixel x - 1 (zeros for x = 0), `up` the RGBA row above. */
static inline void unfilter_pixel(const uint8_t *source, size_t stride, uint32_t alpha, const uint8_t *up,
                                  uint8_t *destination, size_t x) {
    uint8_t pixel[4];
    for (size_t i = 0; i < 4; i++) {
        int a = x > 0 ? destination[4 * (x - 1) + i] : 0, c = x > 0 ? up[4 * (x - 1) + i] : 0;
        uint8_t raw = i < stride ? source[x * stride + i] : 0;
        pixel[i] = (uint8_t)(raw + predict(a, up[4 * x + i], c));
    }
    store32(destination + 4 * x, load32(pixel) | alpha);
}

void gg_png_paeth_row_to_rgba(const uint8_t *source, size_t stride, uint32_t alpha, const uint8_t *above,
                              uint8_t *destination, size_t width) {
    for (size_t x = 0; x < width; x++) unfilter_pixel(source, stride, alpha, above, destination, x);
}

/* In the SSE2 version's order, so a destination may overlap its source in the same ways. */
void gg_png_paeth_row_pair_to_rgba(const uint8_t *source, const uint8_t *next_source, size_t stride,
                                   uint32_t alpha, const uint8_t *above, uint8_t *destination,
                                   uint8_t *next_destination, size_t width) {
    unfilter_pixel(source, stride, alpha, above, destination, 0);
    for (size_t x = 1; x < width; x++) {
        unfilter_pixel(source, stride, alpha, above, destination, x);
        unfilter_pixel(next_source, stride, alpha, destination, next_destination, x - 1);
    }
    unfilter_pixel(next_source, stride, alpha, destination, next_destination, width - 1);
}

#endif
