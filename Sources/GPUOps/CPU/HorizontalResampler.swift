/// The horizontal resampling pass (DESIGN 4.1) over raw RGBA rows: for each output pixel,
/// `clamp((2^21 + Σ src·k) >> 22, 0, 255)` per channel, all four channels in one vector.
enum HorizontalResampler {
    /// Resamples `rowCount` rows starting at `source` (each `sourceWidth` pixels) into
    /// `destination` (each `weights.count` pixels).
    static func resample(source: UnsafePointer<UInt8>, sourceWidth: Int,
                         destination: UnsafeMutablePointer<UInt8>, rowCount: Int,
                         weights: PairedWeights, exact: ResampleWeights) {
        guard weights.fitsPairedArithmetic else {
            ScalarResampler.horizontal(source: source, sourceWidth: sourceWidth, destination: destination,
                                       rowCount: rowCount, weights: exact)
            return
        }
        weights.starts.withUnsafeBufferPointer { starts in
            weights.lengths.withUnsafeBufferPointer { lengths in
                weights.offsets.withUnsafeBufferPointer { offsets in
                    weights.words.withUnsafeBufferPointer { words in
                        for y in 0..<rowCount {
                            let inRow = UnsafeRawPointer(source + y * sourceWidth * 4)
                            let outRow = UnsafeMutableRawPointer(destination + y * weights.count * 4)
                            for x in 0..<weights.count {
                                let pixel = resamplePixel(row: inRow, start: starts[x], length: lengths[x],
                                                          words: words.baseAddress! + offsets[x])
                                outRow.storeBytes(of: pixel, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                            }
                        }
                    }
                }
            }
        }
    }

    /// One output pixel from `length` source pixels starting at `start`.
    @inline(__always)
    private static func resamplePixel(row: UnsafeRawPointer, start: Int, length: Int,
                                      words: UnsafePointer<Int32>) -> SIMD4<UInt8> {
        var low = SIMD4<Int32>(), high = SIMD4<Int32>()
        var p = row + start * 4
        var w = words
        var remaining = length
        while remaining >= 2 {
            let pixels = SIMDFixedPoint.channelPairs(p.loadUnaligned(as: SIMD8<UInt8>.self))
            low &+= SIMDFixedPoint.multiplyAddPairs(pixels, SIMDFixedPoint.broadcastPair(w[0]))
            high &+= SIMDFixedPoint.multiplyAddPairs(pixels, SIMDFixedPoint.broadcastPair(w[1]))
            p += 8
            w += 2
            remaining -= 2
        }
        if remaining == 1 {
            // Last tap: the pixel paired with itself, second coefficient 0.
            let one = p.loadUnaligned(as: SIMD4<UInt8>.self)
            let pixels = SIMDFixedPoint.channelPairs(SIMD8(lowHalf: one, highHalf: one))
            low &+= SIMDFixedPoint.multiplyAddPairs(pixels, SIMDFixedPoint.broadcastPair(w[0]))
            high &+= SIMDFixedPoint.multiplyAddPairs(pixels, SIMDFixedPoint.broadcastPair(w[1]))
        }
        return SIMDFixedPoint.packToBytes(SIMDFixedPoint.combine(low: low, high: high))
    }
}
