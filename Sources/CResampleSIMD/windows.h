#ifndef GPUGLITCH_CRESAMPLESIMD_WINDOWS_H
#define GPUGLITCH_CRESAMPLESIMD_WINDOWS_H

/* The checks every vector pass makes of its windows before it writes anything (private to
 * CResampleSIMD): a pass that finds a window it cannot run exactly answers
 * GG_RESAMPLE_UNSUPPORTED with its output untouched. */

#include <stddef.h>
#include <stdint.h>

/* Per output pixel four int32s (SplitWeights.Groups in ImageMaths): the first source pixel of
 * the padded window, its groups of four taps, the index of its first group in `words`, 0. */
enum { GG_WINDOW_START = 0, GG_WINDOW_GROUPS = 1, GG_WINDOW_FIRST_GROUP = 2 };

/* Per output pixel four int32s (SplitWeights.EvenPairs): the first pair of source pixels
 * (pixels 2p and 2p + 1), the pairs, the index of the first coefficient pair (two words each),
 * and the output's alpha for an opaque source. */
enum { GG_EVEN_FIRST_PAIR = 0, GG_EVEN_PAIRS = 1, GG_EVEN_FIRST_WORD_PAIR = 2, GG_EVEN_ALPHA = 3 };

/* Horizontal, opaque: every window's pairs inside the row (its last pixel may be the one past
 * an odd width, which the pass reads as 0) and every alpha a byte. */
int gg_even_windows_fit(ptrdiff_t source_width, const int32_t *windows, ptrdiff_t count);

/* Horizontal: `padded_width` within `source_width ... source_width + 3`, and every window
 * (SplitWeights.Groups) loading inside the padded row. */
int gg_horizontal_windows_fit(ptrdiff_t padded_width, ptrdiff_t source_width,
                              const int32_t *windows, ptrdiff_t count);

/* Vertical: every window of rows `first_row ..< end_row` starting at or after row 0 and no
 * longer than its `2 * pair_stride` taps (SplitWeights.Pairs). */
int gg_vertical_windows_fit(ptrdiff_t first_row, ptrdiff_t end_row, const int32_t *bounds,
                            ptrdiff_t pair_stride);

/* One instruction set's vertical row loop (its arguments as gg_resample_vertical_*'s, but for
 * `source_stride`: the bytes between source rows, which may exceed `row_bytes`). */
typedef void (*gg_vertical_rows_fn)(const uint8_t *source, ptrdiff_t source_stride, ptrdiff_t row_bytes,
                                    uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                    const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride);

/* The vertical pass through `rows`, once the CPU and the row width are known to suit it:
 * GG_RESAMPLE_DONE, or GG_RESAMPLE_UNSUPPORTED (nothing written) for a window that does not fit.
 * Rows whose length shares 1024 or more with 4096 bytes, under windows longer than their cache
 * sets hold, are read through a restaged copy (see windows.c). */
int gg_vertical_run(gg_vertical_rows_fn rows, const uint8_t *source, ptrdiff_t row_bytes,
                    uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                    const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride);

#endif
