import ImageMaths
/// Vector helpers for the resampling kernels.
///
/// The package is built for baseline x86-64 (SSE2) with no extra flags, so a 32-bit lane
/// multiply (`pmulld`, SSE4.1) is not available; these helpers are written in the shapes LLVM
/// turns into the instructions that are: `multiplyAddPairs` becomes one `pmaddwd`,
/// `interleaveRows` two `punpcklbw`/`punpckhbw` rounds, `packToBytes` shifts, masks and
/// `packuswb`, with no branches and no calls. Checked by reading the disassembly of a release
/// build (`objdump -d .build/release/GPUOps.build/VerticalResampler.swift.o`); other targets
/// get LLVM's own lowering of the same vector operations.
enum SIMDFixedPoint {
    /// `acc` starts at half of the final divisor, so `acc >> 22` rounds half up (docs/SPEC.md §2).
    /// (A computed constant: a stored `static let` costs a `swift_once` check per use.)
    @inline(__always)
    static var rounding: SIMD4<Int32> { SIMD4(repeating: 1 << 21) }

    /// Lane-pair dot products: `[a0*b0 + a1*b1, a2*b2 + a3*b3, ...]`, exact in Int32 for the
    /// operands used here (pixels 0...255, coefficient halves within Int16).
    @inline(__always)
    static func multiplyAddPairs(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
        let p = widen(a) &* widen(b)
        return SIMD4(p[0], p[2], p[4], p[6]) &+ SIMD4(p[1], p[3], p[5], p[7])
    }

    // The standard library's `init(truncatingIfNeeded:)`, `pointwiseMin` and friends are
    // generic; in a large kernel the optimiser may leave them as calls, which hides the
    // patterns above from LLVM. Element-wise forms always inline.

    @inline(__always)
    static func widen(_ v: SIMD8<Int16>) -> SIMD8<Int32> {
        SIMD8(Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4]), Int32(v[5]), Int32(v[6]), Int32(v[7]))
    }

    @inline(__always)
    static func widen(_ v: SIMD8<UInt8>) -> SIMD8<Int16> {
        SIMD8(Int16(v[0]), Int16(v[1]), Int16(v[2]), Int16(v[3]), Int16(v[4]), Int16(v[5]), Int16(v[6]), Int16(v[7]))
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
        bytes(clip(acc &>> ResampleWeights.precisionBits))
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
        return (widen(low.lowHalf), widen(low.highHalf), widen(high.lowHalf), widen(high.highHalf))
    }

    /// Bytes of two 4-byte pixels interleaved and widened: `[a0 b0 a1 b1 a2 b2 a3 b3]`. For
    /// two neighbouring RGBA pixels that is `[r0 r1 g0 g1 b0 b1 a0 a1]`: each channel's pair
    /// of taps side by side, ready for `multiplyAddPairs` with a coefficient pair. (Two
    /// 4-byte loads and two unpacks: cheaper than shuffling one 8-byte load.)
    @inline(__always)
    static func interleavePixels(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> SIMD8<Int16> {
        widen(SIMD8<UInt8>(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]))
    }
}

extension SIMDFixedPoint {
    /// `clamp(acc >> 22, 0, 255)` of sixteen lanes at once.
    @inline(__always)
    static func packToBytes(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>, _ c: SIMD4<Int32>, _ d: SIMD4<Int32>) -> SIMD16<UInt8> {
        let p = ResampleWeights.precisionBits
        return SIMD16(lowHalf: SIMD8(lowHalf: bytes(clip(a &>> p)), highHalf: bytes(clip(b &>> p))),
                      highHalf: SIMD8(lowHalf: bytes(clip(c &>> p)), highHalf: bytes(clip(d &>> p))))
    }

    /// `clamp(v, 0, 255)` with shifts and masks only: the comparison forms (`pointwiseMin`,
    /// `clamped`) are generic and end up as per-lane branches in these kernels.
    @inline(__always)
    static func clip(_ v: SIMD4<Int32>) -> SIMD4<Int32> {
        let nonNegative = v & ~(v &>> 31)
        let over = (SIMD4(repeating: 255) &- nonNegative) &>> 31
        return (nonNegative | over) & SIMD4(repeating: 255)
    }

    /// The low byte of each lane (lanes already in 0...255).
    @inline(__always)
    static func bytes(_ v: SIMD4<Int32>) -> SIMD4<UInt8> {
        SIMD4(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
              UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]))
    }
}
