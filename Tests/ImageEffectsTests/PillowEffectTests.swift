import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import ImageEffects
import OpenCLCompute
import Testing
import TestSupport

/// Sepia, tilt-shift and sharpen against Pillow 13.0.0 byte for byte, on the CPU backend and on
/// OpenCL (POCL in CI), alone and chained (docs/SPEC.md §5).
@Suite struct PillowEffectTests {
    static let cases = EffectFixtures.all.cases

    func run(_ kernels: [any ImageKernel], on backend: any ComputeBackend, _ input: HostImage) throws -> HostImage {
        var image = PipelineImage.host(input)
        for kernel in kernels { image = try backend.run(kernel, on: image) }
        return try image.hostImage()
    }

    @Test(arguments: cases)
    func cpuEqualsPillow(_ fixture: EffectFixtures.Case) throws {
        let result = try run(fixture.kernels(), on: CPUBackend(threads: 1), fixture.makeInput())
        #expect(result.width == fixture.width && result.height == fixture.height)
        let bytes = fixture.inPillowMode(result)
        if let expected = fixture.expectedBytes {
            let channels = fixture.mode == "RGB" ? 3 : 4
            let first = zip(bytes, expected).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(bytes == expected, "\(fixture.name): first difference at pixel \((first?.offset ?? 0) / channels)")
        }
        #expect(SHA256.hex(bytes) == fixture.sha256, "\(fixture.name)")
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"), arguments: cases)
    func openCLEqualsCPU(_ fixture: EffectFixtures.Case) throws {
        let input = try fixture.makeInput()
        let device = try OpenCLTestDevice.backend()
        let before = device.transfers.snapshot
        let onDevice = try run(fixture.kernels(), on: device, input)
        let after = device.transfers.snapshot
        #expect(after.uploads - before.uploads == 1 && after.downloads - before.downloads == 1,
                "any chain of kernels is one upload and one download")
        let onHost = try run(fixture.kernels(), on: CPUBackend(threads: 1), input)
        #expect(onDevice.pixels == onHost.pixels, "\(fixture.name): OpenCL differs from the CPU")
        #expect(SHA256.hex(fixture.inPillowMode(onDevice)) == fixture.sha256, "\(fixture.name)")
    }

    /// The shapes the kernels choose for a GPU (the tiled transpose), run on the CPU device CI
    /// has by telling the kernels it is not a CPU: the same bytes as Pillow's.
    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"), arguments: cases)
    func gpuShapesEqualPillow(_ fixture: EffectFixtures.Case) throws {
        let device = try OpenCLBackend(device: OpenCLTestDevice.first(), index: 0, kernelsSeeACPU: false)
        let onDevice = try run(fixture.kernels(), on: device, fixture.makeInput())
        #expect(SHA256.hex(fixture.inPillowMode(onDevice)) == fixture.sha256, "\(fixture.name)")
    }
}
