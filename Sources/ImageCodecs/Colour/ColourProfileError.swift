/// Why an embedded ICC profile cannot be used to convert an image to sRGB.
public enum ColourProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// lcms2 does not read it as an ICC profile (damaged or cut off).
    case unreadable
    /// A colour space other than RGB, gray or CMYK (its four-letter ICC signature).
    case unsupportedColourSpace(String)
    /// A profile whose colour space (its signature) the image does not have: a CMYK profile
    /// on an image decoded as RGB, a gray profile on a colour image. lcms2 (and Pillow) refuse
    /// these too.
    case doesNotMatchImage(String)
    /// lcms2 read the profile but cannot build a perceptual transform from it (tags missing).
    case noTransform

    /// What the batch's line says, with what to do about it.
    public var description: String { "\(reason) (--icc keep or strip writes the image unconverted)" }

    private var reason: String {
        switch self {
        case .unreadable: "ICC profile unreadable by lcms2"
        case .unsupportedColourSpace(let space): "ICC profile colour space '\(space)' cannot be converted to sRGB"
        case .doesNotMatchImage(let space): "ICC profile colour space '\(space)' does not match the image's"
        case .noTransform: "lcms2 cannot build a perceptual transform from the ICC profile"
        }
    }

    /// A four-letter ICC signature as text ("RGB ", "CMYK"), unprintable bytes as '?'.
    static func signature(_ value: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { shift -> UInt8 in
            let byte = UInt8(truncatingIfNeeded: value >> UInt32(shift))
            return (0x20...0x7E).contains(byte) ? byte : 0x3F
        }, as: UTF8.self)
    }
}
