import COpenCL

/// How a buffer is used and where it is allocated (`cl_mem_flags`). Copying host data at
/// creation is not a flag here: it is `CLBuffer.init(context:flags:copying:)`.
package struct CLMemoryFlags: OptionSet, Sendable {
    package let rawValue: UInt64
    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The kernels read and write the buffer (OpenCL's default).
    package static let readWrite = CLMemoryFlags(rawValue: cl_mem_flags(CL_MEM_READ_WRITE))
    /// The kernels only read the buffer.
    package static let readOnly = CLMemoryFlags(rawValue: cl_mem_flags(CL_MEM_READ_ONLY))
    /// The implementation allocates the buffer in memory the host can reach
    /// (`CL_MEM_ALLOC_HOST_PTR`): pinned memory on a GPU, which the device copies from and to
    /// directly (`CLPinnedBuffer`).
    package static let hostAllocated = CLMemoryFlags(rawValue: cl_mem_flags(CL_MEM_ALLOC_HOST_PTR))
}
