/// OpenCL C source for one or more kernels, and the options to build it with.
///
/// Its value is the cache key: a device builds each distinct source once per process and
/// every image after the first reuses the program and its kernels, so a kernel should keep
/// image sizes and parameters out of the source (pass them as arguments) or it is rebuilt
/// for every new value.
public struct KernelProgramSource: Hashable, Sendable {
    /// The OpenCL C text.
    public let text: String
    /// Options for `clBuildProgram`, e.g. `-cl-fast-relaxed-math` (avoid it where bytes must
    /// equal the host's) or `-DTILE=16`.
    public let options: String

    public init(_ text: String, options: String = "") {
        self.text = text
        self.options = options
    }
}
