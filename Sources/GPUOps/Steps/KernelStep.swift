import ComputeCore

/// Runs an `ImageKernel` (a built-in effect, the glitch, or a user's own) on every frame: its
/// OpenCL launches on a device backend, its host implementation on the CPU backend, the same
/// bytes either way.
public struct KernelStep: ImageStep {
    public var kernel: any ImageKernel

    public init(_ kernel: any ImageKernel) { self.kernel = kernel }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        try image.mapFrames { try backend.run(kernel, on: $0) }
    }
}
