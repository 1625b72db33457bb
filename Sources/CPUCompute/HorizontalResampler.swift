import ImageMaths
/// The horizontal resampling pass (docs/SPEC.md §2) over raw RGBA rows: for each output pixel,
/// `clamp((2^21 + Σ src·k) >> 22, 0, 255)` per channel, all four channels in one vector.
///
/// `pmaddwd` wants each channel's two taps side by side (`[r0 r1 g0 g1 b0 b1 a0 a1]`), a
/// shuffle SSE2 does poorly. Every source pixel takes part in several output pixels (about
/// `taps / scale`), so each source row is regrouped once into "pair vectors" `P[j]` = pixels
/// `j` and `j + 1` regrouped and widened, and each tap pair of an output is then one aligned
/// 16-byte load of `P[start + 2m]`.
///
/// On x86-64 CPUs with AVX2 or AVX-512 the pass runs `NativeResampler` instead (same bytes,
/// two to three times the speed); this kernel is the fallback and the reference it is tested against.
enum HorizontalResampler {
    /// Resamples `rowCount` rows starting at `source` (each `sourceWidth` pixels) into
    /// `destination` (each `weights.count` pixels). `kernels` picks the vector loops; the
    /// native ones, where they run, make the same bytes.
    static func resample(source: UnsafePointer<UInt8>, sourceWidth: Int,
                         destination: UnsafeMutablePointer<UInt8>, rowCount: Int,
                         weights: PreparedWeights, kernels: ResampleKernelSet = .preferred) {
        if let evenPairs = weights.evenPairs,
           NativeResampler.horizontalOpaque(kernels, source: source, sourceWidth: sourceWidth, rowCount: rowCount,
                                            passes: [(destination, evenPairs)]) {
            return
        }
        if let groups = weights.groups,
           NativeResampler.horizontal(kernels, source: source, sourceWidth: sourceWidth, destination: destination,
                                      rowCount: rowCount, groups: groups) {
            return
        }
        guard let paired = weights.pairs ?? SplitWeights.Pairs(weights.exact) else {
            ScalarResampler.horizontal(source: source, sourceWidth: sourceWidth, destination: destination,
                                       rowCount: rowCount, weights: weights.exact)
            return
        }
        // Only the columns some output reads are regrouped (a crop window skips the rest);
        // pair vectors are indexed from `first`.
        let first = weights.sourceSpan.lowerBound, span = weights.sourceSpan.count
        guard span > 0 else { return }
        let pairs = UnsafeMutablePointer<SIMD8<Int16>>.allocate(capacity: 2 * span)
        defer { pairs.deallocate() }
        let pairsB = pairs + span
        let count = weights.exact.count, stride = 2 * paired.pairStride
        let inRowBytes = sourceWidth * 4, outRowBytes = count * 4
        weights.exact.bounds.withUnsafeBufferPointer { bounds in
            paired.words.withUnsafeBufferPointer { words in
                var y = 0
                while y + 2 <= rowCount {
                    makePairs(UnsafeRawPointer(source + y * inRowBytes + first * 4), width: span, into: pairs)
                    makePairs(UnsafeRawPointer(source + (y + 1) * inRowBytes + first * 4), width: span, into: pairsB)
                    let outA = UnsafeMutableRawPointer(destination + y * outRowBytes)
                    let outB = outA + outRowBytes
                    for x in 0..<count {
                        let start = Int(bounds[2 * x]) - first
                        let (a, b) = resamplePixels(pairs + start, pairsB + start, length: Int(bounds[2 * x + 1]),
                                                    words: words.baseAddress! + x * stride)
                        outA.storeBytes(of: a, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                        outB.storeBytes(of: b, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                    }
                    y += 2
                }
                if y < rowCount {
                    makePairs(UnsafeRawPointer(source + y * inRowBytes + first * 4), width: span, into: pairs)
                    let out = UnsafeMutableRawPointer(destination + y * outRowBytes)
                    for x in 0..<count {
                        let pixel = resamplePixel(pairs + (Int(bounds[2 * x]) - first), length: Int(bounds[2 * x + 1]),
                                                  words: words.baseAddress! + x * stride)
                        out.storeBytes(of: pixel, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                    }
                }
            }
        }
    }

    /// `P[j]` = pixels `j` and `j + 1` (the last pixel with itself) regrouped per channel.
    @inline(__always)
    private static func makePairs(_ row: UnsafeRawPointer, width: Int, into pairs: UnsafeMutablePointer<SIMD8<Int16>>) {
        var j = 0
        // Four pair vectors from one 16-byte load and the same load 4 bytes on (20 bytes read).
        while j + 5 <= width {
            let a = row.loadUnaligned(fromByteOffset: 4 * j, as: SIMD16<UInt8>.self)
            let b = row.loadUnaligned(fromByteOffset: 4 * j + 4, as: SIMD16<UInt8>.self)
            let (p0, p1, p2, p3) = SIMDFixedPoint.interleaveRows(a, b)
            pairs[j] = p0; pairs[j + 1] = p1; pairs[j + 2] = p2; pairs[j + 3] = p3
            j += 4
        }
        while j < width {
            let next = min(j + 1, width - 1)
            pairs[j] = SIMDFixedPoint.interleavePixels(row.loadUnaligned(fromByteOffset: 4 * j, as: SIMD4<UInt8>.self),
                                                       row.loadUnaligned(fromByteOffset: 4 * next, as: SIMD4<UInt8>.self))
            j += 1
        }
    }

    /// The same output pixel in two rows: each coefficient pair is broadcast once for both.
    @inline(__always)
    private static func resamplePixels(_ a: UnsafePointer<SIMD8<Int16>>, _ b: UnsafePointer<SIMD8<Int16>>,
                                       length: Int, words: UnsafePointer<Int32>) -> (SIMD4<UInt8>, SIMD4<UInt8>) {
        var lowA = SIMD4<Int32>(), highA = SIMD4<Int32>(), lowB = SIMD4<Int32>(), highB = SIMD4<Int32>()
        var w = words
        var m = 0
        for _ in 0..<((length + 1) >> 1) {
            let low = SIMDFixedPoint.broadcastPair(w[0]), high = SIMDFixedPoint.broadcastPair(w[1])
            let va = a[m], vb = b[m]
            lowA &+= SIMDFixedPoint.multiplyAddPairs(va, low)
            highA &+= SIMDFixedPoint.multiplyAddPairs(va, high)
            lowB &+= SIMDFixedPoint.multiplyAddPairs(vb, low)
            highB &+= SIMDFixedPoint.multiplyAddPairs(vb, high)
            m += 2
            w += 2
        }
        return (SIMDFixedPoint.packToBytes(SIMDFixedPoint.combine(low: lowA, high: highA)),
                SIMDFixedPoint.packToBytes(SIMDFixedPoint.combine(low: lowB, high: highB)))
    }

    /// One output pixel from the pair vectors starting at `pairs` (its window's first pixel).
    @inline(__always)
    private static func resamplePixel(_ pairs: UnsafePointer<SIMD8<Int16>>, length: Int,
                                      words: UnsafePointer<Int32>) -> SIMD4<UInt8> {
        var low = SIMD4<Int32>(), high = SIMD4<Int32>()
        var p = pairs
        var w = words
        // An odd count ends with a pair whose second coefficient is 0.
        for _ in 0..<((length + 1) >> 1) {
            let v = p.pointee
            low &+= SIMDFixedPoint.multiplyAddPairs(v, SIMDFixedPoint.broadcastPair(w[0]))
            high &+= SIMDFixedPoint.multiplyAddPairs(v, SIMDFixedPoint.broadcastPair(w[1]))
            p += 2
            w += 2
        }
        return SIMDFixedPoint.packToBytes(SIMDFixedPoint.combine(low: low, high: high))
    }
}
