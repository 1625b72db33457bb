/// Why an embedded ICC profile cannot be used to convert an image to sRGB.
public enum ColourProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// lcms2 does not read it as an ICC profile (damaged or cut off).
    case unreadable
    /// A colour space other than RGB, gray or CMYK (its four-letter ICC signature), or one
    /// that does not match the image (a CMYK profile on an RGB image).
    case unsupportedColourSpace(String)
    /// lcms2 read the profile but cannot build a perceptual transform from it (tags missing).
    case noTransform

    /// What the batch's line says, with what to do about it.
    public var description: String { "\(reason) (--icc keep or strip writes the image unconverted)" }

    private var reason: String {
        switch self {
        case .unreadable: "ICC profile unreadable by lcms2"
        case .unsupportedColourSpace(let space): "ICC profile colour space '\(space)' cannot be converted to sRGB"
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
