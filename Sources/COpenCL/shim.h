#ifndef GPUGLITCH_COPENCL_SHIM_H
#define GPUGLITCH_COPENCL_SHIM_H
// OpenCL 1.2 is what every vendor (POCL, NVIDIA, AMD, Intel) implements; newer calls are not used.
#define CL_TARGET_OPENCL_VERSION 120
#ifdef __APPLE__
#include <OpenCL/opencl.h>
#else
#include <CL/cl.h>
#endif
#endif
