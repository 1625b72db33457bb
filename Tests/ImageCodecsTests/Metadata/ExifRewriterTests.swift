@testable import ImageCodecs
import Testing
import TestSupport

/// The EXIF rewriter on blocks made to break it: each refusal with its reason, entries
/// pointing outside the block dropped and counted, every cut of a real block handled, both
/// byte orders; and a damaged block on decode is a warning, never a failed image.
@Suite struct ExifRewriterTests {
    static let upright = ExifRewriter.Changes(uprightOrientation: true)

    /// A block with IFD0 holding the given 12-byte entries (already in `littleEndian` order)
    /// and the bytes in `tail` after its table.
    static func block(entries: [[UInt8]], tail: [UInt8] = [], littleEndian: Bool = true) -> [UInt8] {
        let header: [UInt8] = littleEndian ? [0x49, 0x49, 42, 0, 8, 0, 0, 0] : [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
        let count = littleEndian ? [UInt8(entries.count), 0] : [0, UInt8(entries.count)]
        return header + count + entries.flatMap { $0 } + [0, 0, 0, 0] + tail
    }

    static func entry(tag: Int, type: Int, count: Int, value: UInt32) -> [UInt8] {
        [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(type), 0,
         UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)]
            + [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    static let refusals: [([UInt8], ExifRewriteError)] = [
        ([0x49, 0x49, 43, 0, 8, 0, 0, 0], .notTIFF),
        ([0x4A, 0x4A, 42, 0, 8, 0, 0, 0, 0, 0], .notTIFF),
        ([0x49, 0x49, 42, 0], .notTIFF),
        ([0x49, 0x49, 42, 0, 0xF0, 0, 0, 0, 0, 0], .directoryOutOfBounds(offset: 240)),
        ([0x49, 0x49, 42, 0, 8, 0, 0, 0, 5, 0, 0, 0], .directoryOutOfBounds(offset: 8)),
    ]

    @Test("refusals, each with its reason", arguments: refusals)
    func refuses(_ block: [UInt8], _ error: ExifRewriteError) {
        #expect(throws: error) { try ExifRewriter.rewrite(block, changes: Self.upright) }
    }

    @Test("a directory pointing back at itself is a cycle, refused")
    func cycle() {
        let block = Self.block(entries: [Self.entry(tag: ExifTag.exifDirectory, type: 4, count: 1, value: 8)])
        #expect(throws: ExifRewriteError.cycle(offset: 8)) { try ExifRewriter.rewrite(block, changes: Self.upright) }
        #expect(ExifRewriteError.cycle(offset: 8).description == "EXIF dropped: the directory at offset 8 is reached twice")
    }

    @Test("a directory declaring more entries than any real one is refused")
    func tooManyEntries() {
        let block: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xE9, 0x03] + [UInt8](repeating: 0, count: 12 * 1001 + 4)
        #expect(throws: ExifRewriteError.tooManyEntries(1001)) { try ExifRewriter.rewrite(block, changes: Self.upright) }
    }

    @Test("values outside the block, unknown types and unfollowable pointers are dropped and counted")
    func droppedEntries() throws {
        let block = Self.block(entries: [
            Self.entry(tag: 0x010F, type: 2, count: 20, value: 0xFFFF_FF00),        // ASCII far outside
            Self.entry(tag: 0x0110, type: 2, count: 0x4000_0000, value: 30),        // count past the block
            Self.entry(tag: 0x0112, type: 3, count: 1, value: 6),
            Self.entry(tag: 0x0131, type: 99, count: 1, value: 0),                  // unknown type
            Self.entry(tag: ExifTag.gpsDirectory, type: 4, count: 1, value: 4000),  // pointer outside
        ])
        let result = try ExifRewriter.rewrite(block, changes: Self.upright)
        #expect(result.droppedEntries == 4)
        let tags = try ExifTagDump(result.bytes)
        #expect(tags.ifd0 == ["274": "1"])
    }

    @Test("every cut of a real block is rewritten or refused, never more", arguments: MetadataFixture.withExif)
    func everyCut(_ fixture: MetadataFixture) throws {
        var options = DecodeOptions()
        options.readsMetadata = .exif
        // The decoded block is already rewritten; its rewrite again is the same bytes.
        let exif = try #require(try ImageDecoder.decode(data: try fixture.bytes, source: "f", options: options).metadata.exif)
        #expect(try ExifRewriter.rewrite(exif, changes: Self.upright).bytes == exif)
        for cut in 0..<exif.count {
            let prefix = Array(exif[..<cut])
            if let result = try? ExifRewriter.rewrite(prefix, changes: Self.upright) {
                // What survives re-reads, and each of its tags is the whole block's.
                let whole = try ExifTagDump(exif)
                let part = try ExifTagDump(result.bytes)
                for (tag, value) in part.ifd0 { #expect(whole.ifd0[tag] == value) }
            }
        }
    }

    @Test("both byte orders are kept as they were")
    func byteOrders() throws {
        for littleEndian in [true, false] {
            let orientation: [UInt8] = littleEndian
                ? Self.entry(tag: 0x0112, type: 3, count: 1, value: 8)
                : [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
            let result = try ExifRewriter.rewrite(Self.block(entries: [orientation], littleEndian: littleEndian),
                                                  changes: Self.upright)
            #expect(Array(result.bytes.prefix(2)) == (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]))
            #expect(try ExifTagDump(result.bytes).ifd0 == ["274": "1"])
        }
    }

    @Test("a damaged EXIF block on decode: the image decodes, the block is dropped with a warning")
    func damagedOnDecode() throws {
        let cyclic = Self.block(entries: [Self.entry(tag: ExifTag.exifDirectory, type: 4, count: 1, value: 8)])
        let jpeg = try ImageEncoder.encode(TestImages.noise(width: 8, height: 8, seed: 1), as: .jpeg)
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(2 + 6 + cyclic.count)] + [0x45, 0x78, 0x69, 0x66, 0, 0] + cyclic
        let damaged = Array(jpeg[..<2]) + segment + Array(jpeg[2...])
        var options = DecodeOptions()
        options.readsMetadata = .all
        let decoded = try ImageDecoder.decode(data: damaged, source: "d.jpg", options: options)
        #expect(decoded.metadata.exif == nil)
        #expect(decoded.facts.metadataWarnings == ["EXIF dropped: the directory at offset 8 is reached twice"])
        #expect(decoded.image == (try ImageDecoder.decode(data: jpeg, source: "j.jpg").image))
    }
}
