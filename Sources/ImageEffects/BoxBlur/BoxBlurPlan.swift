/// The integer box blur that Pillow 13's `ImageFilter.GaussianBlur(radius)` runs: three box
/// passes per axis (its `ImagingGaussianBlur` with `passes = 3`), each a running sum over a
/// clamped window of `2·radius + 1` pixels plus the two next ones weighted by the fraction,
/// in 8.24 fixed point (docs/SPEC.md §5). Computed once on the host, in Pillow's own float
/// arithmetic, for both backends.
struct BoxBlurPlan: Sendable, Equatable {
    /// Box passes per axis.
    static let passes = 3
    /// The box's whole radius (`(int)floatRadius` in `BoxBlur.c`).
    let radius: Int32
    /// Weight of each pixel inside the window, of 2^24.
    let inner: UInt32
    /// Weight of each of the two pixels just outside, of 2^24.
    let edge: UInt32
    /// The box radius before truncation (Pillow's `_gaussian_blur_radius`).
    let boxRadius: Float

    /// The plan of `GaussianBlur(gaussianRadius)`, or nil where Pillow returns a copy
    /// (radius 0).
    init?(gaussianRadius: Float) {
        guard gaussianRadius > 0 else { return nil }
        let box = Self.boxRadius(gaussian: gaussianRadius, passes: Self.passes)
        guard box != 0 else { return nil }
        boxRadius = box
        // BoxBlur.c: `UINT32 ww = (UINT32)(1 << 24) / (floatRadius * 2 + 1)`, a float division,
        // then `fw = ((1 << 24) - (radius * 2 + 1) * ww) / 2` in unsigned arithmetic.
        let whole = Int32(box)
        let ww = UInt32(Float(1 << 24) / (box * 2 + 1))
        radius = whole
        inner = ww
        edge = (UInt32(1 << 24) &- UInt32(2 * whole + 1) &* ww) / 2
    }

    /// `_gaussian_blur_radius` of BoxBlur.c, with its mix of float and double steps kept:
    /// `sqrt` and `floor` see doubles, everything else is single precision.
    static func boxRadius(gaussian radius: Float, passes: Int) -> Float {
        let sigma2: Float = radius * radius / Float(passes)
        let L = Float((12.0 * Double(sigma2) + 1.0).squareRoot())
        let l = Float(((Double(L) - 1.0) / 2.0).rounded(.down))
        var a: Float = (2 * l + 1) * (l * (l + 1) - 3 * sigma2)
        a /= 6 * (sigma2 - (l + 1) * (l + 1))
        return l + a
    }
}
