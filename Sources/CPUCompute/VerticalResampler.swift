import ImageMaths
/// The vertical resampling pass (docs/SPEC.md §2) over raw RGBA rows.
///
/// Memory is read row-contiguously: an output row is made 16 bytes at a time, each 16-byte
/// column strip accumulating all of its source rows in registers (two source rows per step,
/// interleaved byte by byte for `pmaddwd`), then packed and stored once. No accumulator row
/// goes through memory, and every source row is read front to back.
///
/// On x86-64 CPUs with AVX2 or AVX-512 the pass runs `NativeResampler` instead (same bytes,
/// two to four times the speed); this kernel is the fallback and the reference it is tested against.
enum VerticalResampler {
    /// Computes output rows `rows` (each `rowBytes` bytes) into `destination`, which points at
    /// output row 0; source rows are `rowBytes` bytes apart. `kernels` picks the vector loops;
    /// the native ones, where they run, make the same bytes.
    static func resample(source: UnsafePointer<UInt8>, rowBytes: Int,
                         destination: UnsafeMutablePointer<UInt8>, rows: Range<Int>,
                         weights: PreparedWeights, kernels: ResampleKernelSet = .preferred) {
        guard let paired = weights.pairs else {
            ScalarResampler.vertical(source: source, rowBytes: rowBytes, destination: destination,
                                     rows: rows, weights: weights.exact)
            return
        }
        if NativeResampler.vertical(kernels, source: source, rowBytes: rowBytes, destination: destination,
                                    rows: rows, bounds: weights.exact.bounds, pairs: paired) {
            return
        }
        guard rowBytes >= 16 else {
            ScalarResampler.vertical(source: source, rowBytes: rowBytes, destination: destination,
                                     rows: rows, weights: weights.exact)
            return
        }
        // Each output row's coefficient pairs, broadcast once, reused by every strip.
        let coefficients = UnsafeMutablePointer<SIMD8<Int16>>.allocate(capacity: 2 * paired.pairStride)
        defer { coefficients.deallocate() }
        weights.exact.bounds.withUnsafeBufferPointer { bounds in
            paired.words.withUnsafeBufferPointer { words in
                for y in rows {
                    let length = Int(bounds[2 * y + 1])
                    let w = words.baseAddress! + paired.wordOffset(y)
                    for i in 0..<(2 * ((length + 1) / 2)) {
                        coefficients[i] = SIMDFixedPoint.broadcastPair(w[i])
                    }
                    let top = UnsafeRawPointer(source + Int(bounds[2 * y]) * rowBytes)
                    let out = UnsafeMutableRawPointer(destination + y * rowBytes)
                    // The last strip is moved back to end at the row's end; it recomputes
                    // a few bytes with identical results instead of a scalar tail.
                    var x = 0
                    while true {
                        let strip = min(x, rowBytes - 16)
                        let bytes = resampleStrip(top + strip, rowBytes: rowBytes, length: length,
                                                  coefficients: coefficients)
                        out.storeBytes(of: bytes, toByteOffset: strip, as: SIMD16<UInt8>.self)
                        if strip == rowBytes - 16 { break }
                        x += 16
                    }
                }
            }
        }
    }

    /// 16 output bytes from the strip starting at `top` and the `length` rows below it.
    @inline(__always)
    private static func resampleStrip(_ top: UnsafeRawPointer, rowBytes: Int, length: Int,
                                      coefficients: UnsafePointer<SIMD8<Int16>>) -> SIMD16<UInt8> {
        var l0 = SIMD4<Int32>(), l1 = SIMD4<Int32>(), l2 = SIMD4<Int32>(), l3 = SIMD4<Int32>()
        var h0 = SIMD4<Int32>(), h1 = SIMD4<Int32>(), h2 = SIMD4<Int32>(), h3 = SIMD4<Int32>()
        var p = top
        var c = coefficients
        var remaining = length
        while remaining > 0 {
            let a = p.loadUnaligned(as: SIMD16<UInt8>.self)
            // The last row of an odd count pairs with itself (its partner coefficient is 0).
            let b = remaining >= 2 ? (p + rowBytes).loadUnaligned(as: SIMD16<UInt8>.self) : a
            let (i0, i1, i2, i3) = SIMDFixedPoint.interleaveRows(a, b)
            let low = c[0], high = c[1]
            l0 &+= SIMDFixedPoint.multiplyAddPairs(i0, low)
            l1 &+= SIMDFixedPoint.multiplyAddPairs(i1, low)
            l2 &+= SIMDFixedPoint.multiplyAddPairs(i2, low)
            l3 &+= SIMDFixedPoint.multiplyAddPairs(i3, low)
            h0 &+= SIMDFixedPoint.multiplyAddPairs(i0, high)
            h1 &+= SIMDFixedPoint.multiplyAddPairs(i1, high)
            h2 &+= SIMDFixedPoint.multiplyAddPairs(i2, high)
            h3 &+= SIMDFixedPoint.multiplyAddPairs(i3, high)
            p += 2 * rowBytes
            c += 2
            remaining -= 2
        }
        return SIMDFixedPoint.packToBytes(SIMDFixedPoint.combine(low: l0, high: h0),
                                          SIMDFixedPoint.combine(low: l1, high: h1),
                                          SIMDFixedPoint.combine(low: l2, high: h2),
                                          SIMDFixedPoint.combine(low: l3, high: h3))
    }
}
