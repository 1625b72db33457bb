import CLCMS2

/// CIE L*a*b* to sRGB as Pillow 13 converts a `LAB` image to `RGBA`: its TIFF unpacker keeps L*
/// and turns the signed a* and b* into 128-offset bytes (`ImagingUnpackLAB`), and
/// `Image.convert` runs lcms2 from its built-in D50 Lab (v2) profile to its built-in sRGB,
/// perceptual intent, no flags (`ImageCms.createProfile("LAB")`, `buildTransform`), the pixels
/// as L, a, b and one byte left alone (Pillow's `LAB` format, alpha 255 here). lcms2's 8-bit
/// tables round slightly differently from one version to the next, so a pixel may be 1 from
/// Pillow's (whose wheels carry a newer lcms2; docs/SPEC.md, colour).
enum TIFFLabConversion {
    /// Converts RGBA-laid-out L, a+128, b+128, 255 pixels to sRGB RGBA in place. Returns false
    /// when lcms2 cannot make the transform (out of memory).
    static func convertToRGBA(_ pixels: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = pixels.baseAddress, let transform = shared.handle else { return false }
        let count = pixels.count / 4
        // lcms2 counts pixels in a 32-bit integer: convert a huge image in slices.
        var start = 0
        while start < count {
            let n = min(1 << 24, count - start)
            cmsDoTransform(transform, base + start * 4, base + start * 4, cmsUInt32Number(n))
            start += n
        }
        return true
    }

    /// Pillow's `LAB` pixel format for lcms2: Lab v2, three 8-bit channels and one extra
    /// (COLORSPACE_SH(PT_LabV2) | CHANNELS_SH(3) | BYTES_SH(1) | EXTRA_SH(1), macros Swift
    /// does not import).
    private static let labFormat = cmsUInt32Number(PT_LabV2) << 16 | 3 << 3 | 1 | 1 << 7

    /// The transform, made once and used from any thread (no cache, the only state a transform
    /// changes while it runs).
    private final class Transform: Sendable {
        nonisolated(unsafe) let handle: cmsHTRANSFORM?

        init() {
            let lab = cmsCreateLab2Profile(nil), srgb = cmsCreate_sRGBProfile()
            defer {
                if let lab { cmsCloseProfile(lab) }
                if let srgb { cmsCloseProfile(srgb) }
            }
            guard let lab, let srgb else { handle = nil; return }
            handle = cmsCreateTransform(lab, TIFFLabConversion.labFormat, srgb, gpuglitch_TYPE_RGBA_8,
                                        gpuglitch_INTENT_PERCEPTUAL, gpuglitch_cmsFLAGS_NOCACHE)
        }
    }

    private static let shared = Transform()
}
