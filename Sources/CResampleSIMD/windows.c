#include "CResampleSIMD.h"
#include "windows.h"

int gg_horizontal_windows_fit(ptrdiff_t padded_width, ptrdiff_t source_width,
                              const int32_t *windows, ptrdiff_t count) {
    if (padded_width < source_width || padded_width > source_width + 3) return 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        const ptrdiff_t first = windows[4 * i + GG_WINDOW_START], groups = windows[4 * i + GG_WINDOW_GROUPS];
        if (first < 0 || groups < 0 || first + 4 * groups > padded_width) return 0;
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

int gg_vertical_run(gg_vertical_rows_fn rows, const uint8_t *source, ptrdiff_t row_bytes,
                    uint8_t *destination, ptrdiff_t first_row, ptrdiff_t end_row,
                    const int32_t *bounds, const int32_t *pairs, ptrdiff_t pair_stride) {
    if (end_row <= first_row) return GG_RESAMPLE_DONE;
    if (!gg_vertical_windows_fit(first_row, end_row, bounds, pair_stride)) return GG_RESAMPLE_UNSUPPORTED;
    rows(source, row_bytes, destination, first_row, end_row, bounds, pairs, pair_stride);
    return GG_RESAMPLE_DONE;
}
