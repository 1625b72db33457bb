import Foundation

/// The resampling filters of Pillow's `Image.resize`, with the same formulas and supports, so
/// that weights computed from them are Pillow's to the last bit (docs/SPEC.md §2).
public enum ResampleFilter: String, Sendable, CaseIterable {
    case box, bilinear, hamming, bicubic, lanczos
    /// Magic Kernel Sharp 2013 and 2021 (Pillow 13's `Image.Resampling.MKS2013`/`MKS2021`).
    case mks2013, mks2021

    /// Half-width of the filter at scale 1, in source pixels.
    package var support: Double {
        switch self {
        case .box: 0.5
        case .bilinear, .hamming: 1.0
        case .bicubic: 2.0
        case .lanczos: 3.0
        case .mks2013: 2.5
        case .mks2021: 4.5
        }
    }

    /// The filter's value at `x`. Each branch is written in the order Pillow's C evaluates it,
    /// because a reordered expression can differ in the last bit of a Double.
    package func callAsFunction(_ x: Double) -> Double {
        switch self {
        case .box:
            return (x > -0.5 && x <= 0.5) ? 1.0 : 0.0
        case .bilinear:
            let a = abs(x)
            return a < 1.0 ? 1.0 - a : 0.0
        case .hamming:
            let a = abs(x)
            if a == 0.0 { return 1.0 }
            if a >= 1.0 { return 0.0 }
            let px = a * Double.pi
            // Pillow writes the constants as C floats (0.54f, 0.46f) widened to double.
            return sin(px) / px * (Double(Float(0.54)) + Double(Float(0.46)) * cos(px))
        case .bicubic:
            let A = -0.5
            let a = abs(x)
            if a < 1.0 { return ((A + 2.0) * a - (A + 3.0)) * a * a + 1 }
            if a < 2.0 { return (((a - 5) * a + 8) * a - 4) * A }
            return 0.0
        case .lanczos:
            if -3.0 <= x && x < 3.0 { return Self.sinc(x) * Self.sinc(x / 3) }
            return 0.0
        case .mks2013:
            // Pillow 13.0.0 Resample.c `mks_2013_filter`; its `pow(x, 2)` is the correctly
            // rounded square, which `x * x` is too (the tests compare the two).
            let a = abs(x)
            if a < 0.5 { return 17.0 / 16.0 - 7.0 / 4.0 * (a * a) }
            if a < 1.5 { return (1.0 - a) * (7.0 / 4.0 - a) }
            if a < 2.5 { return -1.0 / 8.0 * ((a - 5.0 / 2.0) * (a - 5.0 / 2.0)) }
            return 0.0
        case .mks2021:
            // Pillow 13.0.0 Resample.c `mks_2021_filter`.
            let a = abs(x)
            if a < 0.5 { return 577.0 / 576.0 - 239.0 / 144.0 * (a * a) }
            if a < 1.5 { return 35.0 / 36.0 * (a - 1.0) * (a - 239.0 / 140.0) }
            if a < 2.5 { return 1.0 / 6.0 * (a - 2.0) * (65.0 / 24.0 - a) }
            if a < 3.5 { return 1.0 / 36.0 * (a - 3.0) * (a - 15.0 / 4.0) }
            if a < 4.5 { return -1.0 / 288.0 * ((a - 9.0 / 2.0) * (a - 9.0 / 2.0)) }
            return 0.0
        }
    }

    /// Whether `approximateValues` differ from the exact values (Lanczos: they compute a sine).
    var hasApproximation: Bool { self == .lanczos }

    /// The Lanczos filter's values at four arguments, each within about 1e-15 of
    /// `callAsFunction` and cheaper: one `ReducedSine` instead of two C library sines, `sin(πx)`
    /// following from `s = sin(πx/3)` as `s · (3 − 4s²)`, and one division. Only for `.lanczos`
    /// (`hasApproximation`); `ResampleWeights.compute` keeps weights made from them only where
    /// rounding to fixed point cannot tell them from the exact ones.
    @inline(__always)
    func approximateValues(_ x: SIMD4<Double>) -> SIMD4<Double> {
        let px = x * Double.pi, third = x / 3 * Double.pi
        let s = ReducedSine.sin(third)
        let value = s * (3 - 4 * s * s) * s / (px * third)
        let inside = (x .>= -3.0) .& (x .< 3.0)
        return SIMD4(repeating: 0).replacing(with: value, where: inside).replacing(with: 1, where: x .== 0)
    }

    private static func sinc(_ x: Double) -> Double {
        if x == 0.0 { return 1.0 }
        let px = x * Double.pi
        return sin(px) / px
    }
}
