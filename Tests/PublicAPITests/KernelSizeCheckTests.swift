import Foundation
import GPUOps
import Testing
import TestSupport

/// A user's kernel is checked before any of its own code runs for an image: an empty or
/// negative output size on every backend, a work-group the device cannot run on a device
/// backend. The kernels below throw `UserCodeRan` from `encode` and `runOnHost`, so an error
/// from them means the check came too late.
@Suite struct KernelSizeCheckTests {
    struct UserCodeRan: Error, Equatable {}

    /// Says `size` for every input.
    struct FixedOutput: ImageKernel {
        let size: PixelSize
        var name: String { "fixed-output" }
        var program: KernelProgramSource { KernelProgramSource("__kernel void unused(__global uchar4 *p) {}") }
        func outputSize(width: Int, height: Int) throws -> PixelSize { size }
        func encode(_ launches: inout KernelLaunches) throws { throw UserCodeRan() }
        func runOnHost(_ input: HostImage) throws -> HostImage { throw UserCodeRan() }
    }

    /// Inverts colours with a work-group of exactly `local` items.
    struct InvertWithGroup: ImageKernel {
        let local: Int
        var name: String { "invert-group" }
        var program: KernelProgramSource {
            KernelProgramSource("""
                __kernel void invert(__global const uchar4 *src, __global uchar4 *dst, uint count) {
                    uint i = get_global_id(0);
                    if (i < count) dst[i] = (uchar4)((uchar3)(255) - src[i].xyz, src[i].w);
                }
                """)
        }
        static let invert = KernelFunction<KernelImage, KernelImage, UInt32>("invert")
        func encode(_ launches: inout KernelLaunches) throws {
            let count = launches.input.width * launches.input.height
            try launches.launch(Self.invert, global: [count], local: [local], launches.input, launches.output, UInt32(count))
        }
        func runOnHost(_ input: HostImage) throws -> HostImage {
            var pixels = input.pixels
            for i in pixels.indices where i % 4 != 3 { pixels[i] = 255 - pixels[i] }
            return try HostImage(width: input.width, height: input.height, pixels: pixels)
        }
    }

    static let image = PipelineImage.host(TestImages.noise(width: 13, height: 7, seed: 21))

    /// The CPU backend and every OpenCL device.
    static var backends: [any ComputeBackend] {
        [CPUBackend(threads: 1) as any ComputeBackend] + BackendParity.openCLBackends().backends
    }

    @Test func anEmptyOutputSizeIsAnErrorNamingTheKernelOnEveryBackend() throws {
        for backend in Self.backends {
            for size in [PixelSize(width: 0, height: 0), PixelSize(width: 5, height: 0)] {
                #expect(throws: ComputeArgumentError.invalidKernelLaunch(kernel: "fixed-output", reason: "output size \(size) is empty"),
                        "\(backend)") {
                    try backend.run(FixedOutput(size: size), on: Self.image)
                }
            }
        }
    }

    @Test func aNegativeOutputSizeIsAnErrorNamingTheKernelOnEveryBackend() throws {
        for backend in Self.backends {
            for size in [PixelSize(width: -4, height: 3), PixelSize(width: 2, height: -1)] {
                #expect(throws: ComputeArgumentError.invalidKernelLaunch(kernel: "fixed-output", reason: "output size \(size) is negative"),
                        "\(backend)") {
                    try backend.run(FixedOutput(size: size), on: Self.image)
                }
            }
        }
    }

    /// A work-group larger than the device runs is refused when the launch is recorded, with
    /// nothing enqueued; the same kernel with a group the device runs gives the host's bytes.
    /// The CPU backend has no work-groups: it runs `runOnHost`, whatever `encode` asks.
    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func aWorkGroupTheDeviceCannotRunIsAnErrorBeforeAnythingIsEnqueued() throws {
        let (devices, unusable) = BackendParity.openCLBackends()
        #expect(unusable.isEmpty)
        let expected = try CPUBackend(threads: 1).run(InvertWithGroup(local: 1 << 20), on: Self.image).hostImage()
        for device in devices {
            let before = device.transfers.snapshot
            do {
                _ = try device.run(InvertWithGroup(local: 1 << 20), on: Self.image)
                Issue.record("a work-group of 1048576 ran on \(device)")
            } catch let ComputeArgumentError.invalidKernelLaunch(kernel, reason) {
                #expect(kernel == "invert")
                #expect(reason.hasPrefix("work-group of 1048576 exceeds the device's "), "\(reason)")
            }
            #expect(device.transfers.snapshot.uploads == before.uploads, "refused before the input was uploaded")
            let fits = try device.run(InvertWithGroup(local: 1), on: Self.image).hostImage()
            #expect(fits == expected)
        }
    }
}
