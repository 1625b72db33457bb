/* Off x86-64 every pass answers "unsupported" and the portable Swift kernels run. */

#include "CResampleSIMD.h"

#if !defined(__x86_64__)

int gg_resample_horizontal_avx2(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                                uint8_t *destination, ptrdiff_t row_count,
                                const int32_t *windows, const int32_t *words, ptrdiff_t count) {
    (void)source; (void)source_width; (void)padded_width; (void)destination; (void)row_count;
    (void)windows; (void)words; (void)count;
    return GG_RESAMPLE_UNSUPPORTED;
}

int gg_resample_horizontal_opaque_avx2(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t row_count,
                                       const gg_opaque_pass *passes, ptrdiff_t pass_count, ptrdiff_t pixel_bytes) {
    (void)source; (void)source_width; (void)row_count; (void)passes; (void)pass_count; (void)pixel_bytes;
    return GG_RESAMPLE_UNSUPPORTED;
}

int gg_expand_rgb_avx2(const uint8_t *rgb, uint8_t *rgba, ptrdiff_t pixels, uint8_t alpha) {
    (void)rgb; (void)rgba; (void)pixels; (void)alpha;
    return GG_RESAMPLE_UNSUPPORTED;
}

int gg_resample_horizontal_avx512(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                                  uint8_t *destination, ptrdiff_t row_count,
                                  const int32_t *windows, const int32_t *words, ptrdiff_t count) {
    return gg_resample_horizontal_avx2(source, source_width, padded_width, destination, row_count, windows,
                                       words, count);
}

int gg_resample_vertical_avx2(const uint8_t *source, ptrdiff_t row_bytes,
                              uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                              const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    (void)source; (void)row_bytes; (void)destination; (void)first_row; (void)end_row;
    (void)bounds; (void)pairs; (void)pair_stride;
    return GG_RESAMPLE_UNSUPPORTED;
}

int gg_resample_vertical_avx512(const uint8_t *source, ptrdiff_t row_bytes,
                                uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    return gg_resample_vertical_avx2(source, row_bytes, destination, first_row, end_row, bounds, pairs,
                                     pair_stride);
}

#endif
