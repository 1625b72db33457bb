import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// EXIF, XMP and IPTC read from JPEG, PNG, WebP, HEIF and JPEG XL inputs and written into JPEG,
/// PNG, WebP, AVIF and JPEG XL outputs, against what Pillow 13.0.0 reads from the inputs (scripts/fixtures/
/// make_metadata_fixtures.py): every tag as the input's but Orientation (1: the pixels were
/// turned) and PixelXDimension/PixelYDimension (the output's size), no IFD1 thumbnail, XMP's
/// orientation and dimensions changed the same way, IPTC unchanged; nothing read or written
/// unless asked.
@Suite struct KeptMetadataTests {
    static let outputFormats: [ImageFormat] = [.jpeg, .png, .webp, .avif, .jxl]

    static func decode(_ bytes: [UInt8], keep: MetadataKeep = .all, applyOrientation: Bool = true) throws -> DecodedImage {
        var options = DecodeOptions(applyOrientation: applyOrientation)
        options.readsMetadata = keep
        return try ImageDecoder.decode(data: bytes, source: "input", options: options)
    }

    @Test("read: EXIF as Pillow reads it, with Orientation 1 and no IFD1; XMP upright; IPTC as is",
          arguments: MetadataFixture.withExif)
    func read(_ fixture: MetadataFixture) throws {
        #expect(fixture.hasIFD1)            // the inputs do carry a thumbnail to drop
        let decoded = try Self.decode(try fixture.bytes)
        #expect(decoded.facts.metadataWarnings == [])
        let tags = try ExifTagDump(try #require(decoded.metadata.exif))
        #expect(tags.ifd0 == fixture.uprightIFD0)
        #expect(tags.exif == fixture.exif)
        #expect(tags.gps == fixture.gps)
        #expect(tags.nextDirectory == 0)
        if let xmp = fixture.xmp {
            let upright = XMPPacketRewriter.rewrite([UInt8](hex: xmp), uprightOrientation: true, pixelSize: nil)
            #expect(decoded.metadata.xmp == upright)
        }
        if let iptc = fixture.iptc {
            #expect(Self.iptcRecords(try #require(decoded.metadata.iptc)) == iptc)
        }
    }

    @Test("nothing is read unless asked, and each block only when asked", arguments: MetadataFixture.withExif)
    func readOnlyWhenAsked(_ fixture: MetadataFixture) throws {
        let plain = try ImageDecoder.decode(data: try fixture.bytes, source: "input")
        #expect(plain.metadata.exif == nil && plain.metadata.xmp == nil && plain.metadata.iptc == nil)
        let exifOnly = try Self.decode(try fixture.bytes, keep: .exif)
        #expect(exifOnly.metadata.exif != nil && exifOnly.metadata.xmp == nil && exifOnly.metadata.iptc == nil)
        #expect(exifOnly.image == plain.image)
    }

    @Test("written: an output of 16x12 carries the input's tags but the ones that must change",
          arguments: MetadataFixture.withExif, outputFormats)
    func written(_ fixture: MetadataFixture, format: ImageFormat) throws {
        let decoded = try Self.decode(try fixture.bytes)
        let thumbnail = TestImages.noise(width: 16, height: 12, seed: 3, alpha: false)
        let file = try ImageEncoder.encode(thumbnail, metadata: decoded.metadata, as: format,
                                           options: EncodeOptions(keep: .all))
        let again = try Self.decode(file, applyOrientation: false)
        let tags = try ExifTagDump(try #require(again.metadata.exif))
        #expect(tags.ifd0 == fixture.uprightIFD0)
        #expect(tags.exif == fixture.exifDirectory(width: 16, height: 12))
        #expect(tags.gps == fixture.gps)
        #expect(tags.nextDirectory == 0)
        #expect(again.metadata.orientation == .topLeft)     // EXIF and XMP both say 1 now, or nothing
        if let expected = fixture.xmpUpright16x12 {
            #expect(again.metadata.xmp == [UInt8](hex: expected))
        }
        if let iptc = fixture.iptc {
            // IPTC has a place in JPEG only.
            #expect(again.metadata.iptc.map(Self.iptcRecords) == (format == .jpeg ? iptc : nil))
        }
    }

    @Test("--keep none and icc: the output holds no EXIF, XMP or IPTC, checked in its bytes",
          arguments: MetadataFixture.all, outputFormats)
    func stripped(_ fixture: MetadataFixture, format: ImageFormat) throws {
        let decoded = try Self.decode(try fixture.bytes)
        let thumbnail = TestImages.noise(width: 16, height: 12, seed: 3, alpha: false)
        for keep in [MetadataKeep.none, .icc] {
            let file = try ImageEncoder.encode(thumbnail, metadata: decoded.metadata, as: format, options: EncodeOptions(keep: keep))
            #expect(Self.metadataContainers(in: file) == [], "\(keep.listDescription)")
        }
        let kept = try ImageEncoder.encode(thumbnail, metadata: decoded.metadata, as: format, options: EncodeOptions(keep: .all))
        #expect(!Self.metadataContainers(in: kept).isEmpty)
    }

    @Test("TIFF: XMP (tag 700) and IPTC (tag 33723) read as Pillow reads them, and written", arguments: outputFormats)
    func tiff(format: ImageFormat) throws {
        let fixture = try #require(MetadataFixture.all.first { $0.file == "tagged.tif" })
        let decoded = try Self.decode(try fixture.bytes)
        #expect(decoded.metadata.exif == nil)
        #expect(decoded.metadata.xmp == [UInt8](hex: try #require(fixture.xmp)))
        #expect(Self.iptcRecords(try #require(decoded.metadata.iptc)) == fixture.iptc)
        let file = try ImageEncoder.encode(TestImages.noise(width: 16, height: 12, seed: 3), metadata: decoded.metadata,
                                           as: format, options: EncodeOptions(keep: .all))
        let again = try Self.decode(file, applyOrientation: false)
        #expect(again.metadata.xmp == [UInt8](hex: try #require(fixture.xmpUpright16x12)))
        #expect(again.metadata.iptc.map(Self.iptcRecords) == (format == .jpeg ? fixture.iptc : nil))
    }

    @Test("the orientation not applied: EXIF and XMP keep it, the pixels being as stored")
    func orientationKeptWhenNotApplied() throws {
        let fixture = MetadataFixture.all.first { $0.file == "rotated.jpg" }!
        let decoded = try Self.decode(try fixture.bytes, applyOrientation: false)
        let tags = try ExifTagDump(try #require(decoded.metadata.exif))
        #expect(tags.ifd0 == fixture.ifd0)
        #expect(decoded.metadata.xmp == [UInt8](hex: try #require(fixture.xmp)))
    }

    // MARK: - Helpers

    /// IPTC-IIM records as `record:dataset` → `hex:<data>`, the manifest's form.
    static func iptcRecords(_ bytes: [UInt8]) -> [String: String] {
        var out: [String: String] = [:]
        var at = 0
        while at + 5 <= bytes.count, bytes[at] == 0x1C {
            let length = Int(bytes[at + 3]) << 8 | Int(bytes[at + 4])
            guard at + 5 + length <= bytes.count else { break }
            out["\(bytes[at + 1]):\(bytes[at + 2])"] = "hex:" + bytes[(at + 5)..<(at + 5 + length)].map { String(format: "%02x", $0) }.joined()
            at += 5 + length
        }
        return out
    }

    /// The EXIF, XMP and IPTC containers a file has: JPEG APP1 and APP13 segments, PNG eXIf and
    /// text chunks, WebP EXIF and XMP chunks, AVIF `Exif` and XMP (`application/rdf+xml`) item
    /// entries in its `meta` box (before `mdat`), JPEG XL `Exif` and `xml ` boxes.
    static func metadataContainers(in file: [UInt8]) -> [String] {
        var found: [String] = []
        if file.count > 12, file[4..<12].elementsEqual(Array("ftypavif".utf8)) {
            let mdat = Array("mdat".utf8)
            let meta = file.indices.dropLast(4).first { file[$0..<($0 + 4)].elementsEqual(mdat) } ?? file.count
            for marker in ["Exif", "application/rdf+xml"] {
                let bytes = Array(marker.utf8)
                if file[..<meta].indices.dropLast(bytes.count).contains(where: { file[$0..<($0 + bytes.count)].elementsEqual(bytes) }) {
                    found.append(marker)
                }
            }
        } else if file.starts(with: [0xFF, 0x0A]) {
            return []                                   // a bare JPEG XL codestream has no boxes
        } else if file.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            var at = 12
            while at + 8 <= file.count {
                let length = file[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
                if type == "Exif" || type == "xml " { found.append(type) }
                guard length >= 8 else { break }
                at += length
            }
        } else if file.starts(with: [0xFF, 0xD8]) {
            var at = 2
            while at + 4 <= file.count, file[at] == 0xFF, file[at + 1] != 0xDA {
                if file[at + 1] == 0xE1 || file[at + 1] == 0xED { found.append(String(format: "APP%d", file[at + 1] - 0xE0)) }
                at += 2 + (Int(file[at + 2]) << 8 | Int(file[at + 3]))
            }
        } else if file.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            var at = 8
            while at + 8 <= file.count {
                let length = file[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
                if ["eXIf", "iTXt", "zTXt", "tEXt"].contains(type) { found.append(type) }
                at += 12 + length
            }
        } else {
            var at = 12
            while at + 8 <= file.count {
                let length = file[(at + 4)..<(at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: file[at..<(at + 4)], as: UTF8.self)
                if type == "EXIF" || type == "XMP " { found.append(type) }
                at += 8 + length + (length & 1)
            }
        }
        return found
    }
}
