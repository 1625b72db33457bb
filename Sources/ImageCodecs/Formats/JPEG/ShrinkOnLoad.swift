/// Choice of the JPEG DCT-domain scale (libjpeg-turbo's 1/2, 1/4, 1/8) for shrink-on-load.
///
/// Decoding at a fraction of the size is the single largest saving for big photos (the IDCT
/// and colour conversion run on 1/4 to 1/64 of the pixels), but DCT scaling is a crude filter.
/// Keeping at least twice the final size leaves the real resampler (lanczos by default) enough
/// pixels to do the filtering, which is also what libvips' `vipsthumbnail` does.
package enum ShrinkOnLoad {
    /// The denominators tried, largest (smallest decode) first.
    package static let denominators = [8, 4, 2]

    /// Size of one side decoded at 1/`denominator`: `ceil(size / denominator)`, which is what
    /// libjpeg-turbo's `TJSCALED` gives for a 1/d scaling factor.
    package static func scaledSize(_ size: Int, denominator: Int) -> Int {
        (size + denominator - 1) / denominator
    }

    /// The largest of 8, 4, 2 that fits twice the minimum the caller needs into both sides
    /// whole, `width ≥ d·2·minimumWidth` and `height ≥ d·2·minimumHeight`, or 1. This is
    /// Pillow 13's `draft`: `scale = min(W // (2w), H // (2h))`, then the largest of 8, 4, 2, 1
    /// not above it. Judging by the decoded size instead (`ceil(W/d) ≥ 2w`) would pick a
    /// smaller decode than Pillow when a side is not a multiple of `d`, and other pixels.
    ///
    /// `width`/`height` are the full size of the picture (oriented the same way as the minimum).
    package static func denominator(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int) -> Int {
        for d in denominators where width >= d * 2 * minimumWidth && height >= d * 2 * minimumHeight {
            return d
        }
        return 1
    }
}
