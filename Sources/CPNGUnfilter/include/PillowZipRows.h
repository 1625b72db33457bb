#ifndef GPUGLITCH_PILLOW_ZIP_ROWS_H
#define GPUGLITCH_PILLOW_ZIP_ROWS_H

/*
 * The rows of a PNG's image data as Pillow 13's `ZipDecode.c` receives them, with its verdict,
 * so that a PNG libpng refuses is read exactly when Pillow reads it (`PNGPillowRepair`).
 *
 * Pillow inflates with zlib, one row at a time (`Z_NO_FLUSH`, the output limited to the rest of
 * the current row), feeding the IDAT data piece by piece as `PngImageFile.load_read` hands it
 * over: each IDAT chunk's data (as much as the file holds) in pieces of at most 65536 bytes
 * (`ImageFile.MAXBLOCK`), empty chunks giving none. A decode call inflates only while its piece
 * has input left. The image is read when every row is complete, or when zlib reports the end
 * of the stream in the call that completes a row; the rows never reached stay 0. Otherwise:
 * zlib's Z_DATA_ERROR is "broken data stream", another zlib error "codec configuration error",
 * a filter type above 4 "unrecognized data stream contents", and data that runs out first
 * "image file is truncated". zlib itself runs here, so that where a stream ends, and what a
 * piece boundary does to it, is exactly what Pillow sees.
 *
 * `pieces` holds `piece_count` lengths of consecutive pieces of `data`; `row_lengths` the
 * length of each filtered row in stream order (filter byte included); `rows` receives the rows
 * (the sum of `row_lengths` bytes, zeroed by the caller: rows not reached stay 0, and a row
 * cut short is zeroed again). `rows_read` receives how many rows came whole.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GG_PILLOW_ZIP_READ = 0,
    GG_PILLOW_ZIP_TRUNCATED = 1,
    GG_PILLOW_ZIP_BROKEN = 2,
    GG_PILLOW_ZIP_CONFIGURATION = 3,
    GG_PILLOW_ZIP_UNKNOWN_FILTER = 4,
};

int gg_pillow_zip_rows(const uint8_t *data, const size_t *pieces, size_t piece_count, const size_t *row_lengths,
                       size_t row_count, uint8_t *rows, size_t *rows_read);

#ifdef __cplusplus
}
#endif

#endif
