@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing
import TestSupport

/// The OpenCL backend against the CPU fallback, byte for byte (docs/SPEC.md §2–§4: `==`, never a
/// tolerance), over cases drawn from fixed-seed SplitMix64 streams. Each failure prints its
/// case, which rebuilds it exactly.
@Suite("OpenCL equals CPU", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLCPUEqualityTests {
    let cpu = CPUBackend()
    let opencl: OpenCLBackend
    init() throws { opencl = try OpenCLTestDevice.backend() }

    /// Shapes that break naive code: single pixels, single rows and columns, odd sizes, and
    /// factors from 1/40 to 8 on each axis.
    static let namedResizes: [(Int, Int, Int, Int)] = [
        (1, 1, 1, 1), (1, 1, 8, 8), (1, 1, 5, 1), (1, 37, 1, 12), (37, 1, 12, 1), (1, 50, 3, 90),
        (80, 1, 2, 1), (3, 3, 2, 2), (31, 17, 7, 41), (97, 61, 13, 9), (400, 280, 10, 7),
        (40, 40, 1, 1), (12, 9, 96, 72), (7, 5, 56, 40), (64, 48, 64, 16), (64, 48, 16, 48),
    ]

    @Test(arguments: ResampleFilter.allCases)
    func namedResizesAreEqual(filter: ResampleFilter) throws {
        for (w, h, ow, oh) in Self.namedResizes {
            for alpha in [false, true] {
                let image = TestImages.noise(width: w, height: h, seed: UInt64(w * 7919 + h), alpha: alpha)
                let plan = ResamplePlan(inputWidth: w, inputHeight: h, outputWidth: ow, outputHeight: oh, filter: filter)
                let expected = try cpu.resample(.host(image), plan: plan).hostImage()
                let actual = try opencl.resample(.host(image), plan: plan).hostImage()
                #expect(actual == expected, "case: \(w)x\(h) → \(ow)x\(oh) \(filter) alpha \(alpha)")
            }
        }
    }

    @Test func randomResizesWithWindowsAreEqual() throws {
        for c in RandomCases.resample(count: 120, seed: 0xC0FFEE) {
            let image = c.image()
            let expected = try cpu.resample(.host(image), plan: c.plan).hostImage()
            let actual = try opencl.resample(.host(image), plan: c.plan).hostImage()
            #expect(actual == expected, "case: \(c)")
        }
    }

    @Test func thumbnailGeometriesAreEqual() throws {
        var rng = SplitMix64(seed: 0x7B)
        for _ in 0..<30 {
            let w = Int(rng.next() % 300) + 1, h = Int(rng.next() % 300) + 1
            let size = Int(rng.next() % 64) + 1
            let fit = FitMode.allCases[Int(rng.next() % 2)]
            let gravity = Gravity.allCases[Int(rng.next() % 5)]
            let filter = ResampleFilter.allCases[Int(rng.next() % 5)]
            let image = TestImages.noise(width: w, height: h, seed: rng.next(), alpha: rng.next() % 4 == 0)
            let plan = ThumbnailGeometry(width: w, height: h, size: size, fit: fit, gravity: gravity)
                .resamplePlan(inputWidth: w, inputHeight: h, filter: filter)
            let expected = try cpu.resample(.host(image), plan: plan).hostImage()
            let actual = try opencl.resample(.host(image), plan: plan).hostImage()
            #expect(actual == expected, "case: \(w)x\(h) size \(size) \(fit) \(gravity) \(filter)")
        }
    }

    @Test func primitivesAreEqual() throws {
        var rng = SplitMix64(seed: 0x9)
        for _ in 0..<25 {
            let w = Int(rng.next() % 70) + 1, h = Int(rng.next() % 70) + 1
            let image = TestImages.noise(width: w, height: h, seed: rng.next(), alpha: true)
            let filter = ResampleFilter.allCases[Int(rng.next() % 5)]
            let hw = ResampleWeights.compute(inSize: w, outSize: Int(rng.next() % 90) + 1, filter: filter)
            let first = Int(rng.next() % UInt64(h))
            let rows = first..<(first + Int(rng.next() % UInt64(h - first)) + 1)
            let vw = ResampleWeights.compute(inSize: h, outSize: Int(rng.next() % 90) + 1, filter: filter)
            let rect = PixelRect(x: Int(rng.next() % UInt64(w)), y: Int(rng.next() % UInt64(h)), width: 1, height: 1)
            let crop = PixelRect(x: rect.x, y: rect.y, width: Int(rng.next() % UInt64(w - rect.x)) + 1,
                                 height: Int(rng.next() % UInt64(h - rect.y)) + 1)
            let label = "\(w)x\(h) \(filter) rows \(rows) crop \(crop)"
            #expect(try opencl.resampleHorizontal(.host(image), weights: hw, rows: rows).hostImage()
                    == cpu.resampleHorizontal(.host(image), weights: hw, rows: rows).hostImage(), "case: \(label)")
            #expect(try opencl.resampleVertical(.host(image), weights: vw).hostImage()
                    == cpu.resampleVertical(.host(image), weights: vw).hostImage(), "case: \(label)")
            #expect(try opencl.crop(.host(image), to: crop).hostImage() == cpu.crop(.host(image), to: crop).hostImage(),
                    "case: \(label)")
            #expect(try opencl.premultiply(.host(image)).hostImage() == cpu.premultiply(.host(image)).hostImage(),
                    "case: \(label)")
            #expect(try opencl.unpremultiply(.host(image)).hostImage() == cpu.unpremultiply(.host(image)).hostImage(),
                    "case: \(label)")
        }
    }

    @Test func premultiplicationIsEqualForEveryPair() throws {
        let image = OpenCLKernelTests.allChannelAlphaPairs
        #expect(try opencl.premultiply(.host(image)).hostImage() == cpu.premultiply(.host(image)).hostImage())
        #expect(try opencl.unpremultiply(.host(image)).hostImage() == cpu.unpremultiply(.host(image)).hostImage())
    }

    @Test func randomGlitchesAreEqual() throws {
        for c in RandomCases.glitch(count: 150, seed: 0xBADC0DE) {
            let image = c.image()
            let glitch = GlitchKernel(parameters: c.parameters)
            let expected = try cpu.run(glitch, on: .host(image)).hostImage()
            let actual = try opencl.run(glitch, on: .host(image)).hostImage()
            #expect(actual == expected, "case: \(c)")
        }
    }

    /// The default pipeline on a larger photo-sized image: cover to 512, then the default glitch.
    @Test func defaultPipelineIsEqual() throws {
        let image = TestImages.noise(width: 1024, height: 768, seed: 42)
        let plan = ThumbnailGeometry(width: 1024, height: 768, size: 512, fit: .cover)
            .resamplePlan(inputWidth: 1024, inputHeight: 768, filter: .lanczos)
        let glitch = GlitchKernel(parameters: GlitchParameters())
        let expected = try cpu.run(glitch, on: cpu.resample(.host(image), plan: plan)).hostImage()
        let actual = try opencl.run(glitch, on: opencl.resample(.host(image), plan: plan)).hostImage()
        #expect(actual == expected)
        #expect(opencl.transfers.snapshot == (uploads: 1, downloads: 1))
    }
}
