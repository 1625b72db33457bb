// The host box passes of the tilt-shift and the sharpen, and the sharpen's unsharp mask; see
// include/CBoxBlur.h. Plain loops over restrict
// pointers: the compiler turns each row step into vector code (AVX2 copy chosen at run time).
#include "CBoxBlur.h"

#include <string.h>

static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

static inline __attribute__((always_inline)) void
columns_body(const uint8_t *restrict src, uint8_t *restrict dst, int row_bytes, int height, int r,
             uint32_t ww, uint32_t fw, const uint8_t *restrict original, const uint8_t *restrict mask,
             uint32_t *restrict acc) {
    int last = height - 1;
    const uint8_t *first = src;
    for (int i = 0; i < row_bytes; i++) acc[i] = (uint32_t)first[i] * (uint32_t)(r + 1);
    int upto = r - 1 < last ? r - 1 : last;
    for (int k = 0; k <= upto; k++) {
        const uint8_t *restrict line = src + (size_t)k * row_bytes;
        for (int i = 0; i < row_bytes; i++) acc[i] += line[i];
    }
    if (r - 1 > last) {
        const uint8_t *restrict line = src + (size_t)last * row_bytes;
        uint32_t times = (uint32_t)(r - 1 - last);
        for (int i = 0; i < row_bytes; i++) acc[i] += line[i] * times;
    }
    for (int y = 0; y < height; y++) {
        const uint8_t *restrict leaving = src + (size_t)clampi(y - r - 1, 0, last) * row_bytes;
        const uint8_t *restrict entering = src + (size_t)clampi(y + r, 0, last) * row_bytes;
        const uint8_t *restrict far = src + (size_t)clampi(y + r + 1, 0, last) * row_bytes;
        uint8_t *restrict out = dst + (size_t)y * row_bytes;
        if (original) {
            const uint8_t *restrict orig = original + (size_t)y * row_bytes;
            uint32_t m = mask[y], keep = 255u - m;
            for (int i = 0; i < row_bytes; i++) {
                uint32_t l = leaving[i];
                uint32_t sum = acc[i] + entering[i] - l;
                acc[i] = sum;
                uint32_t blurred = (sum * ww + (l + far[i]) * fw + (1u << 23)) >> 24;
                uint32_t t = orig[i] * keep + blurred * m + 128u;
                out[i] = (uint8_t)(((t >> 8) + t) >> 8);
            }
        } else {
            for (int i = 0; i < row_bytes; i++) {
                uint32_t l = leaving[i];
                uint32_t sum = acc[i] + entering[i] - l;
                acc[i] = sum;
                out[i] = (uint8_t)((sum * ww + (l + far[i]) * fw + (1u << 23)) >> 24);
            }
        }
    }
}

__attribute__((target("avx2"))) static void
columns_avx2(const uint8_t *src, uint8_t *dst, int row_bytes, int height, int r, uint32_t ww, uint32_t fw,
             const uint8_t *original, const uint8_t *mask, uint32_t *acc) {
    columns_body(src, dst, row_bytes, height, r, ww, fw, original, mask, acc);
}

static void
columns_generic(const uint8_t *src, uint8_t *dst, int row_bytes, int height, int r, uint32_t ww, uint32_t fw,
                const uint8_t *original, const uint8_t *mask, uint32_t *acc) {
    columns_body(src, dst, row_bytes, height, r, ww, fw, original, mask, acc);
}

void gg_box_blur_columns(const uint8_t *src, uint8_t *dst, int row_bytes, int height, int radius,
                         uint32_t inner, uint32_t edge, const uint8_t *original, const uint8_t *mask,
                         uint32_t *acc) {
    if (__builtin_cpu_supports("avx2")) {
        columns_avx2(src, dst, row_bytes, height, radius, inner, edge, original, mask, acc);
    } else {
        columns_generic(src, dst, row_bytes, height, radius, inner, edge, original, mask, acc);
    }
}

void gg_transpose_rgba(const uint8_t *src, uint8_t *dst, int width, int height) {
    enum { TILE = 32 };
    for (int y0 = 0; y0 < height; y0 += TILE) {
        int y1 = y0 + TILE < height ? y0 + TILE : height;
        for (int x0 = 0; x0 < width; x0 += TILE) {
            int x1 = x0 + TILE < width ? x0 + TILE : width;
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    uint32_t p;
                    memcpy(&p, src + ((size_t)y * width + x) * 4, 4);
                    memcpy(dst + ((size_t)x * height + y) * 4, &p, 4);
                }
            }
        }
    }
}

static inline __attribute__((always_inline)) void
unsharp_body(const uint8_t *restrict original, uint8_t *restrict blurred, size_t count, int percent, int threshold) {
    for (size_t i = 0; i < count; i++) {
        int p = original[i];
        int d = p - (int)blurred[i];
        int v = p + d * percent / 100;
        v = v < 0 ? 0 : (v > 255 ? 255 : v);
        blurred[i] = (uint8_t)((d > threshold || d < -threshold) ? v : p);
    }
}

__attribute__((target("avx2"))) static void
unsharp_avx2(const uint8_t *original, uint8_t *blurred, size_t count, int percent, int threshold) {
    unsharp_body(original, blurred, count, percent, threshold);
}

static void
unsharp_generic(const uint8_t *original, uint8_t *blurred, size_t count, int percent, int threshold) {
    unsharp_body(original, blurred, count, percent, threshold);
}

void gg_unsharp_mask(const uint8_t *original, uint8_t *blurred, size_t count, int percent, int threshold) {
    if (__builtin_cpu_supports("avx2")) {
        unsharp_avx2(original, blurred, count, percent, threshold);
    } else {
        unsharp_generic(original, blurred, count, percent, threshold);
    }
}
