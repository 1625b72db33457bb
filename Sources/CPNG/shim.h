#ifndef GPUGLITCH_CPNG_SHIM_H
#define GPUGLITCH_CPNG_SHIM_H
#include <png.h>
// Swift does not import function-like or composite macros: re-export what the decoder uses
// (libpng only decodes: PNG writing is our own, on libdeflate).
static const png_uint_32 gpuglitch_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 gpuglitch_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
#endif
