@testable import ImageEffects
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import OpenCLCompute
import Testing
import TestSupport

/// The glitch as an `ImageKernel`: its plan made from each image's own size, its host
/// implementation split over the CPU backend's cores with the bytes of one thread, and its
/// launches on OpenCL giving the CPU's bytes. (The pixels themselves are checked against
/// docs/SPEC.md §4 by CPUGlitchTests and against the reference by the OpenCL suites.)
@Suite struct GlitchKernelTests {
    static let torn = GlitchParameters(seed: 3, shift: 5, edge: .wrap, scanlinePeriod: 4, scanlineThickness: 2,
                                       scanlineStrength: 128, tears: 20)

    @Test(arguments: [1, 2, 3, 8])
    func theBackendsCoresGiveTheBytesOfOneThread(threads: Int) throws {
        // Large enough (≥ 64 KiB out) for the rows to be split into bands.
        let input = TestImages.noise(width: 400, height: 300, seed: 9, alpha: true)
        let kernel = GlitchKernel(parameters: Self.torn)
        let serial = try kernel.runOnHost(input)
        #expect(try CPUBackend(threads: threads).run(kernel, on: .host(input)).hostImage() == serial)
        #expect(try kernel.runOnHost(input, parallelism: RowParallelism(threads: threads)) == serial)
    }

    /// One kernel serves images of every size: each run plans for its own input, as a plan
    /// made for that size by hand would.
    @Test func eachImageIsPlannedForItsOwnSize() throws {
        let kernel = GlitchKernel(parameters: GlitchParameters(seed: 11))
        for (width, height) in [(31, 17), (64, 48), (9, 120)] {
            let input = TestImages.noise(width: width, height: height, seed: UInt64(width))
            let plan = try GlitchPlan(parameters: kernel.parameters, width: width, height: height)
            #expect(plan.shift == max(1, width / 100) && plan.rowOffsets.count == height)
            let out = try CPUBackend(threads: 1).run(kernel, on: .host(input)).hostImage()
            #expect(out.width == width && out.height == height)
            #expect(out == Self.render(input, plan))
        }
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func openCLGivesTheCPUsBytesAndKeepsTheResultOnTheDevice() throws {
        let device = try OpenCLTestDevice.backend()
        for (index, parameters) in [GlitchParameters(), Self.torn, GlitchParameters(shift: 1 << 40, tears: 3)].enumerated() {
            let input = TestImages.noise(width: 77 + index, height: 41, seed: UInt64(index), alpha: index == 1)
            let kernel = GlitchKernel(parameters: parameters)
            let result = try device.run(kernel, on: .host(input))
            guard case .device = result else {
                Issue.record("the glitch's result left the device")
                continue
            }
            #expect(try result.hostImage() == CPUBackend(threads: 1).run(kernel, on: .host(input)).hostImage(),
                    "\(parameters)")
        }
    }

    @Test func outOfRangeParametersAreRefusedBeforeAnythingRuns() throws {
        let kernel = GlitchKernel(parameters: GlitchParameters(scanlineStrength: 300))
        #expect(throws: GlitchPlanError.invalidSetting("strength must be 0...255 (got 300)")) {
            try kernel.outputSize(width: 8, height: 8)
        }
        #expect(throws: GlitchPlanError.invalidSize(width: 0, height: 8)) {
            try GlitchKernel().outputSize(width: 0, height: 8)
        }
        #expect(try GlitchKernel().outputSize(width: 8, height: 5) == PixelSize(width: 8, height: 5))
    }

    @Test func theCacheGivesThePlanTheInitialiserMakes() throws {
        let cache = GlitchPlanCache(capacity: 2, tallestKept: 50)
        let parameters = GlitchParameters(seed: 5, tears: 9)
        for (width, height) in [(40, 30), (41, 30), (40, 30), (40, 30)] {
            let entry = try cache.entry(parameters: parameters, width: width, height: height)
            let plan = try GlitchPlan(parameters: parameters, width: width, height: height)
            #expect(entry.plan == plan)
            #expect(entry.arguments == GlitchKernelArguments(plan: plan))
        }
        #expect(cache.count == 2)
        // Other parameters with the same seed and size are another plan.
        let wrap = GlitchParameters(seed: 5, edge: .wrap, tears: 9)
        let wrapped = try cache.entry(parameters: wrap, width: 40, height: 30)
        #expect(wrapped.plan == (try GlitchPlan(parameters: wrap, width: 40, height: 30)))
        // Full: the third plan starts the cache afresh.
        #expect(cache.count == 1)
        // Too tall to keep: made, not kept.
        #expect(try cache.entry(parameters: parameters, width: 8, height: 51).plan.height == 51)
        #expect(cache.count == 1)
        #expect(throws: GlitchPlanError.invalidSetting("tears must be 0...1000000 (got -1)")) {
            try cache.entry(parameters: GlitchParameters(tears: -1), width: 8, height: 8)
        }
    }

    /// `GlitchRenderer` over a whole image with `plan`, on one thread.
    static func render(_ input: HostImage, _ plan: GlitchPlan) -> HostImage {
        var pixels = [UInt8](repeating: 0, count: input.pixels.count)
        input.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { out in
                GlitchRenderer.render(src.baseAddress!, out.baseAddress!, plan: plan, rows: 0..<input.height)
            }
        }
        return HostImage(width: input.width, height: input.height, computedPixels: pixels)
    }
}
