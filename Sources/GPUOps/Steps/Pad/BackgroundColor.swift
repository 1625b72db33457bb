import ImageEffects

/// The colour `--fit pad` fills the rest of the box with (`--background`): an sRGB colour and
/// an alpha, straight (not premultiplied), as Pillow's `Image.new` fills an RGBA image.
/// The default is opaque black, as in sharp and libvips' `embed`.
public struct BackgroundColor: Hashable, Sendable, CustomStringConvertible {
    public var color: RGBColor
    /// 255 is opaque; JPEG output drops alpha, PNG and WebP keep it.
    public var alpha: UInt8

    public init(color: RGBColor, alpha: UInt8 = 255) {
        self.color = color
        self.alpha = alpha
    }

    /// Opaque black (`#000000`).
    public static let black = BackgroundColor(color: RGBColor(red: 0, green: 0, blue: 0))

    /// `#rrggbb` (opaque) or `#rrggbbaa`, the `#` optional, hexadecimal digits in either
    /// case; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        switch digits.count {
        case 6:
            guard let color = RGBColor(hex: String(digits)) else { return nil }
            self.init(color: color)
        case 8:
            let alphaDigits = digits.suffix(2)
            guard let color = RGBColor(hex: String(digits.prefix(6))), alphaDigits.allSatisfy(\.isHexDigit),
                  let alpha = UInt8(alphaDigits, radix: 16) else { return nil }
            self.init(color: color, alpha: alpha)
        default:
            return nil
        }
    }

    /// The RGBA bytes of one pixel of this colour.
    package var rgba: [UInt8] { [color.red, color.green, color.blue, alpha] }

    /// `#rrggbb` when opaque, else `#rrggbbaa`, lower case.
    public var description: String {
        alpha == 255 ? color.description : color.description + (alpha < 16 ? "0" : "") + String(alpha, radix: 16)
    }
}
