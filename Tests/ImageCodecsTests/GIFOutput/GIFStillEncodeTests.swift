import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// `--format gif` for stills: colours, transparency, metadata and the LZW data, read back by
/// giflib (`GIFLoader`) and by the tests' own reader.
@Suite struct GIFStillEncodeTests {
    /// An image of `colours` exact colours in a pattern: RGB from an integer hash of the index.
    static func graphic(width: Int, height: Int, colours: Int) -> HostImage {
        let palette = (0..<colours).map { i -> (UInt8, UInt8, UInt8) in
            let h = UInt32(truncatingIfNeeded: (i &* 2_654_435_761) ^ (i << 7))
            return (UInt8(h & 0xFF), UInt8((h >> 8) & 0xFF), UInt8((h >> 16) & 0xFF))
        }
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = palette[((x / 3) * 7 + (y / 2) * 13 + (x * y) % 5) % colours]
                pixels += [c.0, c.1, c.2, 255]
            }
        }
        return HostImage(width: width, height: height, computedPixels: pixels)
    }

    @Test("a still of at most 256 colours comes back exactly, through giflib and our reader",
          arguments: [1, 2, 3, 17, 255, 256])
    func exactColours(_ colours: Int) throws {
        let image = Self.graphic(width: 61, height: 37, colours: colours)
        let gif = try ImageEncoder.encode(image, as: .gif)
        #expect(ImageFormat(signatureOf: gif) == .gif)
        let decoded = try ImageDecoder.decode(data: gif, source: "still.gif")
        #expect(CodecTestHelpers.firstDifference(decoded.image.pixels, image.pixels, width: image.width) == nil)
        let file = try GIFTestFile(gif)
        #expect(file.version == "GIF89a" && file.width == 61 && file.height == 37 && file.endsWithTrailer)
        #expect(file.frames.count == 1 && file.frames[0].control == nil)   // a still: no control block
        #expect(file.applications.isEmpty)
        let distinct = Set(stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<($0 + 3)]) }).count
        #expect(file.globalTable?.count == max(2, 1 << (distinct - 1).bitWidthNeeded))
        #expect(file.shownFrames() == [image.pixels])
    }

    @Test("LZW past a full table (clear codes) decodes in giflib and in the reader")
    func noiseFillsTheTable() throws {
        // Random indices of 256 colours over 300 × 200: thousands of codes, many clears.
        var pixels: [UInt8] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<(300 * 200) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = UInt8(truncatingIfNeeded: state >> 56)
            pixels += [v, v &* 3, v &* 7, 255]
        }
        let image = HostImage(width: 300, height: 200, computedPixels: pixels)
        let gif = try ImageEncoder.encode(image, as: .gif)
        let decoded = try ImageDecoder.decode(data: gif, source: "noise.gif")
        #expect(CodecTestHelpers.firstDifference(decoded.image.pixels, pixels, width: 300) == nil)
        #expect(try GIFTestFile(gif).shownFrames() == [pixels])
    }

    @Test("LZW of every code size and of one pixel", arguments: [1, 2, 4, 5, 16, 33, 64, 129])
    func lzwRoundTrip(_ colours: Int) throws {
        for count in [1, 2, 3, 4095, 4096, 4097, 20_000] {
            let indices = (0..<count).map { UInt8(($0 * 7 + $0 / 13) % colours) }
            let size = max(2, (colours - 1).bitWidthNeeded)
            var out: [UInt8] = []
            GIFLZWEncoder.encode(indices, minimumCodeSize: size, into: &out)
            #expect(out[0] == UInt8(size))
            var data: [UInt8] = []
            var at = 1
            while out[at] != 0 { data += out[(at + 1)...(at + Int(out[at]))]; at += Int(out[at]) + 1 }
            #expect(at == out.count - 1)
            #expect(try GIFTestFile.lzwDecode(data, minimumCodeSize: size) == indices, "\(colours) colours, \(count)")
        }
    }

    @Test("alpha 0 is the transparent index; partial alpha is drawn opaque in its colour")
    func transparency() throws {
        let pixels: [UInt8] = [10, 20, 30, 0, 10, 20, 30, 128, 200, 100, 50, 255, 10, 20, 30, 1]
        let image = HostImage(width: 2, height: 2, computedPixels: pixels)
        let gif = try ImageEncoder.encode(image, as: .gif)
        let file = try GIFTestFile(gif)
        let frame = try #require(file.frames.first)
        let transparent = try #require(frame.transparentIndex)
        #expect(frame.indices[0] == UInt8(transparent) && !frame.indices[1...].contains(UInt8(transparent)))
        #expect(frame.disposal == 0 && frame.delay == 0)
        let decoded = try ImageDecoder.decode(data: gif, source: "alpha.gif")
        // giflib's reading (as Pillow's): the transparent index's colour (the table's black), alpha 0.
        #expect(decoded.image.pixels == [0, 0, 0, 0, 10, 20, 30, 255, 200, 100, 50, 255, 10, 20, 30, 255])
    }

    @Test("a kept ICC profile and XMP packet are application extensions; EXIF is never written")
    func metadata() throws {
        let image = Self.graphic(width: 8, height: 8, colours: 5)
        let profile = (0..<600).map { UInt8($0 % 251) }
        let xmp = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>"#.utf8)
        let metadata = ImageMetadata(iccProfile: profile, exif: [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0], xmp: xmp)
        let all = try GIFTestFile(ImageEncoder.encode(image, metadata: metadata, as: .gif, options: EncodeOptions(keep: .all)))
        #expect(all.applications.map(\.identifier) == ["ICCRGBG1012", "XMP DataXMP"])
        // The profile in sub-blocks of 255, 255 and 90 bytes, then the terminator.
        var blocks: [UInt8] = [255]
        blocks += profile[0..<255]
        blocks += [255]
        blocks += profile[255..<510]
        blocks += [90]
        blocks += profile[510...]
        blocks += [0]
        #expect(all.applications[0].bytes == blocks)
        // The packet as it is, then the magic trailer 0x01, 0xFF ... 0x00 and the terminator.
        let written = all.applications[1].bytes
        #expect(written.count == xmp.count + 258)
        #expect(String(decoding: written.prefix(xmp.count), as: UTF8.self).hasPrefix("<x:xmpmeta"))
        #expect(Array(written.suffix(258)) == [1] + (0...255).reversed().map { UInt8($0) } + [0])
        #expect(try ImageDecoder.decode(data: ImageEncoder.encode(image, metadata: metadata, as: .gif,
                                                            options: EncodeOptions(keep: .all)), source: "m.gif").image == image)

        let iccOnly = try GIFTestFile(ImageEncoder.encode(image, metadata: metadata, as: .gif))
        #expect(iccOnly.applications.map(\.identifier) == ["ICCRGBG1012"])
        let none = try ImageEncoder.encode(image, metadata: metadata, as: .gif, options: EncodeOptions(keep: .none))
        #expect(none == (try ImageEncoder.encode(image, as: .gif)))
        #expect(try GIFTestFile(none).applications.isEmpty)
    }

    @Test("a still is written the same, byte for byte, every time")
    func deterministic() throws {
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.png")).image
        #expect(try ImageEncoder.encode(photo, as: .gif) == (try ImageEncoder.encode(photo, as: .gif)))
    }
}

extension Int {
    /// Bits to write the values 0...self (at least 1).
    var bitWidthNeeded: Int { Swift.max(1, Int.bitWidth - leadingZeroBitCount) }
}
