@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing
import TestSupport

/// The vector kernels against the plain per-channel loops of `ScalarResampler` (docs/SPEC.md §2
/// written out directly), on weights no filter makes: random starts, lengths, signs and
/// magnitudes, so every tail and edge path runs. Both use wrapping Int32 arithmetic, so they
/// must agree even where the sums overflow.
@Suite("CPU resampling kernels")
struct CPUKernelConsistencyTests {
    /// Random weights for `count` outputs over `inSize` source pixels, coefficients within
    /// ±`magnitude`.
    static func randomWeights(count: Int, inSize: Int, taps: Int, magnitude: Int32,
                              rng: inout SplitMix64) -> ResampleWeights {
        var bounds = [Int32](), coefficients = [Int32](repeating: 0, count: count * taps)
        for i in 0..<count {
            let length = Int.random(in: 1...min(taps, inSize), using: &rng)
            let start = Int.random(in: 0...(inSize - length), using: &rng)
            bounds += [Int32(start), Int32(length)]
            for j in 0..<length {
                coefficients[i * taps + j] = Int32.random(in: -magnitude...magnitude, using: &rng)
            }
        }
        return ResampleWeights(count: count, taps: taps, bounds: bounds, coefficients: coefficients)
    }

    func scalarHorizontal(_ image: HostImage, _ w: ResampleWeights, rows: Range<Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w.count * rows.count * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                ScalarResampler.horizontal(source: src.baseAddress! + rows.lowerBound * image.rowBytes,
                                           sourceWidth: image.width, destination: dst.baseAddress!,
                                           rowCount: rows.count, weights: w)
            }
        }
        return out
    }

    func scalarVertical(_ image: HostImage, _ w: ResampleWeights) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.rowBytes * w.count)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                ScalarResampler.vertical(source: src.baseAddress!, rowBytes: image.rowBytes,
                                         destination: dst.baseAddress!, rows: 0..<w.count, weights: w)
            }
        }
        return out
    }

    @Test("horizontal: vector kernel equals the scalar loops", arguments: zip([Int32(1 << 22), 1 << 24, 1 << 29, Int32.max], [UInt64(1), 2, 3, 4]))
    func horizontal(magnitude: Int32, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let width = Int.random(in: 1...70, using: &rng), height = Int.random(in: 1...9, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next(), alpha: true)
            let w = Self.randomWeights(count: Int.random(in: 1...40, using: &rng), inSize: width,
                                       taps: Int.random(in: 1...25, using: &rng), magnitude: magnitude, rng: &rng)
            let lower = Int.random(in: 0..<height, using: &rng)
            let rows = lower ..< Int.random(in: (lower + 1)...height, using: &rng)
            let vector = try CPUBackend(threads: 1).resampleHorizontal(.host(image), weights: w, rows: rows).hostImage()
            #expect(vector.pixels == scalarHorizontal(image, w, rows: rows),
                    "\(width)x\(height) rows \(rows) outputs \(w.count) taps \(w.taps)")
        }
    }

    @Test("vertical: vector kernel equals the scalar loops", arguments: zip([Int32(1 << 22), 1 << 24, 1 << 29, Int32.max], [UInt64(5), 6, 7, 8]))
    func vertical(magnitude: Int32, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            // Widths 1...3 take the scalar path (rows under 16 bytes); 4 is one exact strip;
            // other widths end with an overlapping strip.
            let width = Int.random(in: 1...30, using: &rng), height = Int.random(in: 1...60, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next(), alpha: true)
            let w = Self.randomWeights(count: Int.random(in: 1...30, using: &rng), inSize: height,
                                       taps: Int.random(in: 1...49, using: &rng), magnitude: magnitude, rng: &rng)
            let vector = try CPUBackend(threads: 1).resampleVertical(.host(image), weights: w).hostImage()
            #expect(vector.pixels == scalarVertical(image, w), "\(width)x\(height) outputs \(w.count) taps \(w.taps)")
        }
    }

    @Test("splitting rows over threads changes no byte", arguments: [2, 3, 5])
    func threads(threads: Int) throws {
        // Large enough (≥ 64 KiB out) for every pass to split.
        let input = TestImages.noise(width: 400, height: 300, seed: 9, alpha: true)
        let plan = ResamplePlan(inputWidth: 400, inputHeight: 300, outputWidth: 271, outputHeight: 203,
                                window: PixelRect(x: 3, y: 5, width: 260, height: 190), filter: .lanczos)
        let glitch = GlitchKernel(parameters: GlitchParameters(seed: 3, tears: 20))
        let one = CPUBackend(threads: 1), many = CPUBackend(threads: threads)
        #expect(try one.resample(.host(input), plan: plan).hostImage() == many.resample(.host(input), plan: plan).hostImage())
        #expect(try one.run(glitch, on: .host(input)).hostImage() == many.run(glitch, on: .host(input)).hostImage())
        #expect(try one.premultiply(.host(input)).hostImage() == many.premultiply(.host(input)).hostImage())
        #expect(try one.unpremultiply(.host(input)).hostImage() == many.unpremultiply(.host(input)).hostImage())
    }
}
