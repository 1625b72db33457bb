// What `import GPUOps` brings: the chain, the image model and codecs, the host-side maths, the
// compute protocol and device selection, and the error of a failed system call
// (`SystemCallError`, the only public type of SystemIO). The backends themselves stay behind `ComputeDevices`
// (`DeviceSelector`); import `CPUCompute` or `OpenCLCompute` to name them directly.
@_exported import OperationChain
@_exported import ImageCodecs
@_exported import ImageMaths
@_exported import ComputeCore
@_exported import ComputeDevices
@_exported import ImageEffects
@_exported import SystemIO
