#include "PillowZipRows.h"

#include <string.h>
#include <zlib.h>

/* Pillow 13's ImagingZipDecode (src/libImaging/ZipDecode.c), mode ZIP_PNG, reduced to what
   decides the rows and the verdict: the filter is checked, not applied (the rows are
   unfiltered later, as any PNG's). */
int gg_pillow_zip_rows(const uint8_t *data, const size_t *pieces, size_t piece_count, const size_t *row_lengths,
                       size_t row_count, uint8_t *rows, size_t *rows_read) {
    z_stream z;
    memset(&z, 0, sizeof z);
    *rows_read = 0;
    if (row_count == 0 || inflateInit(&z) != Z_OK) {
        return GG_PILLOW_ZIP_CONFIGURATION;
    }
    int verdict = GG_PILLOW_ZIP_TRUNCATED;
    size_t row = 0, at = 0, last_output = 0;
    const uint8_t *next = data;
    for (size_t k = 0; k < piece_count; k++) {
        z.next_in = (Bytef *)next;
        z.avail_in = (uInt)pieces[k];
        next += pieces[k];
        while (z.avail_in > 0) {
            size_t length = row_lengths[row];
            z.next_out = rows + at + last_output;
            z.avail_out = (uInt)(length - last_output);
            int err = inflate(&z, Z_NO_FLUSH);
            if (err < 0) {
                verdict = err == Z_DATA_ERROR ? GG_PILLOW_ZIP_BROKEN : GG_PILLOW_ZIP_CONFIGURATION;
                goto done;
            }
            size_t n = length - z.avail_out;
            if (n < length) {
                last_output = n;
                break; /* needs more input */
            }
            if (rows[at] > 4) {
                verdict = GG_PILLOW_ZIP_UNKNOWN_FILTER;
                goto done;
            }
            at += length;
            row++;
            last_output = 0;
            if (row >= row_count || err == Z_STREAM_END) {
                verdict = GG_PILLOW_ZIP_READ;
                goto done;
            }
        }
    }
done:
    inflateEnd(&z);
    /* A row Pillow did not complete is not part of its image. */
    if (row < row_count) {
        memset(rows + at, 0, row_lengths[row]);
    }
    *rows_read = row;
    return verdict;
}
