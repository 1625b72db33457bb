/// The blocks of a GIF89a file other than image data, byte for byte as the GIF89a
/// specification lays them out (little-endian 16-bit fields).
enum GIFBlocks {
    /// "GIF89a" and the logical screen descriptor; the global colour table follows when
    /// `globalTableBits` is not nil (its size is `2 << bits` entries).
    static func header(width: Int, height: Int, globalTableBits: Int?, into out: inout [UInt8]) {
        out.append(contentsOf: GIFLoader.signature89)
        append16(width, to: &out)
        append16(height, to: &out)
        // Colour resolution 8 bits; global table flag and size.
        out.append(globalTableBits.map { 0xF0 | UInt8($0) } ?? 0x70)
        out.append(0)   // background colour index
        out.append(0)   // pixel aspect ratio: not given
    }

    /// A colour table of `2 << bits` entries: `palette` (0xRRGGBB) then black.
    static func colourTable(_ palette: [UInt32], bits: Int, into out: inout [UInt8]) {
        for colour in palette {
            out.append(UInt8(colour >> 16)); out.append(UInt8((colour >> 8) & 0xFF)); out.append(UInt8(colour & 0xFF))
        }
        out.append(contentsOf: repeatElement(0, count: ((2 << bits) - palette.count) * 3))
    }

    /// The table size field for `count` entries: the smallest `bits` with `2 << bits >= count`.
    static func tableBits(forCount count: Int) -> Int {
        var bits = 0
        while 2 << bits < count { bits += 1 }
        return bits
    }

    /// The NETSCAPE2.0 application extension: play `loopCount` times more (0: forever), as
    /// Pillow writes `loop=`.
    static func loopExtension(_ loopCount: Int, into out: inout [UInt8]) {
        out.append(contentsOf: [0x21, 0xFF, 11])
        out.append(contentsOf: Array("NETSCAPE2.0".utf8))
        out.append(contentsOf: [3, 1])
        append16(loopCount, to: &out)
        out.append(0)
    }

    /// The ICC profile as ImageMagick writes and reads it (`GIFColourProfile` reads it back;
    /// Pillow 13 reads none): the ICCRGBG1012 application extension, the profile in sub-blocks.
    static func iccExtension(_ profile: [UInt8], into out: inout [UInt8]) {
        out.append(contentsOf: [0x21, 0xFF, 11])
        out.append(contentsOf: Array("ICCRGBG1012".utf8))
        var k = 0
        while k < profile.count {
            let n = min(255, profile.count - k)
            out.append(UInt8(n))
            out.append(contentsOf: profile[k..<(k + n)])
            k += n
        }
        out.append(0)
    }

    /// XMP as the XMP specification (part 3) puts it in GIF: the "XMP DataXMP" application
    /// extension, the packet's bytes as they are (a reader walking sub-blocks takes each byte
    /// for a length and lands in the "magic trailer", 0x01, 0xFF … 0x00, which leads it to the
    /// terminator). A packet holding a zero byte cannot be carried so and is not written.
    static func xmpExtension(_ packet: [UInt8], into out: inout [UInt8]) {
        guard !packet.contains(0) else { return }
        out.append(contentsOf: [0x21, 0xFF, 11])
        out.append(contentsOf: Array("XMP DataXMP".utf8))
        out.append(contentsOf: packet)
        out.append(1)
        out.append(contentsOf: (0...255).reversed().map { UInt8($0) })
        out.append(0)
    }

    /// Where a graphic control extension's packed field and delay sit, from its start, so a
    /// later frame can change the disposal or add to the delay.
    static let controlPackedOffset = 3, controlDelayOffset = 4

    /// A graphic control extension: `disposal` (GIF's 0...3), the delay in centiseconds,
    /// the transparent index if any.
    static func graphicControl(disposal: Int, delay: Int, transparentIndex: Int?, into out: inout [UInt8]) {
        out.append(contentsOf: [0x21, 0xF9, 4])
        out.append(UInt8(disposal << 2) | (transparentIndex == nil ? 0 : 1))
        append16(delay, to: &out)
        out.append(UInt8(transparentIndex ?? 0))
        out.append(0)
    }

    /// An image descriptor for `rect`, not interlaced, with a local table of `2 << bits`
    /// entries when `localTableBits` is not nil.
    static func imageDescriptor(_ rect: GIFRect, localTableBits: Int?, into out: inout [UInt8]) {
        out.append(0x2C)
        append16(rect.x, to: &out); append16(rect.y, to: &out)
        append16(rect.width, to: &out); append16(rect.height, to: &out)
        out.append(localTableBits.map { 0x80 | UInt8($0) } ?? 0)
    }

    static func append16(_ value: Int, to out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8((value >> 8) & 0xFF))
    }
}

/// A frame's rectangle on the logical screen.
struct GIFRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}
