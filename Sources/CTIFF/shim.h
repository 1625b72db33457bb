#include <tiffio.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// libtiff over bytes in memory, with its messages caught per handle (never printed), and
// typed wrappers for the variadic TIFFGetField/TIFFSetField, which Swift cannot call.

typedef struct {
    const unsigned char *data;
    toff_t size;
    toff_t position;
    int ran_out;           // a read asked for bytes past the end
    int errors;
    int warnings;
    char error[320];       // the first error, "module: message" (or just the message)
    char warning[320];     // the first warning
} gpuglitch_tiff_input;

static tmsize_t gpuglitch_tiff_read(thandle_t handle, void *buffer, tmsize_t size) {
    gpuglitch_tiff_input *in = (gpuglitch_tiff_input *)handle;
    if (size <= 0) return 0;
    toff_t left = in->position < in->size ? in->size - in->position : 0;
    tmsize_t n = (toff_t)size < left ? size : (tmsize_t)left;
    if (n < size) in->ran_out = 1;
    if (n > 0) memcpy(buffer, in->data + in->position, (size_t)n);
    in->position += (toff_t)n;
    return n;
}

static tmsize_t gpuglitch_tiff_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle; (void)buffer; (void)size;
    return 0;
}

static toff_t gpuglitch_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    gpuglitch_tiff_input *in = (gpuglitch_tiff_input *)handle;
    toff_t base = whence == SEEK_CUR ? in->position : whence == SEEK_END ? in->size : 0;
    in->position = base + offset;
    return in->position;
}

static int gpuglitch_tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t gpuglitch_tiff_size(thandle_t handle) { return ((gpuglitch_tiff_input *)handle)->size; }

static void gpuglitch_tiff_record(char *into, const char *module, const char *fmt, va_list ap) {
    // The module is often just the handle's name ("memory"), which says nothing.
    int n = module && strcmp(module, "memory") != 0 ? snprintf(into, 320, "%s: ", module) : 0;
    if (n < 0 || n >= 320) n = 0;
    vsnprintf(into + n, (size_t)(320 - n), fmt, ap);
}

static int gpuglitch_tiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif;
    gpuglitch_tiff_input *in = (gpuglitch_tiff_input *)user;
    if (in->errors++ == 0) gpuglitch_tiff_record(in->error, module, fmt, ap);
    return 1;
}

static int gpuglitch_tiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif;
    gpuglitch_tiff_input *in = (gpuglitch_tiff_input *)user;
    if (in->warnings++ == 0) gpuglitch_tiff_record(in->warning, module, fmt, ap);
    return 1;
}

/// Opens `in` read-only, without memory mapping, its messages going to `in`; libtiff refuses
/// any single allocation above `max_single_alloc` bytes (0: no limit).
static inline TIFF *gpuglitch_tiff_open(gpuglitch_tiff_input *in, tmsize_t max_single_alloc) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, gpuglitch_tiff_on_error, in);
    TIFFOpenOptionsSetWarningHandlerExtR(options, gpuglitch_tiff_on_warning, in);
    if (max_single_alloc > 0) TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_single_alloc);
    TIFF *tif = TIFFClientOpenExt("memory", "rm", (thandle_t)in, gpuglitch_tiff_read, gpuglitch_tiff_write,
                                  gpuglitch_tiff_seek, gpuglitch_tiff_close, gpuglitch_tiff_size, NULL, NULL, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

static inline int gpuglitch_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetField(tif, tag, value);
}

static inline int gpuglitch_tiff_get_u16_defaulted(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value);
}

static inline int gpuglitch_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) {
    return TIFFGetField(tif, tag, value);
}

static inline int gpuglitch_tiff_get_u32_defaulted(TIFF *tif, uint32_t tag, uint32_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value);
}

static inline int gpuglitch_tiff_get_colormap(TIFF *tif, uint16_t **r, uint16_t **g, uint16_t **b) {
    return TIFFGetField(tif, TIFFTAG_COLORMAP, r, g, b);
}

static inline int gpuglitch_tiff_get_extra_samples(TIFF *tif, uint16_t *count, uint16_t **types) {
    return TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, count, types);
}

static inline int gpuglitch_tiff_get_icc(TIFF *tif, uint32_t *count, void **data) {
    return TIFFGetField(tif, TIFFTAG_ICCPROFILE, count, data);
}

/// The XMP packet (tag 700), as libvips reads it; its count is in bytes.
static inline int gpuglitch_tiff_get_xmp(TIFF *tif, uint32_t *count, void **data) {
    return TIFFGetField(tif, TIFFTAG_XMLPACKET, count, data);
}

/// The IPTC-IIM records (tag 33723, RichTIFFIPTC); `*bytes` counts bytes whatever type the
/// file gave the tag (libvips: a LONG count is four bytes a value).
static inline int gpuglitch_tiff_get_iptc(TIFF *tif, uint32_t *bytes, void **data) {
    if (!TIFFGetField(tif, TIFFTAG_RICHTIFFIPTC, bytes, data)) return 0;
    const TIFFField *field = TIFFFieldWithTag(tif, TIFFTAG_RICHTIFFIPTC);
    if (field && TIFFFieldDataType(field) == TIFF_LONG) {
        if (*bytes > UINT32_MAX / 4) return 0;
        *bytes *= 4;
    }
    return 1;
}

static inline int gpuglitch_tiff_set_jpeg_rgb(TIFF *tif) {
    return TIFFSetField(tif, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB);
}

/// Pillow's `_decodeAsRGBA` (TiffDecode.c), which it uses for every YCbCr image but JPEG-
/// compressed contiguous ones (old-style JPEG, subsampled YCbCr, planar YCbCr): libtiff's
/// TIFFRGBAImage converts, `rows_per_block` rows a call (the strip or tile height, as Pillow
/// reads), top row first whatever the Orientation tag says, without stopping at a damaged strip
/// (Pillow passes stoponerr 0). `raster` holds `width * height` pixels, 0xAABBGGRR each.
/// Returns 1, or 0 with libtiff's reason in `emsg` (when TIFFRGBAImage refuses the layout) or
/// recorded as an error (when a read fails).
static inline int gpuglitch_tiff_read_rgba(TIFF *tif, uint32_t *raster, uint32_t width, uint32_t height,
                                           uint32_t rows_per_block, char emsg[1024]) {
    TIFFRGBAImage img;
    emsg[0] = 0;
    if (!(TIFFRGBAImageOK(tif, emsg) && TIFFRGBAImageBegin(&img, tif, 0, emsg))) return 0;
    img.orientation = ORIENTATION_TOPLEFT;
    img.req_orientation = ORIENTATION_TOPLEFT;
    img.col_offset = 0;
    int ok = img.width == width && img.height == height;
    for (uint32_t y = 0; ok && y < height; y += rows_per_block) {
        img.row_offset = (int)y;
        uint32_t rows = rows_per_block < height - y ? rows_per_block : height - y;
        ok = TIFFRGBAImageGet(&img, raster + (size_t)y * width, width, rows);
    }
    TIFFRGBAImageEnd(&img);
    return ok;
}
