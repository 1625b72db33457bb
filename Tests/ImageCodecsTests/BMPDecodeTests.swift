import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// BMP input: every layout decodes to Pillow 13.0.0's pixels; damage is one error.
@Suite struct BMPDecodeTests {
    static let folder = FormatFixtureManifest.folder("bmp")
    static let cases = FormatFixtureManifest.cases(in: "bmp")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyLayoutHasAFixture() {
        #expect(Self.cases.count == 21)
    }

    @Test(arguments: cases)
    func decodesAsPillow(_ fixture: FormatFixtureManifest.Case) throws {
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let decoded = try ImageDecoder.decode(contentsOf: path)
        #expect(decoded.facts.format == .bmp)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(CodecTestHelpers.firstDifference(decoded.image.pixels, fixture.expectedRGBA, width: fixture.width) == nil)
        let header = try ImageDecoder.readHeader(contentsOf: path)
        #expect(header == ImageHeader(format: .bmp, storedWidth: fixture.width, storedHeight: fixture.height,
                                      orientation: .topLeft))
    }

    @Test func thirtyTwoBitWithoutAlphaMaskIsOpaque() throws {
        let decoded = try ImageDecoder.decode(data: Self.bytes("rgb32-x-byte.bmp"), source: "x.bmp")
        #expect(decoded.image.isOpaqueByConstruction)
        let withAlpha = try ImageDecoder.decode(data: Self.bytes("bitfields-bgra-v4.bmp"), source: "a.bmp")
        #expect(withAlpha.image.hasTransparency)
    }

    @Test func aV5ProfileIsRead() throws {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(data: Self.bytes("v5-with-profile.bmp"), source: "v5.bmp", options: options)
        #expect(decoded.metadata.iccProfile?.starts(with: Array("fake-icc-profile-".utf8)) == true)
        #expect(decoded.metadata.iccProfile?.count == 57)
        #expect(try ImageDecoder.decode(data: Self.bytes("rgb24-top-down.bmp"), source: "p.bmp", options: options)
            .metadata.iccProfile == nil)
    }

    @Test func cutPixelDataIsTruncated() throws {
        let whole = try Self.bytes("pillow-rgb24.bmp")
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: Array(whole.dropLast(10)), source: "cut.bmp")
        }
        #expect(reason == .truncated)
    }

    @Test func runLengthDataEndingEarlyIsTruncated() throws {
        // An end-of-bitmap after the first of four rows (Pillow: "not enough image data").
        var rle = try Self.bytes("rle8.bmp")
        let offset = Int(rle[10]) | Int(rle[11]) << 8
        rle.replaceSubrange(offset..., with: [13, 1, 0, 0, 0, 1])
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: rle, source: "early.bmp")
        }
        #expect(reason == .truncated)
    }

    @Test func anUnknownHeaderSizeIsNamed() throws {
        var bmp = try Self.bytes("pillow-rgb24.bmp")
        bmp[14] = 99
        #expect(throws: ImageCodecError(source: "odd.bmp", reason: .corrupt("unsupported BMP header size 99"))) {
            try ImageDecoder.decode(data: bmp, source: "odd.bmp")
        }
    }

    @Test func anUnsupportedBitfieldLayoutIsNamed() throws {
        var bmp = try Self.bytes("bitfields565.bmp")
        bmp[54] = 0x0F          // red mask 0xF80F: not one Pillow reads
        #expect(throws: ImageCodecError(source: "m.bmp", reason: .corrupt("unsupported BMP bitfields layout"))) {
            try ImageDecoder.decode(data: bmp, source: "m.bmp")
        }
    }

    @Test func theHeaderIsCheckedAgainstThePixelLimitBeforeDecoding() throws {
        var options = DecodeOptions()
        options.maxPixels = 50
        #expect(throws: ImageCodecError(source: "big.bmp", reason: .tooManyPixels(width: 13, height: 7, limit: 50))) {
            try ImageDecoder.decode(data: Self.bytes("pillow-rgb24.bmp"), source: "big.bmp", options: options)
        }
    }

    @Test func everyPrefixOfEveryFixtureFailsWithOneErrorOrDecodes() throws {
        for fixture in Self.cases {
            let whole = try Self.bytes(fixture.file)
            for length in stride(from: 0, to: whole.count, by: 7) {
                do {
                    _ = try ImageDecoder.decode(data: Array(whole.prefix(length)), source: "p")
                } catch {
                    #expect(error.source == "p")
                }
            }
        }
    }
}
