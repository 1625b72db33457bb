#ifndef GPUGLITCH_CDEFLATE_SHIM_H
#define GPUGLITCH_CDEFLATE_SHIM_H
// libdeflate: whole-buffer DEFLATE/zlib decompression, 2-3x faster than zlib's inflate. Used
// by the PNG decoder's fast path (the IDAT stream is inflated in one call).
#include <libdeflate.h>
#endif
