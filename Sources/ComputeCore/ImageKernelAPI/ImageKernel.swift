import ImageCodecs
import ImageMaths

/// An image operation a user adds without touching the library: OpenCL C source, how its
/// kernels are launched, the output size, and the same computation on the host.
///
/// A backend runs it with `ComputeBackend.run(_:on:)`: the OpenCL backend builds `program`
/// once per device (the build log is in the error if it does not build), takes the output
/// and scratch images from its buffer pool, binds the arguments `encode` recorded and
/// enqueues the launches, leaving the result on the device for the next operation; the CPU
/// backend calls `runOnHost`. Both must give the same bytes: `BackendParity` checks that.
///
/// Conforming types are plain values (parameters, host-computed tables), so one kernel can
/// serve every image of a batch from many threads.
public protocol ImageKernel: Sendable {
    /// A short name for messages, reports and `gpuglitch bench`, e.g. `sepia`.
    var name: String { get }
    /// The OpenCL C source of every kernel `encode` launches.
    var program: KernelProgramSource { get }
    /// The size of the result for an input of `width × height` (default: the same size).
    /// Throw to refuse an input (too small, say); the error fails that image.
    func outputSize(width: Int, height: Int) throws -> PixelSize
    /// Whether the result is opaque when the input is (default: the input's opacity). Say
    /// false when unsure: that is always safe, it only costs later resizes a premultiply.
    func outputIsOpaque(inputIsOpaque: Bool) -> Bool
    /// Records the kernel launches that turn `launches.input` into `launches.output`, in
    /// order (each launch sees the results of the ones before it).
    func encode(_ launches: inout KernelLaunches) throws
    /// The same result computed on the host, byte for byte.
    func runOnHost(_ input: HostImage) throws -> HostImage
    /// `runOnHost(_:)` with the cores the backend lends this image: the CPU backend calls this
    /// one, with its own `RowParallelism`. A kernel whose output rows can be computed apart
    /// splits them with `parallelism.forEachBand` and runs as wide as the backend; the
    /// default ignores `parallelism` and calls `runOnHost(_:)` on the caller's thread.
    func runOnHost(_ input: HostImage, parallelism: RowParallelism) throws -> HostImage
}

extension ImageKernel {
    public func outputSize(width: Int, height: Int) throws -> PixelSize { PixelSize(width: width, height: height) }
    public func outputIsOpaque(inputIsOpaque: Bool) -> Bool { inputIsOpaque }
    public func runOnHost(_ input: HostImage, parallelism: RowParallelism) throws -> HostImage {
        try runOnHost(input)
    }
}
