import COpenCL

/// A device buffer (`cl_mem`), released in `deinit`. Commands already enqueued on it keep it
/// alive inside OpenCL, so dropping the last Swift reference right after an enqueue is safe.
// @unchecked Sendable: an OpenCL handle; OpenCL objects but kernels are thread-safe (1.2 §A.2).
package final class CLBuffer: @unchecked Sendable {
    let id: cl_mem
    /// Size in bytes.
    package let size: Int

    private init(id: cl_mem, size: Int) {
        self.id = id
        self.size = size
    }

    /// An uninitialised buffer of `size` bytes (at least 1).
    package convenience init(context: CLContext, flags: CLMemoryFlags = .readWrite, size: Int) throws(CLCallError) {
        precondition(size > 0, "OpenCL buffers cannot be empty")
        self.init(id: try Self.create(context, flags, size, nil), size: size)
    }

    /// A buffer holding a copy of `bytes`, made at creation (`CL_MEM_COPY_HOST_PTR`): the
    /// host memory may change or go away as soon as this returns. Used for small per-call data
    /// (weights, row offsets), because it needs no queue and so never waits for queued work.
    package convenience init(context: CLContext, flags: CLMemoryFlags = .readOnly, copying bytes: UnsafeRawBufferPointer) throws(CLCallError) {
        precondition(bytes.count > 0, "OpenCL buffers cannot be empty")
        let flags = cl_mem_flags(flags.rawValue) | cl_mem_flags(CL_MEM_COPY_HOST_PTR)
        self.init(id: try Self.create(context, CLMemoryFlags(rawValue: flags), bytes.count, bytes.baseAddress),
                  size: bytes.count)
    }

    /// A buffer over `bytes` itself (`CL_MEM_USE_HOST_PTR`): a CPU device's kernels read the
    /// host memory in place, other devices may cache a copy. The memory must stay alive and
    /// unchanged until every command using the buffer has finished (see `HostBackedBuffer`).
    package convenience init(context: CLContext, flags: CLMemoryFlags = .readOnly, usingHostMemory bytes: UnsafeRawBufferPointer) throws(CLCallError) {
        precondition(bytes.count > 0, "OpenCL buffers cannot be empty")
        let flags = cl_mem_flags(flags.rawValue) | cl_mem_flags(CL_MEM_USE_HOST_PTR)
        self.init(id: try Self.create(context, CLMemoryFlags(rawValue: flags), bytes.count, bytes.baseAddress),
                  size: bytes.count)
    }

    /// A buffer holding a copy of `values` (see `init(context:flags:copying:)`).
    package convenience init<T: BitwiseCopyable>(context: CLContext, flags: CLMemoryFlags = .readOnly, copying values: [T]) throws(CLCallError) {
        precondition(!values.isEmpty, "OpenCL buffers cannot be empty")
        let flags = cl_mem_flags(flags.rawValue) | cl_mem_flags(CL_MEM_COPY_HOST_PTR)
        let size = values.count * MemoryLayout<T>.stride
        let made = values.withUnsafeBytes { bytes in
            Result { () throws(CLCallError) in
                try Self.create(context, CLMemoryFlags(rawValue: flags), size, bytes.baseAddress)
            }
        }
        self.init(id: try made.get(), size: size)
    }

    private static func create(_ context: CLContext, _ flags: CLMemoryFlags, _ size: Int,
                               _ host: UnsafeRawPointer?) throws(CLCallError) -> cl_mem {
        var err: cl_int = 0
        let made = context.driver.createBuffer(context.id, cl_mem_flags(flags.rawValue), size,
                                               UnsafeMutableRawPointer(mutating: host), &err)
        try check("clCreateBuffer", err)
        guard let made else { throw CLCallError(call: "clCreateBuffer", error: .memObjectAllocationFailure) }
        return made
    }

    deinit { clReleaseMemObject(id) }
}
