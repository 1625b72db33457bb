/*
 * The row loop of the horizontal passes (private to CResampleSIMD), one text for every
 * instruction set: a file includes it after defining `GG_TARGET` (its target attribute) and
 *     static inline __m128i gg_pixel4(const uint8_t *const rows[4], const int32_t *window,
 *                                     const int32_t *words);
 * which makes one output pixel of four rows (`rows[r]` at each row's first source pixel;
 * `window` that pixel's four int32s of SplitWeights.Groups), row 0 in the lowest 32 bits.
 * It defines `gg_horizontal_run`, the whole pass but for the CPU check.
 */

#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "windows.h"

/* Rows four at a time; `scratch` (16 * padded_width bytes, or NULL when the rows are read in
 * place) holds the rows copied into padded width. */
GG_TARGET static void gg_horizontal_rows(const uint8_t *source, ptrdiff_t source_width,
                                         ptrdiff_t padded_width, uint8_t *destination,
                                         ptrdiff_t row_count, const int32_t *windows,
                                         const int32_t *words, ptrdiff_t count, uint8_t *scratch) {
    const ptrdiff_t in_row = 4 * source_width, out_row = 4 * count;
    for (ptrdiff_t y = 0; y < row_count; y += 4) {
        const ptrdiff_t rows_here = row_count - y < 4 ? row_count - y : 4;
        const uint8_t *rows[4];
        for (int r = 0; r < 4; r++) {
            /* Past the last row the last row is computed again and not stored. */
            const ptrdiff_t row = y + (r < rows_here ? r : rows_here - 1);
            rows[r] = source + row * in_row;
            if (scratch) {
                uint8_t *copy = scratch + r * 4 * padded_width;
                memcpy(copy, rows[r], (size_t)in_row);
                memset(copy + in_row, 0, (size_t)(4 * (padded_width - source_width)));
                rows[r] = copy;
            }
        }
        uint8_t *out = destination + y * out_row;
        if (rows_here == 4) {
            for (ptrdiff_t x = 0; x < count; x++) {
                const __m128i pixels = gg_pixel4(rows, windows + 4 * x, words);
                _mm_storeu_si32(out + 4 * x, pixels);
                _mm_storeu_si32(out + out_row + 4 * x, _mm_srli_si128(pixels, 4));
                _mm_storeu_si32(out + 2 * out_row + 4 * x, _mm_srli_si128(pixels, 8));
                _mm_storeu_si32(out + 3 * out_row + 4 * x, _mm_srli_si128(pixels, 12));
            }
        } else {
            for (ptrdiff_t x = 0; x < count; x++) {
                int32_t p[4];
                _mm_storeu_si128((__m128i *)p, gg_pixel4(rows, windows + 4 * x, words));
                for (ptrdiff_t r = 0; r < rows_here; r++) memcpy(out + r * out_row + 4 * x, &p[r], 4);
            }
        }
    }
}

/* The pass, once the CPU is known to run GG_TARGET (arguments as in CResampleSIMD.h). */
static int gg_horizontal_run(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                             uint8_t *destination, ptrdiff_t row_count,
                             const int32_t *windows, const int32_t *words, ptrdiff_t count) {
    if (row_count <= 0 || count <= 0) return GG_RESAMPLE_DONE;
    if (!gg_horizontal_windows_fit(padded_width, source_width, windows, count)) return GG_RESAMPLE_UNSUPPORTED;
    uint8_t *scratch = NULL;
    if (padded_width > source_width) {
        scratch = malloc((size_t)(16 * padded_width));
        if (!scratch) return GG_RESAMPLE_UNSUPPORTED;
    }
    gg_horizontal_rows(source, source_width, padded_width, destination, row_count, windows, words, count, scratch);
    free(scratch);
    return GG_RESAMPLE_DONE;
}
