import ImageMaths
/// The resampling passes written as plainly as docs/SPEC.md §2 states them, one channel at a time.
///
/// Used where the vector kernels do not apply (rows narrower than one 16-byte vector in the
/// vertical pass; hand-made weights too large for the split 16-bit arithmetic), and by the
/// tests as the reference the vector kernels must equal.
enum ScalarResampler {
    static func horizontal(source: UnsafePointer<UInt8>, sourceWidth: Int,
                           destination: UnsafeMutablePointer<UInt8>, rowCount: Int,
                           weights: ResampleWeights) {
        weights.coefficients.withUnsafeBufferPointer { k in
            for y in 0..<rowCount {
                let inRow = source + y * sourceWidth * 4
                let outRow = destination + y * weights.count * 4
                for x in 0..<weights.count {
                    let start = weights.start(x), length = weights.length(x)
                    for c in 0..<4 {
                        var acc: Int32 = 1 << (ResampleWeights.precisionBits - 1)
                        for j in 0..<length {
                            acc = acc &+ Int32(inRow[(start + j) * 4 + c]) &* k[x * weights.taps + j]
                        }
                        outRow[x * 4 + c] = clip8(acc)
                    }
                }
            }
        }
    }

    /// Output rows `rows` of the vertical pass; `destination` points at output row 0.
    static func vertical(source: UnsafePointer<UInt8>, rowBytes: Int,
                         destination: UnsafeMutablePointer<UInt8>, rows: Range<Int>,
                         weights: ResampleWeights) {
        weights.coefficients.withUnsafeBufferPointer { k in
            for y in rows {
                let start = weights.start(y), length = weights.length(y)
                let outRow = destination + y * rowBytes
                for i in 0..<rowBytes {
                    var acc: Int32 = 1 << (ResampleWeights.precisionBits - 1)
                    for j in 0..<length {
                        acc = acc &+ Int32(source[(start + j) * rowBytes + i]) &* k[y * weights.taps + j]
                    }
                    outRow[i] = clip8(acc)
                }
            }
        }
    }

    /// `clamp(acc >> 22, 0, 255)`.
    @inline(__always)
    static func clip8(_ acc: Int32) -> UInt8 {
        UInt8(clamping: acc >> ResampleWeights.precisionBits)
    }
}
