/// Integer weights of one resampling pass (one axis), laid out for a kernel: output index `i`
/// reads `count(i)` source pixels starting at `start(i)`, weighted by
/// `coefficients[i * taps ..< i * taps + count(i)]` (the rest of the row is zero).
///
/// The weights are computed once on the host in Double exactly as Pillow's
/// `precompute_coeffs` does, then quantised to 22-bit fixed point as its
/// `normalize_coeffs_8bpc` does. Both backends only do integer arithmetic on them, which is
/// why the CPU path, the OpenCL path and Pillow agree to the byte.
public struct ResampleWeights: Sendable, Equatable {
    /// Fixed-point precision of the coefficients: `32 - 8 - 2` bits, as in Pillow.
    public static let precisionBits: Int32 = 22

    /// Number of output pixels along the axis.
    public let count: Int
    /// Coefficients per output pixel (the widest window); rows are zero-padded to this.
    public let taps: Int
    /// `(start, length)` per output pixel, flattened: `bounds[2i]`, `bounds[2i+1]`.
    public let bounds: [Int32]
    /// `count * taps` fixed-point coefficients.
    public let coefficients: [Int32]

    public init(count: Int, taps: Int, bounds: [Int32], coefficients: [Int32]) {
        precondition(bounds.count == 2 * count && coefficients.count == count * taps)
        self.count = count
        self.taps = taps
        self.bounds = bounds
        self.coefficients = coefficients
    }

    public func start(_ i: Int) -> Int { Int(bounds[2 * i]) }
    public func length(_ i: Int) -> Int { Int(bounds[2 * i + 1]) }

    /// Weights for resizing an axis of `inSize` pixels to `outSize` pixels with `filter`.
    public static func compute(inSize: Int, outSize: Int, filter: ResampleFilter) -> ResampleWeights {
        compute(inSize: inSize, outSize: outSize, filter: filter, outputs: 0..<outSize)
    }

    /// The weights of output indices `outputs` only, exactly as the full computation makes
    /// them (each output's weights depend on nothing but its index): a crop window of a huge
    /// resize costs what the window costs, not what the whole resized side would (a 1 KB PNG of
    /// 1,000,000×1 pixels cover-fitted to 128 would otherwise need weights for 128,000,000
    /// outputs). Starts are input indices.
    public static func compute(inSize: Int, outSize: Int, filter: ResampleFilter, outputs: Range<Int>) -> ResampleWeights {
        precondition(inSize > 0 && outSize > 0)
        let scale = Double(inSize) / Double(outSize)
        let filterscale = max(scale, 1.0)
        let support = filter.support * filterscale
        let taps = Int(support.rounded(.up)) * 2 + 1
        let ss = 1.0 / filterscale
        precondition(outputs.lowerBound >= 0 && outputs.upperBound <= outSize)
        let count = outputs.count
        var bounds = [Int32](repeating: 0, count: 2 * count)
        var coefficients = [Int32](repeating: 0, count: count * taps)
        var w = [Double](repeating: 0, count: taps)
        let one = Double(1 << precisionBits)
        for (k, i) in outputs.enumerated() {
            let center = (Double(i) + 0.5) * scale
            // `Int(_:)` truncates toward zero like the C cast Pillow uses.
            let xmin = max(0, Int(center - support + 0.5))
            let xmax = min(inSize, Int(center + support + 0.5)) - xmin
            var sum = 0.0
            for x in 0..<xmax {
                let v = filter((Double(x + xmin) - center + 0.5) * ss)
                w[x] = v
                sum += v
            }
            for x in 0..<xmax {
                let v = sum != 0.0 ? w[x] / sum : w[x]
                coefficients[k * taps + x] = v < 0 ? Int32(v * one - 0.5) : Int32(v * one + 0.5)
            }
            bounds[2 * k] = Int32(xmin)
            bounds[2 * k + 1] = Int32(xmax)
        }
        return ResampleWeights(count: count, taps: taps, bounds: bounds, coefficients: coefficients)
    }

    /// The weights of output pixels `range` only, with starts shifted by `-sourceOffset`.
    /// Used to compute just the pixels that survive a crop, from a band of source rows.
    public func slice(_ range: Range<Int>, sourceOffset: Int = 0) -> ResampleWeights {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        var b = [Int32]()
        b.reserveCapacity(2 * range.count)
        for i in range {
            b.append(bounds[2 * i] - Int32(sourceOffset))
            b.append(bounds[2 * i + 1])
        }
        let c = Array(coefficients[range.lowerBound * taps ..< range.upperBound * taps])
        return ResampleWeights(count: range.count, taps: taps, bounds: b, coefficients: c)
    }

    /// The source pixels that outputs `range` read: from the first window's start to the last
    /// window's end (windows move monotonically with the output index).
    public func sourceSpan(of range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        var lo = Int.max, hi = 0
        for i in range {
            lo = min(lo, start(i))
            hi = max(hi, start(i) + length(i))
        }
        return lo..<hi
    }
}
