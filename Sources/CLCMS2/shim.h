#ifndef GPUGLITCH_CLCMS2_SHIM_H
#define GPUGLITCH_CLCMS2_SHIM_H
#include <lcms2.h>
// Swift does not import lcms2's composite format macros: re-export the pixel layouts and flags
// the colour transform uses.
static const cmsUInt32Number gpuglitch_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number gpuglitch_TYPE_CMYK_8 = TYPE_CMYK_8;
// Gray in the first byte of four (the R of an RGBA pixel whose R = G = B), the rest skipped.
static const cmsUInt32Number gpuglitch_TYPE_GRAY_8_IN_RGBA = COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3);
static const cmsUInt32Number gpuglitch_cmsFLAGS_NOCACHE = cmsFLAGS_NOCACHE;
static const cmsUInt32Number gpuglitch_cmsFLAGS_COPY_ALPHA = cmsFLAGS_COPY_ALPHA;
static const cmsUInt32Number gpuglitch_INTENT_PERCEPTUAL = INTENT_PERCEPTUAL;
#endif
