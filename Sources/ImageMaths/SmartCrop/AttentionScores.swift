import Foundation

/// libvips 8.14's attention score of each pixel of a small RGBA8 image (`smartcrop.c`,
/// `vips_smartcrop_attention`), in integer arithmetic with 16 fractional bits: the sum of
///
/// - edges: `5·|4Y − Y↑ − Y↓ − Y← − Y→|` on the luminance Y of CIE XYZ (0…100), borders
///   repeating the edge pixel;
/// - skin: `100 − 100·‖XYZ/‖XYZ‖ − (0.78, 0.57, 0.44)‖`, where Y > 5, else 0;
/// - saturation: CIE Lab's a* (D65), where Y > 5, else 0.
///
/// The constants (the sRGB decoding curve, the XYZ matrix, the skin vector) are turned into
/// integers once, here, on the host: every backend that feeds the same pixels gets the same
/// scores. Docs/SPEC.md §3.1 has the formulas.
package struct AttentionScores: Sendable {
    package static let fractionBits = 16
    package static let one: Int64 = 1 << 16

    package let width: Int
    package let height: Int
    /// Row-major scores, Q16.
    package let values: [Int64]

    /// Scores an RGBA8 image of `width × height` (`pixels` holds `4·width·height` bytes).
    /// When `premultiplies`, colour is multiplied by alpha first, as libvips premultiplies an
    /// image with alpha before it looks for content.
    package init(pixels: [UInt8], width: Int, height: Int, premultiplies: Bool) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        let t = Self.tables
        let count = width * height
        var x = [Int64](repeating: 0, count: count)
        var y = [Int64](repeating: 0, count: count)
        var z = [Int64](repeating: 0, count: count)
        for i in 0..<count {
            var r = Int(pixels[4 * i]), g = Int(pixels[4 * i + 1]), b = Int(pixels[4 * i + 2])
            if premultiplies {
                let a = Int(pixels[4 * i + 3])
                // Round half up, as libvips' premultiply of 8-bit values then cast.
                r = (r * a + 127) / 255
                g = (g * a + 127) / 255
                b = (b * a + 127) / 255
            }
            let lr = t.linear[r], lg = t.linear[g], lb = t.linear[b]
            x[i] = Self.shiftRounded(t.matrix[0] * lr + t.matrix[1] * lg + t.matrix[2] * lb)
            y[i] = Self.shiftRounded(t.matrix[3] * lr + t.matrix[4] * lg + t.matrix[5] * lb)
            z[i] = Self.shiftRounded(t.matrix[6] * lr + t.matrix[7] * lg + t.matrix[8] * lb)
        }
        var values = [Int64](repeating: 0, count: count)
        let darkLimit = 5 * Self.one
        for row in 0..<height {
            for column in 0..<width {
                let i = row * width + column
                let up = y[max(row - 1, 0) * width + column], down = y[min(row + 1, height - 1) * width + column]
                let left = y[row * width + max(column - 1, 0)], right = y[row * width + min(column + 1, width - 1)]
                var score = 5 * abs(4 * y[i] - up - down - left - right)
                if y[i] > darkLimit {
                    score += Self.skin(x[i], y[i], z[i], t) + Self.labA(x[i], y[i], t)
                }
                values[i] = score
            }
        }
        self.values = values
    }

    /// `100 − 100·distance` from the skin direction, Q16.
    private static func skin(_ x: Int64, _ y: Int64, _ z: Int64, _ t: Tables) -> Int64 {
        let norm = IntegerRoots.squareRoot(x * x + y * y + z * z)
        // libvips divides by the norm, and x / 0 is 0 in libvips.
        let unit = norm == 0 ? (Int64(0), Int64(0), Int64(0))
            : ((x << 16) / norm, (y << 16) / norm, (z << 16) / norm)
        let dx = unit.0 - t.skin[0], dy = unit.1 - t.skin[1], dz = unit.2 - t.skin[2]
        let distance = IntegerRoots.squareRoot(dx * dx + dy * dy + dz * dz)
        return 100 * one - 100 * distance
    }

    /// CIE Lab's a* = 500·(f(X/Xn) − f(Y/Yn)), Q16, with libvips' D65 white.
    private static func labA(_ x: Int64, _ y: Int64, _ t: Tables) -> Int64 {
        // X/Xn and Y/Yn in Q24: Xn = 95.047 (as 95047/1000), Yn = 100.
        let tx = (x << 8) * 1000 / 95047
        let ty = (y << 8) / 100
        return 500 * (f(tx, t) - f(ty, t))
    }

    /// Lab's f(t) from `t` in Q24 to Q16: ∛t above 0.008856, 7.787·t + 16/116 below.
    private static func f(_ t24: Int64, _ t: Tables) -> Int64 {
        if t24 * 1_000_000 > 8856 << 24 {
            return IntegerRoots.cubeRoot(t24 << 24)
        }
        return 7787 * t24 / (1000 << 8) + t.sixteenOver116
    }

    private static func shiftRounded(_ v: Int64) -> Int64 { (v + (1 << 15)) >> 16 }

    /// The constants, as integers.
    private struct Tables: Sendable {
        /// The sRGB decoding curve of each 8-bit value, Q16.
        let linear: [Int64]
        /// libvips' scRGB → XYZ matrix times 100 (Y from 0 to 100), Q16, row-major.
        let matrix: [Int64]
        /// smartcrop.js' skin direction (0.78, 0.57, 0.44), Q16.
        let skin: [Int64]
        let sixteenOver116: Int64
    }

    private static let tables: Tables = {
        let linear = (0..<256).map { v -> Int64 in
            let c = Double(v) / 255
            let l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            return Int64((l * 65536).rounded())
        }
        let m: [Double] = [0.4124, 0.3576, 0.18056, 0.2126, 0.7152, 0.07220, 0.0193, 0.1192, 0.9505]
        return Tables(linear: linear,
                      matrix: m.map { Int64(($0 * 100 * 65536).rounded()) },
                      skin: [0.78, 0.57, 0.44].map { Int64(($0 * 65536).rounded()) },
                      sixteenOver116: Int64((16.0 / 116.0 * 65536).rounded()))
    }()
}
