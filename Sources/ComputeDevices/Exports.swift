// The few backend types a user of `import GPUOps` names, re-exported one by one (GPUOps
// re-exports them from here, in its own list): the CPU backend, which
// docs/IMAGE-OPERATIONS.md constructs, and the errors an OpenCL device throws, so that
// `catch let error as CLBuildError` compiles. Everything else in `CPUCompute` and
// `OpenCLCompute` is `package`: handles, queues, pools and kernels are how a backend works,
// not what a user calls.
@_exported import class CPUCompute.CPUBackend
@_exported import struct OpenCLCompute.CLError
@_exported import struct OpenCLCompute.CLCallError
@_exported import struct OpenCLCompute.CLBuildError
