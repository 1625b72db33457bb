/// Which flavour of the resampling kernels a device's program holds, and why the x86 flavour
/// is missing on a CPU device whose build of it failed: `gpuglitch devices` shows it, so a
/// slower path taken for that reason is never silent.
package struct OpenCLKernelReport: Sendable, Equatable, Codable {
    /// `x86 AVX2` or `portable`.
    package let resampling: String
    /// The build error of the x86 flavour (first line of it), or nil.
    package let x86BuildError: String?

    package init(resampling: String, x86BuildError: String?) {
        self.resampling = resampling
        self.x86BuildError = x86BuildError
    }
}

extension OpenCLBackend {
    /// The report of `device`'s program (built now if this process has not built it yet).
    package static func kernelReport(for device: CLDevice) throws -> OpenCLKernelReport {
        report(of: try OpenCLDeviceRuntime.shared(for: device))
    }

    static func report(of runtime: OpenCLDeviceRuntime) -> OpenCLKernelReport {
        OpenCLKernelReport(
            resampling: runtime.hasX86Kernels ? "x86 AVX2" : "portable",
            x86BuildError: runtime.x86BuildError.map { String(describing: $0).split(separator: "\n").first.map(String.init) ?? "" })
    }
}
