@testable import ImageMaths
import Foundation
import TestSupport
import Testing

/// The approximate Lanczos weights against the C library's: `ReducedSine` within its stated
/// accuracy, and `ResampleWeights.compute` (which uses it where rounding cannot tell) equal to
/// Pillow's `precompute_coeffs` written out below with the C library's sine, over every size pair
/// of the photo ranges the batch jobs see.
@Suite("Reduced sine and approximate Lanczos weights")
struct ReducedSineTests {
    @Test("ReducedSine is within 1 ulp of sin over [−4π, 4π], and relatively so near 0, one lane or four")
    func accuracy() {
        var generator = SplitMix64(seed: 7)
        var arguments: [Double] = (0..<200_000).map { _ in (Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1) * 4 * .pi }
        // Near every multiple of π (the zeros, where an absolute error is largest relative to
        // the value) and near 0 (where sinc divides by the argument).
        for k in -4...4 { for j in -500...500 { arguments.append(Double(k) * .pi + Double(j) * 1e-12) } }
        for j in 1...500 { arguments.append(Double(j) * 1e-9); arguments.append(-Double(j) * 3e-7) }
        var worstAbsolute = 0.0, worstRelative = 0.0
        /// `y` in every lane: the value one lane computes alone.
        func sine(_ y: Double) -> Double { ReducedSine.sin(SIMD4(repeating: y))[0] }
        for (i, y) in arguments.enumerated() {
            // Each lane is its own: mixed lanes give what each argument gives alone.
            let lanes = SIMD4(y, -y, y / 2, arguments[(i + 1) % arguments.count])
            #expect(ReducedSine.sin(lanes)[0] == sine(y) && ReducedSine.sin(lanes)[1] == sine(-y))
            let exact = sin(y), approximate = sine(y)
            worstAbsolute = max(worstAbsolute, abs(exact - approximate))
            if abs(y) < .pi / 4, exact != 0 { worstRelative = max(worstRelative, abs(exact - approximate) / abs(exact)) }
        }
        #expect(worstAbsolute <= 2.3e-16, "worst absolute error \(worstAbsolute)")
        #expect(worstRelative <= 2.3e-16, "worst relative error \(worstRelative)")
    }

    @Test("the approximate Lanczos value is within 1e-15 of the exact one over [−3.5, 3.5]")
    func approximateLanczos() {
        var generator = SplitMix64(seed: 5)
        var arguments: [Double] = (0..<200_000).map { _ in (Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1) * 3.5 }
        // Near the zeros of sin(πx) (±1, ±2, where s·(3 − 4s²) cancels), ±3 and 0.
        for k in -3...3 { for j in -300...300 { arguments.append(Double(k) + Double(j) * 1e-11) } }
        var worst = 0.0, worstFour = 0.0
        for x in arguments {
            let value = ResampleFilter.lanczos.approximateValues(SIMD4(repeating: x))[0]
            worst = max(worst, abs(ResampleFilter.lanczos(x) - value))
        }
        // Four different arguments at once (the form the guarded windows use).
        for i in stride(from: 0, to: arguments.count - 3, by: 4) {
            let x = SIMD4(arguments[i], arguments[i + 1], arguments[i + 2], arguments[i + 3])
            let values = ResampleFilter.lanczos.approximateValues(x)
            for lane in 0..<4 { worstFour = max(worstFour, abs(ResampleFilter.lanczos(x[lane]) - values[lane])) }
        }
        #expect(worst <= 1e-15, "worst error \(worst)")
        #expect(worstFour <= 1e-15, "worst error, four lanes \(worstFour)")
    }

    @Test("Lanczos weights equal precompute_coeffs with the C library's sine, 1 to 6000 pixels")
    func lanczosWeightsExact() {
        var generator = SplitMix64(seed: 11)
        var pairs: [(Int, Int)] = [(4032, 1024), (4032, 512), (4032, 256), (3024, 768), (5633, 1024), (4001, 77),
                                   (2500, 1667), (7, 3), (3, 7), (1, 5), (5, 1), (1000, 999)]
        for _ in 0..<120 {
            let inSize = Int(generator.next() % 6000) + 1
            pairs.append((inSize, Int(generator.next() % UInt64(min(inSize * 2, 2048))) + 1))
        }
        var mismatches: [String] = []
        for (inSize, outSize) in pairs {
            let computed = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: .lanczos)
            let reference = Self.pillowLanczos(inSize: inSize, outSize: outSize)
            if computed != reference { mismatches.append("\(inSize) → \(outSize)") }
        }
        #expect(mismatches.isEmpty, "differ: \(mismatches.prefix(10))")
    }

    @Test("a guarded window refuses a coefficient on a rounding boundary, keeps one far from it")
    func guardedWindow() {
        // Filter values 1 and 2^23 − 1 (the window of 2 pixels at 0): v₀ = 1/2^23, so
        // v₀ · 2^22 = 0.5 exactly, where rounding turns (and v₁ · 2^22 = 2^22 − 0.5). Unguarded
        // both round as Pillow does, Int32(0.5 + 0.5) = 1 and Int32(2^22 − 0.5 + 0.5) = 2^22;
        // guarded the window is refused, and compute would take the exact path.
        let window = ResampleWeights.Window(xmin: 0, length: 2, center: 1, ss: 1)
        var row: [Int32] = [0, 0]
        let onBoundary: [Double] = [1, 8_388_607]
        #expect(!window.quantise(onBoundary, sum: 8_388_608, into: &row, guarded: true))
        #expect(window.quantise(onBoundary, sum: 8_388_608, into: &row, guarded: false))
        #expect(row == [1, 4_194_304])
        // Values 1 and 3: v = 1/4 and 3/4, exact integers after scaling, so the guard keeps them.
        #expect(window.quantise([1, 3], sum: 4, into: &row, guarded: true))
        #expect(row == [1_048_576, 3_145_728])
        // A sum under 1/4 is refused too (the division would magnify the approximation).
        #expect(!window.quantise([0.1, 0.1], sum: 0.2, into: &row, guarded: true))
    }

    /// Pillow 13's `precompute_coeffs` + `normalize_coeffs_8bpc` for LANCZOS, with `sin`.
    static func pillowLanczos(inSize: Int, outSize: Int) -> ResampleWeights {
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(x * .pi) / (x * .pi) }
        func lanczos(_ x: Double) -> Double { -3.0 <= x && x < 3.0 ? sinc(x) * sinc(x / 3) : 0 }
        let scale = Double(inSize) / Double(outSize), filterscale = max(scale, 1.0)
        let support = 3.0 * filterscale, ss = 1.0 / filterscale
        let taps = Int(support.rounded(.up)) * 2 + 1
        var bounds: [Int32] = [], coefficients = [Int32](repeating: 0, count: outSize * taps)
        for i in 0..<outSize {
            let center = (Double(i) + 0.5) * scale
            let xmin = max(0, Int(center - support + 0.5)), xmax = min(inSize, Int(center + support + 0.5)) - xmin
            let w = (0..<xmax).map { lanczos((Double($0 + xmin) - center + 0.5) * ss) }
            let sum = w.reduce(0, +)
            for x in 0..<xmax {
                let v = sum != 0 ? w[x] / sum : w[x]
                coefficients[i * taps + x] = v < 0 ? Int32(v * 4194304 - 0.5) : Int32(v * 4194304 + 0.5)
            }
            bounds += [Int32(xmin), Int32(xmax)]
        }
        return ResampleWeights(count: outSize, taps: taps, bounds: bounds, coefficients: coefficients)
    }
}
