/// CMYK to RGB for 4-component JPEGs, exactly as Pillow does it.
///
/// libjpeg-turbo hands over the stored C, M, Y, K bytes (after undoing the YCCK transform).
/// Pillow treats every CMYK JPEG as "Adobe" CMYK, whose stored bytes are inverted ink
/// amounts (`ink = 255 - stored`, the `CMYK;I` raw mode), and converts to RGB with
/// `nk = 255 - K; R = nk - nk·C/255` (its `cmyk2rgb`, with `MULDIV255` rounding). With
/// `stored` values that is `R = sK - muldiv255(255 - sC, sK)`. This is not colour-managed
/// (neither is Pillow's `convert("RGB")`); it is the common, predictable mapping.
/// With `--icc srgb`, a CMYK image whose embedded profile is a CMYK profile goes through that
/// profile instead (`convertToRGBA(_:through:)`), as Pillow's `ImageCms.profileToProfile` does.
enum CMYKConversion {
    /// Whether an ICC profile's header names CMYK as its colour space (bytes 16–19).
    static func isCMYKProfile(_ profile: [UInt8]) -> Bool {
        profile.count >= 128 && profile[16..<20].elementsEqual("CMYK".utf8)
    }

    /// `pixels` (stored CMYK as Adobe JPEGs hold it: inverted ink amounts) to RGBA with alpha
    /// 255 in place: through `transform`'s profile when there is one, else `convertToRGBA(_:)`.
    /// Returns whether the profile was used.
    static func convertToRGBA(_ pixels: UnsafeMutableRawBufferPointer, through transform: ColourTransform?) -> Bool {
        guard let transform, transform.input == .cmyk, let base = pixels.baseAddress else {
            convertToRGBA(pixels)
            return false
        }
        // lcms2 reads ink amounts (0 = no ink), as Pillow's "CMYK" mode holds them.
        let p = base.assumingMemoryBound(to: UInt8.self)
        for i in 0..<pixels.count { p[i] = 255 &- p[i] }
        transform.apply(to: pixels)
        return true
    }

    /// Converts `pixels` (stored CMYK, 4 bytes a pixel) to RGBA with alpha 255, in place.
    static func convertToRGBA(_ pixels: UnsafeMutableRawBufferPointer) {
        guard let base = pixels.baseAddress else { return }
        let p = base.assumingMemoryBound(to: UInt8.self)
        var i = 0
        let n = pixels.count
        while i < n {
            let nk = Int(p[i + 3])
            p[i] = channel(p[i], nk)
            p[i + 1] = channel(p[i + 1], nk)
            p[i + 2] = channel(p[i + 2], nk)
            p[i + 3] = 255
            i += 4
        }
    }

    /// `nk - MULDIV255(ink, nk)` with `ink = 255 - stored`; never negative, so no clamp needed.
    @inline(__always)
    private static func channel(_ stored: UInt8, _ nk: Int) -> UInt8 {
        let t = (255 - Int(stored)) * nk + 128
        return UInt8(truncatingIfNeeded: nk - (((t >> 8) + t) >> 8))
    }
}
