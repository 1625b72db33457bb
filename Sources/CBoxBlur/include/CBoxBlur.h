#ifndef GPUGLITCH_CBOXBLUR_H
#define GPUGLITCH_CBOXBLUR_H

#include <stddef.h>
#include <stdint.h>

/// One box pass of Pillow's BoxBlur.c down every column of a `height`-row image whose rows are
/// `row_bytes` bytes (docs/SPEC.md §5): the running sums of a whole row in `acc`
/// (`row_bytes` elements, scratch), every row step the same integer operations on each byte,
/// which the compiler vectorises (AVX2 where the CPU has it, SSE2 otherwise). With `original`
/// and `mask` non-null the result is composited over `original` with row y's weight
/// `mask[y]`: DIV255(original·(255 − m) + blurred·m), Pillow's paste with an L mask.
void gg_box_blur_columns(const uint8_t *src, uint8_t *dst, int row_bytes, int height, int radius,
                         uint32_t inner, uint32_t edge, const uint8_t *original, const uint8_t *mask,
                         uint32_t *acc);

/// `dst` (height × width pixels of 4 bytes) = `src` (width × height) transposed.
void gg_transpose_rgba(const uint8_t *src, uint8_t *dst, int width, int height);

/// Pillow's UnsharpMask.c over `count` bytes (docs/SPEC.md §5.3), in place: each byte of
/// `blurred` becomes `clamp(o + d·percent/100, 0, 255)` where `d = o − blurred` (C's division,
/// truncating towards 0) and `|d| > threshold`, else the original byte `o`. `percent` times
/// 255 must fit an `int` (the caller's range, 0…10000, does).
void gg_unsharp_mask(const uint8_t *original, uint8_t *blurred, size_t count, int percent, int threshold);

#endif
