import CLCMS2
import Synchronization

/// An lcms2 transform from an embedded ICC profile to sRGB, with the settings of Pillow's
/// `ImageCms.profileToProfile` (perceptual intent, no black-point compensation), so a
/// thumbnail converted here is within 1 level of one converted by Pillow (lcms2's 8-bit
/// transforms interpolate in a precomputed table, whose rounding differs slightly between
/// lcms2 versions; docs/SPEC.md, colour).
///
/// Built once per distinct profile (`toSRGB(from:)` caches by the profile's bytes) and used
/// from any thread: the transform is made without lcms2's one-pixel cache, the only state a
/// transform changes while it runs.
package final class ColourTransform: Sendable {
    /// The colour space of the pixels the transform reads.
    package enum Input: Sendable, Equatable {
        /// RGBA pixels; alpha is left as it is.
        case rgb
        /// Gray in RGBA pixels (R = G = B, as decoders write gray); alpha is left as it is.
        case gray
        /// C, M, Y, K ink amounts, 4 bytes a pixel (0 = no ink), converted at decode.
        case cmyk
    }

    package let input: Input
    // The lcms2 handle: immutable after creation and used without its cache (see above).
    nonisolated(unsafe) private let handle: cmsHTRANSFORM

    private init(input: Input, handle: cmsHTRANSFORM) {
        self.input = input
        self.handle = handle
    }

    deinit { cmsDeleteTransform(handle) }

    /// The transform from `profile` to sRGB, or an error saying why lcms2 cannot make one
    /// (a damaged profile, a colour space other than RGB, gray or CMYK, a profile without the
    /// tables a conversion needs).
    package static func toSRGB(from profile: [UInt8]) throws(ColourProfileError) -> ColourTransform {
        if let cached = cache.withLock({ $0.transforms[profile] }) { return cached }
        let made = try make(from: profile)
        return cache.withLock { state in
            if let raced = state.transforms[profile] { return raced }
            // A batch has a handful of distinct profiles; a hostile one with thousands
            // of them only loses the cache, never memory.
            if state.transforms.count >= cacheLimit { state.transforms.removeAll() }
            state.transforms[profile] = made
            return made
        }
    }

    /// Converts the pixels in place: RGB and gray transforms on RGBA pixels (alpha kept), the
    /// CMYK transform on 4-byte ink amounts, writing RGBA with alpha 255.
    package func apply(to pixels: UnsafeMutableRawBufferPointer) {
        guard let base = pixels.baseAddress else { return }
        let count = pixels.count / 4
        // lcms2 counts pixels in a 32-bit integer: convert a huge image in slices.
        let slice = 1 << 24
        var start = 0
        while start < count {
            let n = min(slice, count - start)
            let at = base + start * 4
            cmsDoTransform(handle, at, at, cmsUInt32Number(n))
            start += n
        }
        if input == .cmyk {
            // Written over the K byte of each pixel: no ink data, so opaque.
            let p = base.assumingMemoryBound(to: UInt8.self)
            var i = 3
            while i < count * 4 { p[i] = 255; i += 4 }
        }
    }

    /// Converts an RGBA image in place (an RGB or gray transform).
    package func apply(to image: inout HostImage) {
        let opaque = image.isOpaqueByConstruction
        image.pixels.withUnsafeMutableBytes { apply(to: $0) }
        if opaque { image.markOpaqueByConstruction() }
    }

    // MARK: Making and caching

    private static let cacheLimit = 64
    private struct Cache: ~Copyable { var transforms: [[UInt8]: ColourTransform] = [:] }
    private static let cache = Mutex(Cache())

    private static func make(from profile: [UInt8]) throws(ColourProfileError) -> ColourTransform {
        guard !profile.isEmpty, profile.count <= ICCProfile.maximumBytes else { throw .unreadable }
        let source = profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let source else { throw .unreadable }
        defer { cmsCloseProfile(source) }
        guard let srgb = cmsCreate_sRGBProfile() else { throw .unreadable }
        defer { cmsCloseProfile(srgb) }
        let input: Input
        let format: cmsUInt32Number
        switch cmsGetColorSpace(source) {
        case cmsSigRgbData: (input, format) = (.rgb, gpuglitch_TYPE_RGBA_8)
        case cmsSigGrayData: (input, format) = (.gray, gpuglitch_TYPE_GRAY_8_IN_RGBA)
        case cmsSigCmykData: (input, format) = (.cmyk, gpuglitch_TYPE_CMYK_8)
        case let other: throw .unsupportedColourSpace(ColourProfileError.signature(other.rawValue))
        }
        guard let handle = cmsCreateTransform(source, format, srgb, gpuglitch_TYPE_RGBA_8,
                                              gpuglitch_INTENT_PERCEPTUAL, gpuglitch_cmsFLAGS_NOCACHE)
        else { throw .noTransform }
        return ColourTransform(input: input, handle: handle)
    }
}
