#ifndef GPUGLITCH_CPNGUNFILTER_H
#define GPUGLITCH_CPNGUNFILTER_H

/*
 * PNG's Paeth filter reversed for 8-bit RGB and RGBA rows, written out as RGBA (the filter of
 * nearly every row of a photo, and the slowest: each pixel depends on the one to its left
 * through about ten operations). `PNGUnfilter` (ImageCodecs) calls these for Paeth rows and
 * does the other filters itself.
 *
 * Why C: the Swift form of this loop (SIMD8<Int16> lanes) compiled to `pmaxsw`/`pminsw` and
 * mask selections only while the optimiser chose to inline the standard library's generic
 * `pointwiseMax`/`pointwiseMin`; code elsewhere in the module changed that choice, and the
 * substitutes it accepts turned selections into multiplies on the critical chain. Written with
 * SSE2 intrinsics (the x86-64 baseline: no run-time dispatch), the instructions are the ones
 * asked for; other architectures get the same arithmetic a byte at a time.
 *
 * Rows: `source` holds `width` pixels of `stride` bytes (3 for RGB, 4 for RGBA) and, for RGB,
 * at least one readable byte after the last (an RGB pixel is loaded as 4 bytes); `above` is
 * the previous RGBA output row, or zeros for the first row; `destination` receives `width`
 * RGBA pixels. `alpha` is OR-ed into every output word (0xFF000000 for RGB, 0 for RGBA). The
 * pair functions unfilter two consecutive Paeth rows, the second's `above` being the first's
 * output; they write the second row's pixel `x - 1` after reading the first row's pixel `x`,
 * so a destination may overlap the source it comes after. `width` is at least 1.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void gg_png_paeth_row_to_rgba(const uint8_t *source, size_t stride, uint32_t alpha, const uint8_t *above,
                              uint8_t *destination, size_t width);

void gg_png_paeth_row_pair_to_rgba(const uint8_t *source, const uint8_t *next_source, size_t stride,
                                   uint32_t alpha, const uint8_t *above, uint8_t *destination,
                                   uint8_t *next_destination, size_t width);

#ifdef __cplusplus
}
#endif

#endif
