@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import TestSupport

/// Reproducible test cases drawn from SplitMix64: sizes from 1×1 to ~100 px, factors from
/// 1/40 to 8, windows, transparency; glitch settings with every edge, scanline and tear regime.
enum RandomCases {
    struct Resample: CustomStringConvertible {
        let width: Int, height: Int, imageSeed: UInt64, alpha: Bool
        let plan: ResamplePlan

        func image() -> HostImage { TestImages.noise(width: width, height: height, seed: imageSeed, alpha: alpha) }

        var description: String {
            "\(width)x\(height) seed \(imageSeed) alpha \(alpha) → \(plan.outputWidth)x\(plan.outputHeight) window \(plan.window) \(plan.filter)"
        }
    }

    struct Glitch: CustomStringConvertible {
        let width: Int, height: Int, imageSeed: UInt64, alpha: Bool
        let parameters: GlitchParameters

        func image() -> HostImage { TestImages.noise(width: width, height: height, seed: imageSeed, alpha: alpha) }

        var description: String { "\(width)x\(height) seed \(imageSeed) alpha \(alpha) \(parameters)" }
    }

    /// A side: often tiny (1, 2, 3), otherwise up to `max`.
    private static func side(_ rng: inout SplitMix64, max: Int) -> Int {
        switch rng.next() % 4 {
        case 0: Int(rng.next() % 3) + 1
        default: Int(rng.next() % UInt64(max)) + 1
        }
    }

    /// An output side for `input`: factor between 1/40 and 8, sometimes unchanged.
    private static func scaled(_ input: Int, _ rng: inout SplitMix64) -> Int {
        switch rng.next() % 6 {
        case 0: return input
        case 1: return max(1, input / 40)
        case 2: return min(input * 8, 400)
        default:
            let factor = Double(rng.next() % 1000 + 25) / 400  // 1/16 ... 2.5
            return min(400, max(1, Int(Double(input) * factor)))
        }
    }

    static func resample(count: Int, seed: UInt64) -> [Resample] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { n in
            // Some large inputs for strong reductions, the rest small.
            let big = n % 8 == 7
            let width = big ? Int(rng.next() % 400) + 200 : side(&rng, max: 90)
            let height = big ? Int(rng.next() % 400) + 200 : side(&rng, max: 90)
            let outW = scaled(width, &rng), outH = scaled(height, &rng)
            var window: PixelRect? = nil
            if rng.next() % 2 == 0 {
                let w = Int(rng.next() % UInt64(outW)) + 1, h = Int(rng.next() % UInt64(outH)) + 1
                window = PixelRect(x: Int(rng.next() % UInt64(outW - w + 1)), y: Int(rng.next() % UInt64(outH - h + 1)),
                                   width: w, height: h)
            }
            let filter = ResampleFilter.allCases[Int(rng.next() % 5)]
            let plan = ResamplePlan(inputWidth: width, inputHeight: height, outputWidth: outW, outputHeight: outH,
                                    window: window, filter: filter)
            return Resample(width: width, height: height, imageSeed: rng.next(), alpha: rng.next() % 3 == 0, plan: plan)
        }
    }

    static func glitch(count: Int, seed: UInt64) -> [Glitch] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { n in
            let width = side(&rng, max: 70), height = side(&rng, max: 50)
            var p = GlitchParameters(seed: n % 5 == 0 ? 0 : UInt32(truncatingIfNeeded: rng.next()))
            switch rng.next() % 5 {
            case 0: p.shift = 0
            case 1: p.shift = width + Int(rng.next() % 50)  // larger than the width
            case 2: p.shift = nil                           // the default
            default: p.shift = Int(rng.next() % UInt64(width + 1))
            }
            p.edge = rng.next() % 2 == 0 ? .clamp : .wrap
            switch rng.next() % 4 {
            case 0: p.scanlinePeriod = 0                    // off
            default: p.scanlinePeriod = Int(rng.next() % 6) + 1
            }
            p.scanlineThickness = Int(rng.next() % 8)       // sometimes ≥ the period
            p.scanlineStrength = Int(rng.next() % 256)
            switch rng.next() % 4 {
            case 0: p.tears = 0
            case 1: p.tears = Int(rng.next() % 200) + 50    // many
            default: p.tears = Int(rng.next() % 10)
            }
            switch rng.next() % 4 {
            case 0: p.tearShift = 0
            case 1: p.tearShift = nil
            default: p.tearShift = Int(rng.next() % UInt64(3 * width + 1))
            }
            p.tearHeight = rng.next() % 3 == 0 ? nil : Int(rng.next() % UInt64(height + 5)) + 1
            return Glitch(width: width, height: height, imageSeed: rng.next(), alpha: rng.next() % 3 == 0, parameters: p)
        }
    }
}
