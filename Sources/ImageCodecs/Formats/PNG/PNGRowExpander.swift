/// Turns unfiltered PNG rows of the less common layouts into RGBA8, with the values libpng's
/// simplified API gives for them:
/// - gray at 1, 2, 4 or 8 bits: the sample scaled to 8 bits (`v * 255 / (2^depth - 1)`:
///   4-bit `v` becomes `17 * v`) in R, G and B; alpha 255, or 0 where the stored sample
///   equals the tRNS gray value;
/// - 8-bit gray+alpha: gray in R, G and B, then its alpha;
/// - palette at 1, 2, 4 or 8 bits: the entry's colour, and alpha from tRNS (255 past its end);
/// - 16-bit samples: their high byte.
/// Non-interlaced 8-bit RGB and RGBA rows are written as RGBA by `PNGUnfilter` directly; an RGB
/// tRNS colour is applied afterwards by `clearTransparentColour`. Rows of an interlace pass
/// are expanded on their own and placed by `scatter`.
///
/// All pointers are unchecked: callers pass rows of the stated sizes.
enum PNGRowExpander {
    /// A gray row of `width` samples of `bitDepth` bits, packed from the high bits of each
    /// byte; `transparentSample` is the tRNS value, if any.
    static func grayRow(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
                        width: Int, bitDepth: Int, transparentSample: Int?) {
        let out = UnsafeMutableRawPointer(destination)
        let opaque = UInt32(littleEndian: 0xFF00_0000)
        let key = transparentSample ?? -1
        let scale = UInt32(255 / ((1 << bitDepth) - 1))
        for x in 0..<width {
            let v = sample(source, x, bitDepth)
            let g = UInt32(v) &* scale
            let rgb = UInt32(littleEndian: g | g << 8 | g << 16)
            out.storeBytes(of: rgb | (v == key ? 0 : opaque), toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// An 8-bit gray+alpha row (`width * 2` bytes).
    static func grayAlphaRow(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
                             width: Int) {
        for x in 0..<width {
            let g = source[2 * x], a = source[2 * x + 1]
            destination[4 * x] = g
            destination[4 * x + 1] = g
            destination[4 * x + 2] = g
            destination[4 * x + 3] = a
        }
    }

    /// A row of 16-bit samples (big-endian; gray, gray+alpha, RGB or RGBA by `channels`) as
    /// RGBA8 from each sample's high byte: Pillow's `v >> 8` for every channel, alpha included
    /// (docs/SPEC.md §6; for 16-bit gray Pillow itself saturates instead, see there). A gray or
    /// RGB pixel whose 16-bit samples all equal `transparentSamples` (the tRNS colour) gets
    /// alpha 0: the PNG specification compares all 16 bits, so a pixel that shares only the
    /// high bytes stays opaque.
    static func sixteenBitRow(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
                              width: Int, channels: Int, transparentSamples: [Int]? = nil) {
        for x in 0..<width {
            let s = source + x * channels * 2, d = destination + x * 4
            switch channels {
            case 1: d[0] = s[0]; d[1] = s[0]; d[2] = s[0]; d[3] = 255
            case 2: d[0] = s[0]; d[1] = s[0]; d[2] = s[0]; d[3] = s[2]
            case 3: d[0] = s[0]; d[1] = s[2]; d[2] = s[4]; d[3] = 255
            default: d[0] = s[0]; d[1] = s[2]; d[2] = s[4]; d[3] = s[6]
            }
        }
        guard let key = transparentSamples, key.count == channels else { return }
        for x in 0..<width {
            let s = source + x * channels * 2
            if (0..<channels).allSatisfy({ Int(s[2 * $0]) << 8 | Int(s[2 * $0 + 1]) == key[$0] }) {
                destination[x * 4 + 3] = 0
            }
        }
    }

    /// An 8-bit RGB row (`width * 3` bytes) as RGBA with alpha 255.
    static func rgbRow(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, width: Int) {
        for x in 0..<width {
            destination[4 * x] = source[3 * x]
            destination[4 * x + 1] = source[3 * x + 1]
            destination[4 * x + 2] = source[3 * x + 2]
            destination[4 * x + 3] = 255
        }
    }

    /// Places the `count` RGBA pixels of an interlace pass's row at every `step`-th pixel from
    /// `destination` on.
    static func scatter(_ row: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<UInt8>,
                        step: Int) {
        let from = UnsafeRawPointer(row), to = UnsafeMutableRawPointer(destination)
        for i in 0..<count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), toByteOffset: 4 * i * step,
                          as: UInt32.self)
        }
    }

    /// A palette row of `width` indices of `bitDepth` bits, looked up in `table` (256 RGBA
    /// words, see `paletteTable`). Returns the largest index seen, so the caller can tell an
    /// index past the palette's end.
    static func paletteRow(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
                           width: Int, bitDepth: Int, table: UnsafePointer<UInt32>) -> Int {
        let out = UnsafeMutableRawPointer(destination)
        var largest = 0
        if bitDepth == 8 {
            for x in 0..<width {
                let index = Int(source[x])
                largest = max(largest, index)
                out.storeBytes(of: table[index], toByteOffset: x * 4, as: UInt32.self)
            }
        } else {
            for x in 0..<width {
                let index = sample(source, x, bitDepth)
                largest = max(largest, index)
                out.storeBytes(of: table[index], toByteOffset: x * 4, as: UInt32.self)
            }
        }
        return largest
    }

    /// 256 native-order RGBA words from PLTE data (3 bytes an entry) and tRNS alphas; entries
    /// past the palette's end are 0 (never used: the decoder declines such indices).
    static func paletteTable(palette: UnsafeRawBufferPointer, alphas: UnsafeRawBufferPointer) -> [UInt32] {
        var table = [UInt32](repeating: 0, count: 256)
        for i in 0..<(palette.count / 3) {
            let alpha = i < alphas.count ? UInt32(alphas[i]) : 255
            let rgba = UInt32(palette[3 * i]) | UInt32(palette[3 * i + 1]) << 8
                | UInt32(palette[3 * i + 2]) << 16 | alpha << 24
            table[i] = UInt32(littleEndian: rgba)
        }
        return table
    }

    /// Sets alpha 0 in an RGBA row wherever R, G, B equal the tRNS colour.
    static func clearTransparentColour(_ row: UnsafeMutablePointer<UInt8>, width: Int,
                                       red: UInt8, green: UInt8, blue: UInt8) {
        let words = UnsafeMutableRawPointer(row)
        let key = UInt32(littleEndian: UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16)
        let rgbMask = UInt32(littleEndian: 0x00FF_FFFF)
        for x in 0..<width {
            let pixel = words.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            if pixel & rgbMask == key {
                words.storeBytes(of: key, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// The `x`-th sample of `bitDepth` (1, 2, 4 or 8) bits, high bits first.
    @inline(__always)
    private static func sample(_ row: UnsafePointer<UInt8>, _ x: Int, _ bitDepth: Int) -> Int {
        let bit = x * bitDepth
        let shift = 8 - bitDepth - (bit & 7)
        return (Int(row[bit >> 3]) >> shift) & ((1 << bitDepth) - 1)
    }
}
