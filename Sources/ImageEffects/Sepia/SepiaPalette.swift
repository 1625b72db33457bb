/// The 256-entry colour table of the sepia tone: Pillow 13's
/// `ImageOps.colorize(gray, black, white, mid)` with its default points (black 0, mid 127,
/// white 255), computed on the host once per parameter set (docs/SPEC.md §5). Both
/// backends only look grey levels up in it.
package struct SepiaPalette: Sendable, Equatable {
    /// Entry `l` is the RGB colour of grey level `l` (a fourth byte of 0 pads it to `uchar4`).
    package let entries: [UInt8]

    package init(black: RGBColor, mid: RGBColor, white: RGBColor) {
        // colorize's three-colour wedge: 127 steps black → mid, 128 steps mid → white, then
        // white for the last level. Python's `//` floors (towards −∞), also for a falling
        // channel, so the division below floors as well.
        var table = [UInt8](repeating: 0, count: 256 * 4)
        let (b, m, w) = (black.channels, mid.channels, white.channels)
        for level in 0..<256 {
            for channel in 0..<3 {
                let value: Int
                if level < 127 {
                    value = b[channel] + Self.floorDivide(level * (m[channel] - b[channel]), 127)
                } else if level < 255 {
                    value = m[channel] + Self.floorDivide((level - 127) * (w[channel] - m[channel]), 128)
                } else {
                    value = w[channel]
                }
                table[level * 4 + channel] = UInt8(value)
            }
        }
        entries = table
    }

    /// Python's `a // b` for a positive `b`.
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Pillow's `L` of an RGB pixel (`ImageOps.grayscale`: ITU-R 601-2 luma in 16-bit fixed point).
    @inline(__always)
    package static func gray(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        (Int(red) * 19595 + Int(green) * 38470 + Int(blue) * 7471 + 0x8000) >> 16
    }
}
