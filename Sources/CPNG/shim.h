#ifndef GPUGLITCH_CPNG_SHIM_H
#define GPUGLITCH_CPNG_SHIM_H
#include <png.h>
// Swift does not import function-like or composite macros: re-export what the codecs use.
static const png_uint_32 gpuglitch_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 gpuglitch_PNG_FORMAT_RGB = PNG_FORMAT_RGB;
static const png_uint_32 gpuglitch_PNG_FORMAT_LINEAR_RGB_ALPHA = PNG_FORMAT_LINEAR_RGB_ALPHA;
static const png_uint_32 gpuglitch_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
// PNG_IMAGE_PNG_SIZE_MAX: an upper bound on the encoded size, so png_image_write_to_memory
// can write into one buffer and compress only once.
static inline png_alloc_size_t gpuglitch_png_image_png_size_max(png_image image) {
    return PNG_IMAGE_PNG_SIZE_MAX(image);
}
#endif
