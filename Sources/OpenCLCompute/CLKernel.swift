import COpenCL

/// One kernel of a built program (`cl_kernel`), released in `deinit`.
///
/// Not thread-safe: OpenCL's `clSetKernelArg` changes state shared by every user of the
/// kernel, so setting arguments and enqueueing must happen under one lock (as
/// `OpenCLProgramKernels` does), or each thread needs its own kernel object.
package final class CLKernel {
    let id: cl_kernel
    package let name: String
    /// Keeps the program (and so the context) alive while the kernel is.
    package let program: CLProgram

    package init(program: CLProgram, name: String) throws(CLCallError) {
        var err: cl_int = 0
        let made = clCreateKernel(program.id, name, &err)
        try check("clCreateKernel", err)
        guard let made else { throw CLCallError(call: "clCreateKernel", error: .invalidKernelName) }
        id = made
        self.name = name
        self.program = program
    }

    deinit { clReleaseKernel(id) }

    /// Sets a buffer argument (`__global T *`).
    package func setArgument(_ index: Int, _ buffer: CLBuffer) throws(CLCallError) {
        var mem: cl_mem? = buffer.id
        try check("clSetKernelArg", clSetKernelArg(id, cl_uint(index), MemoryLayout<cl_mem>.size, &mem))
    }

    /// Sets a scalar argument. The Swift type must have the kernel parameter's size:
    /// `Int32` for `int`, `UInt32` for `uint` (a Swift `Int` is 8 bytes and is refused with
    /// `CL_INVALID_ARG_SIZE`).
    package func setArgument<T: BitwiseCopyable>(_ index: Int, _ value: T) throws(CLCallError) {
        var copy = value
        try check("clSetKernelArg", clSetKernelArg(id, cl_uint(index), MemoryLayout<T>.size, &copy))
    }

    /// Sets a `__local` argument of `bytes` bytes (no value: each work-group gets its own).
    package func setLocalArgument(_ index: Int, bytes: Int) throws(CLCallError) {
        try check("clSetKernelArg", clSetKernelArg(id, cl_uint(index), bytes, nil))
    }

    /// How many parameters the kernel function declares.
    package var argumentCount: Int {
        get throws(CLCallError) {
            Int(try CLInfoQuery.value("clGetKernelInfo", as: cl_uint.self) {
                clGetKernelInfo(id, cl_kernel_info(CL_KERNEL_NUM_ARGS), $0, $1, $2)
            })
        }
    }

    /// The largest work-group this kernel can run with on `device` (it can be below the
    /// device's maximum when the kernel uses many registers).
    package func workGroupSize(on device: CLDevice) throws(CLCallError) -> Int {
        try CLInfoQuery.value("clGetKernelWorkGroupInfo", as: Int.self) {
            clGetKernelWorkGroupInfo(id, device.id, cl_kernel_work_group_info(CL_KERNEL_WORK_GROUP_SIZE), $0, $1, $2)
        }
    }
}
