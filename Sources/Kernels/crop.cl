// crop kernels: written by the OpenCL backend work (issue 3).
