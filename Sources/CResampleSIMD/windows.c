#include "CResampleSIMD.h"
#include "windows.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int gg_horizontal_windows_fit(ptrdiff_t padded_width, ptrdiff_t source_width,
                              const int32_t *windows, ptrdiff_t count) {
    if (padded_width < source_width || padded_width > source_width + 3) return 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        const ptrdiff_t first = windows[4 * i + GG_WINDOW_START], groups = windows[4 * i + GG_WINDOW_GROUPS];
        if (first < 0 || groups < 0 || first + 4 * groups > padded_width) return 0;
    }
    return 1;
}

int gg_even_windows_fit(ptrdiff_t source_width, const int32_t *windows, ptrdiff_t count) {
    const ptrdiff_t pairs = (source_width + 1) / 2;
    for (ptrdiff_t i = 0; i < count; i++) {
        const int32_t *w = windows + 4 * i;
        if (w[GG_EVEN_FIRST_PAIR] < 0 || w[GG_EVEN_PAIRS] < 0 || w[GG_EVEN_FIRST_WORD_PAIR] < 0 ||
            (ptrdiff_t)w[GG_EVEN_FIRST_PAIR] + w[GG_EVEN_PAIRS] > pairs || w[GG_EVEN_ALPHA] < 0 || w[GG_EVEN_ALPHA] > 255)
            return 0;
    }
    return 1;
}

int gg_vertical_windows_fit(ptrdiff_t first_row, ptrdiff_t end_row, const int32_t *bounds,
                            ptrdiff_t pair_stride) {
    for (ptrdiff_t y = first_row; y < end_row; y++) {
        const ptrdiff_t start = bounds[2 * y], length = bounds[2 * y + 1];
        if (start < 0 || length < 0 || length > 2 * pair_stride) return 0;
    }
    return 1;
}

/*
 * A strip reads the same byte offset of every source row in its window. The level-1 data cache
 * of current x86 cores picks a line's set from address bits 6-11 (64 sets of 8 ways), so rows
 * whose length is a multiple of 4096 bytes (1024, 2048, 3072 pixels: the usual web widths) put
 * a strip's whole window into one set, 2048-byte rows into two, 1024-byte rows into four. A
 * window longer than those sets hold evicts itself on every strip, and the pass then reads
 * from level 2: 1024-pixel rows measured 1.75 times slower than 1000- or 1040-pixel ones.
 * Such passes copy each band of output rows' source rows into a scratch buffer whose rows are
 * one cache line longer (consecutive rows in consecutive sets) and read them from there. The
 * arithmetic is unchanged; only where the kernel reads its source bytes.
 */
enum { GG_RESTAGE_BAND = 16, GG_CACHE_LINE = 64, GG_CACHE_SET_SPAN = 4096, GG_CACHE_WAYS = 8 };

static ptrdiff_t gg_gcd(ptrdiff_t a, ptrdiff_t b) {
    while (b) {
        const ptrdiff_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int gg_vertical_restages(ptrdiff_t row_bytes, ptrdiff_t first_row, ptrdiff_t end_row,
                                const int32_t *bounds) {
    /* Rows `row_bytes` apart fall into GG_CACHE_SET_SPAN / g sets; below 1024 there are enough. */
    const ptrdiff_t g = gg_gcd(row_bytes, GG_CACHE_SET_SPAN);
    if (g < 1024) return 0;
    const ptrdiff_t sets = GG_CACHE_SET_SPAN / g;
    /* Over two or four sets the copy paid for itself only for windows of twice what the sets
     * hold (measured: 512-pixel rows gained 15 % at 36 taps, nothing below 26). */
    const ptrdiff_t longest_in_place = GG_CACHE_WAYS * sets * (sets == 1 ? 1 : 2);
    for (ptrdiff_t y = first_row; y < end_row; y++)
        if (bounds[2 * y + 1] > longest_in_place) return 1;
    return 0;
}

/* How many output rows the band starting at `band` holds (GG_RESTAGE_BAND, fewer for the last). */
static ptrdiff_t gg_band_count(ptrdiff_t band, ptrdiff_t end_row) {
    return end_row - band < GG_RESTAGE_BAND ? end_row - band : GG_RESTAGE_BAND;
}

/* The source rows output rows `first ..< end` read: `[*low, *high)`. */
static void gg_band_span(const int32_t *bounds, ptrdiff_t first, ptrdiff_t end, ptrdiff_t *low, ptrdiff_t *high) {
    *low = PTRDIFF_MAX;
    *high = 0;
    for (ptrdiff_t y = first; y < end; y++) {
        if (bounds[2 * y] < *low) *low = bounds[2 * y];
        if (bounds[2 * y] + bounds[2 * y + 1] > *high) *high = bounds[2 * y] + bounds[2 * y + 1];
    }
}

/* Output rows `first_row ..< end_row` in bands of GG_RESTAGE_BAND, each band's source rows
 * copied into a scratch buffer with padded rows first. 0 when the scratch buffer cannot be had
 * (nothing written; the caller then reads in place). */
static int gg_vertical_restaged(gg_vertical_rows_fn rows, const uint8_t *source, ptrdiff_t row_bytes,
                                uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                                const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    const ptrdiff_t stride = row_bytes + GG_CACHE_LINE;
    ptrdiff_t capacity = 0, low, high;
    for (ptrdiff_t band = first_row; band < end_row; band += GG_RESTAGE_BAND) {
        gg_band_span(bounds, band, band + gg_band_count(band, end_row), &low, &high);
        if (high - low > capacity) capacity = high - low;
    }
    uint8_t *scratch = malloc((size_t)(capacity * stride));
    if (!scratch) return 0;
    int32_t shifted[2 * GG_RESTAGE_BAND];
    for (ptrdiff_t band = first_row; band < end_row; band += GG_RESTAGE_BAND) {
        const ptrdiff_t count = gg_band_count(band, end_row);
        gg_band_span(bounds, band, band + count, &low, &high);
        for (ptrdiff_t r = low; r < high; r++)
            memcpy(scratch + (r - low) * stride, source + r * row_bytes, (size_t)row_bytes);
        /* The band's windows counted from its first copied row; bounds and pairs are indexed by
         * output row, so both start at the band's first row. */
        for (ptrdiff_t i = 0; i < count; i++) {
            shifted[2 * i] = bounds[2 * (band + i)] - (int32_t)low;
            shifted[2 * i + 1] = bounds[2 * (band + i) + 1];
        }
        rows(scratch, stride, row_bytes, destination + band * row_bytes, 0, count, shifted,
             pairs + 2 * band * pair_stride, pair_stride);
    }
    free(scratch);
    return 1;
}

int gg_vertical_run(gg_vertical_rows_fn rows, const uint8_t *source, ptrdiff_t row_bytes,
                    uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                    const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    if (end_row <= first_row) return GG_RESAMPLE_DONE;
    if (!gg_vertical_windows_fit(first_row, end_row, bounds, pair_stride)) return GG_RESAMPLE_UNSUPPORTED;
    if (gg_vertical_restages(row_bytes, first_row, end_row, bounds) &&
        gg_vertical_restaged(rows, source, row_bytes, destination, first_row, end_row, bounds, pairs, pair_stride))
        return GG_RESAMPLE_DONE;
    rows(source, row_bytes, row_bytes, destination, first_row, end_row, bounds, pairs, pair_stride);
    return GG_RESAMPLE_DONE;
}
