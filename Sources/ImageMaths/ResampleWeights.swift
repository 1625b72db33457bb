/// Integer weights of one resampling pass (one axis), laid out for a kernel: output index `i`
/// reads `count(i)` source pixels starting at `start(i)`, weighted by
/// `coefficients[i * taps ..< i * taps + count(i)]` (the rest of the row is zero).
///
/// The weights are computed once on the host in Double exactly as Pillow's
/// `precompute_coeffs` does, then quantised to 22-bit fixed point as its
/// `normalize_coeffs_8bpc` does. Both backends only do integer arithmetic on them, which is
/// why the CPU path, the OpenCL path and Pillow agree to the byte.
package struct ResampleWeights: Sendable, Equatable {
    /// Fixed-point precision of the coefficients: `32 - 8 - 2` bits, as in Pillow.
    package static let precisionBits: Int32 = 22

    /// Number of output pixels along the axis.
    package let count: Int
    /// Coefficients per output pixel (the widest window); rows are zero-padded to this.
    package let taps: Int
    /// `(start, length)` per output pixel, flattened: `bounds[2i]`, `bounds[2i+1]`.
    package let bounds: [Int32]
    /// `count * taps` fixed-point coefficients.
    package let coefficients: [Int32]

    package init(count: Int, taps: Int, bounds: [Int32], coefficients: [Int32]) {
        precondition(bounds.count == 2 * count && coefficients.count == count * taps)
        self.count = count
        self.taps = taps
        self.bounds = bounds
        self.coefficients = coefficients
    }

    package func start(_ i: Int) -> Int { Int(bounds[2 * i]) }
    package func length(_ i: Int) -> Int { Int(bounds[2 * i + 1]) }

    /// Weights for resizing an axis of `inSize` pixels to `outSize` pixels with `filter`.
    package static func compute(inSize: Int, outSize: Int, filter: ResampleFilter) -> ResampleWeights {
        compute(inSize: inSize, outSize: outSize, filter: filter, outputs: 0..<outSize)
    }

    /// The weights of output indices `outputs` only, exactly as the full computation makes
    /// them (each output's weights depend on nothing but its index): a crop window of a huge
    /// resize costs what the window costs, not what the whole resized side would (a 1 KB PNG of
    /// 1,000,000×1 pixels cover-fitted to 128 would otherwise need weights for 128,000,000
    /// outputs). Starts are input indices.
    package static func compute(inSize: Int, outSize: Int, filter: ResampleFilter, outputs: Range<Int>) -> ResampleWeights {
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
        let approximate = filter.hasApproximation
        coefficients.withUnsafeMutableBufferPointer { coefficients in
            w.withUnsafeMutableBufferPointer { w in
                for (k, i) in outputs.enumerated() {
                    let center = (Double(i) + 0.5) * scale
                    // `Int(_:)` truncates toward zero like the C cast Pillow uses.
                    let xmin = max(0, Int(center - support + 0.5))
                    let xmax = min(inSize, Int(center + support + 0.5)) - xmin
                    let row = coefficients.baseAddress! + k * taps
                    let window = Window(xmin: xmin, length: xmax, center: center, ss: ss), values = w.baseAddress!
                    if !approximate || !window.quantise(values, sum: window.approximateValues(filter, into: values),
                                                        into: row, guarded: true) {
                        _ = window.quantise(values, sum: window.exactValues(filter, into: values), into: row, guarded: false)
                    }
                    bounds[2 * k] = Int32(xmin)
                    bounds[2 * k + 1] = Int32(xmax)
                }
            }
        }
        return ResampleWeights(count: count, taps: taps, bounds: bounds, coefficients: coefficients)
    }

    /// One output's window of `precompute_coeffs`: source pixels `xmin ..< xmin + length`.
    struct Window {
        let xmin: Int, length: Int, center: Double, ss: Double

        /// Tap `x`'s filter argument, as Pillow computes it.
        @inline(__always)
        func argument(_ x: Int) -> Double { (Double(x + xmin) - center + 0.5) * ss }

        /// The filter's values at the taps into `w`, and their sum, both as Pillow makes them.
        @inline(__always)
        func exactValues(_ filter: ResampleFilter, into w: UnsafeMutablePointer<Double>) -> Double {
            var sum = 0.0
            for x in 0..<length {
                w[x] = filter(argument(x))
                sum += w[x]
            }
            return sum
        }

        /// `filter.approximateValues` at the taps into `w`, four at a time, and their sum over
        /// four lanes (another order of additions, which the guard's margin covers as it covers
        /// the approximation).
        @inline(__always)
        func approximateValues(_ filter: ResampleFilter, into w: UnsafeMutablePointer<Double>) -> Double {
            let lanes = SIMD4<Double>(0, 1, 2, 3)
            var sums = SIMD4<Double>()
            for start in stride(from: 0, to: length, by: 4) {
                // Lane for lane `argument(start + lane)`: the same operations on the same values.
                var v = filter.approximateValues((Double(start + xmin) + lanes - center + 0.5) * ss)
                let used = min(4, length - start)
                v.replace(with: 0, where: lanes .>= Double(used))
                for lane in 0..<used { w[start + lane] = v[lane] }
                sums += v
            }
            return sums.sum()
        }

        /// Writes the window's fixed-point coefficients from its filter values `w` and their
        /// `sum`, as Pillow's `normalize_coeffs_8bpc` does. `guarded` (for approximate values)
        /// returns false instead, leaving `row` to be rewritten, when the result could differ
        /// from the exact values': when the sum is small, or some `|v| · 2^22` lies within
        /// `(length + 2) · 1e-7` of a half (where rounding turns). The approximation is within
        /// about 1e-15 per filter value, so `v · 2^22` moves by at most about
        /// `(length + 2) · 6e-9`; the margin is 18 times that. About `length² · 2e-7` of windows
        /// take the exact path: 1 in 8,000 for 25 taps.
        @inline(__always)
        func quantise(_ w: UnsafePointer<Double>, sum: Double, into row: UnsafeMutablePointer<Int32>,
                      guarded: Bool) -> Bool {
            let one = Double(1 << ResampleWeights.precisionBits)
            if guarded {
                guard sum >= 0.25 else { return false }
                // Multiplying by the reciprocal moves v by at most an ulp more: inside the margin.
                let margin = Double(length + 2) * 1e-7, reciprocal = 1 / sum
                for x in 0..<length {
                    let v = w[x] * reciprocal, scaled = v * one, t = abs(scaled)
                    if abs(t - Double(Int64(t)) - 0.5) < margin { return false }
                    row[x] = v < 0 ? Int32(scaled - 0.5) : Int32(scaled + 0.5)
                }
                return true
            }
            for x in 0..<length {
                let v = sum != 0.0 ? w[x] / sum : w[x]
                let scaled = v * one
                row[x] = v < 0 ? Int32(scaled - 0.5) : Int32(scaled + 0.5)
            }
            return true
        }
    }

    /// The weights of output pixels `range` only, with starts shifted by `-sourceOffset`.
    /// Used to compute just the pixels that survive a crop, from a band of source rows.
    package func slice(_ range: Range<Int>, sourceOffset: Int = 0) -> ResampleWeights {
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
    package func sourceSpan(of range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        var lo = Int.max, hi = 0
        for i in range {
            lo = min(lo, start(i))
            hi = max(hi, start(i) + length(i))
        }
        return lo..<hi
    }
}
