@testable import ImageCodecs
import Testing
import TestSupport

/// `BMPRowUnpacker` (the whole-row loops for 24-bit, 32-bit and 8-bit palette rows) gives the
/// bytes and the alpha verdict of `BMPCodec`'s general pixel-at-a-time unpacker on random rows,
/// and the layouts it leaves alone still take the general one.
@Suite struct BMPRowUnpackerTests {
    static let fastLayouts: [BMPHeader.Layout] = [
        .bgr24,
        .indexed(bits: 8),
        .bytes32(red: 2, green: 1, blue: 0, alpha: nil),
        .bytes32(red: 3, green: 2, blue: 1, alpha: nil),
        .bytes32(red: 3, green: 1, blue: 0, alpha: nil),
        .bytes32(red: 3, green: 2, blue: 1, alpha: 0),
        .bytes32(red: 0, green: 1, blue: 2, alpha: 3),
        .bytes32(red: 2, green: 1, blue: 0, alpha: 3),
        .bytes32(red: 3, green: 1, blue: 0, alpha: 2),
    ]

    static func bytesPerPixel(_ layout: BMPHeader.Layout) -> Int {
        switch layout {
        case .bgr24: 3
        case .bytes32: 4
        default: 1
        }
    }

    @Test(arguments: 0..<fastLayouts.count)
    func rowsMatchTheGeneralUnpacker(_ index: Int) {
        let layout = Self.fastLayouts[index]
        guard let rows = BMPRowUnpacker(layout) else {
            Issue.record("\(layout) takes the general path")
            return
        }
        var rng = SplitMix64(seed: UInt64(200 + index))
        // A short palette: indices past it are black, as Pillow reads them.
        let palette = (0..<200).map { _ in
            (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
             UInt8.random(in: 0...255, using: &rng))
        }
        let lookup = BMPLoader.paletteLookup(palette)
        let wordLookup = lookup.map { UInt32(littleEndian: $0) }
        let bpp = Self.bytesPerPixel(layout)
        for width in [1, 2, 3, 4, 5, 17, 64, 301] {
            for opaqueAlpha in [false, true] {
                var row = (0..<(width * bpp)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                if opaqueAlpha, case .bytes32(_, _, _, let alpha?) = layout {
                    for x in 0..<width { row[x * 4 + alpha] = 255 }
                }
                var general = [UInt8](repeating: 0, count: width * 4)
                let generalAlpha = row.withUnsafeBytes {
                    BMPLoader.unpack($0, layout: layout, width: width, lookup: lookup, into: &general, at: 0)
                }
                var fast = [UInt8](repeating: 0, count: width * 4)
                let fastAlpha = row.withUnsafeBytes { source in
                    fast.withUnsafeMutableBytes { destination in
                        wordLookup.withUnsafeBufferPointer {
                            rows.unpack(source.baseAddress!, into: destination.baseAddress!, width: width,
                                        palette: $0.baseAddress!)
                        }
                    }
                }
                #expect(fast == general, "\(layout), width \(width)")
                #expect(fastAlpha == generalAlpha, "\(layout), width \(width), opaque alpha \(opaqueAlpha)")
            }
        }
    }

    @Test func otherLayoutsTakeTheGeneralUnpacker() {
        for layout: BMPHeader.Layout in [.indexed(bits: 1), .indexed(bits: 4), .packed16(green6: false),
                                         .packed16(green6: true), .runLength(fourBit: false)] {
            #expect(BMPRowUnpacker(layout) == nil, "\(layout)")
        }
    }
}
