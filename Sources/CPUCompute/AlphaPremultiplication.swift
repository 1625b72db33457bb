/// Pillow's conversions between straight RGBA and premultiplied "RGBa" (libImaging
/// Convert.c), which `Image.resize` wraps around resampling when an image has alpha.
///
/// Note on names: in Pillow's source the premultiplying function is `rgbA2rgba` and the
/// un-premultiplying one is `rgba2rgbA` (registered for "RGBA"→"RGBa" and "RGBa"→"RGBA").
enum AlphaPremultiplication {
    /// RGBA → RGBa: each colour channel becomes `MULDIV255(c, a)`
    /// = `((c·a + 128) + ((c·a + 128) >> 8)) >> 8`; alpha is kept.
    static func premultiply(_ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>,
                            pixels: Range<Int>) {
        for i in pixels {
            let p = source + 4 * i, q = destination + 4 * i
            let a = UInt32(p[3])
            q[0] = mulDiv255(UInt32(p[0]), a)
            q[1] = mulDiv255(UInt32(p[1]), a)
            q[2] = mulDiv255(UInt32(p[2]), a)
            q[3] = p[3]
        }
    }

    /// RGBa → RGBA: alpha 0 and 255 leave the channels as they are, otherwise each becomes
    /// `min(255, 255·c / a)` (integer division), read from a table.
    static func unpremultiply(_ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>,
                              pixels: Range<Int>) {
        unpremultiplyTable.withUnsafeBufferPointer { table in
            for i in pixels {
                let p = source + 4 * i, q = destination + 4 * i
                let a = Int(p[3])
                if a == 0 || a == 255 {
                    q[0] = p[0]; q[1] = p[1]; q[2] = p[2]
                } else {
                    let row = a << 8
                    q[0] = table[row | Int(p[0])]
                    q[1] = table[row | Int(p[1])]
                    q[2] = table[row | Int(p[2])]
                }
                q[3] = p[3]
            }
        }
    }

    @inline(__always)
    static func mulDiv255(_ c: UInt32, _ a: UInt32) -> UInt8 {
        let t = c * a + 128
        return UInt8(truncatingIfNeeded: ((t >> 8) + t) >> 8)
    }

    /// `min(255, 255·c / a)` at index `a << 8 | c` (rows for a = 0 and 255 unused).
    static let unpremultiplyTable: [UInt8] = (0..<65536).map { index in
        let a = index >> 8, c = index & 255
        return a == 0 ? UInt8(c) : UInt8(min(255, 255 * c / a))
    }
}
