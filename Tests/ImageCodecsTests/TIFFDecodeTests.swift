import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// TIFF input through libtiff: every layout, compression and orientation decodes to Pillow
/// 13.0.0's pixels (16-bit gray by its high byte, docs/SPEC.md); damage is one error.
@Suite struct TIFFDecodeTests {
    static let folder = FormatFixtureManifest.folder("tiff")
    static let cases = FormatFixtureManifest.cases(in: "tiff")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyLayoutHasAFixture() {
        #expect(Self.cases.count == 30)
    }

    @Test(arguments: cases)
    func decodesAsPillow(_ fixture: FormatFixtureManifest.Case) throws {
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let decoded = try ImageDecoder.decode(contentsOf: path)
        #expect(decoded.facts.format == .tiff)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(CodecTestHelpers.firstDifference(decoded.image.pixels, fixture.expectedRGBA, width: fixture.width) == nil)
        let header = try ImageDecoder.readHeader(contentsOf: path)
        #expect(header.format == .tiff && header.width == fixture.width && header.height == fixture.height)
    }

    @Test func theOrientationTagIsReportedAndCanBeLeftAlone() throws {
        let data = try Self.bytes("rgb8-orientation-6.tif")
        let header = try ImageDecoder.readHeader(data: data, source: "o.tif")
        #expect(header.orientation == .rightTop && header.storedWidth == 37 && header.width == 23)
        let stored = try ImageDecoder.decode(data: data, source: "o.tif", options: DecodeOptions(applyOrientation: false))
        let plain = try ImageDecoder.decode(data: Self.bytes("rgb8-none.tif"), source: "p.tif")
        #expect(stored.image == plain.image)
        #expect(stored.metadata.orientation == .rightTop)
    }

    @Test func theProfileTagIsRead() throws {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(data: Self.bytes("icc-profile.tif"), source: "icc.tif", options: options)
        #expect(decoded.metadata.iccProfile?.starts(with: Array("fake-tiff-icc-".utf8)) == true)
        #expect(decoded.metadata.iccProfile?.count == 44)
        #expect(try ImageDecoder.decode(data: Self.bytes("rgb8-none.tif"), source: "p.tif", options: options)
            .metadata.iccProfile == nil)
    }

    @Test func cutStripDataIsTruncated() throws {
        // Pillow writes the directory before the strip, so cutting the tail cuts the strip.
        let whole = try Self.bytes("rgb8-none.tif")
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: Array(whole.dropLast(100)), source: "cut.tif")
        }
        #expect(reason == .truncated)
    }

    @Test func anUnsupportedLayoutIsNamed() throws {
        // rgb16-le.tif made 2-bit RGB: BitsPerSample (the third entry) points at 16, 16, 16.
        var tif = try Self.bytes("rgb16-le.tif")
        let bitsAt = Int(tif[8 + 2 + 12 * 2 + 8]) | Int(tif[8 + 2 + 12 * 2 + 9]) << 8
        for i in 0..<3 { tif[bitsAt + 2 * i] = 2 }
        #expect(throws: ImageCodecError(source: "b.tif", reason: .corrupt(
            "unsupported TIFF: PhotometricInterpretation 2 with 2 bits per sample"))) {
            try ImageDecoder.decode(data: tif, source: "b.tif")
        }
    }

    @Test func aDamagedDirectoryIsOneErrorNamingTheInput() throws {
        var tif = try Self.bytes("rgb8-lzw.tif")
        // The first IFD offset points past the end.
        tif.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: tif, source: "d.tif")
        }
        #expect(reason != nil)
        if case .corrupt(let message)? = reason { #expect(message.hasPrefix("libtiff: ")) }
    }

    @Test func damagedLZWDataIsLibtiffsError() throws {
        var tif = try Self.bytes("rgb8-strips-of-3-lzw-predictor.tif")
        // Codes past the table in the middle of the compressed strips (Pillow: "decoder error -2").
        for i in 300..<340 { tif[i] = 0xFF }
        for failOnWarnings in [true, false] {
            var options = DecodeOptions()
            options.failOnWarnings = failOnWarnings
            #expect(throws: ImageCodecError(source: "z.tif", reason: .corrupt("libtiff: Using code not yet in table"))) {
                try ImageDecoder.decode(data: tif, source: "z.tif", options: options)
            }
        }
    }

    @Test func everyPrefixOfSomeFixturesFailsWithOneErrorOrDecodes() throws {
        for name in ["rgb8-lzw.tif", "rgb8-tiled-be.tif", "bilevel-g4.tif", "rgb8-jpeg.tif", "rgba8-planar.tif"] {
            let whole = try Self.bytes(name)
            for length in stride(from: 0, to: whole.count, by: 97) {
                do {
                    _ = try ImageDecoder.decode(data: Array(whole.prefix(length)), source: "p")
                } catch {
                    #expect(error.source == "p")
                }
            }
        }
    }
}
