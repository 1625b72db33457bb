#ifndef GPUGLITCH_CTURBOJPEG_SHIM_H
#define GPUGLITCH_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
// TJSCALED is a function-like macro Swift does not import.
static inline int gpuglitch_tjScaled(int dimension, tjscalingfactor factor) {
    return TJSCALED(dimension, factor);
}
#endif
