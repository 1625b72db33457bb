/// Pillow's `ImagingAlphaComposite` (AlphaComposite.c) for one pixel over a fixed `background`:
/// unsigned 32-bit integers, 7 extra bits of precision, each division by 255 rounded by
/// `(x >> 8 + x) >> 8`. flatten.cl is the same arithmetic line for line. No intermediate
/// exceeds 255³ · 128 < 2³², so nothing wraps.
struct AlphaComposition {
    /// RGBA, straight alpha.
    let background: [UInt8]

    static let precisionBits: UInt32 = 7

    @inline(__always)
    static func shiftForDivide255(_ a: UInt32) -> UInt32 { ((a >> 8) + a) >> 8 }

    /// Writes the composite of the pixel at byte `p` of `src` into `out` at `p`.
    @inline(__always)
    func composite(_ src: UnsafeBufferPointer<UInt8>, at p: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        let sa = UInt32(src[p + 3])
        guard sa != 0 else {
            out[p] = background[0]
            out[p + 1] = background[1]
            out[p + 2] = background[2]
            out[p + 3] = background[3]
            return
        }
        let ba = UInt32(background[3])
        let blend = ba * (255 - sa)
        let outa255 = sa * 255 + blend
        let coef1 = sa * 255 * 255 * (1 << Self.precisionBits) / outa255
        let coef2 = 255 * (1 << Self.precisionBits) - coef1
        let round = UInt32(0x80) << Self.precisionBits
        for c in 0..<3 {
            let mixed = UInt32(src[p + c]) * coef1 + UInt32(background[c]) * coef2
            out[p + c] = UInt8(truncatingIfNeeded: Self.shiftForDivide255(mixed + round) >> Self.precisionBits)
        }
        out[p + 3] = UInt8(truncatingIfNeeded: Self.shiftForDivide255(outa255 + 0x80))
    }
}
