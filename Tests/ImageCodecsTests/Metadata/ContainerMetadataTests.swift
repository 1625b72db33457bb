import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// EXIF and XMP in the inputs whose metadata lives in items and boxes (AVIF, HEIF, JPEG XL),
/// and a TIFF's EXIF directory made a block, against what Pillow 13.0.0 (and pillow-heif 1.8.1)
/// read from them (scripts/fixtures/make_container_metadata_fixtures.py). The HEIF and JPEG XL
/// fixtures carry a thumbnail and also run through every `KeptMetadataTests` case.
@Suite struct ContainerMetadataTests {
    static func fixture(_ name: String) throws -> MetadataFixture {
        try #require(MetadataFixture.all.first { $0.file == name })
    }

    @Test("AVIF: the Exif item (its TIFF header found after the offset field) and the XMP item, as Pillow reads them")
    func avif() throws {
        let fixture = try Self.fixture("tagged.avif")
        let decoded = try KeptMetadataTests.decode(try fixture.bytes)
        #expect(decoded.facts.metadataWarnings == [])
        let tags = try ExifTagDump(try #require(decoded.metadata.exif))
        // Pillow's writer moved the Orientation into irot/imir (its getexif() puts it back from
        // them): the item has none, and the pixels were turned by the boxes.
        var ifd0 = fixture.uprightIFD0
        ifd0["274"] = nil
        #expect(tags.ifd0 == ifd0)
        #expect(decoded.metadata.orientation == .leftBottom && decoded.metadata.orientationApplied)
        #expect(tags.exif == fixture.exif)
        #expect(tags.gps == fixture.gps)
        let upright = XMPPacketRewriter.rewrite([UInt8](hex: try #require(fixture.xmp)), uprightOrientation: true, pixelSize: nil)
        #expect(decoded.metadata.xmp == upright)
        // Reading the items changes neither the pixels nor the orientation libavif's boxes give.
        let plain = try ImageDecoder.decode(data: try fixture.bytes, source: "input")
        #expect(plain.metadata.exif == nil && plain.metadata.xmp == nil)
        #expect(decoded.image == plain.image && decoded.metadata.orientation == plain.metadata.orientation)
    }

    @Test("HEIF: libheif turns the pixels whatever applyOrientation says, so a kept Orientation is 1")
    func heifOrientation() throws {
        let fixture = try Self.fixture("tagged.heic")
        let decoded = try KeptMetadataTests.decode(try fixture.bytes, applyOrientation: false)
        #expect(try ExifTagDump(try #require(decoded.metadata.exif)).ifd0 == fixture.uprightIFD0)
    }

    @Test("JPEG XL: the Exif box's offset (6, past Exif\\0\\0) is followed; a bare codestream has no boxes")
    func jxl() throws {
        let fixture = try Self.fixture("tagged.jxl")
        let bytes = try fixture.bytes
        let blocks = bytes.withUnsafeBytes { JXLContainerBoxes.blocks(in: $0, wanted: .all) }
        #expect(try ExifTagDump(try #require(blocks.exif)).ifd0 == fixture.ifd0)
        #expect(blocks.xmp == [UInt8](hex: try #require(fixture.xmp)))
        let bare = try ImageEncoder.encode(TestImages.noise(width: 8, height: 8, seed: 1), as: .jxl)
        #expect(bare.withUnsafeBytes { JXLContainerBoxes.blocks(in: $0, wanted: .all) } == MetadataBlocks())
    }

    @Test("TIFF: IFD0's descriptive tags with the Exif and GPS directories, as Pillow reads them; no structure tags")
    func tiffExifDirectory() throws {
        let fixture = try Self.fixture("exif.tif")
        let decoded = try KeptMetadataTests.decode(try fixture.bytes)
        #expect(decoded.facts.metadataWarnings == [])
        let tags = try ExifTagDump(try #require(decoded.metadata.exif))
        var expected = try #require(fixture.exifKept)
        expected["274"] = "1"                           // the pixels were turned
        #expect(tags.ifd0 == expected)
        #expect(tags.exif == fixture.exif)
        #expect(tags.gps == fixture.gps)
        #expect(tags.nextDirectory == 0)
        // Kept into every output that holds EXIF, with the output's size.
        for format in KeptMetadataTests.outputFormats {
            let file = try ImageEncoder.encode(TestImages.noise(width: 16, height: 12, seed: 3), metadata: decoded.metadata,
                                               as: format, options: EncodeOptions(keep: .all))
            let again = try ExifTagDump(try #require(try KeptMetadataTests.decode(file, applyOrientation: false).metadata.exif))
            #expect(again.ifd0 == expected, "\(format)")
            #expect(again.exif == fixture.exifDirectory(width: 16, height: 12), "\(format)")
        }
    }

    @Test("a TIFF without descriptive tags or EXIF directories gives no EXIF block")
    func tiffWithoutExif() throws {
        let fixture = try Self.fixture("tagged.tif")
        #expect(TIFFExifBlock.block(fromTIFF: try fixture.bytes) == nil)
    }

    @Test("Exif item payloads: the offset is followed, checked, and a missing TIFF header gives nothing")
    func exifItemPayload() {
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0]
        #expect(ExifItemPayload.tiffStructure(ofItem: ExifItemPayload.item(forTIFF: tiff)) == tiff)
        #expect(ExifItemPayload.tiffStructure(ofItem: [0, 0, 0, 6] + MetadataBlocks.exifPrefix + tiff) == tiff)
        #expect(ExifItemPayload.tiffStructure(ofItem: [0, 0, 0, 0] + MetadataBlocks.exifPrefix + tiff) == tiff)
        // An offset past the item: the TIFF structure right after the field is still read,
        // anything else is not.
        #expect(ExifItemPayload.tiffStructure(ofItem: [0xFF, 0xFF, 0xFF, 0xFF] + tiff) == tiff)
        #expect(ExifItemPayload.tiffStructure(ofItem: [0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3] + tiff) == nil)
        #expect(ExifItemPayload.tiffStructure(ofItem: [0, 0, 0, 2, 1, 2] + Array(tiff.dropFirst())) == nil)
        #expect(ExifItemPayload.tiffStructure(ofItem: [0, 0]) == nil)
        #expect(ExifItemPayload.firstTIFFStructure(in: MetadataBlocks.exifPrefix + tiff) == tiff)
        #expect(ExifItemPayload.firstTIFFStructure(in: [1, 2, 3]) == nil)
    }

    @Test("JPEG XL boxes whose sizes overrun the file, or are too small, end the walk without a trap")
    func jxlBoxBounds() {
        let signature = JXLContainerBoxes.signature
        let xmp = Array("<x/>".utf8)
        let good = signature + [0, 0, 0, UInt8(8 + xmp.count)] + Array("xml ".utf8) + xmp
        #expect(good.withUnsafeBytes { JXLContainerBoxes.blocks(in: $0, wanted: .xmp) }.xmp == xmp)
        for size: [UInt8] in [[0, 0, 0, 0xFF], [0, 0, 0, 4], [0, 0, 0, 1], [0xFF, 0xFF, 0xFF, 0xFF]] {
            let bad = signature + size + Array("xml ".utf8) + xmp
            #expect(bad.withUnsafeBytes { JXLContainerBoxes.blocks(in: $0, wanted: .xmp) }.xmp == nil, "\(size)")
        }
        // Size 0: to the end of the file.
        let last = signature + [0, 0, 0, 0] + Array("xml ".utf8) + xmp
        #expect(last.withUnsafeBytes { JXLContainerBoxes.blocks(in: $0, wanted: .xmp) }.xmp == xmp)
    }
}
