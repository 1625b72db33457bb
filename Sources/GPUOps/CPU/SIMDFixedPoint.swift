/// Vector helpers for the resampling kernels.
///
/// The package is built for baseline x86-64 (SSE2) and arm64 with no extra flags, so a
/// 32-bit lane multiply (`pmulld`) is not available on x86; these helpers are written in the
/// shapes LLVM turns into the instructions that are: `multiplyAddPairs` becomes one `pmaddwd`
/// (arm64: `smull`/`smlal` pairs), `packToBytes` becomes `packssdw` + `packuswb`. Checked by
/// reading the disassembly of a release build.
enum SIMDFixedPoint {
    /// `acc` starts at half of the final divisor, so `acc >> 22` rounds half up (DESIGN 4.1).
    static let rounding = SIMD4<Int32>(repeating: 1 << (ResampleWeights.precisionBits - 1))

    /// Lane-pair dot products: `[a0*b0 + a1*b1, a2*b2 + a3*b3, ...]`, exact in Int32 for the
    /// operands used here (pixels 0...255, coefficient halves within Int16).
    @inline(__always)
    static func multiplyAddPairs(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
        let products = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
        return products.evenHalf &+ products.oddHalf
    }

    /// A packed pair of 16-bit coefficients (`first | second << 16`) repeated in all four
    /// lane pairs.
    @inline(__always)
    static func broadcastPair(_ word: Int32) -> SIMD8<Int16> {
        unsafeBitCast(SIMD4<Int32>(repeating: word), to: SIMD8<Int16>.self)
    }

    /// The exact sum `2^21 + Σ src·k` from the two partial sums of the split coefficients
    /// (`k = low + high · 2^15`). Wrapping arithmetic: the true sum fits in Int32 (as in
    /// Pillow), so the wrapped partial sums give it exactly.
    @inline(__always)
    static func combine(low: SIMD4<Int32>, high: SIMD4<Int32>) -> SIMD4<Int32> {
        rounding &+ low &+ (high &<< 15)
    }

    /// `clamp(acc >> 22, 0, 255)` per lane.
    @inline(__always)
    static func packToBytes(_ acc: SIMD4<Int32>) -> SIMD4<UInt8> {
        let v = acc &>> ResampleWeights.precisionBits
        return SIMD4<UInt8>(truncatingIfNeeded: pointwiseMin(pointwiseMax(v, .zero), SIMD4(repeating: 255)))
    }

    /// Two RGBA pixels `[r0 g0 b0 a0 r1 g1 b1 a1]` regrouped per channel as
    /// `[r0 r1 g0 g1 b0 b1 a0 a1]`, ready for `multiplyAddPairs` with a coefficient pair.
    @inline(__always)
    static func channelPairs(_ twoPixels: SIMD8<UInt8>) -> SIMD8<Int16> {
        let w = SIMD8<Int16>(truncatingIfNeeded: twoPixels)
        return SIMD8<Int16>(w[0], w[4], w[1], w[5], w[2], w[6], w[3], w[7])
    }

    /// Bytes of two rows interleaved, `[a0 b0 a1 b1 ...]`, widened to 16 bits: four vectors
    /// of four byte pairs each, ready for `multiplyAddPairs` with a row-coefficient pair.
    @inline(__always)
    static func interleaveRows(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>)
        -> (SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>) {
        let low = SIMD16<UInt8>(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3],
                                a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
        let high = SIMD16<UInt8>(a[8], b[8], a[9], b[9], a[10], b[10], a[11], b[11],
                                 a[12], b[12], a[13], b[13], a[14], b[14], a[15], b[15])
        return (SIMD8<Int16>(truncatingIfNeeded: low.lowHalf), SIMD8<Int16>(truncatingIfNeeded: low.highHalf),
                SIMD8<Int16>(truncatingIfNeeded: high.lowHalf), SIMD8<Int16>(truncatingIfNeeded: high.highHalf))
    }

    /// Bytes of two 4-byte pixels interleaved and widened: `[a0 b0 a1 b1 a2 b2 a3 b3]`.
    @inline(__always)
    static func interleavePixels(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> SIMD8<Int16> {
        SIMD8<Int16>(truncatingIfNeeded: SIMD8<UInt8>(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]))
    }
}

extension SIMDFixedPoint {
    /// `clamp(acc >> 22, 0, 255)` of sixteen lanes at once (two saturating packs).
    @inline(__always)
    static func packToBytes(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>, _ c: SIMD4<Int32>, _ d: SIMD4<Int32>) -> SIMD16<UInt8> {
        let all = SIMD16<Int32>(lowHalf: SIMD8(lowHalf: a, highHalf: b), highHalf: SIMD8(lowHalf: c, highHalf: d))
        let v = all &>> ResampleWeights.precisionBits
        return SIMD16<UInt8>(truncatingIfNeeded: pointwiseMin(pointwiseMax(v, .zero), SIMD16(repeating: 255)))
    }
}
