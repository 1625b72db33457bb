#ifndef GPUGLITCH_CRESAMPLESIMD_H
#define GPUGLITCH_CRESAMPLESIMD_H

/*
 * AVX2 versions of the CPU backend's two resampling passes (docs/SPEC.md §2), exact to the bit:
 * per channel `clamp((2^21 + sum(src * k)) >> 22, 0, 255)` in wrapping 32-bit arithmetic, the
 * same bytes as the portable Swift kernels, Pillow and the OpenCL kernels.
 *
 * Why C: Swift cannot compile one function for AVX2 and the rest of the binary for baseline
 * x86-64. Here only these functions carry `__attribute__((target("avx2")))`; the package has
 * no global -mavx2, so the binary still runs on x86-64 CPUs without AVX2, where the caller
 * keeps its portable path (`gg_cpu_has_avx2` says which). On other architectures (aarch64)
 * every function is a stub answering "unsupported".
 *
 * Weights arrive split and laid out by `SplitWeights` (Sources/ImageMaths/SplitWeights.swift),
 * the one preparation the Swift passes and the x86 OpenCL kernels read as well: each 22-bit
 * coefficient as halves `k = low + high * 2^15`, two halves per word (`first | second << 16`).
 * The horizontal pass refuses windows whose loads leave the (padded) row; the vertical pass
 * does not know the source's height, so the caller makes sure every window ends inside it
 * (the shared argument checks of ComputeCore do, before any pass runs).
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The pass wrote every output byte. */
#define GG_RESAMPLE_DONE 0
/* The pass wrote nothing; run the portable path. Reasons: not x86-64, no AVX2, a vertical row
 * narrower than 32 bytes, a malformed window (negative, longer than its pairs, or past the
 * padded row's end), or scratch memory not available. */
#define GG_RESAMPLE_UNSUPPORTED 1

/* 1 when this CPU (and its operating system) runs AVX2 instructions, else 0. */
int gg_cpu_has_avx2(void);

/* 1 when this CPU (and its operating system) runs the AVX-512 instructions of the `_avx512`
 * passes (F, BW, VL and VNNI) and is of a generation that runs them at full clock (it has
 * VBMI2 as well: Intel Ice Lake on, AMD Zen 4 on), else 0. */
int gg_cpu_has_avx512(void);

/*
 * The horizontal pass: `row_count` rows of `source_width` RGBA8 pixels starting at `source`
 * (rows contiguous, `4 * source_width` bytes apart) into `row_count` rows of `count` pixels at
 * `destination` (`4 * count` bytes apart). `windows` (four int32s per output pixel) and
 * `words` are `SplitWeights.Groups`; `padded_width` is its `paddedWidth` (rows are copied into
 * that many pixels when it exceeds `source_width`). Returns GG_RESAMPLE_DONE or
 * GG_RESAMPLE_UNSUPPORTED.
 */
int gg_resample_horizontal_avx2(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                                uint8_t *destination, ptrdiff_t row_count,
                                const int32_t *windows, const int32_t *words, ptrdiff_t count);

/* One horizontal pass of gg_resample_horizontal_opaque_avx2: `count` output pixels a row into
 * `destination` (rows `4 * count` bytes apart), with the weights `SplitWeights.EvenPairs`
 * (`windows`, four int32s per output pixel, and `words`), which carry each output's alpha. */
typedef struct {
    uint8_t *destination;
    const int32_t *windows;
    const int32_t *words;
    ptrdiff_t count;
} gg_opaque_pass;

/*
 * `pass_count` horizontal passes over the same `row_count` rows of `source_width` RGBA8 pixels
 * at `source`, whose every alpha is 255, with AVX2: the source is regrouped once for all of
 * them. Each pass's bytes are those of the other horizontal passes on such a source, written as
 * RGBA (`pixel_bytes` 4) or as RGB without the alpha (3; rows `3 * count` bytes apart); on a
 * source with transparency its alpha would be wrong, so the caller must know the source is
 * opaque. Returns GG_RESAMPLE_DONE or GG_RESAMPLE_UNSUPPORTED (nothing written: no AVX2, a
 * window outside the row, or no memory for the regrouped rows).
 */
int gg_resample_horizontal_opaque_avx2(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t row_count,
                                       const gg_opaque_pass *passes, ptrdiff_t pass_count, ptrdiff_t pixel_bytes);

/* `pixels` RGB pixels (3 bytes each) at `rgb` to RGBA at `rgba`, every alpha `alpha`, with AVX2.
 * Returns GG_RESAMPLE_DONE, or GG_RESAMPLE_UNSUPPORTED (nothing written) without AVX2. */
int gg_expand_rgb_avx2(const uint8_t *rgb, uint8_t *rgba, ptrdiff_t pixels, uint8_t alpha);

/*
 * The vertical pass: output rows `first_row ..< end_row` (each `row_bytes` bytes, any multiple
 * of 4) of the image whose row 0 is at `destination`; output row `y` reads source rows
 * `bounds[2y] ..< bounds[2y] + bounds[2y + 1]` of `source`, `row_bytes` apart, with the
 * coefficient pairs `pairs[2 * y * pair_stride ...]` (`SplitWeights.Pairs`).
 * Returns GG_RESAMPLE_DONE or GG_RESAMPLE_UNSUPPORTED (also for `row_bytes < 32`).
 */
int gg_resample_vertical_avx2(const uint8_t *source, ptrdiff_t row_bytes,
                              uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                              const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride);

/*
 * The same two passes with AVX-512 (F, BW, VL, VNNI), same arguments and results. The vertical
 * pass takes every row width (its last strip is masked); both answer GG_RESAMPLE_UNSUPPORTED
 * where `gg_cpu_has_avx512` is 0.
 */
int gg_resample_horizontal_avx512(const uint8_t *source, ptrdiff_t source_width, ptrdiff_t padded_width,
                                  uint8_t *destination, ptrdiff_t row_count,
                                  const int32_t *windows, const int32_t *words, ptrdiff_t count);
int gg_resample_vertical_avx512(const uint8_t *source, ptrdiff_t row_bytes,
                                uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride);

#ifdef __cplusplus
}
#endif

#endif
