@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing
import TestSupport

/// Each kernel against the plain-loop reference of docs/SPEC.md §2–§4, on images small enough to check
/// every byte.
@Suite("OpenCL kernels", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLKernelTests {
    let backend: OpenCLBackend
    init() throws { backend = try OpenCLTestDevice.backend() }

    /// Every (channel, alpha) pair: pixel (c, a) of a 256×256 image is (c, 255 − c, c / 2, a).
    static let allChannelAlphaPairs: HostImage = {
        var image = HostImage(zeroedWidth: 256, height: 256)
        for a in 0..<256 {
            for c in 0..<256 {
                let i = (a * 256 + c) * 4
                image.pixels[i] = UInt8(c)
                image.pixels[i + 1] = UInt8(255 - c)
                image.pixels[i + 2] = UInt8(c / 2)
                image.pixels[i + 3] = UInt8(a)
            }
        }
        return image
    }()

    @Test func premultiplyMatchesPillowForEveryPair() throws {
        let image = Self.allChannelAlphaPairs
        let out = try backend.premultiply(.host(image)).hostImage()
        #expect(out == ReferenceImageOps.premultiply(image))
        // Spot checks of MULDIV255 by hand: 200·128 → 100, 255·255 → 255, 1·1 → 0, 255·1 → 1.
        #expect(out[200, 128].r == 100)
        #expect(out[255, 255].r == 255)
        #expect(out[1, 1].r == 0)
        #expect(out[255, 1].r == 1)
        #expect(out[77, 0] == (0, 0, 0, 0))
    }

    @Test func unpremultiplyMatchesPillowForEveryPair() throws {
        let image = Self.allChannelAlphaPairs
        let out = try backend.unpremultiply(.host(image)).hostImage()
        #expect(out == ReferenceImageOps.unpremultiply(image))
        // Alpha 0 and 255 are left alone; 100 at alpha 128 → 255·100/128 = 199; clamps at 255.
        #expect(out[100, 0] == image[100, 0])
        #expect(out[100, 255] == image[100, 255])
        #expect(out[100, 128].r == 199)
        #expect(out[200, 128].r == 255)
    }

    @Test(arguments: [(1, 1, 1), (37, 5, 16), (64, 64, 9), (1, 40, 3), (40, 1, 80)])
    func horizontalPassMatchesReference(width: Int, height: Int, outWidth: Int) throws {
        let image = TestImages.noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        for filter in ResampleFilter.allCases {
            let weights = ResampleWeights.compute(inSize: width, outSize: outWidth, filter: filter)
            let rows = (height / 3)..<height
            let out = try backend.resampleHorizontal(.host(image), weights: weights, rows: rows).hostImage()
            #expect(out == ReferenceImageOps.resampleHorizontal(image, weights: weights, rows: rows), "\(filter)")
        }
    }

    @Test(arguments: [(1, 1, 1), (5, 37, 16), (64, 64, 9), (40, 1, 3), (1, 40, 80)])
    func verticalPassMatchesReference(width: Int, height: Int, outHeight: Int) throws {
        let image = TestImages.noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        for filter in ResampleFilter.allCases {
            let weights = ResampleWeights.compute(inSize: height, outSize: outHeight, filter: filter)
            let out = try backend.resampleVertical(.host(image), weights: weights).hostImage()
            #expect(out == ReferenceImageOps.resampleVertical(image, weights: weights), "\(filter)")
        }
    }

    /// A hand-computed case: box 4 → 2 averages pairs, rounding half up.
    @Test func boxHalvingAveragesPairs() throws {
        let row: [UInt8] = [10, 0, 0, 255, 21, 0, 0, 255, 100, 0, 0, 255, 200, 0, 0, 255]
        let image = HostImage(width: 4, height: 1, computedPixels: row)
        let weights = ResampleWeights.compute(inSize: 4, outSize: 2, filter: .box)
        let out = try backend.resampleHorizontal(.host(image), weights: weights, rows: 0..<1).hostImage()
        #expect(out.pixels == [16, 0, 0, 255, 150, 0, 0, 255])
    }

    @Test func cropCopiesTheRectangle() throws {
        let image = TestImages.noise(width: 31, height: 17, seed: 5)
        for rect in [PixelRect(x: 0, y: 0, width: 31, height: 17), PixelRect(x: 30, y: 16, width: 1, height: 1),
                     PixelRect(x: 3, y: 4, width: 20, height: 9), PixelRect(x: 0, y: 7, width: 31, height: 1)] {
            let out = try backend.crop(.host(image), to: rect).hostImage()
            #expect(out == ReferenceImageOps.crop(image, to: rect), "\(rect)")
            #expect(out[0, 0] == image[rect.x, rect.y])
        }
    }

    @Test func glitchMatchesReference() throws {
        let image = TestImages.noise(width: 53, height: 29, seed: 11, alpha: true)
        for edge in GlitchEdge.allCases {
            let parameters = GlitchParameters(seed: 3, shift: 4, edge: edge, scanlinePeriod: 4, scanlineThickness: 2,
                                              scanlineStrength: 128, tears: 5, tearShift: 30, tearHeight: 6)
            let plan = try GlitchPlan(parameters: parameters, width: 53, height: 29)
            let out = try backend.run(GlitchKernel(parameters: parameters), on: .host(image)).hostImage()
            #expect(out == ReferenceImageOps.glitch(image, plan: plan), "\(edge)")
        }
    }

    /// A hand-computed case: one row, no tears, no scanlines; red from the right, blue from the
    /// left, green and alpha in place.
    @Test func glitchShiftsChannelsByHand() throws {
        let image = HostImage(width: 3, height: 1, computedPixels: [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24])
        let clamp = GlitchKernel(parameters: GlitchParameters(shift: 1, scanlinePeriod: 0, tears: 0))
        #expect(try backend.run(clamp, on: .host(image)).pixels == [11, 2, 3, 4, 21, 12, 3, 14, 21, 22, 13, 24])
        let wrap = GlitchKernel(parameters: GlitchParameters(shift: 1, edge: .wrap, scanlinePeriod: 0, tears: 0))
        #expect(try backend.run(wrap, on: .host(image)).pixels == [11, 2, 23, 4, 21, 12, 3, 14, 1, 22, 13, 24])
        // Full-strength scanlines blacken the colour and keep alpha.
        let black = GlitchKernel(parameters: GlitchParameters(shift: 0, scanlinePeriod: 1, scanlineStrength: 255, tears: 0))
        #expect(try backend.run(black, on: .host(image)).pixels == [0, 0, 0, 4, 0, 0, 0, 14, 0, 0, 0, 24])
    }

    /// Shifts and scanline settings far outside the image give what the formulas say, although
    /// the kernel only takes 32-bit arguments.
    @Test func glitchWithHugeSettingsMatchesReference() throws {
        let image = TestImages.noise(width: 17, height: 9, seed: 2)
        for edge in GlitchEdge.allCases {
            for shift in [16, 17, 18, 35, 1 << 40] {
                let parameters = GlitchParameters(seed: 9, shift: shift, edge: edge, scanlinePeriod: 1 << 40,
                                                  scanlineThickness: 1 << 41, scanlineStrength: 255, tears: 3,
                                                  tearShift: 1 << 28, tearHeight: 1 << 30)
                let plan = try GlitchPlan(parameters: parameters, width: 17, height: 9)
                let out = try backend.run(GlitchKernel(parameters: parameters), on: .host(image)).hostImage()
                #expect(out == ReferenceImageOps.glitch(image, plan: plan), "edge \(edge) shift \(shift)")
            }
        }
    }
}
