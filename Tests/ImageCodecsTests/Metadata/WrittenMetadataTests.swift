import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// gpuglitch's AVIF and JPEG XL outputs with `--keep all`, as Pillow 13.0.0 (and
/// pillow-jxl-plugin) read them (Fixtures/metadata/written, made by
/// scripts/fixtures/make_written_metadata_fixtures.py): the input's tags but Orientation 1 and
/// the output's size, no thumbnail, the XMP saying the same; and the blocks written today are
/// the ones in those files.
@Suite struct WrittenMetadataTests {
    struct Written: Decodable, CustomStringConvertible, Sendable {
        let file: String
        let input: String
        let ifd0: [String: String]
        let exif: [String: String]
        let gps: [String: String]
        let hasIFD1: Bool
        let xmp: String?
        var description: String { file }
    }

    static let folder = MetadataFixture.folder.appendingPathComponent("written")
    static let all: [Written] = try! JSONDecoder().decode(
        [Written].self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))

    @Test("the fixture list is complete") func complete() { #expect(Self.all.count == 6) }

    @Test("Pillow reads the input's tags, Orientation 1, the output's size, no thumbnail", arguments: all)
    func pillowReads(_ written: Written) throws {
        let input = try #require(MetadataFixture.all.first { $0.file == written.input })
        #expect(written.ifd0 == input.uprightIFD0.merging(["274": "1"]) { $1 })
        #expect(written.exif == input.exifDirectory(width: 16, height: 12))
        #expect(written.gps == input.gps)
        #expect(!written.hasIFD1)
        if let xmp = written.xmp { #expect(xmp == input.xmpUpright16x12) }
        // pillow-jxl-plugin shows no XMP; the box is there for our reader.
        #expect(written.xmp != nil || written.file.hasSuffix(".jxl"))
    }

    @Test("today's writer puts the same EXIF and XMP blocks into the file", arguments: all)
    func sameBlocks(_ written: Written) throws {
        let input = try #require(MetadataFixture.all.first { $0.file == written.input })
        let decoded = try KeptMetadataTests.decode(try input.bytes)
        let format: ImageFormat = written.file.hasSuffix(".avif") ? .avif : .jxl
        let fresh = try ImageEncoder.encode(TestImages.noise(width: 16, height: 12, seed: 3), metadata: decoded.metadata,
                                            as: format, options: EncodeOptions(keep: .all))
        let committed = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(written.file)))
        let now = try KeptMetadataTests.decode(fresh, applyOrientation: false).metadata
        let then = try KeptMetadataTests.decode(committed, applyOrientation: false).metadata
        #expect(now.exif != nil && now.exif == then.exif)
        #expect(now.xmp != nil && now.xmp == then.xmp)
        #expect(now.xmp == [UInt8](hex: try #require(input.xmpUpright16x12)))
    }
}
