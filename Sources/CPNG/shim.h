#ifndef GPUGLITCH_CPNG_SHIM_H
#define GPUGLITCH_CPNG_SHIM_H
#include <png.h>
// Swift does not import function-like or composite macros: re-export what the codecs use.
static const png_uint_32 gpuglitch_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 gpuglitch_PNG_FORMAT_RGB = PNG_FORMAT_RGB;
static const png_uint_32 gpuglitch_PNG_FORMAT_LINEAR_RGB_ALPHA = PNG_FORMAT_LINEAR_RGB_ALPHA;
static const png_uint_32 gpuglitch_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
#endif
